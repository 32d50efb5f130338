import { apiRoute } from "./users.email.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
