import { apiRoute } from "./products-collection.server";

export const loader = apiRoute.loader;
export const action = apiRoute.action;
