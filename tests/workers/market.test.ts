/**
 * The Campus Exchange (ADR 053) through its API: a holder lists shares, a buyer the transfer rule
 * allows takes them (an accredited investor or the company within the year, anyone after it), the
 * seller pays the fee, the cap table follows; a sell order reserves its shares, also against orders
 * sent at once; an acquisition closes the market; every refusal answers its message and writes
 * nothing. (Every kept sum, reservation and trade invariant is checked after the file by
 * tests/workers/kept-aggregates.ts.)
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MARKET_MESSAGES, OPEN_ORDERS_MAX } from "../../domain/market/market";
import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { statementLineTitle } from "../../domain/money/portfolio-account";
import { QUEUE_STALLED_MS, serialized } from "../../worker/services/market/queue";
import { readPortfolio } from "../../worker/services/money/holdings";
import { taxStatementDownload } from "../../worker/services/money/statement";
import { adminSession, call, db, json, projectBody, signup, submitAndApprove, unique, viewerFor } from "./helpers";
import { fundedCompany } from "./others-records";

type Placed = {
  success: true;
  message: string;
  replayed: boolean;
  order: { id: string; status: string; remaining: number; filled: number };
  fills: { shares: number; price: number; value: number; fee: number }[];
};

const order = (company: string, token: string | undefined, body: Record<string, unknown>, key = unique("o")) =>
  call(`/api/markets/${company}/orders`, { token, body, headers: { "Idempotency-Key": key } });

const accredited = async (token: string) => {
  const res = await call("/api/users/me/financials", {
    method: "PUT",
    token,
    body: { annualIncome: 300_000, netWorth: 1_500_000, accredited: true, applyLimits: false },
  });
  expect(res.status).toBe(200);
};

/** Moves a company's settlement back past the transfer rule's year (its shares trade freely). */
const yearAgo = (id: string) =>
  env.DB.prepare("update projects set settled_at = ?2 where id = ?1")
    .bind(id, Date.now() - 400 * DAY_MS)
    .run();

const position = (project: string, investor: string) =>
  env.DB.prepare(
    "select shares, reserved_shares, amount_cents, cost_out_cents, value_cents, realized_cents from positions where project_id = ?1 and investor_id = ?2",
  )
    .bind(project, investor)
    .first<{
      shares: number;
      reserved_shares: number;
      amount_cents: number;
      cost_out_cents: number;
      value_cents: number;
      realized_cents: number;
    }>();

const counts = async (project: string) =>
  env.DB.prepare(
    "select (select count(*) from market_orders where project_id = ?1) as orders, (select count(*) from trades where project_id = ?1) as trades",
  )
    .bind(project)
    .first<{ orders: number; trades: number }>();

describe("a market opens when a raise is funded", () => {
  it("a funded company's market is listed and shows the valuation apart from the (absent) last trade", async () => {
    const company = await fundedCompany();
    const list = await json<{ markets: { project: { id: string } }[] }>(await call("/api/markets"));
    expect(list.markets.map((m) => m.project.id)).toContain(company.id);
    const market = await json<Record<string, unknown>>(await call(`/api/markets/${company.id}`));
    expect(market).toMatchObject({
      status: "open",
      lastPrice: null,
      locked: true,
      freeOn: anniversary(Date.now() - 1000),
      valuation: { price: 50, atCost: true, on: null },
      bids: [],
      asks: [],
    });
  });

  it("a raise still open has no market: an order is a 409 and nothing is written", async () => {
    const founder = await signup("founder");
    const created = await json<{ _id: string }>(
      await call("/api/projects/create", { token: founder.token, body: projectBody({ title: `Open ${unique()}` }) }),
    );
    const live = await submitAndApprove<{ _id: string }>(created._id, founder.token);
    const investor = await signup();
    const res = await order(live._id, investor.token, { side: "buy", shares: 1, price: 10 });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(MARKET_MESSAGES.notTrading);
    expect((await call(`/api/markets/${live._id}`)).status).toBe(404);
  });
});

describe("the one-year transfer rule", () => {
  it("within the year a buyer who is not accredited is refused with the rule and the date", async () => {
    const company = await fundedCompany();
    const buyer = await signup();
    const res = await order(company.id, buyer.token, { side: "buy", shares: 5, price: 50 });
    expect(res.status).toBe(403);
    const body = await json<{ message: string }>(res);
    const market = await json<{ freeOn: string }>(await call(`/api/markets/${company.id}`));
    expect(body.message).toBe(MARKET_MESSAGES.locked(market.freeOn));
    expect(await counts(company.id)).toEqual({ orders: 0, trades: 0 });
  });

  it("within the year an accredited investor buys a holder's listed shares; the seller pays the fee", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [seller] = company.investors;
    const listed = await order(company.id, seller!.token, { side: "sell", shares: 20, price: 60 });
    expect(listed.status).toBe(201);
    expect((await json<Placed>(listed)).order).toMatchObject({ status: "open", remaining: 20, filled: 0 });
    expect(await position(company.id, seller!.user.id)).toMatchObject({ shares: 50, reserved_shares: 20 });

    const buyer = await signup();
    await accredited(buyer.token);
    const res = await order(company.id, buyer.token, { side: "buy", shares: 15, price: 65 });
    expect(res.status).toBe(201);
    const placed = await json<Placed>(res);
    // At the resting order's price: 15 × $60 = $900; the seller's fee is 2%, $18.
    expect(placed.fills).toEqual([{ tradeId: expect.any(String), shares: 15, price: 60, value: 900, fee: 0 }]);
    expect(placed.order).toMatchObject({ status: "filled", remaining: 0, filled: 15 });
    expect(placed.message).toBe("You bought 15 shares at $60 ($900).");

    expect(await position(company.id, seller!.user.id)).toEqual({
      shares: 35,
      reserved_shares: 5,
      amount_cents: 250_000,
      cost_out_cents: 75_000, // 15 of 50 shares bought at $50
      value_cents: 175_000, // at cost: 35 × $50
      realized_cents: 88_200, // $900 less the $18 fee
    });
    expect(await position(company.id, buyer.user.id)).toEqual({
      shares: 15,
      reserved_shares: 0,
      amount_cents: 90_000,
      cost_out_cents: 0,
      value_cents: 90_000,
      realized_cents: 0,
    });
    const trade = await env.DB.prepare(
      "select value_cents, fee_cents, seller_cost_cents from trades where project_id = ?1",
    )
      .bind(company.id)
      .first();
    expect(trade).toEqual({ value_cents: 90_000, fee_cents: 1_800, seller_cost_cents: 75_000 });
    const market = await json<Record<string, unknown>>(
      await call(`/api/markets/${company.id}`, { token: buyer.token }),
    );
    expect(market).toMatchObject({
      lastPrice: 60,
      today: { shares: 15, value: 900, trades: 1 },
      asks: [{ price: 60, shares: 5, orders: 1 }],
      valuation: { price: 50, atCost: true },
      viewer: { shares: 15, listed: 0, accredited: true },
    });
    // The cap table: three holders now.
    const count = await env.DB.prepare("select investor_count from projects where id = ?1").bind(company.id).first();
    expect(count).toEqual({ investor_count: 3 });
  });

  it("within the year the founder buys back for the company: the shares go to its treasury", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [seller] = company.investors;
    expect((await order(company.id, seller!.token, { side: "sell", shares: 100, price: 40 })).status).toBe(201);
    const res = await order(company.id, company.founder.token, { side: "buy", shares: 100, price: 40 });
    expect(res.status).toBe(201);
    expect((await json<Placed>(res)).message).toBe("The company bought back 100 shares at $40 ($4,000).");
    const market = await env.DB.prepare("select treasury_shares from markets where project_id = ?1")
      .bind(company.id)
      .first();
    expect(market).toEqual({ treasury_shares: 100 });
    // The seller sold out: they leave the cap table, their loss realized ($4,000 less $80 against $5,000).
    expect(await position(company.id, seller!.user.id)).toMatchObject({
      shares: 0,
      value_cents: 0,
      realized_cents: 392_000,
    });
    const count = await env.DB.prepare("select investor_count from projects where id = ?1").bind(company.id).first();
    expect(count).toEqual({ investor_count: 0 });
  });

  it("after the year anyone may buy", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    await yearAgo(company.id);
    expect((await order(company.id, company.investors[0]!.token, { side: "sell", shares: 10, price: 55 })).status).toBe(
      201,
    );
    const buyer = await signup();
    const res = await order(company.id, buyer.token, { side: "buy", shares: 10, price: 55 });
    expect(res.status).toBe(201);
    expect((await json<Placed>(res)).fills.map((f) => f.shares)).toEqual([10]);
  });
});

describe("matching through the API", () => {
  it("a buy takes the cheapest asks first, the earlier of equal prices first, and rests the rest", async () => {
    const company = await fundedCompany({ holders: 4, shares: 25 });
    await yearAgo(company.id);
    const [a, b, c] = company.investors;
    await order(company.id, a!.token, { side: "sell", shares: 5, price: 52 });
    await order(company.id, b!.token, { side: "sell", shares: 5, price: 51 });
    await order(company.id, c!.token, { side: "sell", shares: 5, price: 51 });
    const buyer = await signup();
    const res = await order(company.id, buyer.token, { side: "buy", shares: 20, price: 52 });
    const placed = await json<Placed>(res);
    expect(placed.fills.map((f) => [f.shares, f.price])).toEqual([
      [5, 51],
      [5, 51],
      [5, 52],
    ]);
    expect(placed.order).toMatchObject({ status: "open", remaining: 5, filled: 15 });
    const sellers = await env.DB.prepare("select seller_id from trades where project_id = ?1 order by rowid")
      .bind(company.id)
      .all<{ seller_id: string }>();
    expect(sellers.results.map((r) => r.seller_id)).toEqual([b!.user.id, c!.user.id, a!.user.id]);
    const market = await json<{ bids: unknown[]; asks: unknown[] }>(await call(`/api/markets/${company.id}`));
    expect(market).toMatchObject({ bids: [{ price: 52, shares: 5, orders: 1 }], asks: [] });
  });

  it("an order that would trade with the trader's own is refused and writes nothing", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    await yearAgo(company.id);
    const [holder] = company.investors;
    await order(company.id, holder!.token, { side: "sell", shares: 10, price: 50 });
    const res = await order(company.id, holder!.token, { side: "buy", shares: 5, price: 55 });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(MARKET_MESSAGES.selfTrade("buy", 5000));
    expect(await counts(company.id)).toEqual({ orders: 1, trades: 0 });
  });

  it("a retried key answers the original order; the same key for another order is a 409", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [holder] = company.investors;
    const key = unique("retry");
    const first = await order(company.id, holder!.token, { side: "sell", shares: 10, price: 70 }, key);
    expect(first.status).toBe(201);
    const again = await order(company.id, holder!.token, { side: "sell", shares: 10, price: 70 }, key);
    expect(again.status).toBe(200);
    expect(await json<Placed>(again)).toMatchObject({
      replayed: true,
      order: { id: (await json<Placed>(first)).order.id },
    });
    const other = await order(company.id, holder!.token, { side: "sell", shares: 11, price: 70 }, key);
    expect(other.status).toBe(409);
    expect((await json<{ message: string }>(other)).message).toBe(MARKET_MESSAGES.keyReused);
    expect(await counts(company.id)).toEqual({ orders: 1, trades: 0 });
  });
});

describe("one market's orders in one isolate", () => {
  // The runtime cancels a request whose caller went away, and its promises never settle: the load
  // test (tests/app/market-load.test.ts) saw every later order of the market then hang (a 500).
  it("an order whose request never finishes holds the next one back only for a while", async () => {
    const market = unique("market");
    void serialized(market, () => new Promise<never>(() => {}));
    const started = Date.now();
    expect(await serialized(market, async () => "placed")).toBe("placed");
    expect(Date.now() - started).toBeLessThan(QUEUE_STALLED_MS + 1_000);
  });
});

describe("a sell order reserves its shares", () => {
  it("a holder cannot list more than they hold, counting what is already listed", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [holder] = company.investors;
    expect((await order(company.id, holder!.token, { side: "sell", shares: 70, price: 60 })).status).toBe(201);
    const res = await order(company.id, holder!.token, { side: "sell", shares: 31, price: 61 });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(MARKET_MESSAGES.notEnoughShares(30));
    const stranger = await signup();
    const none = await order(company.id, stranger.token, { side: "sell", shares: 1, price: 61 });
    expect(none.status).toBe(409);
    expect((await json<{ message: string }>(none)).message).toBe(MARKET_MESSAGES.notHolder);
    expect(await position(company.id, holder!.user.id)).toMatchObject({ shares: 100, reserved_shares: 70 });
  });

  it("ten sell orders for all of a holding sent at once: exactly one is placed", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [holder] = company.investors;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        order(company.id, holder!.token, { side: "sell", shares: 100, price: 60 + i }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await position(company.id, holder!.user.id)).toMatchObject({ shares: 100, reserved_shares: 100 });
  });

  it("twenty buyers at once for ten listed shares: ten shares trade, never more", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    await yearAgo(company.id);
    const [holder] = company.investors;
    await order(company.id, holder!.token, { side: "sell", shares: 10, price: 50 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signup()));
    const answers = await Promise.all(
      buyers.map((b) => order(company.id, b.token, { side: "buy", shares: 3, price: 50 })),
    );
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const traded = await env.DB.prepare(
      "select sum(shares) as shares, count(*) as trades from trades where project_id = ?1",
    )
      .bind(company.id)
      .first();
    expect(traded).toEqual({ shares: 10, trades: 4 });
    expect(await position(company.id, holder!.user.id)).toMatchObject({ shares: 90, reserved_shares: 0 });
  });

  it("cancelling frees the shares; cancelling again answers the same; another's order is a 403", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [holder, other] = company.investors;
    const placed = await json<Placed>(await order(company.id, holder!.token, { side: "sell", shares: 50, price: 60 }));
    const byOther = await call(`/api/orders/${placed.order.id}/cancel`, { token: other!.token, body: {} });
    expect(byOther.status).toBe(403);
    const res = await call(`/api/orders/${placed.order.id}/cancel`, { token: holder!.token, body: {} });
    expect(res.status).toBe(200);
    expect((await json<{ order: { status: string } }>(res)).order.status).toBe("cancelled");
    expect(await position(company.id, holder!.user.id)).toMatchObject({ reserved_shares: 0 });
    const again = await call(`/api/orders/${placed.order.id}/cancel`, { token: holder!.token, body: {} });
    expect(again.status).toBe(200);
  });

  it(`a trader has at most ${OPEN_ORDERS_MAX} open orders in a market`, async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [holder] = company.investors;
    for (let i = 0; i < OPEN_ORDERS_MAX; i++) {
      expect((await order(company.id, holder!.token, { side: "sell", shares: 1, price: 60 + i })).status).toBe(201);
    }
    const res = await order(company.id, holder!.token, { side: "sell", shares: 1, price: 90 });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(MARKET_MESSAGES.tooManyOpen);
  });
});

describe("who may trade", () => {
  it("a founder may not sell, nor buy another company's shares", async () => {
    const company = await fundedCompany({ holders: 1 });
    const other = await fundedCompany({ holders: 1 });
    const sell = await order(company.id, company.founder.token, { side: "sell", shares: 1, price: 50 });
    expect(sell.status).toBe(403);
    expect((await json<{ message: string }>(sell)).message).toBe(MARKET_MESSAGES.founderSells);
    const buy = await order(other.id, company.founder.token, { side: "buy", shares: 1, price: 50 });
    expect(buy.status).toBe(403);
    expect((await json<{ message: string }>(buy)).message).toBe(MARKET_MESSAGES.founderBuysOther);
  });

  it("without a session: 401; bad fields: 400 with each field's message; an unknown company: 404", async () => {
    const company = await fundedCompany({ holders: 1 });
    const [holder] = company.investors;
    expect((await order(company.id, undefined, { side: "buy", shares: 1, price: 50 })).status).toBe(401);
    const bad = await order(company.id, holder!.token, { side: "hold", shares: 1.5, price: "0.001" });
    expect(bad.status).toBe(400);
    expect((await json<{ errors: Record<string, string> }>(bad)).errors).toEqual({
      side: MARKET_MESSAGES.side,
      shares: MARKET_MESSAGES.sharesWhole,
      price: MARKET_MESSAGES.price,
    });
    expect((await order("no-such-company", holder!.token, { side: "buy", shares: 1, price: 50 })).status).toBe(404);
    expect(await counts(company.id)).toEqual({ orders: 0, trades: 0 });
  });
});

describe("an exit closes the market", () => {
  it("an acquisition cancels the open orders, frees their shares, pays only what is held and refuses new orders", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    await yearAgo(company.id);
    const [holder, seller] = company.investors;
    // One holder sold out before the exit: the acquisition pays (and tells) only the holders left.
    await order(company.id, seller!.token, { side: "sell", shares: 50, price: 55 });
    await order(company.id, holder!.token, { side: "buy", shares: 50, price: 55 });
    await order(company.id, holder!.token, { side: "sell", shares: 40, price: 60 });
    const recorded = await call(`/api/projects/${company.id}/events`, {
      token: await adminSession(),
      body: {
        kind: "acquisition",
        effectiveOn: isoDay(Date.now()),
        pricePerShare: 100,
        statement: "Acquired by Big Campus Co. for $100 a share in cash.",
      },
    });
    expect(recorded.status).toBe(201);
    const paid = await env.DB.prepare(
      "select investor_id, shares, amount_cents, cost_cents from distributions where project_id = ?1",
    )
      .bind(company.id)
      .all();
    // 100 shares at $100; the cost is the 50 bought in the raise ($2,500) and the 50 bought at $55 ($2,750).
    expect(paid.results).toEqual([
      { investor_id: holder!.user.id, shares: 100, amount_cents: 1_000_000, cost_cents: 525_000 },
    ]);
    const after = await env.DB.prepare(
      "select status, cancel_reason from market_orders where project_id = ?1 and side = 'sell' and owner_id = ?2",
    )
      .bind(company.id, holder!.user.id)
      .all();
    expect(after.results).toEqual([{ status: "cancelled", cancel_reason: "exit" }]);
    expect(await position(company.id, holder!.user.id)).toMatchObject({ reserved_shares: 0 });
    const res = await order(company.id, holder!.token, { side: "sell", shares: 1, price: 60 });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(MARKET_MESSAGES.closed);
    // The portfolio no longer lists the holding among the shares that trade; its trades stay.
    const read = await readPortfolio(db(), await viewerFor(holder!.token), holder!.user.id, { exchange: true });
    expect(read.exchange!.holdings).toEqual([]);
    expect(read.exchange!.fills.map((f) => f.side)).toEqual(["bought"]);
  });
});

/** The same day a year after `at` (UTC), as the rule's date is written. */
function anniversary(at: number): string {
  const day = isoDay(at);
  return `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
}

describe("the statement and the tax lines", () => {
  it("a sale is a line with its proceeds after the fee, its cost and its realized gain; a purchase adds to what is invested", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    await yearAgo(company.id);
    const [seller] = company.investors;
    await order(company.id, seller!.token, { side: "sell", shares: 15, price: 60 });
    const buyer = await signup();
    await order(company.id, buyer.token, { side: "buy", shares: 15, price: 60 });
    const title = (await env.DB.prepare("select title from projects where id = ?1")
      .bind(company.id)
      .first<string>("title"))!;

    const sold = await readPortfolio(db(), await viewerFor(seller!.token), seller!.user.id, { statement: { page: 1 } });
    expect(
      sold.statement!.rows.map((r) => [statementLineTitle(r), r.shares, r.amount, r.costBasis, r.runningTotal]),
    ).toEqual([
      [`Sold on the exchange: ${title} (after the 2% fee)`, 15, 882, 750, 2_500],
      [title, 50, 2_500, null, 2_500],
    ]);
    const year = new Date().getUTCFullYear();
    const csv = await new Response(taxStatementDownload(env.DB, seller!.user.id, year, true).body).text();
    expect(csv.trim().split(/\r?\n/).slice(-3)).toEqual([
      `${isoDay(Date.now())},${title},"Sale (exchange, after fee)",-15,-882.00,750.00,132.00`,
      `,Net invested in ${year},,,2500.00,,`,
      `,Realized gains and losses in ${year},,,,,132.00`,
    ]);

    const bought = await readPortfolio(db(), await viewerFor(buyer.token), buyer.user.id, { statement: { page: 1 } });
    expect(bought.statement!.rows.map((r) => [statementLineTitle(r), r.shares, r.amount, r.runningTotal])).toEqual([
      [`Bought on the exchange: ${title}`, 15, 900, 900],
    ]);
  });
});

describe("the portfolio's exchange section", () => {
  it("a seller sees their shares, what stays listed and the sale after the fee; a buyer with no raise's investment sees the shares they bought", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    await yearAgo(company.id);
    const [seller] = company.investors;
    await order(company.id, seller!.token, { side: "sell", shares: 20, price: 60 });
    const buyer = await signup();
    await order(company.id, buyer.token, { side: "buy", shares: 15, price: 60 });
    const slug = (await env.DB.prepare("select slug from projects where id = ?1")
      .bind(company.id)
      .first<string>("slug"))!;

    const sold = await readPortfolio(db(), await viewerFor(seller!.token), seller!.user.id, { exchange: true });
    expect(sold.exchange!.holdings).toEqual([
      expect.objectContaining({ slug, shares: 35, listed: 5, locked: false, market: "open", lastPrice: 60 }),
    ]);
    expect(sold.exchange!.fills.map((f) => [f.side, f.shares, f.price, f.value, f.fee, f.net])).toEqual([
      ["sold", 15, 60, 900, 18, 882],
    ]);

    const bought = await readPortfolio(db(), await viewerFor(buyer.token), buyer.user.id, {
      exchange: true,
      rows: { page: 1 },
    });
    expect(bought.page!.total).toBe(0);
    expect(bought.exchange!.holdings).toEqual([
      expect.objectContaining({ slug, shares: 15, listed: 0, locked: false, lastPrice: 60 }),
    ]);
    expect(bought.exchange!.fills.map((f) => [f.side, f.shares, f.fee, f.net])).toEqual([["bought", 15, 0, 900]]);
  });

  it("within the year a holding says it is locked until the anniversary of the raise's settlement", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [holder] = company.investors;
    const read = await readPortfolio(db(), await viewerFor(holder!.token), holder!.user.id, { exchange: true });
    const market = await json<{ freeOn: string }>(await call(`/api/markets/${company.id}`));
    expect(read.exchange!.holdings).toEqual([
      expect.objectContaining({ shares: 50, listed: 0, locked: true, freeOn: market.freeOn, lastPrice: null }),
    ]);
    expect(read.exchange!.fills).toEqual([]);
  });
});

describe("Download my data", () => {
  it("holds each side's orders and trades: the seller's fee and cost beside the sale, the buyer's purchase", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    await yearAgo(company.id);
    const [seller] = company.investors;
    await order(company.id, seller!.token, { side: "sell", shares: 20, price: 60 });
    const buyer = await signup();
    await order(company.id, buyer.token, { side: "buy", shares: 15, price: 60 });
    type Doc = {
      exchangeOrders: { side: string; shares: number; price: number; remaining: number; status: string }[];
      exchangeTrades: {
        side: string;
        shares: number;
        price: number;
        value: number;
        fee: number;
        costBasis: number | null;
      }[];
    };
    const sold = await json<Doc>(await call("/api/me/export", { token: seller!.token }));
    expect(sold.exchangeOrders.map((o) => [o.side, o.shares, o.price, o.remaining, o.status])).toEqual([
      ["sell", 20, 60, 5, "open"],
    ]);
    expect(sold.exchangeTrades.map((t) => [t.side, t.shares, t.price, t.value, t.fee, t.costBasis])).toEqual([
      ["sold", 15, 60, 900, 18, 750],
    ]);
    const bought = await json<Doc>(await call("/api/me/export", { token: buyer.token }));
    expect(bought.exchangeOrders.map((o) => [o.side, o.shares, o.remaining, o.status])).toEqual([
      ["buy", 15, 0, "filled"],
    ]);
    expect(bought.exchangeTrades.map((t) => [t.side, t.shares, t.value, t.fee, t.costBasis])).toEqual([
      ["bought", 15, 900, 0, null],
    ]);
  });
});

describe("the market's live events", () => {
  /** The stream's first event, read as it arrives; the stream is then closed. */
  async function firstEvent(company: string, lastEventId?: string): Promise<{ status: number; event: string }> {
    const headers: Record<string, string> = { "CF-Connecting-IP": "203.0.113.9" };
    if (lastEventId) headers["Last-Event-ID"] = lastEventId;
    const res = await exports.default.fetch(`http://localhost/api/markets/${company}/events`, { headers });
    if (res.status !== 200) return { status: res.status, event: await res.text() };
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return { status: 200, event: text.slice(0, text.indexOf("\n\n")) };
  }
  const idOf = (event: string) => Number(/^id: (\d+)$/m.exec(event)?.[1]);

  it("opens with the market's sequence; a reader who last saw an older one is told of the change at once", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const opened = await firstEvent(company.id);
    expect(opened.event.split("\n")[0]).toBe("event: open");
    const before = idOf(opened.event);
    expect((await order(company.id, company.investors[0]!.token, { side: "sell", shares: 5, price: 60 })).status).toBe(
      201,
    );
    const after = await firstEvent(company.id, String(before));
    expect(after.event.split("\n")[0]).toBe("event: change");
    expect(idOf(after.event)).toBeGreaterThan(before);
  });

  it("an unknown market is a 404 with the market's message", async () => {
    const res = await firstEvent("no-such-company");
    expect(res.status).toBe(404);
    expect((JSON.parse(res.event) as { message: string }).message).toBe(MARKET_MESSAGES.notFound);
  });
});
