import { apiRoute } from "./audit.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
