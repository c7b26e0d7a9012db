import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";

// The exchange's load test drives a real `wrangler dev` server from Node (it kills and restarts it),
// so it cannot run inside workerd: its own project, in plain Node (tests/app/market-load.test.ts).
const LOAD = "tests/app/market-load.test.ts";
// The JavaScript budget reads the client build's files: plain Node too.
const JS_BUDGET = "tests/app/js-budget.test.ts";

// Tests of the built Worker, pages included: page actions and `.data` routes through the same
// React Router build `wrangler dev` and production serve, inside workerd with a real local D1.
// Run after `react-router build` (`npm test` does): the entry is the build's Worker bundle.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      // One worker per core, shared by both projects.
      maxWorkers: 2,
      projects: [
        {
          plugins: [
            cloudflareTest({
              main: "./build/server/index.js",
              wrangler: { configPath: "./wrangler.toml" },
              // FUZZ_SEED / FUZZ_PATH choose the fuzz suite's cases (tests/app/fuzz.test.ts): fixed by default.
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  FUZZ_SEED: process.env.FUZZ_SEED ?? "",
                  FUZZ_PATH: process.env.FUZZ_PATH ?? "",
                },
              },
            }),
          ],
          test: {
            name: "app",
            include: ["tests/app/**/*.test.ts"],
            exclude: [...configDefaults.exclude, LOAD, JS_BUDGET],
            setupFiles: ["./tests/workers/setup.ts"],
            testTimeout: 120_000,
            // As the Workers suite (vitest.config.ts): one workerd per test worker, a fresh database,
            // bucket and edge cache per file (tests/workers/fresh-state.ts).
            isolate: false,
          },
        },
        {
          test: {
            name: "app-load",
            include: [LOAD],
            environment: "node",
            // Two runs of a minute each, a fresh seeded server and two restarts.
            testTimeout: 240_000,
            hookTimeout: 240_000,
          },
        },
        { test: { name: "app-js", include: [JS_BUDGET], environment: "node" } },
      ],
    },
  };
});
