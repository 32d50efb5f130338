import { served } from "./review.decision.server";

export const loader = served.loader;
export const action = served.action;
