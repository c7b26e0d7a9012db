import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// scripts/seed.mjs loads the demo data (db/seed-data.ts, db/scale-data.ts) in plain Node, whose
// module loader needs every relative import of their closure written with its extension; vitest
// resolves without one, so only a real Node run notices a module that forgets it.
describe("the seed's modules load in plain Node", () => {
  it.each(["db/seed-data.ts", "db/scale-data.ts"])("%s", (file) => {
    const res = spawnSync(process.execPath, ["--input-type=module", "-e", `await import("./${file}")`], {
      encoding: "utf8",
    });
    expect(res.stderr.match(/Error[^\n]*/)?.[0] ?? "").toBe("");
    expect(res.status).toBe(0);
  });
});
