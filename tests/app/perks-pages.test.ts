/**
 * Perks and the last update through the page doors (ADR 055), as a browser without JavaScript sends
 * them: the founder dashboard's Perks forms (add, a refused perk with its message beside its field,
 * terms fixed after the first investment), the project page's Perks panel and "Last update", the
 * purchase page's perks for the shares asked, the portfolio's "Perks you earned" after buying, and
 * the admin console's "Updates overdue".
 */
import { describe, expect, it } from "vitest";

import { PERK_MESSAGES } from "../../domain/money/perks";
import { DAY_MS } from "../../domain/shared/dates";
import { adminSession, buyShares, call, insertProject, page, rows, signup, visibleText } from "./helpers";

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({
    founderId: founder.user.id,
    publishedAt: Date.now(),
    totalShares: 10_000,
    sharePriceCents: 1_000,
  });
  return { founder, project };
}

describe("the founder dashboard's Perks", () => {
  it("adds a perk with the form and lists it; a refused one shows its message and writes nothing", async () => {
    const { founder, project } = await founderWithProject();
    const added = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "add-perk", projectId: project.id, title: "Name on the wall", kind: "reward", minAmount: "250" },
    });
    expect([added.status, added.headers.get("Location")]).toEqual([302, "/founder-dashboard?perkSaved=added#perks"]);
    const refused = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "add-perk", projectId: project.id, title: "Bonus", kind: "bonus_shares", firstInvestors: "50" },
    });
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain(PERK_MESSAGES.bonusRequired);
    expect(await rows("project_perks", "project_id = ?", project.id)).toBe(1);
    const shown = visibleText(
      await (await page("/founder-dashboard?perkSaved=added", { token: founder.token })).text(),
    );
    expect(shown).toContain(PERK_MESSAGES.created);
    expect(shown).toContain("Name on the wall");
  });

  it("after the first investment, a change of terms is refused and the description still saves", async () => {
    const { founder, project } = await founderWithProject();
    const res = await call(`/api/projects/${project.id}/perks`, {
      token: founder.token,
      body: { title: "Name on the wall", minAmount: 250 },
    });
    const perk = await res.json<{ id: string }>();
    await buyShares(project.id, (await signup()).token, 30);
    const moved = await page("/founder-dashboard", {
      token: founder.token,
      form: {
        intent: "edit-perk",
        projectId: project.id,
        perkId: perk.id,
        title: "Name on the wall",
        minAmount: "100",
      },
    });
    expect(moved.status).toBe(409);
    expect(visibleText(await moved.text())).toContain(PERK_MESSAGES.locked);
    const described = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "edit-perk", projectId: project.id, perkId: perk.id, description: "On our office wall." },
    });
    expect(described.status).toBe(302);
    expect(
      await rows(
        "project_perks",
        "id = ? and description = 'On our office wall.' and min_amount_cents = 25000",
        perk.id,
      ),
    ).toBe(1);
  });
});

describe("perks where investors see them", () => {
  it("the project page lists them, the purchase page says which the shares asked earn, the portfolio what was earned", async () => {
    const { founder, project } = await founderWithProject();
    await call(`/api/projects/${project.id}/perks`, {
      token: founder.token,
      body: { title: "Name on the wall", minAmount: 250 },
    });
    await call(`/api/projects/${project.id}/perks`, {
      token: founder.token,
      body: { title: "Early bird", kind: "bonus_shares", firstInvestors: 50, bonusPercent: 10 },
    });
    const projectPage = visibleText(await (await page(`/project/${project.slug}`)).text());
    expect(projectPage).toContain("Invest $250 or more");
    expect(projectPage).toContain("Be one of the first 50 investors (50 left)");
    const investor = await signup();
    const purchase = visibleText(
      await (await page(`/purchase/${project.slug}?shares=30`, { token: investor.token })).text(),
    );
    expect(purchase.match(/This purchase earns it/g)?.length).toBe(2);
    expect(purchase).toContain("This purchase earns it: 3 bonus shares");
    await buyShares(project.id, investor.token, 30);
    const portfolio = visibleText(await (await page("/portfolio", { token: investor.token })).text());
    expect(portfolio).toContain("Perks you earned");
    expect(portfolio).toContain("3 bonus shares");
  });
});

describe("the last update", () => {
  it("a funded company's page says how long ago, and the admin lists it overdue after 90 days", async () => {
    const founder = await signup("founder");
    const project = await insertProject({
      founderId: founder.user.id,
      publishedAt: Date.now() - 200 * DAY_MS,
      status: "funded",
      settledAt: Date.now() - 120 * DAY_MS,
      settledCents: 0,
      settledShares: 0,
    });
    expect(visibleText(await (await page(`/project/${project.slug}`)).text())).toContain("No updates yet");
    const admin = await adminSession();
    const adminPage = visibleText(await (await page("/admin", { token: admin })).text());
    expect(adminPage).toContain("Updates overdue");
    expect(adminPage).toContain(`${project.title} None since funding 120`);
  });
});
