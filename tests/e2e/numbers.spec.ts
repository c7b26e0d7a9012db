/**
 * One set of numbers and words on every screen, in a browser, JavaScript on and off: the demo
 * account's figures agree on the profile and in settings; a closed raise below its goal is Closed;
 * RegA+ without figures says where to declare them; no preset below the minimum; the purchase
 * button says Processing... while it runs (JavaScript); the Watchlist is in the user menu, which
 * stays open when it was opened before hydration; no
 * settings page says Coming soon; /notifications clears the bell.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, money, PROJECTS, signUpViaApi, waitForHydration } from "./helpers";

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications/ });

test(
  "the invested figure is the same on the profile, its Financial Info and settings' Cash",
  { tag: "@read-only" },
  async ({ asInvestor: investor, page, request }) => {
    const bought = await request.post(`/api/projects/${PROJECTS.journey.slug}/invest`, {
      data: { shares: 12, sharePrice: PROJECTS.journey.sharePrice },
      headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": `numbers-${Date.now()}` },
    });
    expect(bought.status()).toBe(201);
    const seen: string[] = [];
    for (const path of ["/profile", "/profile?tab=financial", "/settings?tab=cash", "/settings?tab=portfolio"]) {
      await page.goto(path);
      seen.push((await page.getByTestId("account-invested").first().textContent())!.trim());
    }
    expect(seen).toEqual(Array(4).fill(money(120)));
  },
);

test(
  "a closed raise below its goal is badged Closed on its card and its page says Closed",
  { tag: "@read-only" },
  async ({ page }) => {
    await page.goto(`/demo?q=${PROJECTS.pastDeadline.title}`);
    const card = page.locator("article.project-card").filter({ hasText: PROJECTS.pastDeadline.title });
    await expect(card.locator(".status-badge")).toHaveText("Closed (goal not reached)");
    await page.goto(`/project/${PROJECTS.pastDeadline.slug}`);
    // The sidebar says it in one word, on one line (its badge above says the rest).
    await expect(page.getByRole("complementary").locator("dt:text-is('Days left') + dd")).toHaveText("Closed");
  },
);

test(
  "RegA+ without declared figures: declare them to see the limit, linked",
  { tag: "@read-only" },
  async ({ asInvestor: { page }, request }) => {
    const founder = await signUpViaApi(request, { role: "founder" });
    const project = await createProjectViaApi(request, founder.token, {
      publish: true,
      body: { regulationType: "RegA+" },
    });
    await page.goto(`/purchase/${project.slug}`);
    const link = page.getByRole("link", { name: "Declare your income or net worth to see your Reg A+ limit" });
    await expect(link).toHaveAttribute("href", "/settings?section=investor-information");
    await expect(page.getByText(/up to \$0\b/)).toHaveCount(0);
  },
);

test(
  "no preset on the purchase page buys less than the minimum investment",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    await page.goto(`/purchase/${PROJECTS.journey.slug}`);
    const labels = await page.getByRole("group", { name: "Preset share counts" }).getByRole("link").allTextContents();
    const counts = labels.map((l) => Number(l.replace(/[^\d]/g, "")));
    expect(
      counts.length > 0 && counts.every((n) => n * PROJECTS.journey.sharePrice >= PROJECTS.journey.minInvestment),
    ).toBe(true);
  },
);

test("the purchase button says Processing... while the purchase runs", async ({ asInvestor: { page } }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "a label that changes while a request runs needs JavaScript");
  await page.route(/\/purchase\/[^/]+\.data/, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/purchase/${PROJECTS.journey.slug}`);
  await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0); // hydrated
  await page.getByLabel("I understand I may lose all of the money I invest").check();
  await page.getByRole("button", { name: /^Purchase \d+ Shares$/ }).click();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeVisible();
});

test("the Watchlist is in the header's user menu", async ({ asInvestor: { page } }) => {
  await page.goto("/portfolio");
  await page.locator(".nav-desktop .profile-toggle").click();
  await page.locator(".nav-desktop .dropdown").getByRole("link", { name: "Watchlist" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=watchlist$/);
  await expect(page.getByRole("heading", { name: "Watchlist" })).toBeVisible();
});

test("a user menu opened before the scripts arrive stays open when they do", async ({
  asInvestor: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "hydration needs JavaScript");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/project/${PROJECTS.open.slug}`, { waitUntil: "domcontentloaded" });
  await page.locator(".nav-desktop .profile-toggle").click();
  await expect(page.locator(".nav-desktop .dropdown").getByRole("link", { name: "Watchlist" })).toBeVisible();
  release();
  await waitForHydration(page, true, "Calculate");
  await expect(page.locator(".nav-desktop .dropdown").getByRole("link", { name: "Watchlist" })).toBeVisible();
});

test("no settings page says Coming soon", { tag: "@read-only" }, async ({ asInvestor: { page } }) => {
  const pages = [
    ...["portfolio", "followers", "watchlist", "cash", "tax-docs", "account"].map((t) => `/settings?tab=${t}`),
    ...["login-security", "investor-information", "banks-cards", "public-profile", "notifications", "vip"].map(
      (s) => `/settings?section=${s}`,
    ),
  ];
  const saying: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    if ((await page.getByText(/coming soon/i).count()) > 0) saying.push(path);
  }
  expect(saying).toEqual([]);
});

test("showing /notifications clears the bell", async ({ asInvestor: investor, page, request }) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const followed = await request.post(`/api/projects/${project._id}/follow`, {
    headers: { Authorization: `Bearer ${investor.token}` },
  });
  expect(followed.ok()).toBe(true);
  const posted = await request.post(`/api/projects/${project._id}/updates`, {
    data: { title: "First rooms booked", body: "Forty students booked rooms." },
    headers: { Authorization: `Bearer ${founder.token}` },
  });
  expect(posted.ok()).toBe(true);

  await page.goto("/portfolio");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText("1 new since your last visit.")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await page.goto("/portfolio");
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});
