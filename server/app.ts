import fs from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import { fromNodeHeaders } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/core/context";
import { isAwaitingReview } from "~/core/media.server";
import { createMemoryCounter } from "~/core/rate-limit.server";
import { can, roleOf } from "~/core/roles";
import { getDisplayUser } from "~/core/session.server";
import { oidcFormActionOrigins, signedSessionToken } from "~/features/accounts/auth.server";
import { pageVariantOf, readPreferences } from "~/i18n/preferences";
import { CLIENT_IP_HEADER, clientIpMiddleware } from "~/lib/client-ip.server";
import { queryParamsOf } from "~/page-query-params";
import { lastErrorHandler } from "./error-handler";
import { mediaHandler } from "./media";
import { pageCache, requestIdOf } from "./page-cache";
import { reactRouterHandler } from "./request-handler";
import { apiCors, apiOriginGuard, requestShapeGuard, securityHeaders, securityHeaderValues } from "./security";
import { UNKNOWN_PATH_STAND_IN, unknownPathMatcher } from "./unknown-paths";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Where the browser's files come from: a release's built `client/` directory, or Vite's dev
 * server, which compiles them on request and pushes changes (npm run dev).
 */
export type ClientFiles = { kind: "release"; clientDir: string } | { kind: "vite"; middlewares: RequestHandler };

export interface CreateAppOptions {
  context: AppServices;
  /** The built app, or (in development) a function that loads its current version. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  files: ClientFiles;
}

/**
 * The request listener: the page cache answers anonymous hits first, everything else goes
 * through the Express stack below. In development there is no page cache: every request
 * renders the code as it is now.
 */
export function createApp({ context, build, files }: CreateAppOptions): RequestListener {
  const development = files.kind === "vite";
  const security = {
    baseUrl: context.config.BASE_URL,
    formActionOrigins: oidcFormActionOrigins(context.config),
    hotReload: development,
  };
  // Renders cost this process's time, so each process keeps its own count (no database write per page).
  const countRender = createMemoryCounter({
    max: context.config.RENDER_RATE_LIMIT_MAX,
    windowSeconds: context.config.RENDER_RATE_LIMIT_WINDOW_SECONDS,
  });
  const cache = pageCache({
    contentVersion: context.contentVersion,
    sessionToken: (cookieHeader) => signedSessionToken(cookieHeader, context.secret),
    isLiveSession: async (cookieHeader) =>
      (await getDisplayUser(new Headers({ cookie: cookieHeader }), context)).user !== null,
    queryParamsOf,
    unknownPathStandIn: unknownPathsOf(build, files),
    variantOf: (req) => pageVariantOf(readPreferences(req.headers.cookie, req.headers["accept-language"])),
    countRender: (req) => countRender(String(req.headers[CLIENT_IP_HEADER])),
    fixedHeaders: securityHeaderValues(security),
    onFastHit: (req, id) =>
      context.log.info(
        { req: { id, method: req.method, url: req.url }, res: { statusCode: 200 }, cache: "HIT" },
        "request completed",
      ),
  });
  const app = express();
  app.disable("x-powered-by");
  // First, so nothing downstream (rate limits, session records) sees a client-chosen address.
  app.use(clientIpMiddleware(context.config.TRUSTED_PROXY_HEADER));

  app.use(
    pinoHttp({
      logger: context.log,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders(security));
  app.use(requestShapeGuard());
  app.use(compression({ filter: notAnArchive }));
  if (files.kind === "vite") app.use(files.middlewares);
  else app.use(releaseFiles(files.clientDir));
  app.use(
    "/media",
    mediaHandler(context.storage, context.log, async (req, key) => {
      if (!(await isAwaitingReview(context.db, key))) return "public";
      const session = await context
        .auth()
        .then((auth) => auth.api.getSession({ headers: fromNodeHeaders(req.headers) }))
        .catch(() => null);
      return can({ role: roleOf(session?.user.role) }, "edit-content") ? "reviewer" : "hidden";
    }),
  );
  app.use(
    "/api",
    apiCors(context.config.CORS_ORIGINS),
    apiOriginGuard(context.config.BASE_URL, context.config.CORS_ORIGINS),
  );
  if (!development) app.use(cache.middleware);

  app.all(
    "/{*splat}",
    reactRouterHandler({
      build,
      context:
        files.kind === "release" && typeof build !== "function"
          ? { ...context, inlineStylesheet: readRootStylesheet(build, files.clientDir) }
          : context,
      mode: development ? "development" : "production",
    }),
  );
  app.use(lastErrorHandler(context.log));
  if (development) return app;
  return (req, res) => {
    if (!cache.serveFromMemory(req, res)) app(req, res);
  };
}

const ARCHIVE_TYPE = /^application\/(x-tar|gzip|x-gzip|zip)\s*(;|$)/i;

/**
 * Archives (the dashboard's backup) hold compressed files already: compressing them again costs
 * CPU for nothing. The dashboard answers with `Cache-Control: private, no-store` (the page
 * cache sets it too), so no `no-transform` tells compression() to leave them alone.
 */
function notAnArchive(req: express.Request, res: express.Response): boolean {
  return !ARCHIVE_TYPE.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res);
}

/**
 * Made-up paths answered from one cached 404 page (its stand-in's): only for a release, whose
 * routes and files are fixed. A path under a public file's or /media's name is not the app's.
 */
function unknownPathsOf(build: CreateAppOptions["build"], files: ClientFiles) {
  if (typeof build === "function" || files.kind !== "release") return undefined;
  const isUnknown = unknownPathMatcher(build, new Set([...fs.readdirSync(files.clientDir), "media"]));
  return (path: string) => (isUnknown(path) ? UNKNOWN_PATH_STAND_IN : undefined);
}

/** A release's `client/` directory: the fingerprinted assets, and the files of public/. */
function releaseFiles(clientDir: string): RequestHandler {
  const router = express.Router();
  // Vite fingerprints everything under /assets, so browsers may keep it forever.
  router.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false },
    }),
  );
  router.use(publicFiles(clientDir));
  return router;
}

/** The CSS the root route links (Tailwind's one sheet), as text. */
export function readRootStylesheet(build: ServerBuild, clientDir: string): string | undefined {
  const hrefs = build.assets.routes.root?.css ?? [];
  if (hrefs.length === 0) return undefined;
  return hrefs.map((href) => fs.readFileSync(path.join(clientDir, href), "utf8")).join("\n");
}

/**
 * The files of public/ (favicon, images, the plain page script), precompressed like the assets.
 * Only paths under a name that exists there reach the disk: a page request costs no stat.
 */
function publicFiles(clientDir: string): RequestHandler {
  const names = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
  const serve = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    serveStatic: { maxAge: "1h", index: false },
  });
  return (req, res, next) => (names.has(req.path.split("/", 2)[1] ?? "") ? serve(req, res, next) : next());
}
