import { apiRoute } from "./users.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
