import { can, type Role } from "~/core/roles";
import type { MessageKey } from "~/i18n/catalogs";
import { type DashboardScreen, dashboardScreens, MENU_GROUPS, type ScreenAccess } from "~/wiring/dashboard-screens";

interface MenuLink {
  /** The screen's path below /dashboard. */
  to: string;
  label: MessageKey;
  /** The count shown beside it (what waits for review). */
  badge?: "pendingReviews";
  /** Who sees it: the screen's own permission. */
  access: ScreenAccess;
}

interface MenuGroup {
  heading: MessageKey;
  links: readonly MenuLink[];
}

type MenuScreen = DashboardScreen & { menu: NonNullable<DashboardScreen["menu"]> };

const linkOf = ({ path, access, menu }: MenuScreen): MenuLink => ({
  to: path,
  label: menu.label,
  access,
  ...(menu.badge && { badge: menu.badge }),
});

/**
 * The dashboard's menu, grouped as spec section 2 lists it, read from the screens' registry
 * (wiring/dashboard-screens.ts): each screen's link, in its group, shown to whoever may open it.
 * A module of its own: public pages that show account texts (flash messages) don't ship the menu.
 */
export const dashboardMenu: readonly MenuGroup[] = Object.entries(MENU_GROUPS).map(([group, heading]) => ({
  heading,
  links: dashboardScreens.filter((screen): screen is MenuScreen => screen.menu?.group === group).map(linkOf),
}));

/** The groups and links a role may use, in menu order; none for a General user. */
export function menuFor(role: Role | null): MenuGroup[] {
  if (!role) return [];
  const user = { role };
  return dashboardMenu.flatMap((group) => {
    const links = group.links.filter((link) => link.access === "signed-in" || can(user, link.access));
    return links.length ? [{ ...group, links }] : [];
  });
}
