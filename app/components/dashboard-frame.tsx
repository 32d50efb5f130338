import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "~/i18n/react";
import { useFocusKeptAcrossHydration, useHydrated } from "~/lib/use-hydrated";
import { LanguageSwitch } from "./language-switch";
import { LogOutButton, MenuIcon } from "./site-header";
import { ThemeSwitch } from "./theme-switch";
import { useScreenPreload } from "./use-screen-preload";

interface DashboardFrameProps {
  clubName: string;
  clubShortName: string;
  displayName: string;
  /** The dashboard's navigation: a sidebar on wide screens, a drawer on phones; none for General users. */
  navigation?: ReactNode;
  children: ReactNode;
}

/**
 * The dashboard's own full-height page: a compact top bar (the site's name linking to the
 * public site, the person's name and LogOut), the navigation beside the screen, no public
 * header or footer.
 */
export function DashboardFrame({ clubName, clubShortName, displayName, navigation, children }: DashboardFrameProps) {
  const t = useT();
  const screens = useScreenPreload("dashboard");
  return (
    <div data-dashboard-frame className="flex min-h-dvh flex-col bg-slate-50" onClickCapture={screens.onClickCapture}>
      <header className="navy-surface sticky top-0 z-40 bg-navy-900 text-white shadow">
        {/* A phone's bar keeps one row: under 400 px Menu is an icon and the gaps narrow; under
            360 px the logo stands for the club's short name (still the link's accessible name). */}
        <div className="flex min-h-14 items-center gap-1 px-3 sm:gap-2 sm:px-4">
          {navigation && <DrawerToggle navigation={navigation} displayName={displayName} />}
          <Link
            to="/"
            className="flex min-h-11 min-w-0 items-center gap-1.5 font-bold text-white no-underline sm:gap-2"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent-400 text-navy-950"
            >
              {"</>"}
            </span>
            <span className="truncate max-[359px]:sr-only lg:hidden">{clubShortName}</span>
            <span className="hidden lg:inline">{clubName}</span>
            <span className="hidden text-sm font-normal text-slate-300 sm:inline">
              · {t("dashboard.frame.publicSite")}
            </span>
          </Link>
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <LanguageSwitch shortOnPhones />
            <ThemeSwitch look="bar" />
            {/* A phone shows the name in the drawer: the bar keeps the site's name and LogOut on one row. */}
            <LogOutButton displayName={displayName} nameShownFrom={navigation ? "sm" : "always"} />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        {navigation && (
          <aside className="navy-surface sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto bg-navy-900 p-3 text-white lg:block">
            {navigation}
          </aside>
        )}
        <main id="main" className="min-w-0 flex-1 px-3 py-5 sm:px-6 lg:px-8">
          {screens.unreachable && <UnreachableScreen to={screens.unreachable} />}
          {children}
        </main>
      </div>
    </div>
  );
}

/** A full page load of the address that was clicked: it fetches the screen's code afresh. */
function UnreachableScreen({ to }: { to: string }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="flex-1">{t("dashboard.frame.unreachable")}</p>
      <a href={to} className="btn-navy">
        {t("dashboard.frame.reload")}
      </a>
    </div>
  );
}

/**
 * On phones the navigation opens as a drawer: a modal <dialog> (focus stays inside, Escape
 * closes it, focus returns to the button). Before JavaScript runs, the button is a link to the
 * dashboard's home, which lists every screen.
 */
function DrawerToggle({ navigation, displayName }: { navigation: ReactNode; displayName: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [link, button] = useFocusKeptAcrossHydration<HTMLAnchorElement, HTMLButtonElement>(hydrated);
  const drawer = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  // Following a link in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => {
    drawer.current?.close();
  }, [pathname, search]);

  const label = (
    <>
      <MenuIcon />
      <span className="max-[399px]:sr-only">{t("dashboard.frame.menu")}</span>
    </>
  );
  if (!hydrated) {
    return (
      <Link
        ref={link}
        to="/dashboard"
        className="btn shrink-0 border border-navy-700 text-white no-underline max-[399px]:w-11 max-[399px]:px-0 lg:hidden"
      >
        {label}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-controls="dashboard-drawer"
        className="btn shrink-0 border border-navy-700 text-white max-[399px]:w-11 max-[399px]:px-0 lg:hidden"
        onClick={() => drawer.current?.showModal()}
      >
        {label}
      </button>
      {/* A click on the backdrop (the dialog itself, outside its panel) closes it; the keyboard has Escape. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively */}
      <dialog
        ref={drawer}
        id="dashboard-drawer"
        aria-label={t("dashboard.frame.drawer")}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-0 h-dvh max-h-none w-[min(85vw,18rem)] bg-navy-900 p-0 text-white backdrop:bg-navy-950/60 lg:hidden"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 p-2 pl-5">
            <p className="min-w-0 truncate text-sm text-slate-300">{displayName}</p>
            <button
              type="button"
              className="btn border border-navy-700 text-white"
              onClick={() => drawer.current?.close()}
            >
              {t("dashboard.frame.close")}
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-3 pb-6">{navigation}</div>
        </div>
      </dialog>
    </>
  );
}

export interface Crumb {
  label: string;
  to?: string;
}

/** Where a form sits: Dashboard › Students › Edit Student. The last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("dashboard.frame.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">›</span>}
            {crumb.to ? (
              <Link to={crumb.to} className="font-medium text-navy-700 underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
