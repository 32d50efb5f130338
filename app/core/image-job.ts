import { answerOneJob } from "~/lib/job-process.server";
import { answerImageJob } from "./image-processing.server";

/**
 * The process an uploaded image is decoded and encoded in (`storeMedia` starts one per image):
 * it answers the one image it is sent and ends, and libvips' memory ends with it.
 */
answerOneJob(answerImageJob);
