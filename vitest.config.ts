import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

import { buildDefines } from "./scripts/build-info";

// Workers tests: they run inside workerd with a real (local) D1 that the setup file migrates.
// Kept apart from vite.config.ts, which builds the app.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    define: buildDefines(import.meta.dirname),
    plugins: [
      cloudflareTest({
        main: "./tests/workers/entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, APP_ENV: "test" } },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      testTimeout: 30_000,
      // One workerd per test worker, reused by its files (ADR 047): loading the Worker's modules into
      // a new one cost about 8 s a file. Each file still starts from a fresh database, bucket and
      // edge cache (tests/workers/fresh-state.ts). Two workers: one per core of CI's machine.
      isolate: false,
      maxWorkers: 2,
    },
  };
});
