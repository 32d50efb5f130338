import type { UIMatch } from "react-router";

/**
 * Public pages render without the React runtime. A route that needs React in the
 * browser (forms with client state, the dashboard) exports `handle = { hydrate: true }`.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export function pageNeedsJavaScript(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
