/**
 * `npm run lint` refuses what the house rules forbid: each case is a small file under
 * tests/fixtures/lint/ that breaks one rule, run through the project's own configurations
 * (.dependency-cruiser.cjs, its paths re-rooted at the fixtures, and eslint.config.js).
 * Remove a rule and its test fails.
 */
import { readFileSync } from "node:fs";

import type { ICruiseOptions, ICruiseResult, IFlattenedRuleSet, IViolation } from "dependency-cruiser";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

const FIXTURES = "tests/fixtures/lint/";

/** Every `^path` of a rule now starts at the fixtures folder (packages stay where they are). */
function reroot<T>(value: T): T {
  if (typeof value === "string") {
    return (
      value.startsWith("^") && !value.startsWith("^node_modules/") ? `^${FIXTURES}${value.slice(1)}` : value
    ) as T;
  }
  if (Array.isArray(value)) return value.map(reroot) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reroot(v)])) as T;
  }
  return value;
}

describe("dependency-cruiser (.dependency-cruiser.cjs)", () => {
  let violations: IViolation[] = [];
  const found = (rule: string, from: string) =>
    violations.filter((v) => v.rule.name === rule && v.from === `${FIXTURES}${from}`);

  beforeAll(async () => {
    const options: ICruiseOptions = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
    const ruleSet = options.ruleSet as IFlattenedRuleSet;
    const { output } = await cruise([FIXTURES], {
      ...options,
      ruleSet: { ...ruleSet, forbidden: ruleSet.forbidden?.map(reroot) },
      validate: true,
    });
    violations = (output as ICruiseResult).summary.violations;
  }, 60_000);

  it("refuses a cycle made only of type imports", () => {
    expect(found("no-circular", "domain/shared/cycle-a.ts")).toHaveLength(1);
  });

  it("refuses a service that imports Hono", () => {
    expect(found("services-below-doors", "worker/services/shared/imports-hono.ts")).toHaveLength(1);
  });

  it("refuses a feature reaching into another feature's internal/ files", () => {
    expect(found("feature-internals-stay-inside", "worker/services/money/reaches-in.ts")).toHaveLength(1);
    // The feature's own files may.
    expect(violations.filter((v) => v.from.endsWith("uses-own-internal.ts"))).toEqual([]);
  });

  it("refuses a page reaching into a feature's internal/ files", () => {
    expect(found("internals-only-from-features", "app/routes/reaches-in.ts")).toHaveLength(1);
  });
});

// Loading ESLint's configuration (typescript-eslint and its plugins) and the cruise take seconds,
// more while npm test's typecheck, lint and build share the machine: 60 s, not vitest's 5 s.
describe("ESLint (eslint.config.js)", { timeout: 60_000 }, () => {
  // The rules under test read syntax only: skip the type-aware program, which needs real files.
  const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });
  /** Lints a fixture's text as if it were the file at `asPath`: the rule messages it gets. */
  async function lintAs(fixture: string, asPath: string) {
    const [result] = await eslint.lintText(readFileSync(`${FIXTURES}${fixture}`, "utf8"), { filePath: asPath });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  }

  it("refuses a service that imports Hono or a door", async () => {
    const services = /^no-restricted-imports: .*A service serves both doors/;
    expect(await lintAs("worker/services/shared/imports-hono.ts", "worker/services/money/x.ts")).toEqual([
      expect.stringMatching(services),
    ]);
    expect(await lintAs("worker/services/shared/imports-api.ts", "worker/services/money/x.ts")).toEqual([
      expect.stringMatching(services),
    ]);
  });

  it("refuses a service that builds a Response (new Response, Response.json, Response.redirect)", async () => {
    const messages = await lintAs("worker/services/shared/builds-response.ts", "worker/services/money/x.ts");
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(m).toMatch(/^no-restricted-syntax: A service returns data and headers/);
    // A door may.
    expect(await lintAs("worker/services/shared/builds-response.ts", "worker/api/x.ts")).toEqual([]);
  });

  it("refuses console in the Worker and the pages: one logger, logLine (ADR 056)", async () => {
    const printed = [expect.stringMatching(/^no-console: /)];
    expect(await lintAs("app/server/prints.ts", "app/server/x.ts")).toEqual(printed);
    expect(await lintAs("app/server/prints.ts", "worker/services/money/x.ts")).toEqual(printed);
    // The logger itself, and the scripts, may.
    expect(await lintAs("app/server/prints.ts", "worker/observability/log.ts")).toEqual([]);
    expect(await lintAs("app/server/prints.ts", "scripts/x.ts")).toEqual([]);
  });
});
