/**
 * What an investment became (ADR 052), as the investor reads it through the page door: after an
 * admin records a company's round, acquisition or shutdown through the API, the portfolio's
 * Performance (the figures, the value over time chart's sentence, the holdings' value, gain and
 * multiple), the holding's page (its value and what it rests on, gain, MOIC, IRR blank under a year
 * with the reason, the IRR once it is older) and the profile's My Investments say it, each in the
 * same words. Set-ups as tests/workers/valuations.test.ts: `fundedCompany`, two holders of 50
 * shares at $50 ($2,500 each), and the admin's event through POST /api/projects/{id}/events.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { addDays, DAY_MS, isoDay } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { adminSession, call, page, signup, visibleText } from "./helpers";
import { fundedCompany } from "../workers/others-records";

type Company = Awaited<ReturnType<typeof fundedCompany>>;
type Investor = Company["investors"][number];

const today = () => isoDay(Date.now());

async function record(id: string, body: Record<string, unknown>) {
  const res = await call(`/api/projects/${id}/events`, { body, token: await adminSession() });
  if (res.status !== 201) throw new Error(`event refused: ${res.status} ${await res.text()}`);
}

const seedRound = (id: string) =>
  record(id, {
    kind: "round",
    effectiveOn: today(),
    pricePerShare: 75,
    preMoneyValuation: 8_000_000,
    roundName: "Seed",
    statement: "We closed a seed round led by Dorm Ventures at $75 a share.",
  });

async function textOf(path: string, who: Investor): Promise<string> {
  const res = await page(path, { token: who.token });
  expect(res.status, path).toBe(200);
  return visibleText(await res.text());
}

async function investmentOf(company: Company, who: Investor): Promise<string> {
  return (await env.DB.prepare("select id from investments where project_id = ?1 and investor_id = ?2")
    .bind(company.id, who.user.id)
    .first<string>("id"))!;
}

describe("after a Seed round at $75 a share ($50 paid)", () => {
  let company: Company;
  let me: Investor;
  let portfolio: string;
  let holding: string;

  beforeAll(async () => {
    company = await fundedCompany({ holders: 2 });
    me = company.investors[0]!;
    await seedRound(company.id);
    portfolio = await textOf("/portfolio", me);
    holding = await textOf(`/portfolio/investments/${await investmentOf(company, me)}`, me);
  }, 60_000);

  it("the portfolio's Current Value is the round's: 50 shares × $75", () => {
    expect(portfolio).toContain("Current Value $3,750");
  });

  it("the portfolio's Total Gain is value − invested", () => {
    expect(portfolio).toContain("Total Gain +$1,250 +50.00% on what you invested");
  });

  it("the portfolio's TVPI is 1.50×, every part of it still held", () => {
    expect(portfolio).toContain("TVPI 1.50× Paid out 0.00× + still held 1.50×");
  });

  it("the portfolio's IRR is blank under a year, and says from when it is shown", () => {
    expect(portfolio).toContain(
      `IRR — Shown from ${formatDate(addDays(today(), 365))}, a year after your first investment`,
    );
  });

  it("the chart's text alternative says what was invested and what it is worth", () => {
    expect(portfolio).toContain(
      `Value over time, on ${formatDate(today())}: you invested $2,500 and your holdings are worth $3,750.`,
    );
  });

  it("each figure says how it was computed, where it is read", () => {
    expect(portfolio).toContain(
      "How is this computed? (TVPI) TVPI (total value to paid-in): current value plus all cash paid out to you",
    );
  });

  it("the holdings table gives the holding's value, gain and multiple", () => {
    expect(portfolio).toMatch(/Company [^ ]+ 50 \$50 \$3,750 \+\$1,250 1\.50× /);
  });

  it("the holding's page gives its value and the round it rests on", () => {
    expect(holding).toContain(`Current value $3,750 Valued at the Seed round of ${formatDate(today())}`);
  });

  it("the holding's page gives its gain", () => {
    expect(holding).toContain("Gain +$1,250 +50.00% on $2,500");
  });

  it("the holding's page gives its MOIC", () => {
    expect(holding).toContain("MOIC 1.50×");
  });

  it("the holding's IRR is blank under a year, with the reason", () => {
    expect(holding).toContain(`IRR — Shown from ${formatDate(addDays(today(), 365))}, a year after this investment`);
  });

  it("the holding's page says how we value holdings", () => {
    expect(holding).toContain("How we value your holdings A holding is worth your shares times the price per share");
  });
});

describe("two years after the purchase", () => {
  it("the holding's IRR is the XIRR of its flows: 1.5× over 730 days is 22.5% a year", async () => {
    const company = await fundedCompany({ holders: 2 });
    await env.DB.prepare("update investments set created_at = created_at - ?2 where project_id = ?1")
      .bind(company.id, 730 * DAY_MS)
      .run();
    await seedRound(company.id);
    const me = company.investors[0]!;
    expect(await textOf(`/portfolio/investments/${await investmentOf(company, me)}`, me)).toContain("IRR 22.5%");
  });
});

describe("after an acquisition at $100 a share", () => {
  let company: Company;
  let me: Investor;

  beforeAll(async () => {
    company = await fundedCompany({ holders: 2 });
    me = company.investors[0]!;
    await record(company.id, {
      kind: "acquisition",
      effectiveOn: today(),
      pricePerShare: 100,
      statement: "Acquired by Big Campus Co. for $100 a share in cash.",
    });
  }, 60_000);

  it("the holding's page says the cash was paid into the demo account", async () => {
    const text = await textOf(`/portfolio/investments/${await investmentOf(company, me)}`, me);
    expect(text).toContain(`Acquired: $5,000 paid into your demo account (${formatDate(today())}).`);
  });

  it("the portfolio's Realized is the cash paid out", async () => {
    expect(await textOf("/portfolio", me)).toContain("Realized $5,000 Cash paid out to you");
  });

  it("the portfolio's holdings row says Acquired and what it paid", async () => {
    expect(await textOf("/portfolio", me)).toMatch(/\$0 Acquired: \$5,000 paid out \+\$2,500 2\.00× /);
  });

  it("the profile's My Investments says Acquired, as the portfolio does", async () => {
    expect(await textOf("/profile?tab=investments", me)).toContain(
      "Current value Acquired: $5,000 paid out Gain +$2,500 (2.00×)",
    );
  });
});

describe("after a shutdown with nothing left", () => {
  it("the holding's page says Shut down", async () => {
    const company = await fundedCompany({ holders: 2 });
    const me = company.investors[0]!;
    await record(company.id, {
      kind: "shutdown",
      effectiveOn: today(),
      pricePerShare: 0,
      statement: "The company wound down; nothing was left for shareholders.",
    });
    expect(await textOf(`/portfolio/investments/${await investmentOf(company, me)}`, me)).toContain(
      "Shut down: nothing was left for shareholders",
    );
  });
});

describe("an empty portfolio", () => {
  it("has no Performance section", async () => {
    const newcomer = await signup();
    const res = await page("/portfolio", { token: newcomer.token });
    expect(visibleText(await res.text())).not.toContain("Performance");
  });
});
