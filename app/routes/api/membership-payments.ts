import { apiRoute } from "./membership-payments.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
