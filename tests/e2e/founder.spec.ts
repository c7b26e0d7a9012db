/**
 * Founders cannot invest (spec section 6): the detail page shows a disabled "Founders Cannot
 * Invest", and the purchase page does not let them buy. Both projects.
 */
import { expect, test } from "./fixtures";

import { DEMO, PROJECTS, signInAs } from "./helpers";

const FOUNDER_CANNOT_INVEST =
  "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.";

test(
  "the demo founder sees a disabled Founders Cannot Invest, and the purchase page tells them why",
  { tag: "@read-only" },
  async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.founder);
    const p = PROJECTS.open;

    await page.goto(`/project/${p.slug}`);
    const buttons = page.getByRole("button", { name: "Founders Cannot Invest" });
    await expect(buttons.first()).toBeVisible();
    for (const b of await buttons.all()) await expect(b).toBeDisabled();
    await expect(page.getByRole("link", { name: /^(Invest Now|Invest \$|Login to Invest)/ })).toHaveCount(0);

    // The project browser's cards say the same.
    await page.goto("/demo?category=technology");
    await expect(page.getByRole("button", { name: "Founders Cannot Invest" }).first()).toBeDisabled();
    await expect(page.getByRole("link", { name: /^Invest Now/ })).toHaveCount(0);

    // Opening the purchase page directly: the purchase rule's own message (403), nothing to buy with.
    const res = await page.goto(`/purchase/${p.slug}`);
    expect(res!.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText(FOUNDER_CANNOT_INVEST);
    await expect(page.getByRole("button", { name: /^Purchase/ })).toHaveCount(0);
    await expect(page.getByLabel("Number of shares")).toHaveCount(0);
  },
);

test("a newly signed-up founder gets the same treatment", { tag: "@read-only" }, async ({ asFounder: { page } }) => {
  await page.goto(`/project/${PROJECTS.journey.slug}`);
  await expect(page.getByRole("button", { name: "Founders Cannot Invest" }).first()).toBeDisabled();

  const res = await page.goto(`/invest/${PROJECTS.journey.slug}`);
  expect(res!.status()).toBe(403);
  await expect(page.getByRole("alert")).toHaveText(FOUNDER_CANNOT_INVEST);
});
