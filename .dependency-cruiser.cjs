/**
 * The layers of the code (README: Layout). `npm run lint` fails on a violation.
 * lib: generic helpers; domain: one module per entity; components: shared UI;
 * routes: thin route modules. Nothing imports routes, and lib imports none of the others.
 */
module.exports = {
  forbidden: [
    { name: "no-circular", comment: "An import cycle.", severity: "error", from: {}, to: { circular: true } },
    {
      name: "lib-is-generic",
      comment: "app/lib holds generic helpers: it never imports the domain, UI, content or routes.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/(domain|components|content|routes|db/seed)/" },
    },
    {
      name: "nothing-imports-routes",
      comment: "Route modules are leaves (the tests of a route may import it).",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: "^app/(routes|root\\.tsx)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "domain-has-no-ui",
      comment: "The domain is used by pages and the API alike: no components in it.",
      severity: "error",
      from: { path: "^app/domain/" },
      to: { path: "^app/components/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.react-router|node_modules" },
    tsPreCompilationDeps: true,
  },
};
