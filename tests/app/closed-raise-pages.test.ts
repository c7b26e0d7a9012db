/**
 * A raise that has ended reads as ended (ADR 043): on its page, the committed total and the
 * investor count are those `GET /api/projects/{slug}` answers (its `raise.investors`, and its
 * `settlement.amount` or `fundingCurrent`), for a raise closed below its goal, a funded one and one
 * its founder closed early; the Overview says how it ended before the founder's own words; the
 * calculator gives way to the ended state.
 */
import { describe, expect, it } from "vitest";

import { formatDate, formatMoney } from "../../domain/shared/format";
import { call, inDays, insertProject, page, recordPurchase, signup, unique, visibleText } from "./helpers";

const ENDED = { publishedAt: Date.now() - 40 * 86_400_000, fundingDeadline: inDays(-2) };

/** $10,000 goal at $10 a share (1,000 shares): `shares` bought by each of `buyers` investors. */
async function endedRaise(shares: number[], extra: Record<string, unknown> = {}) {
  const project = await insertProject({ ...ENDED, title: `Ended Raise ${unique()}`, ...extra });
  for (const n of shares) await recordPurchase(project.id, (await signup()).user.id, n);
  return project;
}

/** The page's committed (or raised) total and its investor count, as a visitor reads them. */
async function pageFigures(slug: string) {
  const text = visibleText(await (await page(`/project/${slug}`)).text());
  return {
    amount: /Funding Progress (\$[\d,]+) (?:raised|committed) of/.exec(text)?.[1] ?? null,
    investors: Number(/Investors ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, "") ?? NaN),
  };
}

/** The same two figures from the API. */
async function apiFigures(slug: string) {
  const p = await (
    await call(`/api/projects/${slug}`)
  ).json<{
    fundingCurrent: number;
    raise: { investors: number };
    settlement: { outcome: string; amount: number } | null;
  }>();
  const amount = p.settlement?.outcome === "closed" ? p.settlement.amount : p.fundingCurrent;
  return { amount: formatMoney(amount), investors: p.raise.investors };
}

describe("the page and the API agree on an ended raise's committed total and investors", () => {
  it("closed below its goal (41%, three investors, every investment returned)", async () => {
    const project = await endedRaise([200, 110, 100]);
    // The API read first settles it; the page then reads the settled raise.
    const api = await apiFigures(project.slug);
    expect(await pageFigures(project.slug)).toEqual({ ...api, investors: 3 });
  });

  it("funded (every share sold by two investors)", async () => {
    const project = await endedRaise([600, 400]);
    const api = await apiFigures(project.slug);
    expect(await pageFigures(project.slug)).toEqual({ ...api, investors: 2 });
  });

  it("closed early by its founder after reaching the goal", async () => {
    const project = await endedRaise([700, 300], { closedEarlyAt: Date.now() - 5 * 86_400_000 });
    const api = await apiFigures(project.slug);
    expect(await pageFigures(project.slug)).toEqual({ ...api, investors: 2 });
  });
});

describe("an ended raise's page reads as ended", () => {
  it("the Overview says it closed below its goal and the money was returned, before the offering", async () => {
    const project = await endedRaise([410]);
    await call(`/api/projects/${project.slug}`);
    const text = visibleText(await (await page(`/project/${project.slug}`)).text());
    expect(text).toContain(
      `Overview This raise closed on ${formatDate(`${project.fundingDeadline}T00:00:00Z`)} below its goal, and every investment was returned to its investor.`,
    );
  });

  it("the Overview of a funded raise says it closed", async () => {
    const project = await endedRaise([1_000]);
    const text = visibleText(await (await page(`/project/${project.slug}`)).text());
    expect(text).toContain(`Overview This raise closed on ${formatDate(`${project.fundingDeadline}T00:00:00Z`)}.`);
  });

  it("the calculator gives way to the ended state: no share count to calculate", async () => {
    const project = await endedRaise([410]);
    const text = visibleText(await (await page(`/project/${project.slug}`)).text());
    expect([text.includes("This raise has ended."), text.includes("Calculate Your Investment")]).toEqual([true, false]);
  });

  it("an open raise's Overview says nothing of an end", async () => {
    const project = await insertProject({ publishedAt: Date.now(), title: `Open Raise ${unique()}` });
    const text = visibleText(await (await page(`/project/${project.slug}`)).text());
    expect(text).not.toContain("This raise closed");
  });
});
