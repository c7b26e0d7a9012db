/**
 * Accessibility of the marketing pages (axe-core; fails on "serious" or "critical" violations).
 * Runs in the "js" project only: axe injects a script. Reduced motion is emulated so scroll-reveal
 * content is checked in its final state (mid-fade text would give meaningless contrast results);
 * the colours are the same either way.
 */
import { expect, test } from "./fixtures";

import { expectNoSeriousViolations } from "./helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

for (const path of ["/", "/about", "/privacy-policy", "/terms-of-service"]) {
  test(path, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  });
}

test("/ at phone width with the menu open", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.locator("details.nav-mobile summary").click();
  await expectNoSeriousViolations(page, "/ (375px, menu open)");
});

test("/privacy-policy scrolled, with the back-to-top button", async ({ page }) => {
  await page.goto("/privacy-policy");
  await page.evaluate("window.scrollTo(0, 800)");
  await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
  await expectNoSeriousViolations(page, "/privacy-policy (scrolled)");
});
