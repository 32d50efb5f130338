import { apiRoute } from "./event-check-ins.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
