import path from "node:path";
import { build, type Plugin } from "esbuild";

const ENTRY_POINTS = {
  main: "server/main.ts",
  "make-admin": "scripts/make-admin.ts",
  "make-start-snapshot": "scripts/make-start-snapshot.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  // A process of its own reads each standings file (app/features/standings/importers/read-standings-isolated.server.ts).
  "standings-job": "app/features/standings/importers/standings-job.ts",
  // A process of its own decodes and encodes each uploaded image (app/core/media.server.ts).
  "image-job": "app/core/image-job.ts",
};

/**
 * Packages left in node_modules: PGlite reads its WebAssembly and data files from beside its
 * own module (and harfbuzzjs, the papers' text shaper, likewise), sharp loads a native library,
 * the AWS SDK is large and loads only with S3, and pg asks for an optional native driver.
 */
const EXTERNAL = ["@electric-sql/pglite", "pglite-postgres17", "harfbuzzjs", "sharp", "@aws-sdk/*", "pg-native"];

/** `virtual:react-router/server-build` (as React Router names it) is this release's own build. */
function serverBuildOf(file: string): Plugin {
  return {
    name: "react-router-server-build",
    setup(bundler) {
      bundler.onResolve({ filter: /^virtual:react-router\/server-build$/ }, () => ({ path: file }));
    },
  };
}

/**
 * The server (`server/main.ts`, with React Router's build of the app) and the scripts a release
 * runs, bundled into plain JavaScript with the packages they use: production runs `node`
 * without a TypeScript loader, and one copy of each package serves the server and the app.
 * Node's module resolution, a package.json lookup for every file of every package, took two
 * thirds of a second of each start before. Answers the source files (relative to the root)
 * each entry was made from.
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
    // Code that loads on demand (the demo drawing, with sharp and pdf-lib) stays out of start-up.
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node24",
    external: EXTERNAL,
    // A package's ES module build, where it has one: CommonJS builds lose named exports of dynamic imports.
    mainFields: ["module", "main"],
    // CommonJS packages bundled into an ES module still call require() for Node's own modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    plugins: [serverBuildOf(path.join(outDir, "index.js"))],
    // Node keeps every module's source text in memory; without comments the bundle is smaller and all
    // ASCII (one "…" in a comment made V8 keep the whole 4 MB file as two bytes a character).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: "warning",
    alias: { "~": path.join(root, "app") },
    metafile: true,
  });
  const { outputs } = result.metafile;
  // An entry's sources are those of its own file and of every chunk it loads, now or on demand.
  const inputsOf = (entry: keyof typeof ENTRY_POINTS) => {
    const seen = new Set<string>();
    const visit = (output: string) => {
      if (seen.has(output) || !outputs[output]) return;
      seen.add(output);
      for (const imported of outputs[output].imports) visit(imported.path);
    };
    visit(path.relative(root, path.join(outDir, `${entry}.js`)));
    return [...seen].flatMap((output) => Object.keys(outputs[output]?.inputs ?? {}));
  };
  return {
    main: inputsOf("main"),
    "make-admin": inputsOf("make-admin"),
    "make-start-snapshot": inputsOf("make-start-snapshot"),
    backup: inputsOf("backup"),
    restore: inputsOf("restore"),
    "standings-job": inputsOf("standings-job"),
    "image-job": inputsOf("image-job"),
  };
}
