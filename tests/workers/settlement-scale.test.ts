/**
 * A raise with 10,000 investments settles within D1's limits (ADR 043): bounded batches, each
 * investment exactly once, the invariants holding at the end. Prints the time and the statements
 * sent, for the issue's note; the assertions are about what was settled, not about speed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { SETTLE_CHUNK, settleProject } from "../../worker/services/raises/settlement";
import { db, insertProject, signup } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { bulkInvestments, bulkUsers } from "./scale";

const INVESTMENTS = 10_000;
const INVESTORS = 1_000;

/** An ended raise with 10,000 investments by 1,000 investors; its figures their sums. */
async function endedRaise(prefix: string, goalCents: number) {
  const founder = await signup("founder");
  const project = await insertProject({
    founderId: founder.user.id,
    sharePriceCents: 1_000,
    totalShares: 100_000,
    fundingGoalCents: goalCents,
    fundingDeadline: isoDay(Date.now() - DAY_MS),
  });
  await bulkUsers(`${prefix}u`, INVESTORS);
  // Proved addresses: each investment's settlement also writes its mail.
  await env.DB.prepare("update users set email_verified_at = 1 where id like ?1 || '%'").bind(`${prefix}u`).run();
  await bulkInvestments(`${prefix}i`, project.id, `${prefix}u`, INVESTORS, INVESTMENTS);
  await env.DB.prepare(
    `update projects set shares_sold = s.shares, funding_current_cents = s.cents
     from (select sum(shares) as shares, sum(amount_cents) as cents from investments where project_id = ?1) s
     where id = ?1`,
  )
    .bind(project.id)
    .run();
  return project.id;
}

const mailCount = async (prefix: string) =>
  (await env.DB.prepare(
    `select count(*) as n from mail_outbox where kind = 'notice-settled' and to_address like ?1 || '%'`,
  )
    .bind(`${prefix.toLowerCase()}u`)
    .first<{ n: number }>())!.n;

const statusCounts = async (id: string) =>
  (
    await env.DB.prepare(
      `select status, count(*) as n, count(settled_at) as settled from investments where project_id = ? group by status`,
    )
      .bind(id)
      .all()
  ).results;

const noticeCount = async (id: string) =>
  (await env.DB.prepare(`select count(*) as n from notifications where project_id = ? and kind = 'settlement'`)
    .bind(id)
    .first<{ n: number }>())!.n;

describe("settling a raise with 10,000 investments", () => {
  it.each([
    ["missed its goal: every investment returned", "closed", 100_000_000, "returned", 4],
    ["reached its goal: every investment confirmed", "funded", 500_000, "confirmed", 3],
  ] as const)("%s", async (_name, outcome, goalCents, status, perBatch) => {
    const id = await endedRaise(outcome[0]!, goalCents);
    const started = performance.now();
    const report = await settleProject(db(), id);
    const ms = performance.now() - started;
    const batches = Math.ceil(INVESTMENTS / SETTLE_CHUNK) + 1; // the last full chunk is followed by an empty one
    expect(report).toEqual({ projectId: id, outcome, decided: true, investments: INVESTMENTS, batches: batches + 1 });
    expect(await statusCounts(id)).toEqual([{ status, n: INVESTMENTS, settled: INVESTMENTS }]);
    expect(await noticeCount(id)).toBe(INVESTMENTS + 1);
    expect(await mailCount(outcome[0]!)).toBe(INVESTMENTS);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
    const statements = 3 + batches * perBatch;
    console.log(
      `settlement of ${INVESTMENTS} investments (${outcome}): ${ms.toFixed(0)} ms, ${batches + 1} batches, ${statements} statements`,
    );
  });
});
