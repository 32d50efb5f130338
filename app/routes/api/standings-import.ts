import { apiRoute } from "./standings-import.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
