import { apiRoute } from "./event-attendance.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
