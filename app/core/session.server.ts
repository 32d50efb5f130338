import { APIError } from "better-call/error";
import { LRUCache } from "lru-cache";
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import { jsonError } from "~/core/api.server";
import { type AppContext, appContext } from "~/core/context";
import { can, type Permission, permissionTexts, type Role, roleOf } from "~/core/roles";
import { isLocale, type Locale } from "~/i18n/locales";
import { messageOf } from "~/i18n/message";
import { type ServerTranslate, translatorOf } from "~/i18n/translate.server";
import { loginPath } from "~/lib/redirect";

/** The signed-in user as pages and the API see it (displayName = better-auth's `name`). */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  /** Null: a General user. */
  role: Role | null;
  isAdmin: boolean;
  /** The person opened the link mailed to the address (or their provider vouched for it). */
  emailVerified: boolean;
  /** The language the person last used the site in; null before they chose or were seen with one. */
  locale: Locale | null;
}

type AuthSession = {
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    emailVerified?: boolean;
    locale?: string | null;
  };
} | null;

const toSessionUser = (session: AuthSession): SessionUser | null =>
  session && {
    id: session.user.id,
    email: session.user.email,
    displayName: session.user.name,
    role: roleOf(session.user.role),
    isAdmin: session.user.role === "admin",
    emailVerified: session.user.emailVerified === true,
    locale: isLocale(session.user.locale) ? session.user.locale : null,
  };

// A revoked, unknown or malformed API token is no one, as a stale cookie is.
const noOneOnAuthError = (error: unknown) => {
  if (error instanceof APIError) return null;
  throw error;
};

// A request's loaders and actions may all ask; the session is read once.
const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * Who is signed in, as the database says now: every decision about what someone may do
 * asks this (better-auth's cookie cache is skipped, so a demotion counts at once).
 */
export function getSessionUser(request: Request, app: AppContext): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = app
      .auth()
      .then((auth) => auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } }))
      .then(toSessionUser, noOneOnAuthError);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

/** better-auth's session cookies (the signed token and its signed copy of the session), `__Secure-` on https. */
const SESSION_COOKIES = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_(?:token|data)=[^;]*)/g;

export interface DisplayUser {
  user: SessionUser | null;
  /** Cookies to pass on: better-auth renews its copy of the session when it has expired. */
  setCookies: string[];
}

// The same signed cookies mean the same answer until better-auth's copy expires; kept briefly,
// one check serves the page cache and the page, and a visitor's next pages.
const DISPLAY_USER_SECONDS = 30;
// Bounded by size, not `max`, which would allocate its arrays for every entry at start.
const displayUsers = new LRUCache<string, { user: SessionUser | null }>({
  maxSize: 10_000,
  sizeCalculation: () => 1,
  ttl: DISPLAY_USER_SECONDS * 1000,
});

/**
 * Who is signed in, for showing it (the name in the header, the Dashboard link): read from
 * better-auth's signed copy of the session in its cookie, at most five minutes old, so a page
 * view asks the database nothing. Never used to decide what someone may do.
 */
export async function getDisplayUser(headers: Headers, app: Pick<AppContext, "auth">): Promise<DisplayUser> {
  const cookies = [...(headers.get("cookie") ?? "").matchAll(SESSION_COOKIES)].map((match) => match[1]).join("; ");
  if (!cookies) return { user: null, setCookies: [] };
  const known = displayUsers.get(cookies);
  if (known) return { user: known.user, setCookies: [] };
  try {
    const { headers: answer, response } = await (await app.auth()).api.getSession({ headers, returnHeaders: true });
    const user = toSessionUser(response);
    displayUsers.set(cookies, { user });
    return { user, setCookies: answer.getSetCookie() };
  } catch (error) {
    return { user: noOneOnAuthError(error), setCookies: [] };
  }
}

/** API calls: 401 `{ message }` when nobody is signed in. */
export async function requireUser(request: Request, app: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(request, app);
  if (user) return user;
  throw jsonError(401, "Please log in first.");
}

/** Why something that needs a proved address is refused, in the given language. */
export function emailNotVerifiedText(t: ServerTranslate, user: Pick<SessionUser, "email">): string {
  return t("accounts.verify.required", { email: user.email });
}

/**
 * API calls that act as the owner of the account's address (claiming what was made for it):
 * as `requireUser`, and 403 `{ message }` until the address is proved.
 */
export async function requireVerifiedUser(request: Request, app: AppContext): Promise<SessionUser> {
  const user = await requireUser(request, app);
  if (user.emailVerified) return user;
  throw jsonError(403, emailNotVerifiedText(translatorOf("en").t, user));
}

/**
 * Cookies with better-auth's signed copy of the session made again from the database, for a
 * browser whose account just changed (its address was verified): pages show it at once.
 */
export async function renewedSessionCookies(request: Request, app: Pick<AppContext, "auth">): Promise<string[]> {
  try {
    const { headers } = await (await app.auth()).api.getSession({
      headers: request.headers,
      query: { disableCookieCache: true },
      returnHeaders: true,
    });
    return headers.getSetCookie();
  } catch (error) {
    noOneOnAuthError(error);
    return [];
  }
}

/** API calls: as `requireUser`, and 403 `{ message }` for a signed-in user without the permission. */
export async function requirePermission(
  request: Request,
  app: AppContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireUser(request, app);
  if (can(user, permission)) return user;
  throw jsonError(403, messageOf(permissionTexts[permission].message));
}

/** API calls only admins may make. */
export function requireAdmin(request: Request, app: AppContext): Promise<SessionUser> {
  return requirePermission(request, app, "manage-site");
}

const signedInUserContext = createContext<SessionUser>();

/**
 * Dashboard pages: a visitor who is not signed in goes to /login and comes back afterwards
 * (`url` is the page's address, without React Router's `.data` suffix).
 */
export async function requireSignedIn({
  request,
  context,
  url,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}): Promise<void> {
  const user = await getSessionUser(request, context.get(appContext));
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  context.set(signedInUserContext, user);
}

/** The signed-in user of a page below `requireSignedIn`. */
export function signedInUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(signedInUserContext);
}

/** Dashboard pages below `requireSignedIn`: anyone without the permission gets the 403 page. */
export function requirePermissionPage(context: Readonly<RouterContextProvider>, permission: Permission): SessionUser {
  const user = signedInUser(context);
  if (can(user, permission)) return user;
  throw data({ message: translatorOf("en").t(permissionTexts[permission].message), permission }, { status: 403 });
}

/** Pages only admins may use. */
export function requireAdminPage(context: Readonly<RouterContextProvider>): SessionUser {
  return requirePermissionPage(context, "manage-site");
}
