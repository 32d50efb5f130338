import { apiRoute } from "./executives.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
