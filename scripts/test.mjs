// `npm test`: typecheck, lint, unit tests of the pure rules (plain Node), Workers tests of the API
// (real D1 in workerd), the build, Workers tests of the built app (page actions, `.data` routes, the
// fuzz suite), the API against its OpenAPI document (Redocly's lint, Portman's contract tests), then
// browser tests against the built app served by `wrangler dev`. Stops at the first
// failing step. Before anything runs it makes sure the browser tests have their chromium (installing
// Debian's when missing: scripts/chromium.mjs), so a fresh machine needs only `npm install && npm test`.
import { ensureChromium } from "./chromium.mjs";
import { bin, run } from "./lib.mjs";

const steps = [
  ["typecheck", () => run("npm", ["run", "-s", "typecheck"])],
  [
    "lint",
    () => {
      run(bin("eslint"), [".", "--max-warnings=0"]);
      run(bin("depcruise"), ["domain", "db", "worker", "app", "--config", ".dependency-cruiser.cjs"]);
      run(bin("prettier"), ["--check", "--log-level", "warn", "**/*.{ts,tsx,js,mjs,css}"]);
    },
  ],
  ["unit tests", () => run(bin("vitest"), ["run", "--config", "vitest.unit.config.ts"])],
  ["workers tests", () => run(bin("vitest"), ["run", "--config", "vitest.config.ts"])],
  ["build", () => run(bin("react-router"), ["build"])],
  ["app tests", () => run(bin("vitest"), ["run", "--config", "vitest.app.config.ts"])],
  // The API against its OpenAPI document, by Redocly's lint and Portman's tests (ADR 042).
  ["contract tests", () => run("node", ["scripts/contract.mjs", "--no-build"])],
  ["browser tests", () => run(bin("playwright"), ["test"])],
];

const only = process.argv.slice(2);
const selected = (name) => !only.length || only.includes(name.split(" ")[0]);
if (selected("browser tests")) ensureChromium();
const started = Date.now();
for (const [name, step] of steps) {
  if (!selected(name)) continue;
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  step();
  console.log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
