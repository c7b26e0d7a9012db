/**
 * The investment limits: the rule at its boundaries (domain/money/reg-cf.ts), the same rule
 * as the purchase guard's SQL, the API (`/api/users/me/financials`, `/api/users/me/limits`), and
 * the purchase service enforcing it inside its atomic write, concurrent purchases included.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import {
  allowanceFor,
  regAPlusLimit,
  regCfLimit,
  regCfLimitCents,
  regAPlusLimitCents,
  type InvestorFigures,
} from "../../domain/money/reg-cf";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { regALimitCentsSql, regCfLimitCentsSql } from "../../worker/services/money/investor-limits";
import { call, insertProject, json, makeAdmin, signup, unique, withPrice } from "./helpers";

const DAY = 86_400_000;

describe("the Reg CF 12-month limit (regCfLimit)", () => {
  const cases: [string, InvestorFigures, number | null][] = [
    ["both exactly $124,000: 10% of the greater", { annualIncome: 124_000, netWorth: 124_000 }, 12_400],
    [
      "income $1 below $124,000: 5% of the greater, at least $2,500",
      { annualIncome: 123_999, netWorth: 500_000 },
      25_000,
    ],
    ["net worth $1 below $124,000: the 5% branch", { annualIncome: 500_000, netWorth: 123_999 }, 25_000],
    ["both above $124,000: 10% of the greater", { annualIncome: 200_000, netWorth: 150_000 }, 20_000],
    ["5% below the floor: the $2,500 floor", { annualIncome: 30_000, netWorth: 10_000 }, 2_500],
    ["5% exactly at the floor", { annualIncome: 50_000, netWorth: 0 }, 2_500],
    ["5% just above the floor", { annualIncome: 50_020, netWorth: 0 }, 2_501],
    ["5% is exact to the cent", { annualIncome: 123_457, netWorth: 0 }, 6_172.85],
    ["10% capped at $124,000", { annualIncome: 2_000_000, netWorth: 5_000_000 }, 124_000],
    ["10% reaching the cap exactly", { annualIncome: 1_240_000, netWorth: 1_240_000 }, 124_000],
    ["nothing declared: the $2,500 floor", {}, 2_500],
    ["one figure declared, the other missing (0): the 5% branch", { annualIncome: 300_000 }, 15_000],
    ["accredited: no limit", { annualIncome: 10_000, netWorth: 0, accredited: true }, null],
  ];
  for (const [name, figures, expected] of cases) {
    it(`${name} → ${expected === null ? "no limit" : `$${expected}`}`, () => {
      expect(regCfLimit(figures)).toBe(expected);
    });
  }
});

describe("the RegA+ per-offering limit (regAPlusLimit)", () => {
  it("10% of the greater of income and net worth", () => {
    expect(regAPlusLimit({ annualIncome: 80_000, netWorth: 20_000 })).toBe(8_000);
  });
  it("has no floor: nothing declared allows nothing", () => {
    expect(regAPlusLimit({})).toBe(0);
  });
  it("has no cap", () => {
    expect(regAPlusLimit({ annualIncome: 0, netWorth: 5_000_000 })).toBe(500_000);
  });
  it("accredited: no limit", () => {
    expect(regAPlusLimit({ annualIncome: 80_000, accredited: true })).toBeNull();
  });
  it("the allowance names the kind, what is left and how to raise it", () => {
    expect(allowanceFor("reg-a", { applyLimits: true }, 0)).toMatchObject({
      kind: "reg-a",
      applied: true,
      limit: 0,
      remaining: 0,
      figuresMissing: true,
    });
  });
});

describe("the guard's SQL computes the same limits as the TypeScript rule", () => {
  const figures: InvestorFigures[] = [
    {},
    { annualIncome: 124_000, netWorth: 124_000 },
    { annualIncome: 123_999, netWorth: 500_000 },
    { annualIncome: 30_000, netWorth: 10_000 },
    { annualIncome: 123_457, netWorth: null },
    { annualIncome: 2_000_000, netWorth: 5_000_000 },
    { annualIncome: 1_240_000, netWorth: 1_240_000 },
    { annualIncome: 10_000_000_000, netWorth: 10_000_000_000 },
    { annualIncome: 500_000, netWorth: 0, accredited: true },
  ];
  it("for every case, Reg CF and RegA+", async () => {
    const dialect = new SQLiteAsyncDialect();
    const regCf = dialect.sqlToQuery(regCfLimitCentsSql("f")).sql;
    const regA = dialect.sqlToQuery(regALimitCentsSql("f")).sql;
    for (const f of figures) {
      const row = await env.DB.prepare(
        `select ${regCf} as cf, ${regA} as a from (select ?1 as annual_income, ?2 as net_worth, ?3 as accredited) f`,
      )
        .bind(f.annualIncome ?? null, f.netWorth ?? null, f.accredited ? 1 : 0)
        .first<{ cf: number | null; a: number | null }>();
      expect(row, JSON.stringify(f)).toEqual({ cf: regCfLimitCents(f), a: regAPlusLimitCents(f) });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// API

type Limits = { limit: number | null; used: number; remaining: number | null; applied: boolean };

const putFinancials = (token: string | undefined, body: unknown) =>
  call("/api/users/me/financials", { method: "PUT", body, token });
const getLimits = async (token: string) => json<Limits>(await call("/api/users/me/limits", { token }));

const buy = async (project: string, token: string, shares: number) =>
  call(`/api/projects/${project}/invest`, {
    method: "POST",
    body: await withPrice(project, { shares }),
    token,
    headers: { "Idempotency-Key": unique("k") },
  });

/** An investment row written straight into D1 (an old purchase, or a cancelled one). */
async function insertInvestment(
  investorId: string,
  project: { id: string; sharePriceCents: number },
  shares: number,
  opts: { createdAt?: number; status?: "active" | "cancelled" } = {},
) {
  const status = opts.status ?? "active";
  await env.DB.prepare(
    `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, created_at, cancelled_at)
     values (?1, ?2, ?3, ?4, ?5, ?4 * ?5, ?6, ?7, ?8, ?9)`,
  )
    .bind(
      unique("inv-"),
      investorId,
      project.id,
      shares,
      project.sharePriceCents,
      status,
      unique("k"),
      opts.createdAt ?? Date.now(),
      status === "cancelled" ? Date.now() : null,
    )
    .run();
}

async function investmentsOf(investorId: string) {
  return (
    await env.DB.prepare(
      "select project_id, shares, amount_cents from investments where investor_id = ? and status = 'active' order by created_at",
    )
      .bind(investorId)
      .all<{ project_id: string; shares: number; amount_cents: number }>()
  ).results;
}

describe("GET /api/users/me/limits and /api/users/me/financials", () => {
  it("a new investor: nothing declared, the $2,500 floor, limits off", async () => {
    const { token } = await signup();
    expect(await getLimits(token)).toEqual({ limit: 2_500, used: 0, remaining: 2_500, applied: false });
    const res = await call("/api/users/me/financials", { token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ annualIncome: null, netWorth: null, accredited: false, applyLimits: false });
  });

  it("PUT saves the figures and answers the new limits; GET reads them back", async () => {
    const { token } = await signup();
    const res = await putFinancials(token, {
      annualIncome: 90_000,
      netWorth: 40_000,
      accredited: false,
      applyLimits: true,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      message: "Your investor information has been saved",
      financials: { annualIncome: 90_000, netWorth: 40_000, accredited: false, applyLimits: true },
      limits: { limit: 4_500, used: 0, remaining: 4_500, applied: true },
    });
    expect(await json(await call("/api/users/me/financials", { token }))).toEqual({
      annualIncome: 90_000,
      netWorth: 40_000,
      accredited: false,
      applyLimits: true,
    });
    expect(await getLimits(token)).toEqual({ limit: 4_500, used: 0, remaining: 4_500, applied: true });
  });

  it("PUT replaces the whole record: keys left out are cleared", async () => {
    const { token } = await signup();
    await putFinancials(token, { annualIncome: 90_000, netWorth: 40_000, accredited: true, applyLimits: true });
    await putFinancials(token, { netWorth: 10_000 });
    expect(await json(await call("/api/users/me/financials", { token }))).toEqual({
      annualIncome: null,
      netWorth: 10_000,
      accredited: false,
      applyLimits: false,
    });
  });

  it("an accredited investor has no limit: limit and remaining are null", async () => {
    const { token } = await signup();
    await putFinancials(token, { annualIncome: 10_000, accredited: true, applyLimits: true });
    expect(await getLimits(token)).toEqual({ limit: null, used: 0, remaining: null, applied: true });
  });

  it("accepts form-style values: '$85,000', 'on' and an empty figure", async () => {
    const { token } = await signup();
    const res = await putFinancials(token, {
      annualIncome: "$85,000",
      netWorth: "",
      accredited: "on",
      applyLimits: "true",
    });
    expect(res.status).toBe(200);
    expect((await json<{ financials: unknown }>(res)).financials).toEqual({
      annualIncome: 85_000,
      netWorth: null,
      accredited: true,
      applyLimits: true,
    });
  });

  it("refuses bad figures with 400, every field's message at once, and writes nothing", async () => {
    const { token, user } = await signup();
    const res = await putFinancials(token, {
      annualIncome: -5,
      netWorth: 1.5,
      accredited: "maybe",
      applyLimits: 2,
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      message: "Please fix the 4 validation errors highlighted below",
      errors: {
        annualIncome: "Annual income cannot be negative",
        netWorth: "Net worth must be a whole number of dollars, like 85000",
        accredited: "accredited must be true or false",
        applyLimits: "applyLimits must be true or false",
      },
    });
    const rows = await env.DB.prepare("select count(*) as n from investor_financials where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  for (const [value, message] of [
    ["abc", "Annual income must be a whole number of dollars, like 85000"],
    [10_000_000_001, "Annual income must be at most $10,000,000,000"],
    [{ n: 1 }, "Annual income must be a whole number of dollars, like 85000"],
    ["1e5", "Annual income must be a whole number of dollars, like 85000"],
  ] as const) {
    it(`refuses annualIncome=${JSON.stringify(value)}: '${message}'`, async () => {
      const { token } = await signup();
      const res = await putFinancials(token, { annualIncome: value });
      expect(res.status).toBe(400);
      expect((await json<{ errors: Record<string, string> }>(res)).errors).toEqual({ annualIncome: message });
    });
  }

  it("a body that is not JSON: 400 with a message", async () => {
    const { token } = await signup();
    const res = await putFinancials(token, "{not json");
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: "Request body is not valid JSON" });
  });

  it("requires a signed-in user: 401 'Authentication required' on every route", async () => {
    for (const [path, method] of [
      ["/api/users/me/limits", "GET"],
      ["/api/users/me/financials", "GET"],
      ["/api/users/me/financials", "PUT"],
    ] as const) {
      const res = await call(path, { method, body: method === "PUT" ? { annualIncome: 1 } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await json(res)).toMatchObject({ message: "Authentication required" });
    }
  });

  it("a founder gets 403 with the founders' message, and nothing is written", async () => {
    const { token, user } = await signup("founder");
    for (const [path, method] of [
      ["/api/users/me/limits", "GET"],
      ["/api/users/me/financials", "GET"],
      ["/api/users/me/financials", "PUT"],
    ] as const) {
      const res = await call(path, { method, token, body: method === "PUT" ? { annualIncome: 1 } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await json(res)).toMatchObject({
        message:
          "As a founder, you cannot invest in projects, so investment limits do not apply to you. Please sign in with an investor account to make investments.",
      });
    }
    const rows = await env.DB.prepare("select count(*) as n from investor_financials where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("an admin has figures and limits of their own", async () => {
    const { token, user } = await signup();
    await makeAdmin(user.id);
    expect((await putFinancials(token, { annualIncome: 200_000, netWorth: 200_000, applyLimits: true })).status).toBe(
      200,
    );
    expect(await getLimits(token)).toEqual({ limit: 20_000, used: 0, remaining: 20_000, applied: true });
  });

  it("used: active RegCF and SAFE investments of the last 365 days; not RegA+, not cancelled, not older", async () => {
    const { token, user } = await signup();
    const regCf = await insertProject({ regulationType: "RegCF" });
    const safe = await insertProject({ regulationType: "SAFE" });
    const regA = await insertProject({ regulationType: "RegA+" });
    await insertInvestment(user.id, regCf, 30); // $300
    await insertInvestment(user.id, safe, 12); // $120
    await insertInvestment(user.id, regA, 50); // RegA+: not Reg CF
    await insertInvestment(user.id, regCf, 70, { status: "cancelled" }); // cancelled: gives its room back
    await insertInvestment(user.id, regCf, 90, { createdAt: Date.now() - 366 * DAY }); // outside the window
    await insertInvestment(user.id, safe, 5, { createdAt: Date.now() - 364 * DAY }); // inside: $50
    expect(await getLimits(token)).toEqual({ limit: 2_500, used: 470, remaining: 2_030, applied: false });
  });
});

// ---------------------------------------------------------------------------------------------
// enforcement in the purchase

const NO_FIGURES_HINT =
  "You have not declared your annual income and net worth, so the $2,500 minimum limit applies. Add them in Settings, Investor Information, to raise your limit.";

async function investorWithLimits(body: Record<string, unknown> = { applyLimits: true }) {
  const account = await signup();
  const res = await putFinancials(account.token, body);
  if (res.status !== 200) throw new Error(`saving financials failed: ${res.status}`);
  return account;
}

describe("the purchase enforces the limit (switch on)", () => {
  it("allows a purchase that reaches the limit exactly", async () => {
    const project = await insertProject(); // $10 a share, RegCF
    const { token, user } = await investorWithLimits();
    const res = await buy(project.id, token, 250); // $2,500
    expect(res.status).toBe(201);
    expect(await investmentsOf(user.id)).toEqual([{ project_id: project.id, shares: 250, amount_cents: 250_000 }]);
    expect(await getLimits(token)).toEqual({ limit: 2_500, used: 2_500, remaining: 0, applied: true });
  });

  it("refuses a purchase above the limit with how much is left, and buys nothing", async () => {
    const project = await insertProject();
    const { token, user } = await investorWithLimits();
    const res = await buy(project.id, token, 251); // $2,510
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      success: false,
      message: `You can invest up to $2,500 more in Reg CF offerings in the next 12 months. ${NO_FIGURES_HINT}`,
    });
    expect(await investmentsOf(user.id)).toEqual([]);
    const p = await env.DB.prepare("select shares_sold, funding_current_cents from projects where id = ?")
      .bind(project.id)
      .first();
    expect(p).toEqual({ shares_sold: 0, funding_current_cents: 0 });
  });

  it("counts purchases across offerings: after $2,000 elsewhere, $510 is refused with '$500 more'", async () => {
    const [a, b] = [await insertProject(), await insertProject({ regulationType: "SAFE" })];
    const { token } = await investorWithLimits({ annualIncome: 20_000, netWorth: 5_000, applyLimits: true });
    expect((await buy(a.id, token, 200)).status).toBe(201);
    const res = await buy(b.id, token, 51);
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(
      "You can invest up to $500 more in Reg CF offerings in the next 12 months. Your limit grows with the annual income and net worth you declare in Settings, Investor Information; accredited investors have no limit.",
    );
  });

  it("with nothing left: '$0 more' and how to raise the limit", async () => {
    const project = await insertProject();
    const { token } = await investorWithLimits();
    await buy(project.id, token, 250);
    const res = await buy(project.id, token, 10);
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(
      `You can invest up to $0 more in Reg CF offerings in the next 12 months. ${NO_FIGURES_HINT}`,
    );
  });

  it("an investment older than 365 days no longer counts", async () => {
    const project = await insertProject();
    const { token, user } = await investorWithLimits();
    await insertInvestment(user.id, project, 240, { createdAt: Date.now() - 366 * DAY }); // $2,400, old
    expect((await buy(project.id, token, 250)).status).toBe(201);
  });

  it("an investment of 364 days ago still counts", async () => {
    const project = await insertProject();
    const { token, user } = await investorWithLimits();
    await insertInvestment(user.id, project, 240, { createdAt: Date.now() - 364 * DAY }); // $2,400
    const res = await buy(project.id, token, 11);
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toContain("You can invest up to $100 more");
  });

  it("a cancelled investment gives its room back", async () => {
    const project = await insertProject();
    const { token, user } = await investorWithLimits();
    await insertInvestment(user.id, project, 250, { status: "cancelled" });
    expect((await buy(project.id, token, 250)).status).toBe(201);
  });

  it("switch off (the default): no limit", async () => {
    const project = await insertProject();
    const { token } = await investorWithLimits({ applyLimits: false });
    expect((await buy(project.id, token, 900)).status).toBe(201); // $9,000
  });

  it("no saved figures at all: no limit", async () => {
    const project = await insertProject();
    const { token } = await signup();
    expect((await buy(project.id, token, 900)).status).toBe(201);
  });

  it("accredited with the switch on: no limit", async () => {
    const project = await insertProject();
    const { token } = await investorWithLimits({ accredited: true, applyLimits: true });
    expect((await buy(project.id, token, 900)).status).toBe(201);
  });

  it("RegA+: at most 10% of the greater figure per offering, naming the offering", async () => {
    const [a, b] = [await insertProject({ regulationType: "RegA+" }), await insertProject({ regulationType: "RegA+" })];
    const { token, user } = await investorWithLimits({ annualIncome: 50_000, netWorth: 20_000, applyLimits: true });
    expect((await buy(a.id, token, 500)).status).toBe(201); // $5,000: all of A's room
    const refused = await buy(a.id, token, 10); // $100, the minimum
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe(
      `You can invest up to $0 more in ${a.title} (a RegA+ offering). RegA+ offerings take at most 10% of the greater of your annual income and net worth per offering (Settings, Investor Information).`,
    );
    expect((await buy(b.id, token, 500)).status).toBe(201); // another offering: its own $5,000
    // RegA+ purchases do not count toward Reg CF
    expect(await getLimits(token)).toMatchObject({ used: 0, remaining: 2_500 });
    expect((await investmentsOf(user.id)).map((i) => i.amount_cents)).toEqual([500_000, 500_000]);
  });

  it("RegA+ with nothing declared: nothing can be bought, and the investor is told to fill in the figures", async () => {
    const project = await insertProject({ regulationType: "RegA+" });
    const { token } = await investorWithLimits();
    const res = await buy(project.id, token, 10);
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(
      "Declare your income or net worth to see your Reg A+ limit. RegA+ offerings take at most 10% of the greater of your annual income and net worth: add them in Settings, Investor Information, to invest.",
    );
  });
});

describe("concurrent purchases cannot together exceed the limit", () => {
  it("limit $2,500, five concurrent $1,000 purchases of one offering: exactly 2 succeed", async () => {
    const project = await insertProject();
    const { token, user } = await investorWithLimits();
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(project.id, token, 100)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect((await json<{ message: string }>(r)).message).toBe(
        `You can invest up to $500 more in Reg CF offerings in the next 12 months. ${NO_FIGURES_HINT}`,
      );
    }
    expect(await investmentsOf(user.id)).toEqual([
      { project_id: project.id, shares: 100, amount_cents: 100_000 },
      { project_id: project.id, shares: 100, amount_cents: 100_000 },
    ]);
    const p = await env.DB.prepare("select shares_sold, funding_current_cents from projects where id = ?")
      .bind(project.id)
      .first();
    expect(p).toEqual({ shares_sold: 200, funding_current_cents: 200_000 });
  });

  it("five concurrent $1,000 purchases in five different offerings: exactly 2 succeed", async () => {
    const list = await Promise.all(Array.from({ length: 5 }, () => insertProject()));
    const { token, user } = await investorWithLimits();
    const results = await Promise.all(list.map((p) => buy(p.id, token, 100)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const held = await investmentsOf(user.id);
    expect(held.reduce((s, i) => s + i.amount_cents, 0)).toBe(200_000);
    const sold = await env.DB.prepare(
      `select coalesce(sum(shares_sold), 0) as n from projects where id in (${list.map(() => "?").join(",")})`,
    )
      .bind(...list.map((p) => p.id))
      .first<{ n: number }>();
    expect(sold!.n).toBe(200);
  });

  it("RegA+: five concurrent $2,000 purchases under a $5,000 per-offering limit: exactly 2 succeed", async () => {
    const project = await insertProject({ regulationType: "RegA+" });
    const { token, user } = await investorWithLimits({ annualIncome: 50_000, applyLimits: true });
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(project.id, token, 200)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect((await investmentsOf(user.id)).map((i) => i.amount_cents)).toEqual([200_000, 200_000]);
  });
});
