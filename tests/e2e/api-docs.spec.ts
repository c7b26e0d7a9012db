/**
 * The API's reference page (/api/docs): reached from the footer, drawn from the API's own
 * document with its script from our origin (nothing asked of another host), searchable; without
 * JavaScript it says so and links the document itself.
 */
import { expect, test } from "./fixtures";

test("the footer leads to the API reference, which lists the operations, finds one by search and asks nothing of another host", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the reference is drawn by JavaScript (no-JS: the next test)");
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin) elsewhere.push(r.url());
  });
  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") refused.push(m.text());
  });

  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  // The reference fetches the whole document and draws every operation in the browser: seconds on a
  // loaded two-core machine (it missed the default 10 s twice under a full run's load).
  await expect(page.getByRole("heading", { level: 1, name: "CampusFund API" })).toBeVisible({ timeout: 30_000 });

  await page
    .getByRole("button", { name: /Search/ })
    .first()
    .click();
  await page.getByRole("combobox").fill("sign in");
  await expect(page.getByRole("option", { name: /Sign in/ }).first()).toBeVisible();

  expect({ elsewhere, refused }).toEqual({ elsewhere: [], refused: [] });
});

test("without JavaScript, the reference says it needs it and links the document", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "with JavaScript the reference is drawn (the test above)");
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "CampusFund API reference" })).toBeVisible();
  await expect(page.getByText("The reference needs JavaScript.")).toBeVisible();
  const href = await page.getByRole("link", { name: "/api/openapi.json" }).getAttribute("href");
  const doc = await request.get(href!);
  expect({ status: doc.status(), openapi: ((await doc.json()) as { openapi: string }).openapi }).toEqual({
    status: 200,
    openapi: "3.1.0",
  });
});

test(
  "the reference's script is served compressed and cached, to a visitor and a signed-in reader alike",
  { tag: "@read-only" },
  async ({ asInvestor: { page }, request: visitor }) => {
    for (const request of [visitor, page.request]) {
      const res = await request.get("/vendor/scalar/api-reference.js", { headers: { "Accept-Encoding": "gzip" } });
      expect([res.status(), res.headers()["content-encoding"], res.headers()["cache-control"]]).toEqual([
        200,
        "gzip",
        "public, max-age=86400, stale-while-revalidate=604800",
      ]);
    }
  },
);
