import { apiRoute } from "./standings.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
