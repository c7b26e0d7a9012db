import { defineConfig } from "vitest/config";

// Unit tests: the pure rules (domain/, db/seed-data.ts, the pure halves of worker/ and app/) in
// plain Node, no workerd and no D1. A suite that needs D1 or a Worker binding belongs in
// tests/workers/.
export default defineConfig({
  // A Worker-only module reached through an import the unit tests do not run (its stub says which).
  resolve: {
    alias: { "cloudflare:workers": new URL("./tests/unit/stubs/cloudflare-workers.ts", import.meta.url).pathname },
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
