/**
 * The founder's raise end to end (issue: founders raise money): a founder's published project, an
 * investor buying into it on the purchase page, the founder's dashboard and CSV showing that
 * investment, and the locked terms refused through the form door. Both projects (JavaScript on
 * and off) run it.
 */
import { readFile } from "node:fs/promises";

import { expect, test } from "./fixtures";
import {
  createProjectViaApi,
  formPost,
  money,
  projectBody,
  signInCookie,
  signUpViaApi,
  visibleText,
  waitForHydration,
} from "./helpers";

test("an investor buys into a new project; the founder sees it on the dashboard and in the CSV; the terms are locked", async ({
  asFounder: founder,
  browser,
  page,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  const js = javaScriptEnabled !== false;
  const body = projectBody();
  const project = await createProjectViaApi(request, founder.token, { publish: true, body });

  // The investor, in a browser of their own, buys 20 shares at $10 on the purchase page.
  const investor = await signUpViaApi(request, { firstName: "Ines", lastName: "Duarte" });
  const investorContext = await browser.newContext({ javaScriptEnabled: js });
  await signInCookie(investorContext, baseURL!, investor.token);
  const buyer = await investorContext.newPage();
  await buyer.goto(`/purchase/${project.slug}?shares=20`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Investment Summary" })).toBeVisible();
  await waitForHydration(buyer, js, "Update total");
  if (!js) await buyer.getByRole("button", { name: "Review Purchase" }).click();
  await buyer.getByRole("checkbox", { name: "I understand I may lose all of the money I invest" }).check();
  await buyer.getByRole("button", { name: "Purchase 20 Shares" }).click();
  await buyer.waitForURL(/\/portfolio/);
  await expect(buyer.getByText(`Successfully invested in ${project.title}!`)).toBeVisible();
  await investorContext.close();

  // The founder's dashboard shows the investment, named as the public list names people.
  await page.goto("/founder-dashboard");
  await expect(page.getByText(project.title, { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Ines D." });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("20");
  await expect(row).toContainText(money(200));

  // …and the CSV holds exactly that row.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const lines = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(lines.slice(1, -1)).toEqual([`Ines D.,20,200.00,${new Date().toISOString().slice(0, 10)}`]);

  // The edit form shows the bought-on terms as locked…
  await page.goto(`/my-projects/edit/${project._id}`);
  await expect(page.getByLabel(/^Share price/)).toHaveAttribute("readonly", "");
  await expect(page.getByText("Locked: investors bought on these terms").first()).toBeVisible();

  // …and the server refuses a changed price posted through the form, naming the field.
  const form: Record<string, string> = {
    title: String(body.title),
    shortDescription: String(body.shortDescription),
    description: String(body.description),
    category: String(body.category),
    fundingGoal: String(body.fundingGoal),
    fundingDeadline: String(body.fundingDeadline),
    projectDuration: String(body.projectDuration),
    image: String(body.image),
    sharePrice: "20",
    "investmentTerms.equityPercentage": "8",
    "investmentTerms.minInvestment": "100",
    "creatorInfo.name": "Robin Quinn",
    "creatorInfo.bio": "Second-year CS student.",
  };
  const refused = await formPost(request, baseURL!, `/my-projects/edit/${project._id}`, form, {
    token: founder.token,
  });
  expect(refused.status()).toBe(409);
  expect(visibleText(await refused.text())).toContain(
    "Share price cannot change after the first investment: investors bought on these terms",
  );
  const stored = await (await request.get(`/api/projects/${project.slug}`)).json();
  expect([stored.sharePrice, stored.sharesSold]).toEqual([10, 20]);
});
