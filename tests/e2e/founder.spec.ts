/**
 * Founders cannot invest (spec section 6): the detail page shows a disabled "Founders Cannot
 * Invest", and the purchase page does not let them buy. Both projects.
 */
import { expect, test } from "./fixtures";

import { DEMO, PROJECTS, signInAs, signInCookie, signUpViaApi } from "./helpers";

const INVESTORS_ONLY =
  "This section is only available for investors. Please use an investor account to access this feature.";
const FOUNDER_CANNOT_INVEST =
  "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.";

test("the demo founder sees a disabled Founders Cannot Invest and cannot open the purchase page", async ({
  page,
  context,
  request,
  baseURL,
}) => {
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

  // Opening the purchase page directly: sent away with the investors-only message.
  await page.goto(`/purchase/${p.slug}`);
  await expect(page).not.toHaveURL(/\/purchase\//);
  await expect(page.getByText(INVESTORS_ONLY).or(page.getByText(FOUNDER_CANNOT_INVEST))).toBeVisible();
  await expect(page.getByRole("button", { name: /^Purchase/ })).toHaveCount(0);
});

test("a newly signed-up founder gets the same treatment", async ({ page, context, request, baseURL }) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  await signInCookie(context, baseURL!, founder.token);

  await page.goto(`/project/${PROJECTS.journey.slug}`);
  await expect(page.getByRole("button", { name: "Founders Cannot Invest" }).first()).toBeDisabled();

  await page.goto(`/invest/${PROJECTS.journey.slug}`);
  await expect(page).not.toHaveURL(/\/invest\//);
  await expect(page.getByText(INVESTORS_ONLY).or(page.getByText(FOUNDER_CANNOT_INVEST))).toBeVisible();
});
