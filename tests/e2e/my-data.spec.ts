/**
 * Download my data (ADR 046), with JavaScript on and off: from Settings → Account → Your Data, the
 * JSON document and the zip of CSV files download as attachments and hold the person's own
 * records (the demo investor's investments with their notices).
 */
import { readFile } from "node:fs/promises";

import { strFromU8, unzipSync } from "fflate";

import { expect, test } from "./fixtures";
import { DEMO, signInAs } from "./helpers";

test("the demo investor downloads their data as JSON and as CSV files", async ({ page, context, request, baseURL }) => {
  await signInAs(context, request, baseURL!, DEMO.investor);
  await page.goto("/settings?section=your-data");
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^campusfund-data-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(await readFile((await json.path())!, "utf8")) as {
    profile: { email: string };
    investments: { project: string; status: string; notices: { text: string }[] }[];
  };
  expect(doc.profile.email).toBe(DEMO.investor);
  const returned = doc.investments.find((i) => i.project === "CampusKeys");
  expect(returned?.status).toBe("returned");
  expect(returned?.notices.map((n) => n.text)).toContainEqual(expect.stringContaining("CampusKeys"));

  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV (zip)" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^campusfund-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  const investments = strFromU8(files["investments.csv"] ?? new Uint8Array()).split("\r\n");
  expect(investments[0]).toBe(
    "id,projectId,project,shares,sharePrice,amount,status,createdAt,cancellableUntil,cancelledAt,settledAt,notices",
  );
  expect(investments.slice(1, -1)).toHaveLength(doc.investments.length);
});
