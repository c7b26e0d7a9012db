/**
 * The purchase by keyboard alone at 200% zoom (a 640 × 360 viewport: a 1280 × 720 screen at 200%),
 * JavaScript on and off: every control that takes focus on the way is on screen and clear of the
 * sticky header and the sticky Invest bar (WCAG 2.4.11, Focus Not Obscured), and with JavaScript
 * focus moves to the result: the purchase's success, then the portfolio's message (WCAG 2.4.3).
 * Also: the tour offer comes first in the tab order and covers nothing; signing in and searching
 * move focus to the new page's heading or the result.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { expectWcag22AA, PROJECTS, signInViaForm, signUpViaApi, TEST_PASSWORD } from "./helpers";

test.use({ viewport: { width: 640, height: 360 } });

interface Focused {
  label: string;
  /** Why it is not fully visible, or null. */
  hidden: string | null;
}

/** The focused control, and whether it is on screen clear of the sticky header and the sticky bars. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el.id === "main") return null;
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "").trim().slice(0, 40)}"`;
    // The skip link shows over the header by design.
    if (el.classList.contains("skip-link")) return { label, hidden: null };
    const r = el.getBoundingClientRect();
    const header = document.querySelector(".site-header");
    let top = 0;
    let bottom = window.innerHeight;
    if (header && !header.contains(el)) top = header.getBoundingClientRect().bottom;
    for (const bar of Array.from(document.querySelectorAll<HTMLElement>(".invest-bar, .detail-investbar"))) {
      const style = getComputedStyle(bar);
      if (bar.contains(el) || style.position !== "sticky" || style.display === "none") continue;
      bottom = Math.min(bottom, bar.getBoundingClientRect().top);
    }
    const hidden =
      r.width === 0 || r.height === 0
        ? "no size"
        : r.top < top - 1
          ? `top ${Math.round(r.top)} above ${Math.round(top)}`
          : r.bottom > bottom + 1
            ? `bottom ${Math.round(r.bottom)} below ${Math.round(bottom)}`
            : null;
    return { label, hidden };
  });
}

/**
 * Tabs forward until `until` names the focused control (at most `max` presses), checking each one
 * on the way; returns those that were hidden.
 */
async function tabTo(page: Page, until: RegExp, hidden: string[], max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (!f) continue;
    if (f.hidden) hidden.push(`${f.label}: ${f.hidden}`);
    if (until.test(f.label)) return;
  }
  throw new Error(`no control matching ${until} within ${max} tabs`);
}

test("the purchase by keyboard at 200% zoom: every focused control in view, focus on the result", async ({
  asInvestor: { page },
  javaScriptEnabled,
}) => {
  const hidden: string[] = [];
  await page.goto(`/purchase/${PROJECTS.journey.slug}`);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);

  await tabTo(page, /"20 shares"/, hidden);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Number of shares")).toHaveValue("20");

  if (javaScriptEnabled) {
    await tabTo(page, /input "riskAcknowledged"|I understand/, hidden);
    await page.keyboard.press("Space");
    await tabTo(page, /"Purchase 20 Shares"/, hidden);
    await page.keyboard.press("Enter");
    await expect(page.locator(":focus")).toContainText("Your investment was successful!");
    await expect(page).toHaveURL(/\/portfolio/);
    await expect(page.locator(":focus")).toContainText(`Successfully invested in ${PROJECTS.journey.title}!`);
  } else {
    await tabTo(page, /"Review Purchase"/, hidden);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/review=1/);
    await tabTo(page, /input "riskAcknowledged"|I understand/, hidden);
    await page.keyboard.press("Space");
    await tabTo(page, /"Purchase 20 Shares"/, hidden);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/portfolio/);
    await expect(page.getByText(`Successfully invested in ${PROJECTS.journey.title}!`)).toBeVisible();
  }
  expect(hidden).toEqual([]);
});

test("the project page by keyboard at 200% zoom: every focused control clear of the Invest bar", async ({ page }) => {
  const hidden: string[] = [];
  await page.goto(`/project/${PROJECTS.journey.slug}`);
  await tabTo(page, /"(Login to Invest|Invest \$[\d,]+)"$/, hidden, 120);
  expect(hidden).toEqual([]);
});

test.describe("focus after a navigation (JavaScript)", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript each of these is a new document, read from its top");
  });

  test("signing in moves focus to the new page's heading", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto("/signin");
    await signInViaForm(page, account.email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/portfolio/);
    await expect(page.locator("h1:focus")).toHaveCount(1);
  });

  test("searching moves focus to the result count", async ({ page }) => {
    await page.goto("/demo");
    await expect(page.locator("html.js")).toHaveCount(1);
    await page.getByLabel("Search projects").fill(PROJECTS.journey.title);
    await page.getByLabel("Search projects").press("Enter");
    await expect(page.locator(":focus")).toHaveText(/matches? “BridgeCode”/);
  });

  test("the tour offer comes first after the header and covers nothing", async ({ asInvestor: { page } }) => {
    await page.goto("/portfolio?newUser=1");
    const offer = page.locator("[data-tour-prompt]");
    await expect(offer).toBeVisible();
    await page.locator("#main").focus();
    await page.keyboard.press("Tab");
    await expect(offer.getByRole("button", { name: "Start tour" })).toBeFocused();
    expect(await offer.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    await expectWcag22AA(page, "portfolio with the tour offer at 200% zoom");
  });
});

test("axe (WCAG 2.2 AA) on the purchase page at 200% zoom", { tag: "@read-only" }, async ({ asInvestor: { page } }) => {
  await page.goto(`/purchase/${PROJECTS.journey.slug}`);
  await expectWcag22AA(page, "purchase page at 200% zoom");
});
