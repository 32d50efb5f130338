import { apiRoute } from "./event-certificates.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
