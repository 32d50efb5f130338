import { apiRoute } from "./ranking.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
