import { jsonError } from "~/core/api.server";

/** Unknown /api paths answer in the API's JSON error shape, not with the HTML 404 page. */
export function loader() {
  return jsonError(404, "Not found");
}

export function action() {
  return jsonError(404, "Not found");
}
