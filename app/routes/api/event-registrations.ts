import { apiRoute } from "./event-registrations.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
