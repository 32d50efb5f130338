/**
 * The layers of the code (README: Layout; docs/decisions/024-feature-folders.md). `npm run lint`
 * fails on a violation. From the bottom: lib (generic helpers) and i18n; db (tables); core (what
 * every feature stands on: ids, fields, collections, crud, publishing, audit, roles, session,
 * media, settings, mail); features (one folder each: accounts, members, collections, events,
 * standings, notifications, site, review); wiring (what joins the features: OpenAPI, background
 * jobs, backup and restore, feeds); then components, routes and the seed. An arrow only points down.
 */
const below = (layers) => ({ path: `^app/(${layers.join("|")})/` });

module.exports = {
  forbidden: [
    { name: "no-circular", comment: "An import cycle.", severity: "error", from: {}, to: { circular: true } },
    {
      name: "lib-is-generic",
      comment: "app/lib holds generic helpers: it never imports the domain, UI, content or routes.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: below(["core", "features", "wiring", "components", "content", "routes", "seed"]),
    },
    {
      name: "db-is-below-the-domain",
      comment: "The tables know nothing of the domain above them (the schema may name its JSON shapes' types).",
      severity: "error",
      from: { path: "^app/db/" },
      to: {
        ...below(["core", "features", "wiring", "components", "routes", "seed"]),
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "core-is-below-the-features",
      comment:
        "core is what every feature stands on: it imports no feature, wiring, UI or seed (the app's context names the type of the accounts feature's better-auth loader).",
      severity: "error",
      from: { path: "^app/core/", pathNot: "^app/core/context\\.ts$" },
      to: below(["features", "wiring", "components", "routes", "seed"]),
    },
    {
      name: "features-are-below-the-wiring",
      comment: "A feature never imports the wiring that joins the features, nor UI or seed.",
      severity: "error",
      from: { path: "^app/features/" },
      to: below(["wiring", "components", "routes", "seed"]),
    },
    {
      name: "wiring-has-no-ui",
      comment: "The wiring serves pages and the API alike: no components, routes or seed in it.",
      severity: "error",
      from: { path: "^app/wiring/" },
      to: below(["components", "routes", "seed"]),
    },
    {
      name: "nothing-imports-routes",
      comment: "Route modules are leaves (the tests of a route may import it).",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: "^app/(routes|root\\.tsx)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "only-the-start-imports-the-seed",
      comment: "The demo seed is content for a first start and tests: the app never depends on it.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/seed/" },
      to: { path: "^app/seed/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.react-router|node_modules" },
    tsPreCompilationDeps: true,
  },
};
