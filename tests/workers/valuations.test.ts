/**
 * What happens to a company after its raise (ADR 052), through the API: a founder's report waits
 * for review and marks nobody; an admin's approval marks every holder at the event's price and
 * tells them; an acquisition pays every holder once and closes the holding, even with appliers
 * running at once; a SAFE converts at the first priced round; every refusal of the form and the
 * roles answers its message and changes nothing. (The kept sums, the marks and the distributions
 * are checked after the file by tests/workers/kept-aggregates.ts.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { EVENT_MESSAGES } from "../../domain/money/valuation";
import { isoDay } from "../../domain/shared/dates";
import type { ProjectDTO } from "../../domain/shared/types";
import { statementLineTitle } from "../../domain/money/portfolio-account";
import { readPortfolio } from "../../worker/services/money/holdings";
import { taxStatementDownload } from "../../worker/services/money/statement";
import { applyEvent } from "../../worker/services/money/valuations";
import { portfolioInsights } from "../../worker/services/money/analytics";
import type { PortfolioFacts } from "../../worker/ai/facts";
import {
  adminSession,
  call,
  db,
  inDays,
  json,
  makeAdmin,
  projectBody,
  signup,
  submitAndApprove,
  unique,
  viewerFor,
} from "./helpers";
import { evidence, fundedCompany } from "./others-records";

const report = (id: string, token: string | undefined, body: Record<string, unknown>) =>
  call(`/api/projects/${id}/events`, { body, token });

const round = (ev: string, overrides: Record<string, unknown> = {}) => ({
  kind: "round",
  effectiveOn: isoDay(Date.now()),
  pricePerShare: 75,
  preMoneyValuation: 8_000_000,
  roundName: "Seed",
  statement: "We closed a seed round led by Dorm Ventures at $75 a share.",
  evidence: ev,
  ...overrides,
});

const titleOf = async (id: string) =>
  (await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title"))!;

const positions = async (id: string) =>
  (
    await env.DB.prepare(
      "select investor_id, value_cents, realized_cents, mark_cents from positions where project_id = ?1 order by investor_id",
    )
      .bind(id)
      .all<{ investor_id: string; value_cents: number; realized_cents: number; mark_cents: number | null }>()
  ).results;

describe("a founder reports, an admin reviews", () => {
  it("a report waits for review, is not public, and changes nobody's holding", async () => {
    const { founder, id } = await fundedCompany();
    const res = await report(id, founder.token, round(await evidence(founder.user.id)));
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ status: "pending", kind: "round", pricePerShare: 75, mark: null });
    expect((await positions(id)).map((p) => [p.value_cents, p.mark_cents])).toEqual([
      [250_000, null],
      [250_000, null],
    ]);
    const seen = await json<{ events: unknown[] }>(await call(`/api/projects/${id}/events`));
    expect(seen.events).toEqual([]);
  });

  it("approved, every holder is marked at the round's price and told, and the admin's act is on the record", async () => {
    const { founder, id, investors } = await fundedCompany();
    const pending = await json<{ id: string }>(await report(id, founder.token, round(await evidence(founder.user.id))));
    const admin = await adminSession();
    const res = await call(`/api/admin/events/${pending.id}/approve`, { method: "POST", token: admin });
    expect(res.status).toBe(200);
    const approved = await json<{ status: string; mark: number; appliedAt: string | null }>(res);
    expect([approved.status, approved.mark, approved.appliedAt !== null]).toEqual(["approved", 75, true]);
    expect((await positions(id)).map((p) => [p.value_cents, p.mark_cents])).toEqual([
      [375_000, 7_500],
      [375_000, 7_500],
    ]);
    const notices = await env.DB.prepare(
      "select user_id, text from notifications where kind = 'valuation' and project_id = ?1 order by user_id",
    )
      .bind(id)
      .all<{ user_id: string; text: string }>();
    expect(notices.results.map((n) => n.user_id)).toEqual(investors.map((i) => i.user.id).sort());
    expect(notices.results[0]!.text).toMatch(
      /closed a priced round: your 50 shares are now valued at \$3,750 \(\$75 a share\)$/,
    );
    const audit = await env.DB.prepare(
      "select count(*) as n from admin_audit where action = 'approve_event' and target_id = ?1",
    )
      .bind(id)
      .first<number>("n");
    expect(audit).toBe(1);
  });

  it("two admins approving one acquisition at once: one approval, one 409, each holder paid once, one audit row", async () => {
    const { founder, id } = await fundedCompany();
    const pending = await json<{ id: string }>(
      await report(id, founder.token, {
        kind: "acquisition",
        effectiveOn: isoDay(Date.now()),
        pricePerShare: 90,
        statement: "Acquired by Big Campus Co. for $90 a share.",
        evidence: await evidence(founder.user.id),
      }),
    );
    const other = await signup();
    await makeAdmin(other.user.id);
    const admins = [await adminSession(), other.token];
    const statuses = (
      await Promise.all(
        admins.map((token) => call(`/api/admin/events/${pending.id}/approve`, { method: "POST", token })),
      )
    ).map((r) => r.status);
    const paid = await env.DB.prepare(
      "select count(*) as n, sum(amount_cents) as cents from distributions where project_id = ?1",
    )
      .bind(id)
      .first();
    const audits = await env.DB.prepare(
      "select count(*) as n from admin_audit where action = 'approve_event' and target_id = ?1",
    )
      .bind(id)
      .first<number>("n");
    expect([statuses.sort(), paid, audits]).toEqual([[200, 409], { n: 2, cents: 2 * 50 * 9_000 }, 1]);
  });

  it("sent back with a note, nothing changes and the founder may report again", async () => {
    const { founder, id } = await fundedCompany();
    const ev = await evidence(founder.user.id);
    const pending = await json<{ id: string }>(await report(id, founder.token, round(ev)));
    const admin = await adminSession();
    const res = await call(`/api/admin/events/${pending.id}/request-changes`, {
      token: admin,
      body: { reason: "Attach the signed term sheet." },
    });
    expect(await json(res)).toMatchObject({ status: "changes_requested", reviewNote: "Attach the signed term sheet." });
    expect((await positions(id)).map((p) => p.mark_cents)).toEqual([null, null]);
    expect((await report(id, founder.token, round(ev))).status).toBe(201);
  });

  it("a note over 1,000 characters is refused with the note's own limit, and the report still waits", async () => {
    const { founder, id } = await fundedCompany();
    const pending = await json<{ id: string }>(await report(id, founder.token, round(await evidence(founder.user.id))));
    const res = await call(`/api/admin/events/${pending.id}/request-changes`, {
      token: await adminSession(),
      body: { reason: "x".repeat(1_001) },
    });
    const status = await env.DB.prepare("select status from valuation_events where id = ?1")
      .bind(pending.id)
      .first<string>("status");
    expect([res.status, (await json<{ errors: Record<string, string> }>(res)).errors, status]).toEqual([
      400,
      { reason: "The note must be at most 1,000 characters" },
      "pending",
    ]);
  });

  it("a missing or too long note is a 400 even once the report was withdrawn; a good note is then a 409", async () => {
    const { founder, id } = await fundedCompany();
    const pending = await json<{ id: string }>(await report(id, founder.token, round(await evidence(founder.user.id))));
    const withdrawn = await call(`/api/projects/${id}/events/withdraw`, { method: "POST", token: founder.token });
    const token = await adminSession();
    const send = (body: unknown) => call(`/api/admin/events/${pending.id}/request-changes`, { token, body });
    const answer = async (res: Response) => [res.status, (await json(res)).message];
    expect([
      withdrawn.status,
      await answer(await send({ reason: " " })),
      await answer(await send({ reason: "x".repeat(1_001) })),
      await answer(await send({ reason: "Attach the signed term sheet." })),
    ]).toEqual([
      200,
      [400, EVENT_MESSAGES.reviewNoteRequired],
      [400, EVENT_MESSAGES.reviewNoteTooLong],
      [409, EVENT_MESSAGES.notPending],
    ]);
  });
});

describe("exits", () => {
  it("an acquisition pays every holder price × shares once, closes the holding, and nothing is reported after it", async () => {
    const { founder, id, investors } = await fundedCompany();
    const admin = await adminSession();
    const res = await report(id, admin, {
      kind: "acquisition",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 100,
      statement: "Acquired by Big Campus Co. for $100 a share in cash.",
    });
    expect(res.status).toBe(201);
    const paid = await env.DB.prepare(
      "select investor_id, shares, amount_cents from distributions where project_id = ?1 order by investor_id",
    )
      .bind(id)
      .all();
    expect(paid.results).toEqual(
      investors
        .map((i) => ({ investor_id: i.user.id, shares: 50, amount_cents: 500_000 }))
        .sort((a, b) => a.investor_id.localeCompare(b.investor_id)),
    );
    expect((await positions(id)).map((p) => [p.value_cents, p.realized_cents])).toEqual([
      [0, 500_000],
      [0, 500_000],
    ]);
    const after = await report(id, founder.token, round(await evidence(founder.user.id)));
    expect([after.status, (await json<{ message: string }>(after)).message]).toEqual([409, EVENT_MESSAGES.exited]);
  });

  it("appliers running at once pay each holder exactly once", async () => {
    const { id, investors } = await fundedCompany({ holders: 7, shares: 20 });
    const eventId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `insert into valuation_events (id, project_id, kind, status, effective_on, price_cents, statement, mark_cents,
           proceeds_per_share_cents, created_at, reviewed_at)
         values (?1, ?2, 'acquisition', 'approved', ?3, 12345, 'Acquired.', 0, 12345, ?4, ?4)`,
      ).bind(eventId, id, isoDay(now), now),
      env.DB.prepare(
        "update projects set mark_cents = 0, mark_event_id = ?1, marked_on = ?2, exited_at = ?3 where id = ?4",
      ).bind(eventId, isoDay(now), now, id),
    ]);
    const runs = await Promise.all([1, 2, 3].map(() => applyEvent(db(), eventId, now, 2)));
    expect(runs.reduce((n, r) => n + r.holders, 0)).toBe(7);
    const paid = await env.DB.prepare(
      "select count(*) as n, sum(amount_cents) as cents from distributions where event_id = ?1",
    )
      .bind(eventId)
      .first();
    expect(paid).toEqual({ n: investors.length, cents: 7 * 20 * 12_345 });
  });

  it("a shutdown without proceeds values every holding at $0 and pays nothing", async () => {
    const { id } = await fundedCompany();
    const admin = await adminSession();
    await report(id, admin, {
      kind: "shutdown",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 0,
      statement: "The company wound down; nothing was left for shareholders.",
    });
    expect((await positions(id)).map((p) => [p.value_cents, p.realized_cents])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

describe("a SAFE", () => {
  it("converts at the first priced round at the lower of the discount and the cap, then follows each round's price", async () => {
    const { id } = await fundedCompany({ overrides: { regulationType: "SAFE" } });
    // A $1,000,000 cap; the round is priced at $2 a share on a $4,000,000 pre-money valuation:
    // the cap gives 0.25 × $2 = $0.50 (below the 20 % discount's $1.60), so a $50 unit is 100 shares.
    await env.DB.prepare("update projects set valuation_cents = 100000000 where id = ?1").bind(id).run();
    const admin = await adminSession();
    const first = await json<{ mark: number; conversionPrice: number }>(
      await report(id, admin, { ...round(""), pricePerShare: 2, preMoneyValuation: 4_000_000, evidence: "" }),
    );
    expect([first.mark, first.conversionPrice]).toEqual([200, 0.5]);
    const second = await json<{ mark: number }>(
      await report(id, admin, { ...round(""), pricePerShare: 3, preMoneyValuation: 20_000_000, evidence: "" }),
    );
    expect(second.mark).toBe(300);
  });
});

describe("refusals answer their message and change nothing", () => {
  it.each([
    ["a write-down from a founder", { kind: "write_down", pricePerShare: 10 }, "kind", EVENT_MESSAGES.kindFounder],
    ["no evidence", { evidence: "" }, "evidence", EVENT_MESSAGES.evidenceRequired],
    [
      "evidence that is not an uploaded PDF",
      { evidence: "https://example.com/x.pdf" },
      "evidence",
      EVENT_MESSAGES.evidenceInvalid,
    ],
    ["a date in the future", { effectiveOn: inDays(3) }, "effectiveOn", EVENT_MESSAGES.dateFuture],
    [
      "a date before the raise was funded",
      { effectiveOn: inDays(-30) },
      "effectiveOn",
      EVENT_MESSAGES.dateBeforeRaise(isoDay(Date.now() - 1000)),
    ],
    ["a date that is not one", { effectiveOn: "2026-02-30" }, "effectiveOn", EVENT_MESSAGES.dateInvalid],
    [
      "a round without its pre-money valuation",
      { preMoneyValuation: "" },
      "preMoneyValuation",
      EVENT_MESSAGES.preMoneyRequired,
    ],
    ["a round without its price", { pricePerShare: "" }, "pricePerShare", EVENT_MESSAGES.priceRequired.round],
    ["a negative price", { pricePerShare: -5 }, "pricePerShare", EVENT_MESSAGES.priceNegative],
    ["a price in fractions of a cent", { pricePerShare: 1.005 }, "pricePerShare", EVENT_MESSAGES.priceInvalid],
    ["no statement", { statement: "  " }, "statement", EVENT_MESSAGES.statementRequired],
    ["an unknown kind", { kind: "ipo" }, "kind", EVENT_MESSAGES.kindRequired],
  ])("%s: 400 on the field", async (_name, change, field, message) => {
    const { founder, id } = await fundedCompany({ holders: 1 });
    const res = await report(id, founder.token, round(await evidence(founder.user.id), change));
    const body = await json<{ errors: Record<string, string> }>(res);
    expect([res.status, body.errors[field]]).toEqual([400, message]);
    const n = await env.DB.prepare("select count(*) as n from valuation_events where project_id = ?1")
      .bind(id)
      .first<number>("n");
    expect(n).toBe(0);
  });

  it("someone else's PDF is not evidence", async () => {
    const { founder, id } = await fundedCompany({ holders: 1 });
    const other = await signup("founder");
    const res = await report(id, founder.token, round(await evidence(other.user.id)));
    expect((await json<{ errors: Record<string, string> }>(res)).errors.evidence).toBe(EVENT_MESSAGES.evidenceInvalid);
  });

  it("a second report while one waits: 409", async () => {
    const { founder, id } = await fundedCompany({ holders: 1 });
    const ev = await evidence(founder.user.id);
    await report(id, founder.token, round(ev));
    const res = await report(id, founder.token, round(ev));
    expect([res.status, (await json<{ message: string }>(res)).message]).toEqual([409, EVENT_MESSAGES.pendingExists]);
  });

  it("a raise still open has no events: 409", async () => {
    const founder = await signup("founder");
    const created = await json<ProjectDTO>(
      await call("/api/projects/create", { body: projectBody({ title: `Open ${unique()}` }), token: founder.token }),
    );
    const project = await submitAndApprove<ProjectDTO>(created._id, founder.token);
    const res = await report(project._id, founder.token, round(await evidence(founder.user.id)));
    expect([res.status, (await json<{ message: string }>(res)).message]).toEqual([409, EVENT_MESSAGES.notFunded]);
  });

  it("an investor may not report (403), a visitor must sign in (401), only admins review (403)", async () => {
    const { founder, id, investors } = await fundedCompany({ holders: 1 });
    const body = round(await evidence(founder.user.id));
    const pending = await json<{ id: string }>(await report(id, founder.token, body));
    const statuses = [
      (await report(id, investors[0]!.token, body)).status,
      (await report(id, undefined, body)).status,
      (await call(`/api/admin/events/${pending.id}/approve`, { method: "POST", token: founder.token })).status,
      (await call("/api/admin/events", { token: investors[0]!.token })).status,
    ];
    expect(statuses).toEqual([403, 401, 403, 403]);
  });

  it("a write-down must value a share below its mark", async () => {
    const { id } = await fundedCompany({ holders: 1 });
    const admin = await adminSession();
    const res = await report(id, admin, {
      kind: "write_down",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 60,
      statement: "Revenue fell short of plan.",
    });
    expect((await json<{ errors: Record<string, string> }>(res)).errors.pricePerShare).toBe(
      EVENT_MESSAGES.writeDownNotLower,
    );
  });
});

describe("honest returns: one set of figures for the portfolio, the holding and the API", () => {
  const performance = async (userId: string, token: string) =>
    json<Record<string, unknown>>(await call(`/api/investments/user/${userId}/performance`, { token }));
  const holdings = async (userId: string, token: string) =>
    json<Record<string, unknown>[]>(await call(`/api/investments/user/${userId}`, { token }));

  it("after a round up, the holding and the portfolio show its value, gain and multiple, and no IRR under a year", async () => {
    const { id, investors } = await fundedCompany({ holders: 2 });
    await report(id, await adminSession(), { ...round(""), evidence: "" });
    const me = investors[0]!;
    const [holding] = await holdings(me.user.id, me.token);
    expect(holding).toMatchObject({ currentValue: 3_750, gain: 1_250, moic: 1.5, irr: null, exit: null });
    expect(await performance(me.user.id, me.token)).toMatchObject({
      invested: 2_500,
      value: 3_750,
      realized: 0,
      gain: 1_250,
      tvpi: 1.5,
      dpi: 0,
      irr: null,
    });
  });

  it("two years after the purchase, the IRR is the XIRR of the flows: 1.5× over 730 days is 22.47% a year", async () => {
    const { id, investors } = await fundedCompany({ holders: 2 });
    await env.DB.prepare("update investments set created_at = created_at - ?2 where project_id = ?1")
      .bind(id, 730 * 86_400_000)
      .run();
    await report(id, await adminSession(), { ...round(""), evidence: "" });
    const me = investors[0]!;
    const perf = await performance(me.user.id, me.token);
    expect(Number((perf.irr as number).toFixed(4))).toBe(0.2247);
    const [holding] = await holdings(me.user.id, me.token);
    expect(Number((holding!.irr as number).toFixed(4))).toBe(0.2247);
  });

  it("after an acquisition, the proceeds are realized: value $0, DPI 2.00, the best holding named", async () => {
    const { id, investors } = await fundedCompany({ holders: 2 });
    await report(id, await adminSession(), {
      kind: "acquisition",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 100,
      statement: "Acquired for $100 a share.",
    });
    const me = investors[0]!;
    const perf = await performance(me.user.id, me.token);
    expect([
      perf.value,
      perf.realized,
      perf.dpi,
      perf.tvpi,
      (perf.best as { projectId: string }[])[0]?.projectId,
    ]).toEqual([0, 5_000, 2, 2, id]);
    const [holding] = await holdings(me.user.id, me.token);
    expect(holding).toMatchObject({ currentValue: 0, realized: 5_000, gain: 2_500, moic: 2, exit: "acquired" });
  });

  it("someone else's performance: 403", async () => {
    const { investors } = await fundedCompany({ holders: 2 });
    const res = await call(`/api/investments/user/${investors[0]!.user.id}/performance`, {
      token: investors[1]!.token,
    });
    expect(res.status).toBe(403);
  });
});

describe("the statement and the tax lines", () => {
  it("an acquisition's payout is a statement line on the event's day, and the running total keeps what was invested", async () => {
    const { id, investors } = await fundedCompany({ holders: 2 });
    await report(id, await adminSession(), {
      kind: "acquisition",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 100,
      statement: "Acquired for $100 a share.",
    });
    const me = investors[0]!;
    const read = await readPortfolio(db(), await viewerFor(me.token), me.user.id, { statement: { page: 1 } });
    const [paid, bought] = read.statement!.rows;
    expect([paid, bought].map((r) => [statementLineTitle(r!), r!.amount, r!.runningTotal])).toEqual([
      [`Paid: ${await titleOf(id)} was acquired`, 5_000, 2_500],
      [await titleOf(id), 2_500, 2_500],
    ]);
  });

  it("the year's tax lines carry each payout's cost basis and realized gain", async () => {
    const acquired = await fundedCompany({ holders: 1 });
    const admin = await adminSession();
    await report(acquired.id, admin, {
      kind: "acquisition",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 80,
      statement: "Acquired for $80 a share.",
    });
    const me = acquired.investors[0]!;
    const csv = await new Response(
      taxStatementDownload(env.DB, me.user.id, new Date().getUTCFullYear(), true).body,
    ).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.slice(-3)).toEqual([
      `${isoDay(Date.now())},${await titleOf(acquired.id)},Distribution (acquisition),-100,-8000.00,5000.00,3000.00`,
      `,Net invested in ${new Date().getUTCFullYear()},,,5000.00,,`,
      `,Realized gains and losses in ${new Date().getUTCFullYear()},,,,,3000.00`,
    ]);
  });

  it("a shutdown that paid nothing is a realized loss of the holding's cost", async () => {
    const { id, investors } = await fundedCompany({ holders: 1 });
    await report(id, await adminSession(), {
      kind: "shutdown",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 0,
      statement: "Wound down; nothing was left for shareholders.",
    });
    const me = investors[0]!;
    const csv = await new Response(
      taxStatementDownload(env.DB, me.user.id, new Date().getUTCFullYear(), true).body,
    ).text();
    expect(csv.trim().split(/\r?\n/).at(-1)).toBe(
      `,Realized gains and losses in ${new Date().getUTCFullYear()},,,,,-5000.00`,
    );
  });
});

describe("the AI insights work from the marks", () => {
  it("are told the value, the concentration by value and what moved it", async () => {
    const me = await signup();
    const a = await fundedCompany({ holders: 2, buyers: [me] });
    await fundedCompany({ holders: 2, buyers: [me] });
    await report(a.id, await adminSession(), { ...round(""), pricePerShare: 150, evidence: "" });
    let prompt = "";
    const ai = {
      run: async (_model: string, request: { messages: { role: string; content: string }[] }) => {
        prompt = request.messages.find((m) => m.role === "user")!.content;
        throw new Error("offline");
      },
    } as unknown as Ai;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const answer = await portfolioInsights(db(), ai, await viewerFor(me.token));
    const facts = JSON.parse(prompt.slice(prompt.indexOf("{"), prompt.lastIndexOf("}") + 1)) as PortfolioFacts;
    expect([
      answer.source,
      facts.concentration.largestPositionShare,
      facts.value?.currentValue,
      facts.value?.largestByValue?.project,
      facts.value?.drivers[0]?.multiple,
    ]).toEqual(["fallback", "75%", "$10,000", await titleOf(a.id), "3.00×"]);
  });
});

describe("your data", () => {
  it("Download my data lists each payout with its cost basis", async () => {
    const { id, investors } = await fundedCompany({ holders: 1 });
    await report(id, await adminSession(), {
      kind: "acquisition",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 80,
      statement: "Acquired for $80 a share.",
    });
    const data = await json<{ payouts: Record<string, unknown>[] }>(
      await call("/api/me/export", { token: investors[0]!.token }),
    );
    expect(data.payouts.map((p) => [p.project, p.event, p.shares, p.costBasis, p.amount])).toEqual([
      [await titleOf(id), "acquisition", 100, 5_000, 8_000],
    ]);
  });
});
