/**
 * An investment's receipt, with JavaScript on and off: the buyer's commitment notice and the
 * investment page lead to it; it states the commitment and the cutoff (in the reader's own time
 * too where JavaScript runs); "Print receipt" exists only with JavaScript (without it a sentence
 * names the browser's print command); printed, it is the receipt alone on one page.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, expectNoSeriousViolations, isoDate, signUpViaApi } from "./helpers";

/** "Dec 18, 2026, 00:00 UTC": 48 hours before 00:00 UTC of the deadline, as the pages say it. */
function cutoffText(fundingDeadline: string): string {
  const cutoff = Date.parse(`${fundingDeadline}T00:00:00Z`) - 48 * 60 * 60 * 1000;
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return `${day.format(cutoff)}, 00:00 UTC`;
}

/** A fresh live project ($10 a share), and an investment of `shares` in it by `token`'s owner. */
async function invested(request: APIRequestContext, token: string, shares: number) {
  const founder = await signUpViaApi(request, { role: "founder" });
  const fundingDeadline = isoDate(0, 90);
  const project = await createProjectViaApi(request, founder.token, { publish: true, body: { fundingDeadline } });
  const res = await request.post(`/api/projects/${project._id}/invest`, {
    data: { shares, sharePrice: 10 },
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID() },
  });
  expect(res.status(), `purchase failed: ${await res.text()}`).toBe(201);
  const id = ((await res.json()) as { investment: { _id: string } }).investment._id;
  return { project, fundingDeadline, id };
}

test("the commitment notice leads to the receipt, which prints only with JavaScript", async ({
  asInvestor: investor,
  page,
  request,
  javaScriptEnabled,
}) => {
  const { project, fundingDeadline, id } = await invested(request, investor.token, 50);
  const cutoff = cutoffText(fundingDeadline);

  // The notice, in the investor's own list: its words and its link.
  await page.goto("/notifications");
  const notice = `You committed $500 (50 shares at $10) to “${project.title}”: you can cancel until ${cutoff}`;
  await page.getByRole("link", { name: notice }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}/receipt$`));
  await expect(page).toHaveTitle(`Receipt: ${project.title} | CampusFund`);
  await expect(page.getByRole("heading", { level: 1, name: "Investment receipt" })).toBeVisible();
  const facts = page.locator(".receipt-facts");
  await expect(facts).toContainText(`Company${project.title}`);
  await expect(facts).toContainText("Shares50");
  await expect(facts).toContainText("Price per share$10");
  await expect(facts).toContainText("Amount$500");
  await expect(facts).toContainText("StatusOpen");

  const cancelUntil = facts.locator("div").filter({ hasText: "Can be canceled until" });
  const printButton = page.getByRole("button", { name: "Print receipt" });
  const hint = page.getByText("To print this receipt, use your browser’s print command.");
  if (javaScriptEnabled) {
    // The reader's own time beside the UTC instant, and a button that opens the print dialog.
    await expect(cancelUntil).toContainText(new RegExp(`${cutoff} \\(.+ your time\\)$`));
    await expect(hint).toHaveCount(0);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await printButton.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  } else {
    await expect(cancelUntil).toHaveText(`Can be canceled until${cutoff}`);
    await expect(printButton).toHaveCount(0);
    await expect(hint).toBeVisible();
  }
});

test("the investment page links its receipt; printed, the receipt is alone on one page", async ({
  asInvestor: investor,
  page,
  request,
}) => {
  const { id } = await invested(request, investor.token, 20);
  await page.goto(`/portfolio/investments/${id}`);
  // A click landing while the page hydrates can be lost: click until the browser is there.
  await expect(async () => {
    await page.getByRole("link", { name: "View and print the receipt" }).click();
    await expect(page).toHaveURL(new RegExp(`/portfolio/investments/${id}/receipt$`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Investment receipt" })).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("link", { name: "← Back to your investment" })).toBeHidden();
  await expect(page.locator(".receipt-facts")).toBeVisible();
  // Chromium's own print to PDF: one page (each page is one "/Type /Page" object).
  const pdf = (await page.pdf({ format: "Letter" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
});

test(
  "someone else's receipt is 'Investment not found'",
  { tag: "@read-only" },
  async ({ asInvestor: stranger, page, request }) => {
    const owner = await signUpViaApi(request);
    const { id } = await invested(request, owner.token, 10);
    const res = await page.goto(`/portfolio/investments/${id}/receipt`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Investment Not Found" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Investment not found");
    void stranger; // the page is signed in as this stranger (the fixture)
  },
);

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("the receipt has no serious axe violations", async ({ asInvestor: investor, page, request }) => {
    const { id } = await invested(request, investor.token, 10);
    await page.goto(`/portfolio/investments/${id}/receipt`);
    await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
    await expectNoSeriousViolations(page, "receipt page");
  });
});
