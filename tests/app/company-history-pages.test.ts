/**
 * A funded company's page tells what happened after its raise (ADR 052), through the page door:
 * its History tab lists the raise and each reviewed event (a priced round with its price, a SAFE's
 * conversion), never a founder's report still waiting for review to anyone but its founder; an
 * acquired company says so at the top of every tab, and offers nothing to buy.
 */
import { describe, expect, it } from "vitest";

import { isoDay } from "../../domain/shared/dates";
import { formatDate, formatPrice } from "../../domain/shared/format";
import { fundedCompany, pendingCompanyEvent } from "../workers/others-records";
import { adminSession, call, insertProject, json, page, unique, visibleText } from "./helpers";

const today = () => isoDay(Date.now());

/** An admin records an event of the company (approved at once); its answer. */
async function record(id: string, body: Record<string, unknown>) {
  const res = await call(`/api/projects/${id}/events`, {
    token: await adminSession(),
    body: { effectiveOn: today(), ...body },
  });
  if (res.status !== 201) throw new Error(`record failed: ${res.status} ${await res.text()}`);
  return json<{ id: string; conversionPrice: number | null }>(res);
}

const seedRound = {
  kind: "round",
  pricePerShare: 75,
  preMoneyValuation: 8_000_000,
  roundName: "Seed",
  statement: "A seed round led by Dorm Ventures.",
};

const historyText = async (id: string, token?: string) =>
  visibleText(await (await page(`/project/${id}?tab=history`, { token })).text());

describe("the History tab of a funded company", () => {
  it("a visitor sees the priced round an admin recorded, with its price per share and valuation", async () => {
    const { id } = await fundedCompany();
    await record(id, seedRound);
    expect(await historyText(id)).toContain(
      `${formatDate(`${today()}T00:00:00Z`)} Priced round: Seed $75 a share, at a pre-money valuation of $8,000,000. A seed round led by Dorm Ventures.`,
    );
  });

  it("the current mark names the event it comes from", async () => {
    const { id } = await fundedCompany();
    await record(id, seedRound);
    expect(await historyText(id)).toContain(
      `Shares are valued at $75, from the priced round of ${formatDate(`${today()}T00:00:00Z`)}.`,
    );
  });

  it("a SAFE's first priced round says the price it converted at", async () => {
    const { id } = await fundedCompany({ overrides: { regulationType: "SAFE" } });
    const round = await record(id, seedRound);
    expect(await historyText(id)).toContain(`The SAFE converted at ${formatPrice(round.conversionPrice!)} a share.`);
  });

  it("a founder's report waiting for review is not shown to a visitor", async () => {
    const { id } = await pendingCompanyEvent();
    expect(await historyText(id)).not.toContain("We closed a seed round at $75 a share.");
  });

  it("its founder sees their report marked Waiting for review", async () => {
    const { id, founder } = await pendingCompanyEvent();
    expect(await historyText(id, founder.token)).toContain(
      "Waiting for review Priced round $75 a share, at a pre-money valuation of $8,000,000. We closed a seed round at $75 a share.",
    );
  });

  it("a raise that was not funded has no History tab (the Overview is shown)", async () => {
    const project = await insertProject({ publishedAt: Date.now(), title: `Open Raise ${unique()}` });
    const html = await (await page(`/project/${project.slug}?tab=history`)).text();
    const shown = (label: string) => html.includes(`aria-label="${label} section"`);
    expect([shown("History"), shown("Overview"), html.includes("tab=history")]).toEqual([false, true, false]);
  });
});

describe("an acquired company", () => {
  const acquisition = { kind: "acquisition", pricePerShare: 120, statement: "Bought by Quad Holdings." };

  it("says Acquired in its badge and the price paid a share, on its Overview", async () => {
    const { id } = await fundedCompany();
    await record(id, acquisition);
    const html = await (await page(`/project/${id}`)).text();
    const badge = /<span class="badge status-badge [^"]*">([^<]+)<\/span>/.exec(html)?.[1];
    const said = visibleText(html).includes(`Acquired on ${formatDate(`${today()}T00:00:00Z`)} at $120 a share.`);
    expect([badge, said]).toEqual(["Acquired", true]);
  });

  it("offers nothing to buy, even to an investor who holds its shares", async () => {
    const { id, investors } = await fundedCompany();
    await record(id, acquisition);
    const html = await (await page(`/project/${id}`, { token: investors[0]!.token })).text();
    expect(html.match(/href="\/purchase\/|invest-btn|detail-investbar/g)).toBeNull();
  });
});
