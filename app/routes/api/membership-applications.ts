import { apiRoute } from "./membership-applications.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
