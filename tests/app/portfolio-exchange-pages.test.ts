/**
 * The portfolio's "On the Campus Exchange" (ADR 053), as the page shows it without JavaScript: a
 * seller's shares that trade, what they still list, the transfer rule and their sale after the fee;
 * a buyer whose only shares came from the exchange has a portfolio, not the empty state.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { fundedCompany } from "../workers/others-records";
import { call, page, signup, unique, visibleText } from "./helpers";

const order = (company: string, token: string, body: Record<string, unknown>) =>
  call(`/api/markets/${company}/orders`, { token, body, headers: { "Idempotency-Key": unique("o") } });

const title = async (id: string) =>
  (await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title"))!;

describe("/portfolio: On the Campus Exchange", () => {
  it("the seller sees the shares left, the shares still listed, when they became free, and the sale after the fee; the buyer sees what they bought", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const settled = Date.now() - 400 * DAY_MS;
    await env.DB.prepare("update projects set settled_at = ?2 where id = ?1").bind(company.id, settled).run();
    const [seller] = company.investors;
    expect((await order(company.id, seller!.token, { side: "sell", shares: 20, price: 60 })).status).toBe(201);
    const buyer = await signup();
    expect((await order(company.id, buyer.token, { side: "buy", shares: 15, price: 60 })).status).toBe(201);
    const name = await title(company.id);
    const freeOn = new Date(settled);
    freeOn.setUTCFullYear(freeOn.getUTCFullYear() + 1);
    const today = formatDate(Date.now());

    const sold = visibleText(await (await page("/portfolio", { token: seller!.token })).text());
    expect(sold).toContain("On the Campus Exchange");
    expect(sold).toContain(`${name} 35 5 $60 Free to sell since ${formatDate(freeOn.toISOString().slice(0, 10))}`);
    expect(sold).toContain(`Sold 15 ${name} $60 $18 +$882 ${today}`);

    const bought = visibleText(await (await page("/portfolio", { token: buyer.token })).text());
    expect(bought).not.toContain("You haven't made any investments yet");
    expect(bought).toContain(`${name} 15 0 $60 Free to sell since`);
    expect(bought).toContain(`Bought 15 ${name} $60 $0 −$900 ${today}`);
  });

  it("within the year a holding is locked until the raise's anniversary, with the days left", async () => {
    const company = await fundedCompany({ holders: 2, shares: 50 });
    const [holder] = company.investors;
    const market = await (await call(`/api/markets/${company.id}`)).json<{ freeOn: string }>();
    // A year from today: 365 days, or 366 across a 29 February.
    const days = Math.ceil((Date.parse(`${market.freeOn}T00:00:00Z`) - Date.now()) / DAY_MS);
    const text = visibleText(await (await page("/portfolio", { token: holder!.token })).text());
    expect(text).toContain(
      `${await title(company.id)} 50 0 No trades yet Locked until ${formatDate(market.freeOn)} (${days} days)`,
    );
    expect(text).toContain("may be sold only to accredited investors or back to the company");
  });
});
