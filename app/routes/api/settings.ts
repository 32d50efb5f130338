import { apiRoute } from "./settings.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
