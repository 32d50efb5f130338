import { apiRoute } from "./membership-rounds.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
