/**
 * The plain links of the header, the footer, the tab bars and the project cards: they lead to their page and mark the one shown, with JavaScript
 * or without; with it, they navigate inside the app as a `<Link>` did (no new document).
 */
import { expect, test } from "./fixtures";

import { DEMO, PROJECTS, signInAs, waitForHydration } from "./helpers";

test.beforeEach(async ({ context, request, baseURL }) => {
  await signInAs(context, request, baseURL!, DEMO.investor);
});

test("the header, tab, card and footer links lead to their pages and mark the one shown", async ({ page }) => {
  const p = PROJECTS.open;
  await page.goto(`/project/${p.slug}`);
  const main = page.getByRole("navigation", { name: "Main" }).first();

  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/[?&]tab=team\b/);
  await expect(page.getByRole("region", { name: "Team section" })).toBeVisible();

  await main.getByRole("link", { name: "Explore" }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(main.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  await expect(main.getByRole("link", { name: "Portfolio" })).not.toHaveAttribute("aria-current", "page");

  const card = page.getByRole("link", { name: /^View Details of / }).first();
  const title = (await card.textContent())!.replace(/^View Details of /, "");
  await card.click();
  await expect(page).toHaveURL(/\/project\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("with JavaScript, they navigate inside the app: one document throughout", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "client-side navigation needs JavaScript");
  const p = PROJECTS.open;
  await page.goto(`/project/${p.slug}`);
  await waitForHydration(page, true, "Calculate");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Market" }).click();
  await expect(page.getByRole("region", { name: "Market section" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Explore" }).click();
  // The project page has its own "View Details of …" (to its tabs): wait for the browser first.
  await expect(page).toHaveURL(/\/demo$/);
  await page
    .getByRole("link", { name: /^View Details of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/project\/[^/?]+$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
