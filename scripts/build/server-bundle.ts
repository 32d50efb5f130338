import path from "node:path";
import { build } from "esbuild";

const ENTRY_POINTS = {
  main: "server/main.ts",
  "make-admin": "scripts/make-admin.ts",
  "make-start-snapshot": "scripts/make-start-snapshot.ts",
};

/**
 * The server (`server/main.ts`) and the scripts a release runs, bundled into plain
 * JavaScript, so production runs `node` without a TypeScript loader. Packages stay in
 * node_modules. Answers the source files (relative to the root) each output was made from.
 */
export async function buildServerBundle({
  root,
  outDir,
}: {
  root: string;
  outDir: string;
}): Promise<Record<keyof typeof ENTRY_POINTS, string[]>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
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
    metafile: true,
  });
  const inputsOf = (entry: keyof typeof ENTRY_POINTS) =>
    Object.keys(result.metafile.outputs[path.relative(root, path.join(outDir, `${entry}.js`))]?.inputs ?? {});
  return {
    main: inputsOf("main"),
    "make-admin": inputsOf("make-admin"),
    "make-start-snapshot": inputsOf("make-start-snapshot"),
  };
}
