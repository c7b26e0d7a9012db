/**
 * The rails (ADR 055) as a visitor meets them, JavaScript on and off: the home page shows each rail
 * as a section with its heading and a list of project cards, and "See all" opens the browser in the
 * rail's order; the browser's own first page shows them above its grid. Axe on the home page and
 * the browser with rails (js project only: axe injects a script). The rails' orders and bounds:
 * tests/workers/rails.test.ts.
 */
import { expect, test } from "./fixtures";

import { expectNoSeriousViolations } from "./helpers";

test("home shows the rails, and See all opens the browser sorted", { tag: "@read-only" }, async ({ page }) => {
  await page.goto("/");
  const trending = page.getByRole("region", { name: "Trending" });
  await expect(trending.getByRole("heading", { name: "Trending" })).toBeVisible();
  const cards = trending.getByRole("list").first().getByRole("listitem");
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(12);
  await expect(
    page.getByRole("region", { name: "Closing soon" }).getByRole("heading", { name: "Closing soon" }),
  ).toBeVisible();

  await trending.getByRole("link", { name: "See all Trending" }).click();
  await expect(page).toHaveURL(/\/demo\?sort=trending$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("trending");
  // The rail's first project leads the sorted browser.
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

test("the browser's first page shows the rails above its grid", { tag: "@read-only" }, async ({ page }) => {
  await page.goto("/demo");
  const rails = page.locator(".rails");
  await expect(rails.getByRole("heading", { name: "Closing soon" })).toBeVisible();
  await page.getByRole("region", { name: "Closing soon" }).getByRole("link", { name: "See all Closing soon" }).click();
  await expect(page).toHaveURL(/\/demo\?sort=ending$/);
  await expect(page.locator(".rails")).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(
    `at ${width} px each rail is one row, and Tab scrolls its last card into view`,
    { tag: "@read-only" },
    async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const rail = page.getByRole("region", { name: "Closing soon" });
      const list = rail.getByRole("list").first();
      const items = list.getByRole("listitem");
      const count = await items.count();
      expect(count).toBeGreaterThan(1);
      // One row: every card starts at the same height.
      const tops = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      // From See all, Tab walks the cards' title links; the row scrolls the last one into view.
      await rail.getByRole("link", { name: "See all Closing soon" }).focus();
      for (let i = 0; i < count; i++) await page.keyboard.press("Tab");
      const last = items.last().getByRole("link");
      await expect(last).toBeFocused();
      // (the row scrolls, then snaps to a card: wait for it to settle)
      const rowEnd = await list.evaluate((el) => el.getBoundingClientRect().right);
      await expect.poll(() => last.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(rowEnd);
      expect(await last.evaluate((el) => el.getBoundingClientRect().left)).toBeGreaterThanOrEqual(0);
    },
  );
}

test.describe("axe with the rails", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  for (const [path, width] of [
    ["/", 1280],
    ["/", 390],
    ["/demo", 1280],
    ["/demo", 390],
  ] as const) {
    test(`${path} at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator(".rail").first()).toBeVisible();
      await expectNoSeriousViolations(page, `${path} with rails (${width} px)`);
    });
  }
});
