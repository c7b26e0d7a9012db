import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";

// worker/services/accounts/internal/secrets.ts hashes passwords at the test cost only when APP_ENV is "test". The
// configurations wrangler deploys and `npm start` serves come from wrangler.toml: none may say so.
describe("the password test cost cannot be deployed", () => {
  it.each([
    ["development (npm start, wrangler dev)", undefined],
    ["production (npm run deploy)", "production"],
  ])("%s sets APP_ENV to something other than test", (_, environment) => {
    const config = unstable_readConfig({ config: "wrangler.toml", env: environment });
    expect(config.vars.APP_ENV).toBe(environment ?? "development");
  });
});
