/**
 * The exchange's operations (ADR 053): an admin halts a market with a reason (its open orders
 * cancelled, their shares freed, their owners told; orders refused while halted) and resumes it;
 * the every-10-minutes job expires orders past their 30 days; a fill tells both sides, an expiry
 * and a halt tell the order's owner, in the bell always and by mail to a proved address whose owner
 * did not turn the exchange's mails off. Every refusal answers its message and writes nothing.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { HALT_MESSAGES } from "../../domain/market/halts";
import { MARKET_MESSAGES } from "../../domain/market/market";
import { REASON_MAX } from "../../domain/projects/review";
import { DAY_MS } from "../../domain/shared/dates";
import worker from "../../worker/index";
import { adminSession, call, json, signup, unique, viewerFor } from "./helpers";
import { fundedCompany } from "./others-records";

const order = (company: string, token: string, body: Record<string, unknown>) =>
  call(`/api/markets/${company}/orders`, { token, body, headers: { "Idempotency-Key": unique("o") } });

const halt = (company: string, token: string | undefined, reason?: unknown) =>
  call(`/api/admin/markets/${company}/halt`, { token, body: reason === undefined ? {} : { reason } });
const resume = (company: string, token: string | undefined, reason?: unknown) =>
  call(`/api/admin/markets/${company}/resume`, { token, body: reason === undefined ? {} : { reason } });

const accredited = async (token: string) => {
  const res = await call("/api/users/me/financials", {
    method: "PUT",
    token,
    body: { annualIncome: 300_000, netWorth: 1_500_000, accredited: true, applyLimits: false },
  });
  expect(res.status).toBe(200);
};

const verified = (userId: string) =>
  env.DB.prepare("update users set email_verified_at = created_at where id = ?1").bind(userId).run();

const title = async (id: string) =>
  (await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title"))!;

const marketRow = (id: string) =>
  env.DB.prepare("select status, seq, halt_reason from markets where project_id = ?1")
    .bind(id)
    .first<{ status: string; seq: number; halt_reason: string | null }>();

const reserved = async (project: string, investor: string) =>
  (await env.DB.prepare("select reserved_shares from positions where project_id = ?1 and investor_id = ?2")
    .bind(project, investor)
    .first<number>("reserved_shares"))!;

const marketNotes = async (userId: string) =>
  (
    await env.DB.prepare(
      "select text, link from notifications where user_id = ?1 and kind = 'market' order by created_at, rowid",
    )
      .bind(userId)
      .all<{ text: string; link: string }>()
  ).results;

const slugOf = async (id: string) =>
  (await env.DB.prepare("select slug from projects where id = ?1").bind(id).first<string>("slug"))!;

const marketMails = async (email: string) =>
  (
    await env.DB.prepare("select subject, text from mail_outbox where to_address = ?1 and kind = 'notice-market'")
      .bind(email)
      .all<{ subject: string; text: string }>()
  ).results;

/** A company whose first holder lists 20 shares at $60 (good for 30 days). */
async function listed() {
  const company = await fundedCompany({ holders: 2, shares: 50 });
  const seller = company.investors[0]!;
  const res = await order(company.id, seller.token, { side: "sell", shares: 20, price: 60 });
  expect(res.status).toBe(201);
  const { order: placed } = await json<{ order: { id: string } }>(res);
  return { company, seller, orderId: placed.id };
}

describe("halting and resuming a market", () => {
  it("a halt cancels every open order, frees its shares, moves the book's seq, shows the reason and audits it", async () => {
    const { company, seller, orderId } = await listed();
    const token = await adminSession();
    const admin = await viewerFor(token);
    const before = (await marketRow(company.id))!;
    const res = await halt(company.id, token, "The company reported a data breach.");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      message: HALT_MESSAGES.halted,
      market: expect.objectContaining({
        status: "halted",
        haltReason: "The company reported a data breach.",
        cancelledOrders: 1,
      }),
    });
    const orderRow = await env.DB.prepare("select status, cancel_reason from market_orders where id = ?1")
      .bind(orderId)
      .first();
    const audit = await env.DB.prepare(
      "select action, target_type, target_name, reason from admin_audit where admin_id = ?1 and target_id = ?2 and action = 'halt_market'",
    )
      .bind(admin.id, company.id)
      .all();
    const market = await json<{ status: string; haltReason: string | null }>(await call(`/api/markets/${company.id}`));
    expect({
      order: orderRow,
      reserved: await reserved(company.id, seller.user.id),
      seqMoved: (await marketRow(company.id))!.seq > before.seq,
      market: { status: market.status, haltReason: market.haltReason },
      audit: audit.results,
    }).toEqual({
      order: { status: "cancelled", cancel_reason: "halt" },
      reserved: 0,
      seqMoved: true,
      market: { status: "halted", haltReason: "The company reported a data breach." },
      audit: [
        {
          action: "halt_market",
          target_type: "project",
          target_name: await title(company.id),
          reason: "The company reported a data breach.",
        },
      ],
    });
  });

  it("a halted market refuses an order with the halt's message; resuming reopens it", async () => {
    const { company } = await listed();
    const token = await adminSession();
    await halt(company.id, token, "Pending news.");
    const holder = company.investors[1]!;
    const refused = await order(company.id, holder.token, { side: "sell", shares: 5, price: 70 });
    expect({ status: refused.status, message: (await json<{ message: string }>(refused)).message }).toEqual({
      status: 409,
      message: MARKET_MESSAGES.halted("Pending news."),
    });
    const resumed = await resume(company.id, token, "News published.");
    expect(resumed.status).toBe(200);
    expect(await marketRow(company.id)).toMatchObject({ status: "open", halt_reason: null });
    expect((await order(company.id, holder.token, { side: "sell", shares: 5, price: 70 })).status).toBe(201);
  });

  it("refuses: not an admin 403, unknown 404, no or too long a reason 400, halting twice 409, a closed market 409", async () => {
    const { company } = await listed();
    const token = await adminSession();
    const investor = await signup();
    const statuses = {
      investor: (await halt(company.id, investor.token, "x")).status,
      unknown: (await halt("no-such-company", token, "x")).status,
      noReason: (await halt(company.id, token)).status,
      blank: (await halt(company.id, token, "   ")).status,
      tooLong: (await halt(company.id, token, "x".repeat(REASON_MAX + 1))).status,
      resumeOpen: (await resume(company.id, token, "x")).status,
    };
    const untouched = (await marketRow(company.id))!.status;
    expect((await halt(company.id, token, "First.")).status).toBe(200);
    const twice = await halt(company.id, token, "Second.");
    await env.DB.prepare("update markets set status = 'closed', closed_at = ?2 where project_id = ?1")
      .bind(company.id, Date.now())
      .run();
    const closedHalt = await halt(company.id, token, "x");
    const closedResume = await resume(company.id, token, "x");
    expect({
      statuses,
      untouched,
      twice: [twice.status, (await json<{ message: string }>(twice)).message],
      closed: [closedHalt.status, (await json<{ message: string }>(closedHalt)).message, closedResume.status],
    }).toEqual({
      statuses: { investor: 403, unknown: 404, noReason: 400, blank: 400, tooLong: 400, resumeOpen: 409 },
      untouched: "open",
      twice: [409, HALT_MESSAGES.alreadyHalted],
      closed: [409, HALT_MESSAGES.closed, 409],
    });
  });

  it("tells the owner of each cancelled order, by mail too when their address is proved", async () => {
    const { company, seller } = await listed();
    await verified(seller.user.id);
    await halt(company.id, await adminSession(), "Pending news.");
    expect({
      notes: (await marketNotes(seller.user.id)).map((n) => n.text),
      mails: (await marketMails(seller.user.email)).length,
    }).toEqual({
      notes: [`Trading in “${await title(company.id)}” was halted (“Pending news.”): your open order was canceled`],
      mails: 1,
    });
  });
});

describe("expiry", () => {
  it("the every-10-minutes job expires orders past their 30 days, frees their shares and tells their owners", async () => {
    const { company, seller, orderId } = await listed();
    const before = (await marketRow(company.id))!.seq;
    await env.DB.prepare("update market_orders set expires_at = ?2 where id = ?1")
      .bind(orderId, Date.now() - 1000)
      .run();
    const ctx = createExecutionContext();
    worker.scheduled({ cron: "*/10 * * * *", scheduledTime: Date.now(), noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    const row = await env.DB.prepare("select status from market_orders where id = ?1").bind(orderId).first("status");
    expect({
      status: row,
      reserved: await reserved(company.id, seller.user.id),
      seqMoved: (await marketRow(company.id))!.seq > before,
      notes: (await marketNotes(seller.user.id)).map((n) => n.text),
    }).toEqual({
      status: "expired",
      reserved: 0,
      seqMoved: true,
      notes: [`Your order to sell 20 shares of “${await title(company.id)}” at $60 expired after 30 days`],
    });
  });
});

describe("fill notices", () => {
  it("a trade tells the buyer and the seller what traded, once each per placing, in the bell and by mail", async () => {
    const { company, seller } = await listed();
    // A second resting order of the same seller: the buyer's one placing meets both, one notice to the seller.
    expect((await order(company.id, seller.token, { side: "sell", shares: 10, price: 62 })).status).toBe(201);
    const buyer = await signup();
    await accredited(buyer.token);
    await verified(seller.user.id);
    await verified(buyer.user.id);
    const res = await order(company.id, buyer.token, { side: "buy", shares: 25, price: 62 });
    expect(res.status).toBe(201);
    const name = await title(company.id);
    // 20 × $60 + 5 × $62 = $1,510; the seller's fee 2%: $24 + $6.20 = $30.20.
    expect({
      seller: (await marketNotes(seller.user.id)).map((n) => n.text),
      buyer: (await marketNotes(buyer.user.id)).map((n) => n.text),
      mails: [(await marketMails(seller.user.email)).length, (await marketMails(buyer.user.email)).length],
    }).toEqual({
      seller: [`You sold 25 shares of “${name}” at $60.40 on average on the exchange: $1,479.80 after the $30.20 fee`],
      buyer: [`You bought 25 shares of “${name}” at $60.40 on average on the exchange ($1,510)`],
      mails: [1, 1],
    });
    // Each notice opens the company's Trade tab.
    const trade = `/project/${await slugOf(company.id)}?tab=trade`;
    expect([...(await marketNotes(seller.user.id)), ...(await marketNotes(buyer.user.id))].map((n) => n.link)).toEqual([
      trade,
      trade,
    ]);
  });

  it("mails only a proved address, and not to one who turned the exchange's mails off", async () => {
    const { company, seller } = await listed();
    const buyer = await signup();
    await accredited(buyer.token);
    await verified(buyer.user.id);
    const off = await call("/api/notifications/preferences", {
      method: "PUT",
      token: buyer.token,
      body: { marketMails: false },
    });
    expect(off.status).toBe(200);
    expect((await order(company.id, buyer.token, { side: "buy", shares: 5, price: 60 })).status).toBe(201);
    expect({
      notes: [(await marketNotes(seller.user.id)).length, (await marketNotes(buyer.user.id)).length],
      mails: [(await marketMails(seller.user.email)).length, (await marketMails(buyer.user.email)).length],
    }).toEqual({ notes: [1, 1], mails: [0, 0] });
  });
});

it("an order expired by a later placing in its market also tells its owner", async () => {
  const { company, seller, orderId } = await listed();
  await env.DB.prepare("update market_orders set expires_at = ?2 where id = ?1")
    .bind(orderId, Date.now() - DAY_MS)
    .run();
  const other = company.investors[1]!;
  expect((await order(company.id, other.token, { side: "sell", shares: 5, price: 70 })).status).toBe(201);
  expect((await marketNotes(seller.user.id)).map((n) => [n.text, n.link])).toEqual([
    [
      `Your order to sell 20 shares of “${await title(company.id)}” at $60 expired after 30 days`,
      `/project/${await slugOf(company.id)}?tab=trade`,
    ],
  ]);
});

it("an exit closes the market and tells the owner of each order it cancelled", async () => {
  const { company, seller } = await listed();
  const recorded = await call(`/api/projects/${company.id}/events`, {
    token: await adminSession(),
    body: {
      kind: "acquisition",
      effectiveOn: new Date().toISOString().slice(0, 10),
      pricePerShare: 100,
      statement: "Acquired by Big Campus Co. for $100 a share in cash.",
    },
  });
  expect(recorded.status).toBe(201);
  const notes = (await marketNotes(seller.user.id)).map((n) => n.text);
  expect(notes).toEqual([
    `The market in “${await title(company.id)}” closed when the company exited: your open order was canceled`,
  ]);
});
