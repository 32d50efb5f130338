import { type MetaTranslate, privatePageMeta } from "~/i18n/meta";
import { dashboardScreens } from "./dashboard-screens";

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

const titleById = new Map(dashboardScreens.flatMap((screen) => (screen.title ? [[screen.id, screen.title]] : [])));

/**
 * A dashboard screen's `meta`: the title the screens registry gives it, kept out of search
 * engines. Screens whose title names what they show (an event, a record) write their own.
 */
export function screenMeta(args: { matches: MetaMatches }) {
  const id = args.matches.at(-1)?.id;
  const title = id === undefined ? undefined : titleById.get(id);
  if (!title) throw new Error(`${id} has no title in wiring/dashboard-screens.ts`);
  return privatePageMeta(args, (t: MetaTranslate) => t(title));
}
