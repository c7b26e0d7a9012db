/**
 * What the profile promises (spec section 2's header and cards): a new account is shown neither
 * the "Premium Investor" badge nor the demo credit card with its APR; an account that has invested
 * is shown both, as the spec describes. The diversification score is one figure in one format
 * ("62%") on the profile and in AI Tools (`diversificationFigure`, `formatDiversification`).
 */
import { describe, expect, it } from "vitest";

import { call, insertProject, page, signup, unique, visibleText } from "./helpers";

const textOf = async (path: string, token: string) => visibleText(await (await page(path, { token })).text());

async function investorWhoBought(shares: number) {
  const investor = await signup();
  const project = await insertProject({ publishedAt: Date.now(), category: "technology" });
  const res = await call(`/api/projects/${project.id}/invest`, {
    body: { shares, sharePrice: 10 },
    token: investor.token,
    headers: { "Idempotency-Key": unique("k") },
  });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status}`);
  return investor;
}

describe("a new account's profile", () => {
  it("says Investor, not Premium Investor", async () => {
    const { token } = await signup();
    const text = await textOf("/profile", token);
    expect([text.includes("Premium Investor"), /@example\.[a-z]+ Investor\b/.test(text)]).toEqual([false, true]);
  });

  it("shows no demo credit card and no APR", async () => {
    const { token } = await signup();
    const text = await textOf("/profile", token);
    expect([text.includes("Demo credit card"), text.includes("APR")]).toEqual([false, false]);
  });
});

describe("an account that has invested", () => {
  it("is badged Premium Investor and shown the demo credit card", async () => {
    const { token } = await investorWhoBought(12);
    const text = await textOf("/profile", token);
    expect([text.includes("Premium Investor"), text.includes("Demo credit card")]).toEqual([true, true]);
  });

  it("reads the same diversification figure, in the same format, on the profile and in AI Tools", async () => {
    const { token } = await investorWhoBought(12);
    const profile = /Diversification Score (\d+%)/.exec(await textOf("/profile", token))?.[1];
    const tools = /Score (\d+%) (Low|Moderate|High)/.exec(await textOf("/portfolio?tab=ai", token))?.[1];
    expect(tools).toBe(profile);
  });
});
