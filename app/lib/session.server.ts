import { APIError } from "better-auth/api";
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import { type AppContext, appContext } from "~/context";
import { ADMIN_ROLE } from "~/domain/users";
import { jsonError } from "./api.server";
import { loginPath } from "./redirect";

/** The signed-in user as pages and the API see it (displayName = better-auth's `name`). */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
}

// The root loader and the page loader of one request both ask; the session is read once.
const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

async function readSessionUser(request: Request, app: AppContext): Promise<SessionUser | null> {
  const session = await app.auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    // A revoked, unknown or malformed API token is no one, as a stale cookie is.
    if (error instanceof APIError) return null;
    throw error;
  });
  if (!session) return null;
  const { user } = session;
  return { id: user.id, email: user.email, displayName: user.name, isAdmin: user.role === ADMIN_ROLE };
}

export function getSessionUser(request: Request, app: AppContext): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = readSessionUser(request, app);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

export const ADMIN_ONLY_MESSAGE = "Only admins may do this.";

/** API calls: 401 `{ message }` when nobody is signed in. */
export async function requireUser(request: Request, app: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(request, app);
  if (user) return user;
  throw jsonError(401, "Please log in first.");
}

/** API calls: as `requireUser`, and 403 `{ message }` for a signed-in user who is not admin. */
export async function requireAdmin(request: Request, app: AppContext): Promise<SessionUser> {
  const user = await requireUser(request, app);
  if (user.isAdmin) return user;
  throw jsonError(403, ADMIN_ONLY_MESSAGE);
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

/** Admin pages below `requireSignedIn`: anyone else gets the 403 page. */
export function requireAdminPage(context: Readonly<RouterContextProvider>): SessionUser {
  const user = signedInUser(context);
  if (user.isAdmin) return user;
  throw data({ message: ADMIN_ONLY_MESSAGE }, { status: 403 });
}
