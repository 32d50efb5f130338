import { served } from "./collection-add.server";

export const loader = served.loader;
export const action = served.action;
