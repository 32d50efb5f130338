import type { UIMatch } from "react-router";

/**
 * Public pages render without the React runtime. A route that needs React in the
 * browser (forms with client state, the dashboard) exports `handle = { hydrate: true }`.
 * A route that draws its own page frame (the dashboard: its own top bar, no public header or
 * footer) also says `ownFrame: true`; the document then holds only what it renders.
 */
export interface RouteHandle {
  hydrate?: boolean;
  ownFrame?: boolean;
}

const handleOf = (match: UIMatch) => match.handle as RouteHandle | undefined;

export function pageNeedsJavaScript(matches: UIMatch[]): boolean {
  return matches.some((match) => handleOf(match)?.hydrate === true);
}

export function pageHasOwnFrame(matches: UIMatch[]): boolean {
  return matches.some((match) => handleOf(match)?.ownFrame === true);
}
