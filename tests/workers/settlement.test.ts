/**
 * Raises that end (ADR 043): at its deadline a raise is settled exactly once, all or nothing. The
 * clock is the `now` the settlement is given; the raises are made through the API and their
 * deadline moved into the past in D1 (no door accepts a past deadline).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { NOTIFICATION_TEXT } from "../../domain/conversation/notification-text";
import type { ProjectDTO } from "../../domain/shared/types";
import { CANCEL_MESSAGES } from "../../worker/services/money/cancellations";
import { PURCHASE_MESSAGES } from "../../worker/services/money/purchases";
import { settleDueRaises, settleProject } from "../../worker/services/raises/settlement";
import { call, db, inDays, json, projectBody, signup, submitAndApprove, unique } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";

/** $50 a share, goal $5,000: 100 shares reach it. */
const GOAL_SHARES = 100;

async function liveRaise(fundingGoal = 5_000) {
  const founder = await signup("founder");
  const body = projectBody({ title: `Raise ${unique()}`, fundingGoal, sharePrice: 50, fundingDeadline: inDays(60) });
  const created = await call("/api/projects/create", { body, token: founder.token });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const project = await submitAndApprove<ProjectDTO>((await json<ProjectDTO>(created))._id, founder.token);
  return { founder, project, id: project._id, title: project.title };
}

const purchase = (id: string, token: string, shares: number) =>
  call(`/api/projects/${id}/invest`, {
    body: { shares, sharePrice: 50 },
    token,
    headers: { "Idempotency-Key": unique("k") },
  });

async function buy(id: string, token: string, shares: number): Promise<string> {
  const res = await purchase(id, token, shares);
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  return (await json<{ investment: { _id: string } }>(res)).investment._id;
}

/** The raise's deadline moved to `days` ago (00:00 UTC of that day has passed). */
const endRaise = (id: string, days = 1) =>
  env.DB.prepare("update projects set funding_deadline = ?2 where id = ?1")
    .bind(id, isoDay(Date.now() - days * DAY_MS))
    .run();

const projectRow = (id: string) =>
  env.DB.prepare(
    `select status, shares_sold, funding_current_cents, settled_cents, settled_shares, settled_investors,
       settled_at is not null as settled
     from projects where id = ?`,
  )
    .bind(id)
    .first();

const investmentStatuses = async (id: string) =>
  (
    await env.DB.prepare(
      "select id, status, settled_at is not null as settled from investments where project_id = ? order by id",
    )
      .bind(id)
      .all<{ id: string; status: string; settled: number }>()
  ).results;

const notices = async (projectId: string) =>
  (
    await env.DB.prepare(
      "select user_id, event_key, text, link from notifications where project_id = ? and kind = 'settlement' order by event_key",
    )
      .bind(projectId)
      .all<{ user_id: string; event_key: string; text: string; link: string }>()
  ).results;

/** DESIGN §3 over held investments, for one project. */
const invariants = (id: string) =>
  env.DB.prepare(
    `select p.shares_sold = (select coalesce(sum(shares), 0) from investments where project_id = p.id and held = 1) as shares_ok,
       p.funding_current_cents = (select coalesce(sum(amount_cents), 0) from investments where project_id = p.id and held = 1) as cents_ok,
       p.shares_sold <= p.total_shares as within
     from projects p where p.id = ?`,
  )
    .bind(id)
    .first();

const HOLDS = { shares_ok: 1, cents_ok: 1, within: 1 };

describe("settling a raise at its deadline", () => {
  it("goal reached exactly: Funded, every investment confirmed, the figures kept, each investor and the founder told", async () => {
    const { founder, id, title } = await liveRaise();
    const ana = await signup();
    const ben = await signup();
    const a1 = await buy(id, ana.token, 25);
    const a2 = await buy(id, ana.token, 25);
    const b1 = await buy(id, ben.token, GOAL_SHARES - 50);
    await endRaise(id);

    const report = await settleProject(db(), id);
    expect(report).toEqual({ projectId: id, outcome: "funded", decided: true, investments: 3, batches: 2 });
    expect(await projectRow(id)).toEqual({
      status: "funded",
      shares_sold: 100,
      funding_current_cents: 500_000,
      settled_cents: 500_000,
      settled_shares: 100,
      settled_investors: 2,
      settled: 1,
    });
    expect(await investmentStatuses(id)).toEqual(
      [a1, a2, b1].sort().map((inv) => ({ id: inv, status: "confirmed", settled: 1 })),
    );
    expect(await invariants(id)).toEqual(HOLDS);
    const sent = await notices(id);
    expect(sent).toEqual(
      [
        {
          user_id: founder.user.id,
          event_key: `outcome:${id}`,
          text: NOTIFICATION_TEXT.outcome(title, "funded", 5_000, 2),
          link: "/founder-dashboard",
        },
        ...[
          [ana.user.id, a1, 25],
          [ana.user.id, a2, 25],
          [ben.user.id, b1, 50],
        ].map(([user, inv, shares]) => ({
          user_id: user,
          event_key: `settled:${inv}`,
          text: NOTIFICATION_TEXT.confirmed(title, Number(shares) * 50, Number(shares), 50),
          link: `/portfolio/investments/${inv}`,
        })),
      ].sort((x, y) => x.event_key.localeCompare(y.event_key)),
    );

    // The investor's holdings say Confirmed, no longer cancellable; a cancel is refused.
    const holdings = await json<{ _id: string; status: string; cancellable: boolean }[]>(
      await call(`/api/investments/user/${ana.user.id}`, { token: ana.token }),
    );
    expect(holdings.map((h) => [h.status, h.cancellable])).toEqual([
      ["confirmed", false],
      ["confirmed", false],
    ]);
    const cancel = await call(`/api/investments/${a1}/cancel`, { method: "POST", token: ana.token });
    expect({ status: cancel.status, body: await json(cancel) }).toEqual({
      status: 409,
      body: { success: false, message: CANCEL_MESSAGES.notActive },
    });
  });

  it("goal missed: Closed, every investment returned, the project's figures back to 0 and the committed total kept", async () => {
    const { founder, id, title } = await liveRaise();
    const ana = await signup();
    const a1 = await buy(id, ana.token, 30);
    const before = await json<{ totalInvested: number }>(
      await call("/api/analytics/comprehensive", { method: "POST", body: {}, token: ana.token }),
    );
    expect(before.totalInvested).toBe(1_500);
    await endRaise(id);

    expect(await settleProject(db(), id)).toEqual({
      projectId: id,
      outcome: "closed",
      decided: true,
      investments: 1,
      batches: 2,
    });
    expect(await projectRow(id)).toEqual({
      status: "closed",
      shares_sold: 0,
      funding_current_cents: 0,
      settled_cents: 150_000,
      settled_shares: 30,
      settled_investors: 1,
      settled: 1,
    });
    expect(await investmentStatuses(id)).toEqual([{ id: a1, status: "returned", settled: 1 }]);
    expect(await invariants(id)).toEqual(HOLDS);
    expect((await notices(id)).map((n) => n.text)).toEqual([
      NOTIFICATION_TEXT.outcome(title, "closed", 1_500, 1),
      NOTIFICATION_TEXT.returned(title, 1_500, 30, 50),
    ]);
    expect((await notices(id))[0]!.user_id).toBe(founder.user.id);
    // The portfolio's totals no longer count the returned money.
    const after = await json<{ totalInvested: number }>(
      await call("/api/analytics/comprehensive", { method: "POST", body: {}, token: ana.token }),
    );
    expect(after.totalInvested).toBe(0);
  });

  it("the API names each state with the screens' words, and keeps a closed raise's committed total", async () => {
    const shown = async (id: string) => {
      // Past the visitors' 10-second edge cache, as a reader after the deadline would be.
      const p = await json<ProjectDTO>(await call(`/api/projects/${id}`, { headers: { "Cache-Control": "no-cache" } }));
      return {
        statusLabel: p.statusLabel,
        fundingCurrent: p.fundingCurrent,
        investors: p.investors,
        settlement: p.settlement,
      };
    };
    const missed = await liveRaise();
    const reached = await liveRaise();
    const ana = await signup();
    await buy(missed.id, ana.token, 30);
    await buy(reached.id, ana.token, GOAL_SHARES);
    expect([await shown(missed.id), await shown(reached.id)]).toEqual([
      { statusLabel: "Active", fundingCurrent: 1_500, investors: 1, settlement: null },
      { statusLabel: "Sold Out", fundingCurrent: 5_000, investors: 1, settlement: null },
    ]);
    await endRaise(missed.id);
    await endRaise(reached.id);
    const settledAt = { settledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown as string };
    expect([await shown(missed.id), await shown(reached.id)]).toEqual([
      {
        statusLabel: "Closed (goal not reached)",
        fundingCurrent: 0,
        investors: 0,
        settlement: { outcome: "closed", ...settledAt, amount: 1_500, shares: 30, investors: 1 },
      },
      {
        statusLabel: "Funded",
        fundingCurrent: 5_000,
        investors: 1,
        settlement: { outcome: "funded", ...settledAt, amount: 5_000, shares: 100, investors: 1 },
      },
    ]);
  });

  it("no investments: Closed, and the founder is told nobody had invested", async () => {
    const { id, title } = await liveRaise();
    await endRaise(id);
    expect(await settleProject(db(), id)).toEqual({
      projectId: id,
      outcome: "closed",
      decided: true,
      investments: 0,
      batches: 2,
    });
    expect((await projectRow(id))?.status).toBe("closed");
    expect((await notices(id)).map((n) => n.text)).toEqual([NOTIFICATION_TEXT.outcome(title, "closed", 0, 0)]);
  });

  it("a raise still open is not settled", async () => {
    const { id } = await liveRaise();
    await buy(id, (await signup()).token, 10);
    expect(await settleProject(db(), id)).toBeNull();
    expect((await projectRow(id))?.status).toBe("active");
    expect(await notices(id)).toEqual([]);
  });

  it("settling twice changes nothing the second time", async () => {
    const { id } = await liveRaise();
    await buy(id, (await signup()).token, 10);
    await endRaise(id);
    await settleProject(db(), id);
    const row = await projectRow(id);
    const sent = await notices(id);
    expect(await settleProject(db(), id)).toEqual({
      projectId: id,
      outcome: "closed",
      decided: false,
      investments: 0,
      batches: 2,
    });
    expect({ row: await projectRow(id), sent: await notices(id) }).toEqual({ row, sent });
  });

  it("three settlements at once, two investments a batch: one decision, each of 7 investments settled once", async () => {
    const { id } = await liveRaise();
    for (let i = 0; i < 7; i++) await buy(id, (await signup()).token, 10);
    await endRaise(id);
    const reports = await Promise.all([1, 2, 3].map(() => settleProject(db(), id, Date.now(), 2)));
    expect(reports.filter((r) => r?.decided)).toHaveLength(1);
    expect(reports.reduce((n, r) => n + (r?.investments ?? 0), 0)).toBe(7);
    expect((await investmentStatuses(id)).map((i) => i.status)).toEqual(Array(7).fill("returned"));
    expect(await notices(id)).toHaveLength(8);
    expect(await projectRow(id)).toMatchObject({ shares_sold: 0, funding_current_cents: 0, settled_cents: 350_000 });
    expect(await invariants(id)).toEqual(HOLDS);
  });

  it("a purchase after the deadline is refused, and the request that met the ended raise settled it", async () => {
    const { id } = await liveRaise();
    const ana = await signup();
    const kept = await buy(id, ana.token, 10);
    await endRaise(id, 0);
    const late = await Promise.all([1, 2, 3].map(async () => purchase(id, (await signup()).token, 10)));
    expect(await Promise.all(late.map(async (r) => [r.status, (await json<{ message: string }>(r)).message]))).toEqual(
      Array(3).fill([409, PURCHASE_MESSAGES.closed]),
    );
    expect(await projectRow(id)).toMatchObject({ status: "closed", settled: 1, settled_shares: 10 });
    expect(await investmentStatuses(id)).toEqual([{ id: kept, status: "returned", settled: 1 }]);
    expect(await invariants(id)).toEqual(HOLDS);
  });

  it("the API never shows an ended raise unsettled: reading it settles it", async () => {
    const { id } = await liveRaise();
    await buy(id, (await signup()).token, GOAL_SHARES);
    await endRaise(id);
    const res = await call(`/api/projects/${id}`);
    expect((await json<ProjectDTO>(res)).status).toBe("funded");
    expect((await investmentStatuses(id)).map((i) => i.status)).toEqual(["confirmed"]);
  });

  it("a list never shows an ended raise unsettled: the catalogue's read settles the raises on its page", async () => {
    const { id, title } = await liveRaise();
    await buy(id, (await signup()).token, 30);
    await endRaise(id);
    const res = await call(`/api/projects?q=${encodeURIComponent(title)}`, {
      headers: { "Cache-Control": "no-cache" },
    });
    const listed = (await json<{ projects: ProjectDTO[] }>(res)).projects.map((p) => [
      p.status,
      p.statusLabel,
      p.fundingCurrent,
    ]);
    expect({ listed, investments: (await investmentStatuses(id)).map((i) => i.status) }).toEqual({
      listed: [["closed", "Closed (goal not reached)", 0]],
      investments: ["returned"],
    });
  });

  it("the scheduled job settles the raises whose deadline has come, at most its limit a run, oldest deadline first", async () => {
    const older = await liveRaise();
    const newer = await liveRaise();
    const open = await liveRaise();
    await endRaise(older.id, 400);
    await endRaise(newer.id, 399);
    const first = await settleDueRaises(db(), Date.now(), 1);
    expect(first.map((r) => r.projectId)).toEqual([older.id]);
    const rest = await settleDueRaises(db(), Date.now(), 1000);
    expect(rest.map((r) => r.projectId)).toContain(newer.id);
    expect(rest.map((r) => r.projectId)).not.toContain(open.id);
    expect((await projectRow(open.id))?.status).toBe("active");
  });

  it("the invariant check (run after every test file) sees a settled raise whose figures drift from its investments", async () => {
    const { id } = await liveRaise();
    await buy(id, (await signup()).token, 10);
    await endRaise(id);
    await settleProject(db(), id);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
    await env.DB.prepare("update projects set settled_cents = settled_cents + 1 where id = ?").bind(id).run();
    expect(await keptAggregateProblems(env.DB)).toEqual([expect.stringMatching(/^settled raises' figures/)]);
    await env.DB.prepare("update projects set settled_cents = settled_cents - 1 where id = ?").bind(id).run();
  });
});
