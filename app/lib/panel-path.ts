import { panelLinks } from "~/content/site";

/** The fixed route of a panel (e.g. /2020-panel), else its own page under /panels. */
export function panelPath(panel: string): string {
  return panelLinks.find((link) => link.panel === panel)?.to ?? `/panels/${panel}`;
}
