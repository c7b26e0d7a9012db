import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The fuzz suite's seed (tests/app/fuzz.test.ts): empty for the fixed ones, `random`, or a number. */
      FUZZ_SEED?: string;
      /** A shrink path to replay with FUZZ_SEED. */
      FUZZ_PATH?: string;
    }
  }
}
