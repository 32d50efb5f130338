import path from "node:path";
import { build } from "esbuild";

/**
 * The server (`server/main.ts`) and the admin script bundled into plain JavaScript, so
 * production runs `node` without a TypeScript loader. Packages stay in node_modules.
 */
export async function buildServerBundle({ root, outDir }: { root: string; outDir: string }) {
  await build({
    absWorkingDir: root,
    entryPoints: { main: "server/main.ts", "make-admin": "scripts/make-admin.ts" },
    outdir: outDir,
    outExtension: { ".js": ".js" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    alias: { "~": path.join(root, "app") },
  });
}
