import { apiRoute } from "./students.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
