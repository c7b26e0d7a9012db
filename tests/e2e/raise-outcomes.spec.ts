/**
 * Raises that ended, as the demo investor sees them (ADR 043; the demo seed holds a returned
 * CampusKeys investment, a confirmed Highlight Reel one and open ones such as LabLink): the
 * portfolio groups them as Confirmed, Open (cancelable until …) and Returned; the Financial Info
 * statement shows CampusKeys' return; the returned investment's page says it was returned. With
 * JavaScript on and off alike (server-rendered); axe checks the portfolio and the returned
 * investment's page where it can run its script (the js project).
 */
import { expect, test } from "./fixtures";
import { DEMO, expectNoSeriousViolations, signInAs } from "./helpers";

test("the demo investor's portfolio, statement and returned investment after raises ended", async ({
  page,
  context,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  await signInAs(context, request, baseURL!, DEMO.investor);

  // The portfolio: a row group per status, each headed by its word, each row's badge the same word.
  await page.goto("/portfolio");
  const holdings = page.getByRole("table", { name: "Your holdings" });
  const group = (id: string) => holdings.locator(`tbody[data-group="${id}"]`);
  const row = (id: string, title: string) => group(id).getByRole("row", { name: new RegExp(`^${title}\\b`) });

  await expect(group("confirmed").getByRole("rowheader", { name: /^Confirmed/ })).toBeVisible();
  await expect(row("confirmed", "Highlight Reel")).toContainText("Confirmed");

  await expect(group("open").getByRole("rowheader", { name: /^Open/ })).toBeVisible();
  const lablink = row("open", "LabLink");
  await expect(lablink).toContainText("Open");
  await expect(lablink).toContainText(/cancelable until \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/);

  await expect(group("returned").getByRole("rowheader", { name: /^Returned/ })).toBeVisible();
  const campusKeys = row("returned", "CampusKeys");
  await expect(campusKeys).toContainText("Returned");
  await expect(campusKeys).toContainText("None (returned)");
  await expect(holdings).not.toContainText("Active");
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/portfolio (grouped)");

  // The returned investment's own page: the commitment, then the return.
  await campusKeys.getByRole("link", { name: "Details of CampusKeys" }).click();
  await expect(page).toHaveURL(/\/portfolio\/investments\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Your commitment" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Return" })).toBeVisible();
  await expect(
    page.getByText(/^CampusKeys closed below its goal: your \$[\d,]+ was returned to you on /),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel investment" })).toHaveCount(0);
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/portfolio/investments/:id (returned)");

  // The demo statement: CampusKeys' return, apart from its purchase.
  await page.goto("/profile?tab=financial");
  const statement = page.locator(".profile-statement");
  await expect(statement.getByRole("rowheader", { name: "Returned: CampusKeys closed below its goal" })).toBeVisible();
  await expect(statement.getByRole("rowheader", { name: "CampusKeys", exact: true })).toBeVisible();
});
