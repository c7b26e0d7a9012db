import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Tests of the built Worker, pages included: page actions and `.data` routes through the same
// React Router build `wrangler dev` and production serve, inside workerd with a real local D1.
// Run after `react-router build` (`npm test` does): the entry is the build's Worker bundle.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
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
      include: ["tests/app/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      testTimeout: 120_000,
      // As the Workers suite (vitest.config.ts): one workerd per test worker, a fresh database,
      // bucket and edge cache per file (tests/workers/fresh-state.ts), one worker per core.
      isolate: false,
      maxWorkers: 2,
    },
  };
});
