import { apiRoute } from "./review.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
