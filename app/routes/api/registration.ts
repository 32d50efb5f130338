import { apiRoute } from "./registration.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
