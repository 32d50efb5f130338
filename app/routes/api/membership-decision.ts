import { apiRoute } from "./membership-decision.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
