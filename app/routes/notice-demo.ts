import { redirect } from "react-router";

/** The spec's /notice-demo showed no content of its own: it moved to the notice board for good. */
export function loader() {
  return redirect("/notice", 301);
}
