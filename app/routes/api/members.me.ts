import { apiRoute } from "./members.me.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
