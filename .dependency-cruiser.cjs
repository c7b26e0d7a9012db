/**
 * The import graph's rules (`npm run lint` runs `depcruise`): no cycles, and each folder imports
 * only what stands below it. The layers, lowest first:
 *   domain/  pure rules and vocabulary (imports itself and valibot only)
 *   db/      schema, client, seed data (domain)
 *   worker/services, worker/ai   the one service layer (db, domain)
 *   worker/api, worker/middleware, worker/*.ts   the Hono door and the middleware (services)
 *   app/     React Router pages (services inside loaders and actions; components: domain only)
 *   worker/index.ts              the composition root (worker/app.ts and the pages)
 *
 * Inside domain/ and worker/services/, files are grouped by feature (accounts, projects, raises,
 * money, conversation, operator, visitors, shared). A feature's public face is every file of its
 * folder except those under internal/: <layer>/<feature>/internal/ holds what only that feature
 * (in either layer) imports, and no other feature, door or page may reach into it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module must not reach itself through its imports, type-only imports included: move the shared part (a type too) where both can import it.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-internals-stay-inside",
      severity: "error",
      comment:
        "A feature's internal/ files are its own: another feature imports its public face (the files outside internal/). $2 is the importing feature.",
      from: { path: "^(domain|worker/services)/([^/]+)/" },
      to: { path: "^(domain|worker/services)/[^/]+/internal/", pathNot: "^(domain|worker/services)/$2/" },
    },
    {
      name: "internals-only-from-features",
      severity: "error",
      comment: "Doors, pages, db and the other worker modules use a feature's public face, never its internal/ files.",
      from: { pathNot: "^(domain|worker/services)/" },
      to: { path: "^(domain|worker/services)/[^/]+/internal/" },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "domain/ is the pure core: it imports only itself and valibot (no React, Hono, D1 or worker code).",
      from: { path: "^domain/" },
      to: { pathNot: ["^domain/", "^node_modules/valibot/"] },
    },
    {
      name: "db-below-services",
      severity: "error",
      comment: "db/ stands on domain/ and Drizzle only.",
      from: { path: "^db/" },
      to: { path: ["^worker/", "^app/"] },
    },
    {
      name: "services-below-doors",
      severity: "error",
      comment: "The service layer serves both doors: it imports neither the API, the middleware nor the pages.",
      from: { path: "^worker/(services|ai)/" },
      to: {
        path: [
          "^app/",
          "^worker/api/",
          "^worker/(app|index|edge-cache|security-headers|serve-upload|download)\\.ts$",
          "^worker/middleware/",
          "^node_modules/hono/",
        ],
      },
    },
    {
      name: "worker-not-on-pages",
      severity: "error",
      comment: "Only the composition root (worker/index.ts) knows the pages; the API and middleware do not.",
      from: { path: "^worker/", pathNot: "^worker/index\\.ts$" },
      to: { path: "^app/" },
    },
    {
      name: "pages-not-on-api",
      severity: "error",
      comment: "Pages call services, not the Hono API layer.",
      from: { path: "^app/" },
      to: { path: ["^worker/api/", "^worker/app\\.ts$", "^node_modules/hono/"] },
    },
    {
      name: "components-render-only",
      severity: "error",
      comment: "Components render what loaders give them: no server code in app/components.",
      from: { path: "^app/components/" },
      to: { path: ["^worker/", "^db/", "^app/server/", "^app/routes/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/", "^node_modules/\\.vite"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
