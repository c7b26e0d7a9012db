/**
 * Every page's first load (the route manifest, entry.client, and the modules of the routes it
 * matches with their static imports: scripts/js-per-route.mjs, as `npm run bench` counts it)
 * ships at most 150 KB of gzipped JavaScript. Reads the client build, so it runs in Node (its own
 * project in vitest.app.config.ts), after `react-router build`.
 */
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { jsPerRoute } from "../../scripts/js-per-route.mjs";

const BUDGET_KB = 150;
const routes = jsPerRoute(join(import.meta.dirname, "..", "..", "build", "client"));

describe(`first-load JavaScript, at most ${BUDGET_KB} KB gzipped`, () => {
  it("is measured for every page route of the build, the main ones among them", () => {
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/", "/demo", "/project/:slug", "/portfolio", "/my-projects/edit/:id", "/settings"]),
    );
  });

  it.each(routes.map((r) => [r.path, r]))("%s", (_path, r) => {
    const kb = (r.gzipBytes / 1024).toFixed(1);
    expect(r.gzipBytes, `${r.path} (${r.id}) ships ${kb} KB of gzipped JavaScript on a first load`).toBeLessThanOrEqual(
      BUDGET_KB * 1024,
    );
  });
});
