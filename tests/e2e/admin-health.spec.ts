/**
 * The admin's Health section (ADR 056) as an admin meets it, JavaScript on and off: reached from
 * /admin's sections, it shows the last hour's requests and latency as charts (SVG drawn on the
 * server, so the same without JavaScript) with their tables, the busiest routes by pattern, and
 * the scheduled jobs. Axe on it (js project only: axe injects a script). Its
 * figures against known rows: tests/app/admin-health-page.test.ts.
 */
import { expect, test } from "./fixtures";

import { expectNoSeriousViolations } from "./helpers";

test("an admin opens Health from /admin: charts, routes and jobs", async ({ asAdmin, javaScriptEnabled }) => {
  const { page } = asAdmin;
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Health" }).click();
  await expect(page).toHaveURL(/\/admin\/health$/);
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();

  // /admin's visit is in the last hour (the page writes this isolate's counts before reading).
  const requests = page.getByRole("figure", { name: "Requests per minute" });
  await expect(requests.locator("svg:visible")).toHaveCount(1);
  await expect(requests.locator("figcaption")).toContainText(
    /^In the last hour \(\d\d:\d\d to \d\d:\d\d UTC\): [\d,]+ requests?/,
  );
  const latency = page.getByRole("figure", { name: "Latency per minute" });
  await expect(latency.locator("svg:visible")).toHaveCount(1);
  await expect(latency.locator("figcaption")).toContainText(/half of all requests were answered in \d+ m?s or less/);
  // The last hour's busiest routes, each named by its method and route pattern (the suite's other
  // tests share this server, so which 20 are busiest is theirs to say).
  const routes = page.getByRole("region", { name: "The last hour" }).getByRole("rowheader");
  await expect(routes.first()).toBeVisible();
  for (const name of await routes.allTextContents()) expect(name).toMatch(/^(GET|HEAD|POST|PUT|PATCH|DELETE) \/\S*$/);
  await expect(page.locator("#jobs").getByRole("rowheader", { name: /^settlement\b/ })).toBeVisible();

  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/admin/health");

  // The chart's figures as a table.
  await requests.getByText("Requests per minute as a table").click();
  await expect(requests.getByRole("table").getByRole("columnheader", { name: "Server errors" })).toBeVisible();
});
