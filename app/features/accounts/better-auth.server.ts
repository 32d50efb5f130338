import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { admin, apiKey, genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { recordAudit } from "~/core/audit.server";
import { IPV6_SUBNET } from "~/core/rate-limit.server";
import { roleOf } from "~/core/roles";
import * as authSchema from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { API_TOKEN_NAME_MAX } from "~/features/accounts/api-tokens";
import {
  AUTH_BASE_PATH,
  authSecret,
  type CreateAuthOptions,
  DOMAIN_REFUSED_ERROR,
  GOOGLE_PROVIDER_ID,
  VERIFICATION_LINK_SECONDS,
} from "~/features/accounts/auth-settings.server";
import { hashPassword, passwordCheckRenewingHashes } from "~/features/accounts/password-hash.server";
import { PASSWORD_PROBLEMS, passwordProblem } from "~/features/accounts/password-policy.server";
import { DISPLAY_NAME_MAX } from "~/features/accounts/users";
import { displayNameSchema, emailDomainAllowed, promoteListedAdmin } from "~/features/accounts/users.server";
import { LANGUAGE_COOKIE, LOCALES, type Locale } from "~/i18n/locales";
import { sayMessage } from "~/i18n/message.server";
import { readPreferences } from "~/i18n/preferences";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { Config } from "~/lib/config.server";
import { issueMessage } from "~/lib/field-errors";

/**
 * better-auth as this site configures it: accounts, sessions, roles, API tokens and the OpenID
 * Connect sign-in. Loaded with its plugins on first use (`authLoader` in auth.server.ts), not
 * with the server: about 10 MB a server that only answers cached pages never needs.
 */

/** How old the session copy in the browser's cookie may be when a page shows who is signed in. */
const SESSION_COOKIE_CACHE_SECONDS = 5 * 60;

/** "Google Sign In" is any OpenID Connect provider found through its discovery document. */
function oidcProviders(config: Config) {
  if (!config.GOOGLE_CLIENT_ID) return [];
  return [
    {
      providerId: GOOGLE_PROVIDER_ID,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      discoveryUrl: config.OIDC_DISCOVERY_URL,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      // Some providers send no name; the account still needs a display name.
      mapProfileToUser: (profile: Record<string, unknown>) => ({
        name: (typeof profile.name === "string" && profile.name ? profile.name : String(profile.email).split("@")[0])
          ?.trim()
          .slice(0, DISPLAY_NAME_MAX),
      }),
    },
  ];
}

const isOidcCallback = (endpointPath: string | undefined) => endpointPath?.startsWith("/oauth2/callback") === true;

/** Endpoints that set a password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

const { users } = authSchema;

const LANGUAGE_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=`);

/**
 * The language a browser signs up or in with (the switch's cookie, else its Accept-Language):
 * the account's mails are written in it. Undefined when the request says nothing (a script),
 * so a script's sign-in doesn't reset a person's choice to English.
 */
function languageOfHeaders(headers: Headers | undefined): Locale | undefined {
  const cookie = headers?.get("cookie");
  const acceptLanguage = headers?.get("accept-language");
  if (!acceptLanguage && !LANGUAGE_COOKIE_PATTERN.test(cookie ?? "")) return undefined;
  return readPreferences(cookie, acceptLanguage).locale;
}

const bodyText = (body: Record<string, unknown> | undefined, field: string) =>
  typeof body?.[field] === "string" ? body[field] : undefined;

/**
 * Our rules on better-auth's own endpoints, so a client calling them directly gets what the
 * forms get: a display name of at most 100 characters, and no common or personal password.
 */
const accountRules = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Record<string, unknown> | undefined;
  if ((ctx.path === "/sign-up/email" || ctx.path === "/update-user") && body?.name !== undefined) {
    const name = displayNameSchema.safeParse(body.name);
    const issue = name.success ? undefined : name.error.issues[0];
    if (issue) throw new APIError("BAD_REQUEST", { message: sayMessage(issueMessage(issue), "en") });
  }
  const passwordField = NEW_PASSWORD_FIELD[ctx.path];
  const password = passwordField ? bodyText(body, passwordField) : undefined;
  if (password === undefined) return;
  const person =
    ctx.path === "/sign-up/email"
      ? { email: bodyText(body, "email"), name: bodyText(body, "name") }
      : ((await getSessionFromCtx(ctx))?.user ?? {});
  const problem = await passwordProblem(password, person);
  if (problem) {
    throw new APIError("BAD_REQUEST", {
      message: sayMessage({ key: PASSWORD_PROBLEMS[problem] }, "en"),
      code: problem,
    });
  }
});

/**
 * A wrong password for an account with a role is worth knowing about (someone guessing at an
 * admin's password): the audit log records it, whichever client tried.
 */
function failedStaffSignIns(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/sign-in/email" || !(ctx.context.returned instanceof APIError)) return;
    const email = bodyText(ctx.body as Record<string, unknown> | undefined, "email")
      ?.trim()
      .toLowerCase();
    if (!email) return;
    const [account] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    if (!account || !roleOf(account.role)) return;
    const actor = { id: account.id, email, ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? "" };
    await recordAudit(db, actor, { action: "sign-in-failed", entity: "users", entityId: account.id, label: email });
  });
}

const API_TOKEN_PREFIX = "club_";

/** `Authorization: Bearer <token>`, the header scripts and other clients send. */
function bearerToken(headers: Headers | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers?.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * Personal API tokens: a Bearer token stands for its owner as a session would, with the
 * owner's role as it is now (a demoted admin's token loses admin rights at once). Stored as a
 * SHA-256 hash; better-auth records when each was last used.
 */
const apiTokens = apiKey({
  customAPIKeyGetter: (ctx) => bearerToken(ctx.headers),
  enableSessionForAPIKeys: true,
  defaultPrefix: API_TOKEN_PREFIX,
  requireName: true,
  maximumNameLength: API_TOKEN_NAME_MAX,
  // Scripts may call as often as a person may; the server's own limits apply to both.
  rateLimit: { enabled: false },
});

/**
 * Addresses are proved by a link in a mail, sent at sign-up (and for a Google account whose
 * provider says the address is not verified). Unverified people may sign in; what needs the
 * address proved checks `emailVerified` (docs/decisions/004-accounts.md).
 */
function emailVerification(options: CreateAuthOptions) {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_LINK_SECONDS,
    sendVerificationEmail: async (
      { user, token }: { user: { email: string; name: string; locale?: unknown }; token: string },
      request?: Request,
    ) => {
      // The accounts the server makes itself (the demo's, without a request) are verified by it.
      if (!request) return;
      const locale = LOCALES.find((known) => known === user.locale);
      await options.sendVerificationMail({
        person: { email: user.email, name: user.name, locale },
        token,
        locale: languageOfHeaders(request.headers),
      });
    },
    // ADMIN_EMAILS counts once the address is proved, without waiting for the next sign-in.
    afterEmailVerification: async (user: { id: string }) => {
      await promoteListedAdmin(options.db, user.id, options.config.ADMIN_EMAILS);
    },
  };
}

export function createAuth(options: CreateAuthOptions) {
  const { db, config, log } = options;
  const adminPlugin = admin({ defaultRole: "user", adminRoles: ["admin"] });
  const allowedDomain = config.OIDC_ALLOWED_DOMAIN;
  const authRateLimit = { window: config.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: config.AUTH_RATE_LIMIT_MAX };

  return betterAuth({
    appName: "club-website",
    baseURL: config.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(config),
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema: authSchema }),
    // A session is read with its user in one query (drizzle's relational queries), not two.
    experimental: { joins: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      password: { hash: hashPassword, verify: passwordCheckRenewingHashes(db) },
    },
    emailVerification: emailVerification(options),
    // The language the person last used the site in (set by the hooks below and the language switch).
    user: { additionalFields: { locale: { type: [...LOCALES], required: false, input: false } } },
    // Pages show who is signed in from a signed cookie (`getDisplayUser`); decisions about
    // rights always ask the database (`getSessionUser`).
    session: { cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS } },
    // Password accounts never prove they own their address, so a Google sign-in is never
    // joined to one implicitly (see docs/decisions/004-accounts.md).
    account: { accountLinking: { disableImplicitLinking: true } },
    // The admin plugin gives the role field; role changes go through app/features/accounts/users.server.ts
    // (which keeps the last admin), so its HTTP endpoints stay closed.
    // New verification links are asked for through /email-verification, rate-limited per account.
    disabledPaths: [
      ...Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path),
      "/send-verification-email",
    ],
    plugins: [adminPlugin, genericOAuth({ config: oidcProviders(config) }), apiTokens],
    onAPIError: { errorURL: "/login" },
    hooks: { before: accountRules, after: failedStaffSignIns(db) },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: config.BASE_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: IPV6_SUBNET },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      customRules: { "/sign-in/*": authRateLimit, "/sign-up/*": authRateLimit },
    },
    logger: {
      // At "warn" or "error" better-auth also prints each refused request (a 415, say) with its own
      // console logger, as an error; at "info" its messages come only here, and LOG_LEVEL filters them.
      level: "info",
      // better-auth reports everyday failures (a wrong password) as errors; real faults still reach the request log.
      log: (level, message, ...args) => log[level === "error" ? "warn" : level]({ args }, `better-auth: ${message}`),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            if (allowedDomain && isOidcCallback(ctx?.path) && !emailDomainAllowed(user, allowedDomain)) {
              // better-auth turns this message into the error code of its /login?error= redirect.
              throw new APIError("FORBIDDEN", { message: DOMAIN_REFUSED_ERROR });
            }
            const locale = languageOfHeaders(ctx?.headers);
            return locale ? { data: { ...user, locale } } : undefined;
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            const user = await promoteListedAdmin(db, session.userId, config.ADMIN_EMAILS);
            if (ctx && allowedDomain && user && isOidcCallback(ctx.path) && !emailDomainAllowed(user, allowedDomain)) {
              throw ctx.redirect(`/login?error=${DOMAIN_REFUSED_ERROR}`);
            }
          },
          after: async (session, ctx) => {
            const locale = languageOfHeaders(ctx?.headers);
            if (locale) await db.update(users).set({ locale }).where(eq(users.id, session.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
