/**
 * The render-only ceiling of one signed-in page (see render-ceiling.ts): React Router's
 * request handler over the release's own build, with every loader answering what the real
 * server answered once. No database, no session lookup, no page cache or other middleware.
 *
 *   tsx scripts/bench/render-ceiling-server.ts <release dir> <loader data JSON>
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/core/context";
import { readRootStylesheet } from "../../server/app";
import { reactRouterHandler } from "../../server/request-handler";

async function main() {
  const [releaseDir, dataFile] = process.argv.slice(2);
  if (!releaseDir || !dataFile) throw new Error("Usage: render-ceiling-server.ts <release dir> <loader data JSON>");
  const loaderData = JSON.parse(fs.readFileSync(dataFile, "utf8")) as Record<string, unknown>;
  const real = (await import(pathToFileURL(path.join(releaseDir, "server/index.js")).href)) as ServerBuild;
  const routes = Object.fromEntries(
    Object.entries(real.routes).map(([id, route]) => {
      if (!route || !(id in loaderData)) return [id, route];
      const module = { ...route.module, loader: () => loaderData[id], middleware: undefined };
      return [id, { ...route, module }];
    }),
  );
  const build: ServerBuild = { ...real, routes };

  const app = express();
  const server = app.listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    // Only what the request handler and the document renderer read.
    const services = {
      config: { BASE_URL: `http://127.0.0.1:${port}` },
      log: pino({ level: "silent" }),
      database: { ping: async () => {} },
      inlineStylesheet: readRootStylesheet(build, path.join(releaseDir, "client")),
    } as unknown as AppServices;
    app.all("/{*splat}", reactRouterHandler({ build, context: services, mode: "production" }));
    console.log(`listening ${port}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
