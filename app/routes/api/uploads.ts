import { apiRoute } from "./uploads.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
