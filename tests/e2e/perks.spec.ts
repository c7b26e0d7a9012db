/**
 * Perks (ADR 055) in the browser, with JavaScript on and off: the founder adds a perk with the
 * dashboard's Perks form; an investor sees on the purchase page which perks the shares they choose
 * earn (updating as they type with JavaScript; after "Update total" without it), buys, and finds
 * them under "Perks you earned". Axe (JavaScript on: it injects a script) on the Perks form and the
 * purchase page with perks.
 */
import { expect, test } from "./fixtures";
import {
  createProjectViaApi,
  expectNoSeriousViolations,
  signInCookie,
  signUpViaApi,
  waitForHydration,
} from "./helpers";

test("the founder adds a perk with the dashboard's Perks form", async ({ asFounder: founder, page, request }) => {
  await createProjectViaApi(request, founder.token, { publish: true });
  await page.goto("/founder-dashboard#perks");
  const perks = page.locator("#perks");
  await expect(perks.getByRole("heading", { name: "Perks", exact: true })).toBeVisible();
  await perks.getByLabel("Title").fill("Name on the wall");
  await perks.getByLabel("Minimum investment (dollars)").fill("250");
  await perks.getByLabel("Description").fill("On our first office's wall.");
  await perks.getByRole("button", { name: "Add Perk" }).click();
  await expect(page).toHaveURL(/perkSaved=added#perks$/);
  await expect(perks.getByRole("status")).toContainText("The perk was added.");
  await expect(perks.getByRole("list", { name: "Your perks" })).toContainText("Invest $250 or more");
});

test("the purchase page says which perks the shares earn; the portfolio lists them once bought", async ({
  asInvestor,
  page,
  request,
  javaScriptEnabled: js,
}) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const headers = { Authorization: `Bearer ${founder.token}` };
  for (const data of [
    { title: "Name on the wall", minAmount: 250 },
    { title: "Early bird", kind: "bonus_shares", firstInvestors: 50, bonusPercent: 10 },
  ]) {
    const res = await request.post(`/api/projects/${project._id}/perks`, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
  }

  expect(asInvestor.token).toBeTruthy(); // the page is signed in as a new investor
  await page.goto(`/purchase/${project.slug}?shares=10`);
  await waitForHydration(page, js, "Update total");
  const wall = page.locator(".perk").filter({ hasText: "Name on the wall" });
  const early = page.locator(".perk").filter({ hasText: "Early bird" });
  // $100: the early bird's one bonus share, not the $250 tier.
  await expect(early).toContainText("This purchase earns it: 1 bonus shares");
  await expect(wall).not.toContainText("This purchase earns it");
  await page.getByLabel("Number of shares").fill("30");
  if (!js) await page.getByRole("button", { name: "Update total" }).click();
  await expect(wall).toContainText("This purchase earns it");
  await expect(early).toContainText("This purchase earns it: 3 bonus shares");

  if (!js) await page.getByRole("button", { name: "Review Purchase" }).click();
  await page.getByRole("checkbox", { name: "I understand I may lose all of the money I invest" }).check();
  await page.getByRole("button", { name: "Purchase 30 Shares" }).click();
  await page.waitForURL(/\/portfolio/);
  const earned = page.getByRole("region", { name: "Perks you earned" });
  await expect(earned).toContainText("Name on the wall");
  await expect(earned).toContainText("3 bonus shares");
});

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("the Perks form and the purchase page with perks have no serious axe violations", async ({
    asFounder: founder,
    page,
    request,
  }) => {
    const project = await createProjectViaApi(request, founder.token, { publish: true });
    const res = await request.post(`/api/projects/${project._id}/perks`, {
      data: { title: "Early bird", kind: "bonus_shares", firstInvestors: 50, bonusPercent: 10 },
      headers: { Authorization: `Bearer ${founder.token}` },
    });
    expect(res.status()).toBe(201);
    await page.goto("/founder-dashboard#perks");
    await expect(page.getByRole("list", { name: "Your perks" })).toContainText("Early bird");
    await expectNoSeriousViolations(page, "the founder dashboard's Perks form");

    const investor = await signUpViaApi(request, { role: "investor" });
    await page.context().clearCookies();
    await signInCookie(page.context(), new URL(page.url()).origin, investor.token);
    await page.goto(`/purchase/${project.slug}?shares=30`);
    await expect(page.locator(".perk")).toContainText("This purchase earns it: 3 bonus shares");
    await expectNoSeriousViolations(page, "the purchase page with perks");
  });
});
