import { apiRoute } from "./teachers.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
