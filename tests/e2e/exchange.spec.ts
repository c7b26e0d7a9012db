/**
 * The Campus Exchange in a browser (ADR 053), with JavaScript and without: one investor lists
 * shares for sale on a company's Trade tab and another buys them through the same form; both see
 * the trade among their orders and fills, on their statement (/profile) and in their portfolio. A buyer the one-year
 * rule does not allow yet is refused with the rule and the date, and nothing is placed. axe on the
 * Trade tab and /markets. Each JavaScript mode trades in its own demo company (both a year past
 * their raise), so the two runs never meet on one book.
 */
import { expect, test } from "./fixtures";
import { expectWcag22AA, signInCookie, signUpViaApi, waitForHydration } from "./helpers";

interface Market {
  project: { title: string };
  bids: { price: number }[];
  asks: { price: number; shares: number }[];
  freeOn: string | null;
  viewer: { orders: unknown[] } | null;
}

const price = (n: number) => `$${n.toFixed(2)}`;

test("one investor lists shares, another buys them: both see the trade and it is on their statements", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const slug = js ? "tutorloop" : "rentright";
  const market = async (token?: string) =>
    (await (
      await request.get(`/api/markets/${slug}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {})
    ).json()) as Market;

  // The seller gets shares on the exchange first (the API door: setup), at the best ask.
  const seller = await signUpViaApi(request, { firstName: "Sam", lastName: "Seller" });
  const before = await market();
  const bestAsk = before.asks[0]!;
  const setup = await request.post(`/api/markets/${slug}/orders`, {
    headers: { Authorization: `Bearer ${seller.token}`, "Idempotency-Key": `e2e-${Date.now()}-${slug}` },
    data: { side: "buy", shares: 5, price: bestAsk.price },
  });
  expect(setup.status()).toBe(201);

  // A price inside the spread: above every bid (so the sell rests) and below every other ask (so
  // the buy takes only it).
  const book = await market();
  const bid = Math.round((book.bids[0]?.price ?? 0.01) * 100);
  const ask = Math.round(book.asks[0]!.price * 100);
  const cents = Math.floor((bid + ask) / 2);
  expect(cents > bid && cents < ask, `a price between ${bid} and ${ask} cents`).toBe(true);
  const limit = (cents / 100).toFixed(2);

  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  await signInCookie(sellerContext, baseURL!, seller.token);
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(`/project/${slug}?tab=trade`);
  // Hydrated, the submit button names the side ("Place sell order"): type only after.
  await waitForHydration(sellerPage, js, "Place order");
  const sellForm = sellerPage.getByRole("form", { name: "Place an order" });
  await sellForm.getByRole("radio", { name: "Sell" }).check();
  await sellForm.getByLabel("Shares").fill("5");
  await sellForm.getByLabel("Price per share ($)").fill(limit);
  if (js) {
    // The live preview: the value, the seller's 2% fee and the net, before the order.
    const value = (5 * cents) / 100;
    const fee = Math.floor((5 * cents * 200 + 5_000) / 10_000) / 100;
    await expect(sellerPage.getByTestId("order-preview")).toContainText(`Value${price(value).replace(/\.00$/, "")}`);
    await expect(sellerPage.getByTestId("order-preview")).toContainText(`Fee (2%)${price(fee).replace(/\.00$/, "")}`);
  }
  await sellForm.getByRole("button", { name: /^Place (sell )?order$/ }).click();
  await expect(sellerPage.getByRole("status").filter({ hasText: "Your sell order for 5 shares" })).toContainText(
    "is on the book until it fills",
  );
  await expect(sellerPage.locator("#your-orders")).toContainText("Sell 5 shares");

  const buyer = await signUpViaApi(request, { firstName: "Bea", lastName: "Buyer" });
  const buyerContext = await browser.newContext({ javaScriptEnabled: js });
  await signInCookie(buyerContext, baseURL!, buyer.token);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/project/${slug}?tab=trade`);
  await waitForHydration(buyerPage, js, "Place order");
  const buyForm = buyerPage.getByRole("form", { name: "Place an order" });
  await buyForm.getByRole("radio", { name: "Buy" }).check();
  await buyForm.getByLabel("Shares").fill("5");
  await buyForm.getByLabel("Price per share ($)").fill(limit);
  await buyForm.getByRole("button", { name: /^Place (buy )?order$/ }).click();
  await expect(buyerPage.getByRole("status").filter({ hasText: "You bought 5 shares" })).toContainText(
    "the buyer pays no fee",
  );
  const fills = (page: typeof buyerPage) => page.getByRole("table", { name: "Your trades among the recent ones" });
  await expect(fills(buyerPage)).toContainText("Bought");
  await expect(buyerPage.locator("#your-orders")).toContainText("Filled");

  // The seller reloads (with JavaScript the tab has already followed the market live).
  if (!js) await sellerPage.reload();
  await expect(fills(sellerPage)).toContainText("Sold");
  await expect(sellerPage.locator("#your-orders")).toContainText("5 of 5");

  // Both statements: the profile page's Financial Info tab.
  const title = book.project.title;
  await buyerPage.goto("/profile?tab=financial");
  await expect(buyerPage.getByText(`Bought on the exchange: ${title}`).first()).toBeVisible();
  await sellerPage.goto("/profile?tab=financial");
  await expect(sellerPage.getByText(`Sold on the exchange: ${title} (after the 2% fee)`).first()).toBeVisible();

  // Both portfolios: the shares that trade and the trade itself, under On the Campus Exchange.
  const recent = (page: typeof buyerPage) => page.getByRole("table", { name: "Your recent trades" });
  await buyerPage.goto("/portfolio");
  await expect(recent(buyerPage).getByRole("row", { name: new RegExp(`^Bought 5 ${title}`) })).toBeVisible();
  await expect(buyerPage.getByRole("table", { name: /Your shares that trade/ })).toContainText(title);
  // axe runs in the page: only where the page runs scripts.
  if (js) await expectWcag22AA(buyerPage, "portfolio with the exchange's section");
  await sellerPage.goto("/portfolio");
  await expect(recent(sellerPage).getByRole("row", { name: new RegExp(`^Sold 5 ${title}`) })).toBeVisible();
  await sellerContext.close();
  await buyerContext.close();
});

test("within the year a buyer who is not accredited is refused with the rule and the date; nothing is placed", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const slug = "highlight-reel";
  const buyer = await signUpViaApi(request);
  const context = await browser.newContext({ javaScriptEnabled: js });
  await signInCookie(context, baseURL!, buyer.token);
  const page = await context.newPage();
  await page.goto(`/project/${slug}?tab=trade`);
  await waitForHydration(page, js, "Place order");
  const form = page.getByRole("form", { name: "Place an order" });
  await form.getByRole("radio", { name: "Buy" }).check();
  await form.getByLabel("Shares").fill("2");
  await form.getByLabel("Price per share ($)").fill("20");
  await form.getByRole("button", { name: /^Place (buy )?order$/ }).click();
  await expect(form.getByRole("alert")).toContainText(
    /Under Regulation Crowdfunding \(17 CFR 227\.501\), shares bought in this raise may be sold only to the company or to an accredited investor until [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  );
  const market = (await (
    await request.get(`/api/markets/${slug}`, { headers: { Authorization: `Bearer ${buyer.token}` } })
  ).json()) as Market;
  expect(market.viewer?.orders).toEqual([]);
  await context.close();
});

test("the Trade tab and /markets pass axe @read-only", async ({ page }) => {
  await page.goto("/markets");
  await expect(page.getByRole("heading", { level: 1, name: "Campus Exchange" })).toBeVisible();
  await expect(page.getByRole("link", { name: "TutorLoop", exact: true })).toBeVisible();
  await expectWcag22AA(page, "/markets");
  await page.getByRole("link", { name: "TutorLoop", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Trade" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to trade" })).toBeVisible();
  await expectWcag22AA(page, "Trade tab");
});
