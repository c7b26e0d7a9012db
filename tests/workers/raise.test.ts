import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { largestInvestorSentence, raiseFigures } from "../../domain/raises/raise";
import { call, insertProject, json, signup, withPrice } from "./helpers";

const invest = async (id: string, token: string, shares: number) =>
  call(`/api/projects/${id}/invest`, {
    method: "POST",
    body: await withPrice(id, { shares }),
    token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

type Raise = {
  investors: number;
  largestInvestorAmount: number;
  largestInvestorPercent: number;
  equityOffered: number;
  investorsEquity: number;
  foundersEquity: number;
};

describe("raise figures (pure)", () => {
  const base = { investors: 3, fundingCurrent: 5_000, sharesSold: 500, totalShares: 1_000 };

  it("gives investors the offered equity times the fraction of shares sold, and the founders the rest", () => {
    const f = raiseFigures({ ...base, investmentTerms: { equityPercentage: 10 } }, 1_700);
    expect(f.investorsEquity).toBe(5);
    expect(f.foundersEquity).toBe(95);
    expect(f.largestInvestorPercent).toBe(34);
    expect(largestInvestorSentence(f)).toBe("The largest investor holds 34% of the amount raised");
  });

  it("reads 'under 1%' rather than 0% for a tiny largest share, and nothing when nobody invested", () => {
    const tiny = raiseFigures(
      { ...base, fundingCurrent: 200_000, investors: 400, investmentTerms: { equityPercentage: 10 } },
      100,
    );
    expect(largestInvestorSentence(tiny)).toBe("The largest investor holds under 1% of the amount raised");
    const none = raiseFigures(
      { ...base, investors: 0, fundingCurrent: 0, sharesSold: 0, investmentTerms: { equityPercentage: 10 } },
      0,
    );
    expect(none).toMatchObject({ investorsEquity: 0, foundersEquity: 100, largestInvestorPercent: 0 });
    expect(largestInvestorSentence(none)).toBeNull();
  });

  it("names a single backer as holding the whole raise", () => {
    const one = raiseFigures({ ...base, investors: 1, investmentTerms: { equityPercentage: 10 } }, 5_000);
    expect(largestInvestorSentence(one)).toBe("One investor holds 100% of the amount raised");
  });

  it("gives the founders everything but the offered equity once every share is sold", () => {
    const sold = raiseFigures({ ...base, sharesSold: 1_000, investmentTerms: { equityPercentage: 12.5 } }, 1_000);
    expect(sold.investorsEquity).toBe(12.5);
    expect(sold.foundersEquity).toBe(87.5);
  });
});

describe("GET /api/projects/{id} raise", () => {
  it("answers the cap table and the largest investor's share, summing each investor's purchases", async () => {
    const p = await insertProject({ equityPercentage: 20 });
    const a = await signup();
    const b = await signup();
    // a buys twice (10 + 24 shares = $340), b once (66 shares = $660): two investors, b holds 66% of $1,000.
    for (const [who, n] of [
      [a, 10],
      [a, 24],
      [b, 66],
    ] as const) {
      expect((await invest(p.id, who.token, n)).status).toBe(201);
    }
    const res = await call(`/api/projects/${p.id}`);
    expect(res.status).toBe(200);
    const body = await json<{ investors: number; fundingCurrent: number; raise: Raise }>(res);
    expect(body.investors).toBe(2);
    expect(body.fundingCurrent).toBe(1_000);
    expect(body.raise).toEqual({
      investors: 2,
      largestInvestorAmount: 660,
      largestInvestorPercent: 66,
      equityOffered: 20,
      investorsEquity: 2, // 20% × 100 / 1,000 shares
      foundersEquity: 98,
    });
  });

  it("leaves a cancelled investment out of the largest investor's total", async () => {
    const p = await insertProject();
    const a = await signup();
    const b = await signup();
    expect((await invest(p.id, a.token, 30)).status).toBe(201);
    expect((await invest(p.id, b.token, 10)).status).toBe(201);
    // a's cancelled purchase is history only: it never counts (status 'cancelled', counters untouched).
    await env.DB.prepare(
      `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, created_at, cancelled_at)
       values (?1, ?2, ?3, 500, 1000, 500000, 'cancelled', ?1, ?4, ?4)`,
    )
      .bind(crypto.randomUUID(), b.user.id, p.id, Date.now())
      .run();
    const body = await json<{ raise: Raise }>(await call(`/api/projects/${p.id}`));
    expect(body.raise.largestInvestorAmount).toBe(300);
    expect(body.raise.largestInvestorPercent).toBe(75);
  });
});
