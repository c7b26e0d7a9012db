/**
 * Cancelling an investment, with JavaScript on and off: an investor who bought opens
 * the investment from the portfolio, confirms, sees it Canceled in the holdings (counted in no
 * total) and the project's raise and investor count restored, for visitors too. After the cutoff
 * (48 hours before the funding deadline) there is no button and a forged form post is refused.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  createProjectViaApi,
  expectAlert,
  expectNoSeriousViolations,
  formPost,
  isoDate,
  signUpViaApi,
  visibleText,
} from "./helpers";

/**
 * When the cancellation window of a project with this deadline closes, as the pages say it: 48
 * hours before 00:00 UTC of the deadline day ("Dec 18, 2026, 00:00 UTC").
 */
function cancelDeadlineText(fundingDeadline: string): string {
  const cutoff = Date.parse(`${fundingDeadline}T00:00:00Z`) - 48 * 60 * 60 * 1000;
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return `${day.format(cutoff)}, 00:00 UTC`;
}

/** Buys through the API (the purchase page's own journey is tested elsewhere); returns the investment id. */
async function buy(request: APIRequestContext, token: string, projectId: string, shares: number): Promise<string> {
  const res = await request.post(`/api/projects/${projectId}/invest`, {
    data: { shares, sharePrice: 10 },
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID() },
  });
  expect(res.status(), `purchase failed: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { investment: { _id: string } }).investment._id;
}

/** A fresh live project ($10 a share, $100 minimum) with another investor's $100 already in it. */
async function liveProject(request: APIRequestContext, fundingDeadline = isoDate(0, 90)) {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true, body: { fundingDeadline } });
  const other = await signUpViaApi(request, { firstName: "Olive" });
  await buy(request, other.token, project._id, 10);
  return { ...project, fundingDeadline };
}

/** The project page's "raised" figure and investor count, as a visitor sees them (the API client has no session). */
async function publicFigures(request: APIRequestContext, slug: string) {
  const res = await request.get(`/project/${slug}`);
  expect(res.status()).toBe(200);
  const text = visibleText(await res.text());
  return {
    raised: /(\$[\d,]+) raised of/.exec(text)?.[1] ?? null,
    investors: /Investors (\d+)/.exec(text)?.[1] ?? null,
  };
}

test("an investor cancels from the portfolio: Canceled in the holdings, the project's numbers restored", async ({
  asInvestor: investor,
  page,
  request,
}) => {
  const project = await liveProject(request);
  const id = await buy(request, investor.token, project._id, 25);
  expect(await publicFigures(request, project.slug)).toEqual({ raised: "$350", investors: "2" });

  // The portfolio lists it as Open with a way to its own page.
  await page.goto("/portfolio");
  const holdings = page.getByRole("table", { name: "Your holdings" });
  const row = holdings.getByRole("row", { name: new RegExp(project.title) });
  await expect(row).toContainText("Open");
  await row.getByRole("link", { name: `Details of ${project.title}` }).click();

  // The investment's page: what was bought and until when it can be cancelled.
  await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}$`));
  await expect(page).toHaveTitle(`Investment in ${project.title} | CampusFund`);
  await expect(page.getByRole("heading", { level: 1, name: "Your investment" })).toBeVisible();
  const facts = page.locator(".purchase-facts");
  await expect(facts).toContainText("Shares25");
  await expect(facts).toContainText("Amount$250");
  await expect(facts).toContainText("StatusOpen");
  await expect(page.locator("#cancel")).toContainText(
    `You can cancel until ${cancelDeadlineText(project.fundingDeadline)}`,
  );

  // The confirm step, then the cancellation.
  await page.getByRole("link", { name: "Cancel investment" }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}\\?confirm=1#cancel$`));
  await expect(page.getByRole("heading", { name: "Cancel this investment?" })).toBeVisible();
  await expect(page.getByText(`Your 25 shares of ${project.title} ($250) go back to the project`)).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel investment" }).click();

  // Back on the portfolio: the message, the holding Canceled, nothing counted.
  await expect(page).toHaveURL(new RegExp(`/portfolio\\?cancelled=${id}$`));
  await expect(
    page.getByRole("status").filter({
      hasText: `Your investment in ${project.title} was canceled: 25 shares ($250) went back to the project.`,
    }),
  ).toHaveCount(1);
  await expect(row).toContainText("Canceled");
  await expect(row.getByRole("link", { name: `Cancel investment in ${project.title}` })).toHaveCount(0);
  await expect(page.locator(".stat-card").filter({ hasText: "Total Invested" })).toContainText("$0");
  await expect(page.locator(".stat-card").filter({ hasText: "Total Shares" })).toContainText("0");

  // The project's page, signed in and as a visitor: the raise and the investors as before the purchase.
  await page.goto(`/project/${project.slug}`);
  await expect(page.locator(".side-raised")).toContainText("$100");
  await expect(page.locator(".side-stats")).toContainText("Investors1");
  expect(await publicFigures(request, project.slug)).toEqual({ raised: "$100", investors: "1" });
});

test("the portfolio's Cancel link goes straight to the confirm step; Keep investment changes nothing", async ({
  asInvestor: investor,
  page,
  request,
}) => {
  const project = await liveProject(request);
  const id = await buy(request, investor.token, project._id, 12);

  await page.goto("/portfolio");
  await page.getByRole("link", { name: `Cancel investment in ${project.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}\\?confirm=1#cancel$`));
  await expect(page.getByRole("heading", { name: "Cancel this investment?" })).toBeVisible();
  await page.getByRole("link", { name: "Keep investment" }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}$`));
  await expect(page.getByRole("heading", { name: "Cancel this investment?" })).toHaveCount(0);
  await expect(page.locator(".purchase-facts")).toContainText("StatusOpen");
  expect(await publicFigures(request, project.slug)).toEqual({ raised: "$220", investors: "2" });
});

test(
  "after the cutoff: no Cancel button, and a forged form post is refused with the closing time",
  { tag: "@read-only" },
  async ({ asInvestor: investor, page, request, baseURL }) => {
    // The deadline is tomorrow: shares are still on sale, but the 48-hour window has closed.
    const project = await liveProject(request, isoDate(0, 1));
    const id = await buy(request, investor.token, project._id, 10);

    await page.goto("/portfolio");
    await expect(page.getByRole("link", { name: `Cancel investment in ${project.title}` })).toHaveCount(0);
    await page.goto(`/portfolio/investments/${id}?confirm=1`);
    const closedAt = cancelDeadlineText(project.fundingDeadline);
    await expect(page.getByText(`The cancellation window closed on ${closedAt}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel investment" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Yes, cancel investment" })).toHaveCount(0);

    const res = await formPost(
      request,
      baseURL!,
      `/portfolio/investments/${id}`,
      { intent: "cancel" },
      {
        token: investor.token,
      },
    );
    await expectAlert(
      res,
      409,
      `Investments can no longer be canceled: the cancellation window closed on ${closedAt}, 48 hours before the funding deadline`,
    );
    expect(await publicFigures(request, project.slug)).toEqual({ raised: "$200", investors: "2" });
  },
);

test(
  "someone else's investment page is 'Investment not found', and its form cancels nothing",
  { tag: "@read-only" },
  async ({ asInvestor: stranger, page, request, baseURL }) => {
    const project = await liveProject(request);
    const owner = await signUpViaApi(request);
    const id = await buy(request, owner.token, project._id, 10);

    const res = await page.goto(`/portfolio/investments/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Investment Not Found" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Investment not found");

    const post = await formPost(
      request,
      baseURL!,
      `/portfolio/investments/${id}`,
      { intent: "cancel" },
      {
        token: stranger.token,
      },
    );
    expect(post.status()).toBe(404);
    expect(await publicFigures(request, project.slug)).toEqual({ raised: "$200", investors: "2" });
  },
);

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("the investment page, its confirm step and a cancelled investment have no serious axe violations", async ({
    asInvestor: investor,
    page,
    request,
  }) => {
    const project = await liveProject(request);
    const id = await buy(request, investor.token, project._id, 10);

    await page.goto(`/portfolio/investments/${id}`);
    await expect(page.getByRole("link", { name: "Cancel investment" })).toBeVisible();
    await expectNoSeriousViolations(page, "investment page");

    await page.goto(`/portfolio/investments/${id}?confirm=1`);
    await expect(page.getByRole("button", { name: "Yes, cancel investment" })).toBeVisible();
    await expectNoSeriousViolations(page, "investment confirm step");

    await page.getByRole("button", { name: "Yes, cancel investment" }).click();
    await expect(page).toHaveURL(/\/portfolio\?cancelled=/);
    await expectNoSeriousViolations(page, "portfolio with a cancelled holding");

    await page.goto(`/portfolio/investments/${id}`);
    await expect(page.locator(".purchase-facts")).toContainText("StatusCanceled");
    await expectNoSeriousViolations(page, "cancelled investment page");
  });
});
