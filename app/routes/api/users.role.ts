import { served } from "./users.role.server";

export const loader = served.loader;
export const action = served.action;
