/**
 * The page doors of the investment limits and of the purchase page an investor can
 * trust: the purchase form's risk acknowledgement (checked on the server), the limit refusal on
 * the form door, what the purchase page and the calculator show before buying, the settings
 * page's Investor Information action, and the queries those pages send.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import {
  alerts,
  expectAlert,
  inDays,
  insertProject,
  page,
  rows,
  signup,
  unique,
  visibleText,
  queries,
} from "./helpers";
import { cancelDeadline, cutoffText } from "../../domain/money/cancellation";

const RISK = "Please confirm that you understand you may lose all of the money you invest";
const NO_FIGURES_HINT =
  "You have not declared your annual income and net worth, so the $2,500 minimum limit applies. Add them in Settings, Investor Information, to raise your limit.";

/** The purchase form as the page posts it: the shares and the price it showed ($10, every project here). */
const buyForm = (shares: number, extra: Record<string, string> = {}) => ({
  shares: String(shares),
  sharePrice: "10",
  idempotencyKey: unique("k"),
  riskAcknowledged: "on",
  ...extra,
});

async function saveFinancials(token: string, form: Record<string, string>) {
  return page("/settings/investor-information", { token, form: { intent: "financials", ...form } });
}

describe("the purchase form's risk acknowledgement", () => {
  it("without the box ticked: 400 with the message, and nothing is bought", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const { riskAcknowledged: _, ...withoutBox } = buyForm(10);
    const res = await page(`/purchase/${project.slug}`, { token, form: withoutBox });
    await expectAlert(res, 400, RISK);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("a value other than a ticked box is refused the same way", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const res = await page(`/purchase/${project.slug}`, { token, form: buyForm(10, { riskAcknowledged: "no" }) });
    await expectAlert(res, 400, RISK);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("the .data door answers the same message", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const { riskAcknowledged: _, ...withoutBox } = buyForm(10, { js: "1" });
    const res = await page(`/purchase/${project.slug}.data`, { token, form: withoutBox });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(RISK);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("with the box ticked the form buys", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const res = await page(`/purchase/${project.slug}`, { token, form: buyForm(10) });
    expect(res.status).toBe(302);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(1);
  });

  it("the confirmation (no JavaScript) carries the required box with its words", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const html = await (await page(`/purchase/${project.slug}?shares=10&review=1`, { token })).text();
    const box = /<input[^>]*name="riskAcknowledged"[^>]*>/.exec(html)?.[0];
    expect(box).toMatch(/type="checkbox"/);
    expect(box).toMatch(/\brequired=""/);
    expect(visibleText(html)).toContain("I understand I may lose all of the money I invest");
  });
});

describe("the limit on the form door", () => {
  it("refuses a purchase above the limit with the API's message, and buys nothing", async () => {
    const project = await insertProject();
    const { token } = await signup();
    expect((await saveFinancials(token, { applyLimits: "on" })).status).toBe(302);
    const res = await page(`/purchase/${project.slug}`, { token, form: buyForm(251) });
    await expectAlert(
      res,
      409,
      `You can invest up to $2,500 more in Reg CF offerings in the next 12 months. ${NO_FIGURES_HINT}`,
    );
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("allows a purchase of exactly the limit", async () => {
    const project = await insertProject();
    const { token } = await signup();
    await saveFinancials(token, { applyLimits: "on" });
    expect((await page(`/purchase/${project.slug}`, { token, form: buyForm(250) })).status).toBe(302);
  });

  it("the review (no JavaScript) above the limit shows the refusal instead of a confirmation", async () => {
    const project = await insertProject();
    const { token } = await signup();
    await saveFinancials(token, { applyLimits: "on" });
    const html = await (await page(`/purchase/${project.slug}?shares=300&review=1`, { token })).text();
    expect(alerts(html)).toContain(
      `You can invest up to $2,500 more in Reg CF offerings in the next 12 months. ${NO_FIGURES_HINT}`,
    );
    expect(visibleText(html)).not.toContain("Confirm your purchase");
  });
});

describe("what the purchase page shows before buying", () => {
  it("the equity, the allowance, the cancellation deadline and the shares already held", async () => {
    const deadline = inDays(30);
    const project = await insertProject({ fundingDeadline: deadline, equityPercentage: 10, totalShares: 1_000 });
    const { token } = await signup();
    await saveFinancials(token, { annualIncome: "60000", netWorth: "20000", applyLimits: "on" });
    expect((await page(`/purchase/${project.slug}`, { token, form: buyForm(12) })).status).toBe(302);
    const text = visibleText(await (await page(`/purchase/${project.slug}?shares=20`, { token })).text());
    expect(text).toContain("You own 12 shares");
    // 20 of 1,000 shares of a 10% offering
    expect(text).toContain("Equity 0.200000%");
    expect(text).toContain("You can invest up to $2,880 more in Reg CF offerings in the next 12 months.");
    expect(text).toContain("Limit $3,000 · used $120 in the last 12 months");
    // the cutoff is 00:00 UTC 48 hours before the deadline, written as every page writes it
    expect(text).toContain(`You can cancel until ${cutoffText(cancelDeadline(deadline))}`);
  });

  it("with the limits off, what the real limit would be", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const text = visibleText(await (await page(`/purchase/${project.slug}`, { token })).text());
    expect(text).toContain(
      "The investment limits are off for you (unlimited virtual funds). Under the real rules: you could invest up to $2,500 more in Reg CF offerings in the next 12 months.",
    );
    expect(text).not.toContain("You own");
  });

  it("a RegA+ offering shows its per-offering allowance, naming it", async () => {
    const project = await insertProject({ regulationType: "RegA+" });
    const { token } = await signup();
    await saveFinancials(token, { annualIncome: "50000", applyLimits: "on" });
    const text = visibleText(await (await page(`/purchase/${project.slug}`, { token })).text());
    expect(text).toContain(`You can invest up to $5,000 more in ${project.title} (a RegA+ offering).`);
  });

  it("a cancelled investment is not counted as held", async () => {
    const project = await insertProject();
    const { token, user } = await signup();
    await env.DB.prepare(
      `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, cancelled_at)
       values (?1, ?2, ?3, 10, 1000, 10000, 'cancelled', ?4, ?5)`,
    )
      .bind(unique("inv-"), user.id, project.id, unique("k"), Date.now())
      .run();
    const text = visibleText(await (await page(`/purchase/${project.slug}`, { token })).text());
    expect(text).not.toContain("You own");
  });

  it("the page reads the project and the investor's standing in one statement (2 with the session)", async () => {
    const project = await insertProject();
    const { token } = await signup();
    await saveFinancials(token, { applyLimits: "on" });
    expect(queries(await page(`/purchase/${project.slug}`, { token }))).toBe(2);
  });
});

describe("the project page's calculator", () => {
  it("shows a signed-in investor's remaining allowance when their limits are on, in the page's one statement", async () => {
    const project = await insertProject();
    const { token } = await signup();
    await saveFinancials(token, { applyLimits: "on" });
    const res = await page(`/project/${project.slug}`, { token });
    expect(queries(res)).toBe(2);
    expect(visibleText(await res.text())).toContain(
      "You can invest up to $2,500 more in Reg CF offerings in the next 12 months.",
    );
  });

  it("says nothing about limits when they are off", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const text = visibleText(await (await page(`/project/${project.slug}`, { token })).text());
    expect(text).not.toContain("You can invest up to");
  });

  it("offers the purchase page's presets, none above the shares remaining", async () => {
    // $100 minimum at $10: 10, 20, 50 and 100 shares; 40 left caps the last two at 40.
    const project = await insertProject({ totalShares: 1_000, sharesSold: 960, fundingCurrentCents: 960_000 });
    const html = await (await page(`/project/${project.slug}`)).text();
    const group = /aria-label="Preset share counts">(.*?)<\/div>/s.exec(html)?.[1] ?? "";
    expect(
      visibleText(group)
        .trim()
        .split(/\s*shares\s*/)
        .filter(Boolean),
    ).toEqual(["10", "20", "40"]);
  });

  it("a sold-out project shows no calculator", async () => {
    const project = await insertProject({ totalShares: 100, sharesSold: 100, fundingCurrentCents: 100_000 });
    const html = await (await page(`/project/${project.slug}`)).text();
    expect(visibleText(html)).not.toContain("Calculate Your Investment");
    expect(html).not.toMatch(/id="calc-shares"/);
    expect(visibleText(html)).toContain("Every share of this offering has been sold.");
  });
});

describe("settings, Investor Information", () => {
  it("saves the figures (302 back with the saved notice) and shows the limit", async () => {
    const { token, user } = await signup();
    const res = await saveFinancials(token, {
      annualIncome: "150000",
      netWorth: "130000",
      applyLimits: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings?section=investor-information&saved=financials");
    const stored = await env.DB.prepare(
      "select annual_income, net_worth, accredited, apply_limits from investor_financials where user_id = ?",
    )
      .bind(user.id)
      .first();
    expect(stored).toEqual({ annual_income: 150_000, net_worth: 130_000, accredited: 0, apply_limits: 1 });
    const shown = await page("/settings?section=investor-information&saved=financials", { token });
    expect(queries(shown)).toBe(3);
    const text = visibleText(await shown.text());
    expect(text).toContain("Your investor information has been saved");
    expect(text).toContain("Limit $15,000");
    expect(text).toContain("Remaining $15,000");
  });

  it("refuses bad figures: 400, each field's message, what was typed kept, nothing written", async () => {
    const { token, user } = await signup();
    const res = await saveFinancials(token, { annualIncome: "-3", netWorth: "12.5" });
    const html = await expectAlert(res, 400, "Please fix the 2 validation errors highlighted below");
    const text = visibleText(html);
    expect(text).toContain("Annual income cannot be negative");
    expect(text).toContain("Net worth must be a whole number of dollars, like 85000");
    expect(html).toMatch(/name="annualIncome"[^>]*value="-3"/);
    expect(await rows("investor_financials", "user_id = ?", user.id)).toBe(0);
  });

  it("a founder is told limits do not apply, on the page and when posting", async () => {
    const { token, user } = await signup("founder");
    const message =
      "As a founder, you cannot invest in projects, so investment limits do not apply to you. Please sign in with an investor account to make investments.";
    const shown = visibleText(await (await page("/settings?section=investor-information", { token })).text());
    expect(shown).toContain(message);
    await expectAlert(await saveFinancials(token, { annualIncome: "1" }), 403, message);
    expect(await rows("investor_financials", "user_id = ?", user.id)).toBe(0);
  });

  it("a visitor posting the form gets 'You must be logged in to save settings'", async () => {
    const res = await page("/settings/investor-information", { form: { intent: "financials", annualIncome: "1" } });
    await expectAlert(res, 401, "You must be logged in to save settings");
  });
});
