/**
 * Coming soon and reservations (ADR 055) in the browser, with JavaScript on and off: an investor
 * reserves on a Coming soon project page and sees the reservation in the portfolio; the founder
 * opens the raise from the dashboard; the investor confirms from the portfolio into an investment
 * at the raise's terms. Axe on the Reserve card, the founder's launch card, the portfolio's
 * reservations and the confirm page. Each run makes its own raise (a founder signed up through the API).
 */
import { expect, test } from "./fixtures";
import {
  approveViaApi,
  createProjectViaApi,
  expectNoSeriousViolations,
  isoDate,
  signInCookie,
  signUpViaApi,
  submitForReviewViaApi,
} from "./helpers";

test("reserve on a Coming soon raise, the founder opens it, confirm from the portfolio", async ({
  page,
  browser,
  request,
  baseURL,
  asInvestor,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  // The founder's raise, approved with a launch date ten days ahead: Coming soon.
  const founder = await signUpViaApi(request, { role: "founder" });
  const draft = await createProjectViaApi(request, founder.token, { body: { sharePrice: 30, fundingGoal: 21_000 } });
  const launch = await request.post(`/api/projects/${draft._id}/launch`, {
    data: { launchAt: isoDate(0, 10) },
    headers: { Authorization: `Bearer ${founder.token}` },
  });
  expect(launch.status()).toBe(200);
  await submitForReviewViaApi(request, founder.token, draft._id);
  const project = await approveViaApi(request, draft._id);
  expect(project.status).toBe("coming_soon");

  // The investor reserves $500 on the project page.
  await page.goto(`/project/${project.slug}`);
  const card = page.getByRole("region", { name: "Reserve" });
  await expect(card).toContainText("Nobody has reserved yet.");
  if (js) await expectNoSeriousViolations(page, "the Reserve card");
  await card.getByLabel("Amount (USD)").fill("500");
  await card.getByRole("button", { name: "Reserve", exact: true }).click();
  await expect(card.getByText("Your reservation was saved.")).toBeVisible();
  await expect(card).toContainText("1 person has reserved $500");
  await expect(card.getByRole("button", { name: "Change Reservation" })).toBeVisible();

  // The portfolio lists it, waiting for the raise to open.
  await page.goto("/portfolio");
  const mine = page.getByRole("region", { name: "Your Reservations" });
  await expect(mine.getByRole("row", { name: new RegExp(project.title) })).toContainText("Reserved: opens");
  if (js) await expectNoSeriousViolations(page, "the portfolio's reservations");

  // The founder opens the raise from the dashboard (a browser of their own).
  const founderContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await signInCookie(founderContext, baseURL!, founder.token);
  const dash = await founderContext.newPage();
  await dash.goto("/founder-dashboard");
  const launchCard = dash.getByRole("region", { name: "Coming Soon" });
  await expect(launchCard).toContainText("$500 reserved by 1 person");
  if (js) await expectNoSeriousViolations(dash, "the founder's launch card");
  await launchCard.getByRole("button", { name: "Open for Investment Now" }).click();
  await expect(dash.getByText("Your raise is open for investment: everyone who reserved has been told.")).toBeVisible();
  await founderContext.close();

  // The investor confirms from the portfolio: $500 at $30 a share buys 16 shares, $480.
  await page.goto("/portfolio");
  const row = mine.getByRole("row", { name: new RegExp(project.title) });
  await expect(row).toContainText("Open: confirm by");
  await row.getByRole("link", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Confirm Your Reservation" })).toBeVisible();
  if (js) await expectNoSeriousViolations(page, "the confirm page");
  await page.getByRole("button", { name: "Confirm Investment of $480" }).click();
  await expect(page).toHaveURL(/\/portfolio\?invested=/);
  await expect(page.getByRole("status").filter({ hasText: `Successfully invested in ${project.title}` })).toBeVisible();
  const investments = await request.get(`/api/investments/user/${asInvestor.user.id}`, {
    headers: { Authorization: `Bearer ${asInvestor.token}` },
  });
  const list = (await investments.json()) as { projectId: string; shares: number }[];
  expect(list.filter((i) => i.projectId === project._id).map((i) => i.shares)).toEqual([16]);
});
