import { served } from "./collection-item.server";

export const loader = served.loader;
export const action = served.action;
