import { apiRoute } from "./results.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
