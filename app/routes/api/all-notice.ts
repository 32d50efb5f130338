import { apiRoute } from "./all-notice.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
