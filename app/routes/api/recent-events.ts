import { apiRoute } from "./recent-events.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
