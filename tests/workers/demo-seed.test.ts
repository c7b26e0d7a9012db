/**
 * The demo seed (db/seed-data.ts, written by scripts/seed.mjs through db/seed-sql.ts
 * `demoStatements`) loaded into the test D1 exactly as the seed writes it: its companies' events
 * (ADR 052) leave every holding marked, paid and summed as the product's approval and `applyEvent`
 * would (tests/workers/kept-aggregates.ts checks the marks, the distributions and every kept sum
 * after the file); the demo investor has gains, losses, payouts and an IRR; a second run of the
 * seed changes nothing; and the company founder reports the next round, which the demo admin
 * approves on top of the seeded history.
 */
import { env } from "cloudflare:workers";
import { demoAdminCode } from "../shared/clients";
import { beforeAll, describe, expect, it } from "vitest";

import { type DemoData, buildDemoData, DEMO_INVESTOR_ID, DEMO_PASSWORD } from "../../db/seed-data";
import { demoStatements } from "../../db/seed-sql";
import { EXIT_KINDS } from "../../domain/money/marking";
import { type CashFlow, irrOf } from "../../domain/money/returns";
import { sectorForCategory } from "../../domain/projects/categories";
import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { hashPassword } from "../../worker/services/accounts/internal/secrets";
import { call, json } from "./helpers";
import { evidence } from "./others-records";

const today = new Date();
const data: DemoData = buildDemoData(today, sectorForCategory);

const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

/** Every statement of the demo, as scripts/seed.mjs writes them (the demo password at the tests' cost). */
async function seedStatements(): Promise<string[]> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return demoStatements({ ...data, users: data.users.map((u) => ({ ...u, passwordHash: hash })) }, EXIT_KINDS);
}

async function seed(): Promise<void> {
  const statements = await seedStatements();
  for (let i = 0; i < statements.length; i += 50) {
    await env.DB.batch(statements.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
  }
}

/** What each company's events leave, from the seed's rows alone: its last mark and the cash per share it paid. */
/** The demo's buyers on the exchange (db/seed-market.ts) who held none of the company's shares from its raise. */
function newHoldersOnTheExchange(projectId: string): number {
  const raised = new Set(data.investments.filter((i) => i.projectId === projectId).map((i) => i.investorId));
  return new Set(data.trades.filter((t) => t.projectId === projectId && !raised.has(t.buyerId)).map((t) => t.buyerId))
    .size;
}

/** What an investor's sales of a company on the demo's exchange paid them (after the fee). */
function soldOnTheExchange(projectId: string, investorId: string): number {
  return data.trades
    .filter((t) => t.projectId === projectId && t.sellerId === investorId)
    .reduce((sum, t) => sum + t.valueCents - t.feeCents, 0);
}

function expectedMarks() {
  const out = new Map<string, { eventId: string; markCents: number; paidCents: number; exited: boolean }>();
  for (const e of data.events) {
    const before = out.get(e.projectId);
    out.set(e.projectId, {
      eventId: e.id,
      markCents: e.markCents!,
      paidCents: (before?.paidCents ?? 0) + (e.proceedsPerShareCents ?? 0),
      exited: EXIT_KINDS.includes(e.kind),
    });
  }
  return out;
}

/** The demo investor's holdings as the seed's rows say they stand. */
function expectedInvestor() {
  const marks = expectedMarks();
  const held = data.investments.filter(
    (i) => i.investorId === DEMO_INVESTOR_ID && (i.status === "active" || i.status === "confirmed"),
  );
  let invested = 0;
  let value = 0;
  let realized = 0;
  for (const i of held) {
    const m = marks.get(i.projectId);
    invested += i.amountCents;
    value += m ? i.shares * m.markCents : i.amountCents;
    realized += m ? i.shares * m.paidCents : 0;
  }
  return { invested, value, realized };
}

beforeAll(seed, 120_000);

describe("the demo seed's company events", () => {
  it("leave every company marked by its latest event, and each of its holders marked and paid by it", async () => {
    const marks = expectedMarks();
    const companies = await all<{
      id: string;
      mark_cents: number;
      mark_event_id: string;
      exited: number;
      conversion: number | null;
    }>(
      `select id, mark_cents, mark_event_id, exited_at is not null exited, conversion_price_cents conversion
       from projects where mark_event_id is not null order by id`,
    );
    expect(companies.map((p) => [p.id, p.mark_event_id, p.mark_cents, p.exited === 1])).toEqual(
      [...marks].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, m]) => [id, m.eventId, m.markCents, m.exited]),
    );
    // the SAFE keeps its conversion price
    const safe = data.events.find((e) => e.conversionPriceCents !== null)!;
    expect(companies.find((p) => p.id === safe.projectId)?.conversion).toBe(safe.conversionPriceCents);

    const wrong = [];
    for (const [projectId, m] of marks) {
      const rows = await all<{
        investor_id: string;
        shares: number;
        value_cents: number;
        realized_cents: number;
        event: string;
      }>(
        `select investor_id, shares, value_cents, realized_cents, mark_event_id event from positions where project_id = ?1`,
        projectId,
      );
      for (const r of rows) {
        if (
          r.event !== m.eventId ||
          r.value_cents !== r.shares * m.markCents ||
          r.realized_cents !== r.shares * m.paidCents + soldOnTheExchange(projectId, r.investor_id)
        ) {
          wrong.push(`${projectId} ${r.investor_id}`);
        }
      }
      expect(rows.length, projectId).toBe(
        (data.events.find((e) => e.projectId === projectId)!.holders ?? 0) + newHoldersOnTheExchange(projectId),
      );
    }
    expect(wrong).toEqual([]);
  });

  it("pays an exit's holders once each, on the event's day", async () => {
    const paid = await all<{ event_id: string; n: number; cents: number; day: number }>(
      `select event_id, count(*) n, sum(amount_cents) cents, min(day) day from distributions group by event_id order by event_id`,
    );
    const exits = data.events.filter((e) => (e.proceedsPerShareCents ?? 0) > 0).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(paid.map((d) => [d.event_id, d.n, d.day])).toEqual(
      exits.map((e) => [e.id, e.holders, Math.floor(Date.parse(`${e.effectiveOn}T00:00:00Z`) / DAY_MS)]),
    );
  });

  it("gives the demo investor gains, losses, payouts and an IRR, in the kept sums too", async () => {
    const expected = expectedInvestor();
    const [held] = await all<{ invested: number; value: number; realized: number }>(
      `select sum(amount_cents) invested, sum(value_cents) value, sum(realized_cents) realized from positions where investor_id = ?1`,
      DEMO_INVESTOR_ID,
    );
    expect(held).toEqual(expected);
    const [flows] = await all<{ invested: number; distributed: number; marked: number }>(
      `select sum(invested_cents) invested, sum(distributed_cents) distributed, sum(marked_cents) marked
       from investor_flows where investor_id = ?1`,
      DEMO_INVESTOR_ID,
    );
    expect(flows).toEqual({
      invested: expected.invested,
      distributed: expected.realized,
      marked: expected.value - expected.invested,
    });
    const best = await all<{ project_id: string; moic: number }>(
      `select project_id, moic from positions where investor_id = ?1 order by moic desc, project_id`,
      DEMO_INVESTOR_ID,
    );
    // Her IRR: each day's money in and out, and what she holds today (domain/money/returns.ts).
    const days = await all<{ day: number; invested: number; distributed: number }>(
      `select day, invested_cents invested, distributed_cents distributed from investor_flows
       where investor_id = ?1 and (invested_cents <> 0 or distributed_cents <> 0) order by day`,
      DEMO_INVESTOR_ID,
    );
    const todayDay = Math.floor(Date.parse(`${isoDay(today.getTime())}T00:00:00Z`) / DAY_MS);
    const cash: CashFlow[] = [
      ...days.map((d) => ({ day: d.day, cents: d.distributed - d.invested })),
      { day: todayDay, cents: expected.value },
    ];
    const irr = irrOf(cash, todayDay);
    console.log(
      `demo investor: invested $${expected.invested / 100}, value $${expected.value / 100}, ` +
        `distributions $${expected.realized / 100}, TVPI ${((expected.value + expected.realized) / expected.invested).toFixed(3)}, ` +
        `IRR ${irr === null ? "-" : `${(irr * 100).toFixed(2)}%`}; holdings by MOIC: ` +
        best.map((b) => `${b.project_id.replace("proj-", "")} ${b.moic.toFixed(2)}`).join(", "),
    );
    expect({
      gains: best.filter((b) => b.moic > 1.5).length >= 2,
      losses: best.filter((b) => b.moic < 1).length >= 2,
      wipedOut: best.some((b) => b.moic < 0.1),
      paid: expected.realized > 0,
      irr: irr !== null && Number.isFinite(irr),
    }).toEqual({ gains: true, losses: true, wipedOut: true, paid: true, irr: true });
  });

  it("changes nothing when the seed runs a second time", async () => {
    const snapshot = () =>
      all(
        `select (select count(*) from distributions) distributions, (select sum(amount_cents) from distributions) paid,
           (select sum(value_cents) from positions) value, (select sum(realized_cents) from positions) realized,
           (select count(*) from valuation_events) events, (select sum(marked_cents) from investor_flows) marked,
           (select sum(distributed_cents) from investor_flows) distributed, (select sum(value_cents) from investor_vintages) vintages,
           (select group_concat(id || ':' || mark_event_id) from projects where mark_event_id is not null) marks,
           (select count(*) from notifications) notifications`,
      );
    const before = await snapshot();
    await seed();
    expect(await snapshot()).toEqual(before);
  });
});

describe("the demo's exchange", () => {
  it("a visitor sees live markets: resting orders on both sides, a few weeks of trades, the demo investor's own order", async () => {
    const list = await json<{ markets: { project: { slug: string }; trades: number }[] }>(await call("/api/markets"));
    expect(
      list.markets
        .filter((m) => m.trades >= 10)
        .map((m) => m.project.slug)
        .sort(),
    ).toEqual(["gigboard", "rentright", "suncanopy", "tutorloop"]);
    const market = await json<{ bids: unknown[]; asks: unknown[]; days: unknown[]; locked: boolean }>(
      await call("/api/markets/tutorloop"),
    );
    expect([market.bids.length, market.asks.length, market.days.length >= 8, market.locked]).toEqual([
      3,
      4,
      true,
      false,
    ]);
    const nadia = await json<{ token: string }>(
      await call("/api/auth/login", { body: { email: "investor@campusfund.dev", password: DEMO_PASSWORD } }),
    );
    const mine = await json<{ viewer: { orders: { side: string; status: string }[]; listed: number } }>(
      await call("/api/markets/tutorloop", { token: nadia.token }),
    );
    expect(mine.viewer.orders.map((o) => [o.side, o.status])).toEqual([["sell", "open"]]);
  });
});

describe("after the seeded history", () => {
  it("the company founder reports the next round and the demo admin approves it: every holder follows", async () => {
    const login = async (email: string) =>
      json<{ token: string; user: { id: string } }>(
        await call("/api/auth/login", { body: { email, password: DEMO_PASSWORD } }),
      );
    const founder = await login("companyfounder@campusfund.dev");
    // The demo admin signs in with two steps (ADR 054): the password, then the README's authenticator's code.
    const step = await call("/api/auth/login", { body: { email: "admin@campusfund.dev", password: DEMO_PASSWORD } });
    expect(step.status).toBe(202);
    const { pendingToken } = await json<{ pendingToken: string }>(step);
    const admin = await json<{ token: string }>(
      await call("/api/auth/login/second-factor", { body: { pendingToken, code: demoAdminCode() } }),
    );
    const seeded = data.events.filter((e) => e.projectId === "proj-tutorloop").at(-1)!;
    const res = await call("/api/projects/proj-tutorloop/events", {
      token: founder.token,
      body: {
        kind: "round",
        effectiveOn: isoDay(today.getTime()),
        pricePerShare: 40,
        preMoneyValuation: 14_000_000,
        roundName: "Series A",
        statement: "TutorLoop closed a $4 million Series A at $40.00 a share.",
        evidence: await evidence(founder.user.id),
      },
    });
    expect(res.status).toBe(201);
    const pending = await json<{ id: string }>(res);
    const approved = await call(`/api/admin/events/${pending.id}/approve`, { method: "POST", token: admin.token });
    expect(approved.status).toBe(200);
    const holders = await all<{ mark_cents: number; event: string }>(
      `select mark_cents, mark_event_id event from positions where project_id = 'proj-tutorloop'`,
    );
    expect(holders.length).toBe((seeded.holders ?? 0) + newHoldersOnTheExchange("proj-tutorloop"));
    expect(new Set(holders.map((h) => `${h.event} ${h.mark_cents}`))).toEqual(new Set([`${pending.id} 4000`]));
  });
});
