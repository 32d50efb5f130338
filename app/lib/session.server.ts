import { APIError } from "better-auth/api";
import { type AppLoadContext, data, redirect } from "react-router";
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

async function readSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await context.auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    // A revoked, unknown or malformed API token is no one, as a stale cookie is.
    if (error instanceof APIError) return null;
    throw error;
  });
  if (!session) return null;
  const { user } = session;
  return { id: user.id, email: user.email, displayName: user.name, isAdmin: user.role === ADMIN_ROLE };
}

export function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = readSessionUser(request, context);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** Pages: redirect to /login and back afterwards. API: 401 `{ message }`. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  if (isApiRequest(request)) throw jsonError(401, "Please log in first.");
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search));
}

export const ADMIN_ONLY_MESSAGE = "Only admins may do this.";

/** As `requireUser`, and a signed-in user who is not admin gets 403 (the API as JSON). */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.isAdmin) return user;
  if (isApiRequest(request)) throw jsonError(403, ADMIN_ONLY_MESSAGE);
  throw data({ message: ADMIN_ONLY_MESSAGE }, { status: 403 });
}
