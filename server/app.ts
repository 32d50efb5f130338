import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { AppContext } from "~/context";
import { uploadsDir } from "~/lib/media.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export interface CreateAppOptions {
  context: AppContext;
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir: string;
}

export function createApp({ context, build, clientDir }: CreateAppOptions) {
  const app = express();
  app.disable("x-powered-by");

  app.use(
    pinoHttp({
      logger: context.log,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
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
  app.use(compression());

  // Vite fingerprints everything under /assets, so browsers may keep it forever.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000 }),
  );
  app.use(
    "/media",
    express.static(uploadsDir(context.config.DATA_DIR), {
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      index: false,
      dotfiles: "deny",
      fallthrough: true,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === "development" ? "development" : "production",
      getLoadContext: () => context,
    }),
  );
  return app;
}
