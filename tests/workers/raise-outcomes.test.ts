/**
 * What an investor sees after a raise ends (ADR 043), read through `readPortfolio` and the
 * statement's CSV chunks with a controllable clock: a returned investment gives a return line on
 * the day its raise settled (distinct from a cancellation's refund), "Invested so far" and every
 * total drop it, and the AI insights' cache key (the holdings hash) is the same as if it had never
 * been made. The statement's statements read on an index.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { demoAccountOf, statementLineTitle, statementLineType } from "../../domain/money/portfolio-account";
import { holdingsHash } from "../../worker/ai/facts";
import { readPortfolio } from "../../worker/services/money/holdings";
import { settleProject } from "../../worker/services/raises/settlement";
import { statementChunk, statementPageStatement, statementYearsStatement } from "../../worker/services/money/statement";
import { call, db, insertProject, recordPurchase, signup } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { fullScans } from "./query-plans";

/** The settlement's clock: a fixed instant after every test raise's deadline. */
const NOW = Date.UTC(2026, 10, 20, 0, 5);
const DEADLINE = isoDay(NOW - DAY_MS);
const BOUGHT = NOW - 10 * DAY_MS;

const viewer = (user: { id: string; email: string }) => ({ ...user, role: "investor" as const }) as never;

/** A raise that ended yesterday ($10 a share), with `shares` bought by the investor before it did. */
async function endedRaise(investorId: string, shares: number, goalCents: number, title: string, at = BOUGHT) {
  const project = await insertProject({
    title,
    fundingDeadline: DEADLINE,
    fundingGoalCents: goalCents,
    totalShares: 5_000,
  });
  const id = await recordPurchase(project.id, investorId, shares, at);
  return { project, id };
}

/** An investor holding a confirmed $5,000 (a funded raise, goal $5,000) and a $250 (a raise that will close below its goal), settled at NOW. */
async function investorWithOutcomes() {
  const investor = await signup();
  const uid = investor.user.id;
  const funded = await endedRaise(uid, 500, 500_000, "Funded Raise");
  const closed = await endedRaise(uid, 25, 1_000_000, "Closed Raise", BOUGHT + 3_600_000);
  return { investor, uid, funded, closed };
}

describe("a returned investment in the portfolio and the demo statement", () => {
  it("the statement shows its return on the day the raise settled, and the totals drop it", async () => {
    const { investor, uid, funded, closed } = await investorWithOutcomes();
    const before = await readPortfolio(db(), viewer(investor.user), uid, { summary: true, now: NOW });
    expect(before.summary!.cents).toBe(525_000);

    expect((await settleProject(db(), funded.project.id, NOW))?.outcome ?? null).toBe("funded");
    expect((await settleProject(db(), closed.project.id, NOW))?.outcome ?? null).toBe("closed");

    const read = await readPortfolio(db(), viewer(investor.user), uid, {
      rows: { page: 1 },
      summary: true,
      statement: { page: 1 },
      years: true,
      now: NOW,
    });
    // Only the confirmed $5,000 is held: the totals, the account's "Invested so far", the count.
    expect([read.summary!.cents, read.summary!.count, read.summary!.shares]).toEqual([500_000, 1, 500]);
    expect(demoAccountOf(read.summary!).invested).toBe(5_000);
    // Both are still listed, with their statuses.
    expect(Object.fromEntries(read.page!.investments.map((i) => [i.projectTitle, i.status]))).toEqual({
      "Funded Raise": "confirmed",
      "Closed Raise": "returned",
    });
    // Three lines: two purchases and the return, newest first; the running total ends at what is held.
    const lines = read.statement!.rows;
    expect(read.statement!.total).toBe(3);
    expect(lines[0]).toEqual({
      key: `${closed.id}-returned`,
      at: new Date(NOW).toISOString(),
      projectTitle: "Closed Raise",
      shares: 25,
      refund: true,
      returned: true,
      distribution: null,
      trade: null,
      costBasis: null,
      amount: 250,
      runningTotal: 5_000,
    });
    expect(lines.slice(1).map((l) => [l.returned, l.refund, l.amount])).toEqual([
      [false, false, 250],
      [false, false, 5_000],
    ]);
    expect(lines[0]!.runningTotal).toBe(demoAccountOf(read.summary!).invested);
    expect([statementLineTitle(lines[0]!), statementLineType(lines[0]!)]).toEqual([
      "Returned: Closed Raise closed below its goal",
      "Returned (goal not reached)",
    ]);
    expect(read.years).toEqual([2026]);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
  });

  it("the yearly CSV's chunks carry the return line after its purchase, in date order", async () => {
    const { uid, funded, closed } = await investorWithOutcomes();
    await settleProject(db(), funded.project.id, NOW);
    await settleProject(db(), closed.project.id, NOW);
    const { lines, next } = await statementChunk(env.DB, uid, 2026, null);
    expect(next).toBeNull();
    expect(lines.map((l) => [l.key, statementLineType(l)])).toEqual([
      [expect.stringMatching(/^inv-/), "Purchase"],
      [expect.stringMatching(/^inv-/), "Purchase"],
      [`${closed.id}-returned`, "Returned (goal not reached)"],
    ]);
  });

  it("a canceled investment's refund and a returned one's return are told apart", async () => {
    const investor = await signup();
    const open = await insertProject({ title: "Open Raise" });
    const bought = await call(`/api/projects/${open.id}/invest`, {
      method: "POST",
      body: { shares: 10, sharePrice: 10 },
      token: investor.token,
      headers: { "Idempotency-Key": `k-${open.id}` },
    });
    expect(bought.status).toBe(201);
    const id = (await bought.json<{ investment: { _id: string } }>()).investment._id;
    expect((await call(`/api/investments/${id}/cancel`, { method: "POST", token: investor.token })).status).toBe(200);
    const closed = await endedRaise(investor.user.id, 25, 1_000_000, "Closed Raise");
    await settleProject(db(), closed.project.id, NOW);
    const read = await readPortfolio(db(), viewer(investor.user), investor.user.id, {
      statement: { page: 1 },
      now: NOW,
    });
    const byKey = Object.fromEntries(read.statement!.rows.map((l) => [l.key, statementLineTitle(l)]));
    expect(byKey[`${id}-cancelled`]).toBe("Open Raise (canceled, refunded)");
    expect(byKey[`${closed.id}-returned`]).toBe("Returned: Closed Raise closed below its goal");
  });
});

describe("held-only totals", () => {
  it("a returned investment changes no total and not the insights' cache key", async () => {
    const investor = await signup();
    const uid = investor.user.id;
    const funded = await endedRaise(uid, 500, 500_000, "Funded Raise");
    await settleProject(db(), funded.project.id, NOW);
    const held = await readPortfolio(db(), viewer(investor.user), uid, { summary: true, now: NOW });

    const closed = await endedRaise(uid, 25, 1_000_000, "Closed Raise", BOUGHT + 3_600_000);
    await settleProject(db(), closed.project.id, NOW);
    const after = await readPortfolio(db(), viewer(investor.user), uid, { summary: true, now: NOW });

    expect(after.summary).toEqual(held.summary);
    expect(after.valueCents).toBe(held.valueCents);
    expect(await holdingsHash(after.summary!)).toBe(await holdingsHash(held.summary!));
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
  });
});

describe("the statement's statements with returns, on an index", () => {
  it("EXPLAIN QUERY PLAN reads each of the three kinds of line on investments_investor_recent_idx", async () => {
    const { uid, closed } = await investorWithOutcomes();
    await settleProject(db(), closed.project.id, NOW);
    // A D1 that remembers each statement's SQL and bindings as it is bound.
    const seen: [string, unknown[]][] = [];
    const recording = {
      prepare: (sql: string) => ({
        bind: (...args: unknown[]) => {
          seen.push([sql, args]);
          return env.DB.prepare(sql).bind(...args);
        },
      }),
    } as unknown as D1Database;
    statementPageStatement(recording, uid, 1);
    statementYearsStatement(recording, uid);
    await statementChunk(recording, uid, 2026, null);
    expect(seen).toHaveLength(3);
    for (const [sql, args] of seen) {
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...args)
          .all<{ detail: string }>()
      ).results;
      expect(fullScans(sql, plan)).toEqual([]);
      // The purchases, the refunds and the returns: one search of the investor's range each.
      const searches = plan.filter((r) =>
        /^SEARCH i USING INDEX investments_investor_recent_idx \(investor_id=\?/.test(r.detail),
      );
      expect(searches.length).toBeGreaterThanOrEqual(3);
    }
  });
});
