import { apiRoute } from "./search.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
