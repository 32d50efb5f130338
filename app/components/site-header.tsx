import { Form, NavLink, useLocation } from "react-router";
import { navigationLinks, panelLinks } from "~/content/site";
import { useLangOf, useT } from "~/i18n/react";
import { LanguageSwitch } from "./language-switch";
import { ResponsiveImage } from "./responsive-image";
import { ThemeSwitch } from "./theme-switch";

// From 1024 px every link, LogOut included, shares one row: tighter padding there, wider at 1280 px.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2.5 text-sm font-medium no-underline lg:px-1 lg:py-2 xl:px-2 2xl:px-2.5 ${
    isActive ? "bg-accent-400 text-navy-950" : "text-slate-100 hover:bg-navy-800 hover:text-white"
  }`;

export interface HeaderUser {
  displayName: string;
  /** Has a role (admin, editor, check-in): the header links to the dashboard. */
  isStaff: boolean;
}

/** Home pages send no redirectTo, so an admin logging in from there lands on /dashboard. */
function LoginLink() {
  const t = useT();
  const { pathname, search } = useLocation();
  const comesBack = !["/", "/home", "/login", "/register"].includes(pathname);
  const to = comesBack ? `/login?${new URLSearchParams({ redirectTo: pathname + search })}` : "/login";
  return (
    <NavLink to={to} className={linkClass}>
      {t("common.nav.login")}
    </NavLink>
  );
}

/** A POST form, so logging out works without JavaScript and a link prefetch can't sign anyone out. */
export function LogOutButton({
  displayName,
  nameShownFrom = "always",
}: {
  displayName: string;
  /** Where the visible name gives way to "LogOut" alone (the accessible name always has it). */
  nameShownFrom?: "always" | "sm" | "2xl";
}) {
  const t = useT();
  const nameClass = { always: "", sm: "hidden sm:inline", "2xl": "lg:hidden 2xl:inline" }[nameShownFrom];
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className="btn-danger min-h-11 w-full whitespace-nowrap text-sm max-[399px]:px-3 lg:min-h-9 lg:w-auto"
        aria-label={t("common.nav.logoutNamed", { name: displayName })}
      >
        {/* From 1280 px the name shares the header's one row: long names are cut shorter there. */}
        <span className={`max-w-48 truncate xl:max-w-36 2xl:max-w-48 ${nameClass}`}>{displayName}</span>
        <span aria-hidden="true">
          <span className={nameClass}>· </span>
          {t("common.nav.logout")}
        </span>
      </button>
    </Form>
  );
}

/**
 * The phone menu opens and closes with a visually hidden checkbox, so it works before (and
 * without) any JavaScript; /js/header.js then swaps in a real button and closes the menus
 * on Escape and when focus leaves them (the panels list and the theme menu, disclosures,
 * also on a click elsewhere).
 */
export function SiteHeader({
  clubName,
  clubShortName,
  logo,
  user,
}: {
  clubName: string;
  clubShortName: string;
  /** The club's logo (site settings); empty: a drawn badge. */
  logo: string;
  user: HeaderUser | null;
}) {
  const t = useT();
  const langOf = useLangOf();
  return (
    <header data-site-header className="navy-surface sticky top-0 z-40 bg-navy-900 text-white shadow">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 py-2 sm:gap-x-4 sm:px-6 lg:max-w-screen-2xl lg:flex-nowrap lg:gap-x-2 lg:px-4 xl:px-6">
        <NavLink to="/" className="flex min-h-11 shrink-0 items-center gap-2 font-bold text-white no-underline">
          <ClubLogo logo={logo} />
          {/* The short name keeps the brand and the Menu button on one row of a phone; from 1024 px
              the logo alone stands for the name (until 1800 px), so the navigation takes one row. */}
          <span className="sm:hidden" lang={langOf(clubShortName)}>
            {clubShortName}
          </span>
          <span className="hidden sm:inline lg:sr-only min-[1800px]:not-sr-only" lang={langOf(clubName)}>
            {clubName}
          </span>
        </NavLink>
        <HeaderSearch />
        <LanguageSwitch className="lg:order-last" />
        {/* Wide screens show the navigation and no toggle: the hidden checkbox must not take a Tab stop there. */}
        <input
          id="nav-toggle"
          type="checkbox"
          className="peer sr-only lg:hidden"
          aria-label={t("common.nav.menu")}
          aria-controls="site-nav"
        />
        <label
          htmlFor="nav-toggle"
          className="btn cursor-pointer border border-navy-700 text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-700 lg:hidden"
        >
          <MenuIcon />
          {/* Under 400 px the icon alone: the brand, search, language and menu keep one row. */}
          <span className="max-[399px]:sr-only">{t("common.nav.menu")}</span>
        </label>
        {/* Shown instead of the label once /js/header.js runs: a real button with aria-expanded. */}
        <button
          type="button"
          hidden
          data-menu-button
          aria-expanded="false"
          aria-controls="site-nav"
          className="btn border border-navy-700 text-white lg:hidden"
        >
          <MenuIcon />
          {/* Under 400 px the icon alone: the brand, search, language and menu keep one row. */}
          <span className="max-[399px]:sr-only">{t("common.nav.menu")}</span>
        </button>
        {/* Open on a phone, the navigation scrolls inside the viewport (a phone held sideways is short). */}
        <nav
          id="site-nav"
          aria-label={t("common.nav.main")}
          className="hidden max-h-[calc(100dvh-4rem)] w-full overflow-y-auto overscroll-contain pb-3 peer-checked:block lg:block lg:max-h-none lg:w-auto lg:overflow-visible lg:pb-0"
        >
          <ul className="flex flex-col gap-1 lg:flex-row lg:items-center lg:gap-0.5">
            {navigationLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            <li className="lg:relative">
              <details data-panels data-disclosure className="group">
                <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-100 hover:bg-navy-800 lg:min-h-0 lg:px-1 lg:py-2 xl:px-2 2xl:px-3">
                  {t("common.nav.executivePanels")}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4 transition-transform group-open:rotate-180"
                    fill="currentColor"
                  >
                    <path d="M5.5 7.5 10 12l4.5-4.5z" />
                  </svg>
                </summary>
                <ul className="mt-1 flex flex-col gap-1 pl-3 lg:absolute lg:right-0 lg:w-52 lg:rounded-lg lg:bg-navy-900 lg:p-2 lg:shadow-lg">
                  {panelLinks.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={linkClass}>
                        {"labelKey" in link ? t(link.labelKey) : link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            {user?.isStaff && (
              <li>
                <NavLink to="/dashboard" className={linkClass}>
                  {t("common.nav.dashboard")}
                </NavLink>
              </li>
            )}
            <li>{user ? <LogOutButton displayName={user.displayName} nameShownFrom="2xl" /> : <LoginLink />}</li>
            <li className="lg:relative">
              <ThemeSwitch look="menu" />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * Up to 1800 px the header has no room for a box beside the navigation: a compact link to
 * /search (beside Menu on a phone, at the row's end on wide screens) stands for it. From
 * 1800 px the box itself, a plain GET form that needs no script.
 */
function HeaderSearch() {
  const t = useT();
  return (
    <>
      <a
        href="/search"
        aria-label={t("common.search.label")}
        className="btn ml-auto size-11 border border-navy-700 p-0 text-white lg:order-last lg:ml-0 lg:size-9 lg:border-0 min-[1800px]:hidden"
      >
        <SearchIcon />
      </a>
      {/* biome-ignore lint/a11y/useSemanticElements: the role on the form itself keeps the header's script a few bytes lighter than a <search> around it */}
      <form method="get" action="/search" role="search" className="hidden min-[1800px]:order-last min-[1800px]:flex">
        <input
          type="search"
          name="q"
          aria-label={t("common.search.boxLabel")}
          placeholder={t("common.search.label")}
          className="h-9 w-40 rounded-l-md bg-white px-2 text-sm text-navy-950"
        />
        <button
          type="submit"
          aria-label={t("common.search.label")}
          className="grid size-9 place-items-center rounded-r-md bg-accent-400 text-navy-950"
        >
          <SearchIcon />
        </button>
      </form>
    </>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  );
}

/** Beside the club's name, which says it all: the picture is decoration. */
function ClubLogo({ logo }: { logo: string }) {
  if (!logo) {
    return (
      <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-accent-400 text-navy-950">
        {"</>"}
      </span>
    );
  }
  return (
    <ResponsiveImage
      src={logo}
      alt=""
      width={36}
      height={36}
      sizes="36px"
      className="size-9 shrink-0 rounded-lg bg-white object-contain"
    />
  );
}

export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
