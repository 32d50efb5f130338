import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isPermission } from "~/core/roles";
import routes from "~/routes";
import { dashboardMenu, menuFor } from "~/wiring/dashboard-menu";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { dashboardScreens, screenOfPattern, screenPattern } from "~/wiring/dashboard-screens";
import { SCREEN_CHECKED } from "~/wiring/dashboard-screens.server";
import { en } from "../support/messages";

/** Each route with its whole pattern (its parents' paths joined) and its module. */
function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string; id?: string }[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file, id: entry.id }, ...flatten(entry.children ?? [], pattern)];
  });
}

const DASHBOARD_LAYOUT = "routes/dashboard/layout.tsx";
const dashboardRoutes = flatten(routes).filter(
  (route) => route.file.startsWith("routes/dashboard/") && route.file !== DASHBOARD_LAYOUT,
);

const screenModules = import.meta.glob("../../app/routes/dashboard/*.{ts,tsx}");

interface ScreenModule {
  loader?: unknown;
  action?: unknown;
}

const checks = (handler: unknown) => typeof handler === "function" && SCREEN_CHECKED in handler;

describe("the dashboard's screens", () => {
  it("routes every screen of the registry at its pattern, to its module, under its id", () => {
    for (const screen of dashboardScreens) {
      const route = dashboardRoutes.find((candidate) => candidate.id === screen.id);
      expect(route, `${screen.id} has no route`).toBeDefined();
      expect(route).toMatchObject({ pattern: screenPattern(screen), file: screen.file });
    }
    expect(new Set(dashboardScreens.map((screen) => screen.id)).size).toBe(dashboardScreens.length);
  });

  it("has every dashboard route in the registry, with a permission", () => {
    expect(dashboardRoutes.length).toBeGreaterThan(40);
    for (const route of dashboardRoutes) {
      const screen = screenOfPattern(`/${route.pattern}`);
      expect(screen, `${route.pattern} (${route.file}) is not in the registry`).toBeDefined();
      expect(screen?.file).toBe(route.file);
      for (const access of [screen?.access, screen?.changes ?? screen?.access]) {
        expect(access === "signed-in" || isPermission(access), `${route.pattern}: ${access}`).toBe(true);
      }
    }
  });

  it("checks the registry's permission in every screen's loader and action", async () => {
    const files = new Set(dashboardScreens.map((screen) => screen.file));
    for (const file of files) {
      const load = screenModules[`../../app/${file}`];
      expect(load, `${file} is not a module of app/routes/dashboard`).toBeDefined();
      const module = (await load?.()) as ScreenModule;
      expect(module.loader, `${file} has no loader`).toBeDefined();
      expect(checks(module.loader), `${file}'s loader is not a screenLoader`).toBe(true);
      if (module.action) expect(checks(module.action), `${file}'s action is not a screenAction`).toBe(true);
    }
  });

  it("titles from the registry every screen whose module takes its title from there, and only those", async () => {
    for (const screen of dashboardScreens) {
      const module = (await screenModules[`../../app/${screen.file}`]?.()) as ScreenModule & { meta?: unknown };
      const fromRegistry = module.meta === screenMeta;
      expect(screen.title !== undefined, `${screen.id}: a title in the registry, or a meta of its own`).toBe(
        fromRegistry,
      );
      if (!fromRegistry) continue;
      const [title] = screenMeta({ matches: [{ id: screen.id }] });
      expect(title).toEqual({ title: en(screen.title!) });
    }
  });

  it("shows in the menu each screen the registry puts there, to whoever may open it", () => {
    const linked = dashboardMenu.flatMap((group) => group.links.map((link) => link.to));
    const menuScreens = dashboardScreens.filter((screen) => screen.menu).map((screen) => screen.path);
    expect([...linked].sort()).toEqual([...menuScreens].sort());
    expect(menuFor(null)).toEqual([]);
    const adminLinks = menuFor("admin").flatMap((group) => group.links);
    expect(adminLinks).toHaveLength(linked.length);
    const checkInLinks = menuFor("check-in").flatMap((group) => group.links.map((link) => link.to));
    expect(checkInLinks).toEqual(["check-in", "notifications"]);
    const editorLinks = menuFor("editor").flatMap((group) => group.links.map((link) => link.to));
    expect(editorLinks).not.toContain("users");
    expect(editorLinks).toContain("membership");
  });
});
