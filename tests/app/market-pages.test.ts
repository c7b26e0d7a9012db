/**
 * The Campus Exchange through its pages (ADR 053), as a browser without JavaScript posts the
 * forms: a company's Trade tab shows the book, the last trade and the valuation apart; a holder
 * lists shares through the order form and an accredited investor buys them, each told what traded
 * with its value, fee and net; a buyer the one-year rule refuses sees the rule and the date and
 * nothing is written; an order is cancelled through its Cancel button; a visitor gets a link to
 * sign in that comes back to the tab; /markets lists the markets. The API door:
 * tests/workers/market.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MARKET_MESSAGES } from "../../domain/market/market";
import { adminSession, call, expectAlert, page, queries, signup, unique, visibleText } from "./helpers";
import { fundedCompany } from "../workers/others-records";

const text = async (res: Response) => visibleText(await res.text());
const tab = (id: string) => `/project/${id}?tab=trade`;

/** The order form as the browser posts it. */
const orderForm = (projectId: string, side: string, shares: string, price: string) => ({
  intent: "order",
  projectId,
  idempotencyKey: unique("form"),
  side,
  shares,
  price,
});

const accredited = async (token: string) => {
  const res = await call("/api/users/me/financials", {
    method: "PUT",
    token,
    body: { annualIncome: 300_000, netWorth: 1_500_000, accredited: true, applyLimits: false },
  });
  expect(res.status).toBe(200);
};

const counts = (project: string) =>
  env.DB.prepare(
    "select (select count(*) from market_orders where project_id = ?1) as orders, (select count(*) from trades where project_id = ?1) as trades",
  )
    .bind(project)
    .first<{ orders: number; trades: number }>();

/** Follows a form's redirect, as the browser does, and reads the page it lands on. */
async function follow(res: Response, token: string): Promise<string> {
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get("Location")!, "http://localhost");
  return text(await page(`${to.pathname}${to.search}`, { token }));
}

describe("the Trade tab, JavaScript off", () => {
  it("shows a funded company's market: the book, the last trade and the valuation apart, and the rule's date", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [seller] = company.investors;
    await follow(
      await page(tab(company.id), { token: seller!.token, form: orderForm(company.id, "sell", "20", "60") }),
      seller!.token,
    );
    const res = await page(tab(company.id));
    const shown = await text(res);
    const freeOn = (await env.DB.prepare("select settled_at from projects where id = ?1")
      .bind(company.id)
      .first<{ settled_at: number }>())!;
    const year = new Date(freeOn.settled_at).getUTCFullYear() + 1;
    expect({
      tab: /Trade Open/.test(shown),
      lastTrade: shown.includes("Last trade No trades yet"),
      valuation: shown.includes("Valuation $50"),
      asks: /Asks: sell orders, best first Price Shares Orders Depth \$60 20 1 20/.test(shown),
      bids: shown.includes("No buy orders"),
      rule:
        shown.includes("may be sold only to the company or to an accredited investor") && shown.includes(String(year)),
      queries: queries(res),
    }).toEqual({ tab: true, lastTrade: true, valuation: true, asks: true, bids: true, rule: true, queries: 3 });
  });

  it("a holder lists shares and an accredited investor buys them through the form: each told the value, fee and net", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [seller] = company.investors;
    const listed = await follow(
      await page(tab(company.id), { token: seller!.token, form: orderForm(company.id, "sell", "20", "60") }),
      seller!.token,
    );
    expect(listed).toContain(
      "Your sell order for 20 shares at $60 is on the book until it fills, for up to 30 days. If it fills at your price: value $1,200, fee $24, you receive $1,176.",
    );

    const buyer = await signup();
    await accredited(buyer.token);
    const bought = await follow(
      await page(tab(company.id), { token: buyer.token, form: orderForm(company.id, "buy", "15", "65") }),
      buyer.token,
    );
    expect(bought).toContain("You bought 15 shares at $60 ($900). You paid $900; the buyer pays no fee.");
    expect(bought).toMatch(/Last trade \$60/);
    expect(bought).toMatch(/Your fills .* \$60 15 \$900 Bought/);

    const sellerPage = await text(await page(tab(company.id), { token: seller!.token }));
    expect(sellerPage).toMatch(/Shares held 35 Listed in open sell orders 5 Free to sell 30/);
    expect(sellerPage).toMatch(/Your fills .* \$60 15 \$900 Sold \$18/);
    expect(sellerPage).toMatch(/Sell 20 shares Placed .* \$60 15 of 20 Open, part filled/);
  });

  it("a buyer who is not accredited is refused within the year: the rule and the date, beside the form; nothing changes", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [seller] = company.investors;
    await follow(
      await page(tab(company.id), { token: seller!.token, form: orderForm(company.id, "sell", "10", "55") }),
      seller!.token,
    );
    const before = await counts(company.id);
    const buyer = await signup();
    const market = await (await call(`/api/markets/${company.id}`)).json<{ freeOn: string }>();
    const res = await page(tab(company.id), { token: buyer.token, form: orderForm(company.id, "buy", "5", "55") });
    const html = await expectAlert(res, 403, MARKET_MESSAGES.locked(market.freeOn));
    expect(visibleText(html)).toContain("Place an order");
    expect(await counts(company.id)).toEqual(before);
  });

  it("each refusal of the exchange is shown beside the form with its status, and nothing is written", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    await env.DB.prepare("update projects set settled_at = ?2 where id = ?1")
      .bind(company.id, Date.now() - 400 * 86_400_000)
      .run();
    const [seller, other] = company.investors;
    await follow(
      await page(tab(company.id), { token: seller!.token, form: orderForm(company.id, "sell", "20", "60") }),
      seller!.token,
    );
    const before = await counts(company.id);
    const refused = async (token: string, form: Record<string, string>, status: number, message: string) =>
      expectAlert(await page(tab(company.id), { token, form }), status, message);
    // More than the seller's unlisted shares; the seller's buy that would meet their own sell; a price
    // past the bound; a sell from someone who holds none.
    await refused(seller!.token, orderForm(company.id, "sell", "31", "60"), 409, MARKET_MESSAGES.notEnoughShares(30));
    await refused(seller!.token, orderForm(company.id, "buy", "5", "61"), 409, MARKET_MESSAGES.selfTrade("buy", 6000));
    // A field's own message sits under its field.
    const tooHigh = await page(tab(company.id), {
      token: other!.token,
      form: orderForm(company.id, "buy", "5", "10000.01"),
    });
    expect([tooHigh.status, visibleText(await tooHigh.text()).includes(MARKET_MESSAGES.priceTooHigh)]).toEqual([
      400,
      true,
    ]);
    await refused((await signup()).token, orderForm(company.id, "sell", "1", "60"), 409, MARKET_MESSAGES.notHolder);
    expect(await counts(company.id)).toEqual(before);
  });

  it("cancels an order through its Cancel button: the shares are free again", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const [seller] = company.investors;
    await follow(
      await page(tab(company.id), { token: seller!.token, form: orderForm(company.id, "sell", "10", "70") }),
      seller!.token,
    );
    const order = (await env.DB.prepare("select id from market_orders where project_id = ?1")
      .bind(company.id)
      .first<{ id: string }>())!;
    const after = await follow(
      await page(tab(company.id), { token: seller!.token, form: { intent: "cancel-order", orderId: order.id } }),
      seller!.token,
    );
    expect(after).toContain("Your order was canceled: nothing more of it will trade.");
    expect(after).toMatch(/Sell 10 shares Placed .* \$70 0 of 10 Canceled/);
    expect(after).toMatch(/Listed in open sell orders 0 Free to sell 100/);
  });

  it("a visitor sees Sign in to trade, which comes back to the tab; their post goes there too", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const { slug } = (await env.DB.prepare("select slug from projects where id = ?1")
      .bind(company.id)
      .first<{ slug: string }>())!;
    const html = await (await page(tab(slug))).text();
    const link = /<a[^>]*href="([^"]+)"[^>]*>Sign in to trade<\/a>/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    const back = `/project/${slug}?tab=trade`;
    const posted = await page(tab(slug), { form: orderForm(company.id, "buy", "1", "50") });
    const prompt = await text(await page(link!));
    expect({
      link: link && new URL(link, "http://x").searchParams.get("redirectTo"),
      post:
        posted.status === 302 && new URL(posted.headers.get("Location")!, "http://x").searchParams.get("redirectTo"),
      prompt: prompt.includes("Sign in to trade") && prompt.includes("Its Trade tab opens once you are in."),
    }).toEqual({ link: back, post: back, prompt: true });
  });
});

describe("a halted market's Trade tab", () => {
  it("says trading is halted with CampusFund's reason, and offers no order form", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const reason = "The company reported a data breach; trading waits for its statement.";
    const halted = await call(`/api/admin/markets/${company.id}/halt`, {
      token: await adminSession(),
      body: { reason },
    });
    expect(halted.status).toBe(200);
    const shown = await text(await page(tab(company.id), { token: company.investors[0]!.token }));
    expect({
      notice: shown.includes(
        `Trading is halted. No order can be placed until it resumes; open orders were canceled. CampusFund's reason: ${reason}`,
      ),
      form: shown.includes("Place an order"),
    }).toEqual({ notice: true, form: false });
  });
});

describe("/markets", () => {
  it("lists each market with its last trade, valuation, today's volume and status, linked to its Trade tab", async () => {
    const company = await fundedCompany({ holders: 1, shares: 100 });
    const html = await (await page("/markets")).text();
    const title = (await env.DB.prepare("select slug, title from projects where id = ?1")
      .bind(company.id)
      .first<{ slug: string; title: string }>())!;
    expect(html).toContain(`href="/project/${title.slug}?tab=trade#project-tabs"`);
    expect(visibleText(html)).toContain(`${title.title}`);
    expect(visibleText(html)).toMatch(new RegExp(`${title.title} .*? No trades yet \\$50 0 shares Open`));
  });
});
