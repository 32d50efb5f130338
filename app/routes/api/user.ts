import { apiRoute } from "./user.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
