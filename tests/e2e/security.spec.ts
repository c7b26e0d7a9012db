/**
 * The Content-Security-Policy in a real browser (ADR 014), with JavaScript on and off:
 * every page loads with the policy header and records no violation (the browser's console reports
 * and, with JavaScript, `securitypolicyviolation` events), including visitors' pages served from
 * the edge cache; static files carry the same security headers as the Worker's answers.
 * (Every other browser test is watched for violations too: tests/e2e/fixtures.ts.)
 */
import { type Page } from "@playwright/test";

import { cspViolations, expect, test, watchCsp } from "./fixtures";
import { DEMO, PROJECTS, signInAs } from "./helpers";

const VISITOR_PAGES = [
  "/",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/signin",
  "/signup",
  "/forgot-password",
  "/access-denied",
  "/demo",
  "/demo/technology",
  "/explore/sector/Healthcare",
  "/demo?page=2",
  `/project/${PROJECTS.open.slug}`,
  `/project/${PROJECTS.open.slug}?tab=team`,
  `/project/${PROJECTS.open.slug}?tab=product`,
  `/project/${PROJECTS.open.slug}?tab=market`,
  `/project/${PROJECTS.open.slug}?tab=investment&shares=100`,
  `/project/${PROJECTS.soldOut.slug}`,
  "/support",
  "/tasks",
];

const INVESTOR_PAGES = [
  "/portfolio",
  "/profile",
  `/purchase/${PROJECTS.journey.slug}`,
  `/purchase/${PROJECTS.journey.slug}?shares=20&review=1`,
  `/purchase/${PROJECTS.soldOut.slug}`,
];

const FOUNDER_PAGES = ["/my-projects", "/founder-dashboard", `/project/${PROJECTS.founders.slug}`];

async function expectCleanLoad(page: Page, path: string) {
  const consoleFound = await watchCsp(page);
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const csp = await res!.headerValue("content-security-policy");
  expect(csp, `${path}: policy header`).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic' 'self'/);
  // Let lazy parts run: scroll-reveal, images below the fold, the tour's offer.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)).catch(() => {});
  await page.waitForTimeout(300);
  expect(await cspViolations(page, consoleFound), `${path}: CSP violations`).toEqual([]);
}

test.describe("no Content-Security-Policy violation on any page", () => {
  test("visitor pages, each loaded twice (the second from the edge cache, with a new nonce)", async ({ page }) => {
    const nonces = new Set<string>();
    for (const path of VISITOR_PAGES) {
      await expectCleanLoad(page, path);
      const again = await page.goto(path);
      const nonce = /'nonce-([^']+)'/.exec((await again!.headerValue("content-security-policy")) ?? "")?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(VISITOR_PAGES.length);
  });

  test("an investor's pages: portfolio, profile, the purchase page and its review", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAs(context, request, baseURL!, DEMO.investor);
    for (const path of INVESTOR_PAGES) await expectCleanLoad(page, path);
  });

  test("a founder's pages", async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.founder);
    for (const path of FOUNDER_PAGES) await expectCleanLoad(page, path);
  });

  test("an error page: a form sent as JSON is refused with 415 and the message, without violations", async ({
    page,
    baseURL,
  }) => {
    const consoleFound = await watchCsp(page);
    // The browser posts JSON to the sign-in action (as a script or a hostile page might) and
    // renders the answer.
    await page.route("**/signin", (route) =>
      route.continue({
        method: "POST",
        postData: JSON.stringify({ email: "x@example.edu" }),
        headers: { ...route.request().headers(), "content-type": "application/json", origin: baseURL! },
      }),
    );
    const res = await page.goto("/signin");
    expect(res!.status()).toBe(415);
    await expect(
      page.getByText("This form must be sent as application/x-www-form-urlencoded or multipart/form-data"),
    ).toBeVisible();
    expect(await res!.headerValue("content-security-policy")).toContain("'strict-dynamic'");
    expect(await cspViolations(page, consoleFound)).toEqual([]);
  });
});

test.describe("static files carry the security headers", () => {
  test("favicon, images, documents and build assets", async ({ request, page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "HTTP-level: runs once, in the js project");
    await page.goto("/");
    const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    for (const path of ["/favicon.svg", "/images/placeholder-logo.svg", "/docs/lablink/investor-deck.pdf", script!]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const h = res.headers();
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["x-frame-options"], path).toBe("DENY");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(h["content-security-policy"], path).toContain("default-src 'none'");
      expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
    const asset = await request.get(script!);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test.describe("oversized bodies through the dev server", () => {
  test("a 10 MB form post and a 10 MB API body are answered 413, not a lost connection", async ({
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "HTTP-level: runs once, in the js project");
    const big = "m".repeat(10 * 1024 * 1024);
    const form = await request.post("/support", {
      headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
      data: `name=x&email=a%40b.co&message=${big}`,
    });
    expect(form.status()).toBe(413);
    const api = await request.post("/api/supporters", {
      headers: { "Content-Type": "application/json" },
      data: `{"name":"${big}"}`,
    });
    expect(api.status()).toBe(413);
    // The refusal names its request (ADR 056), as its X-Request-Id header does.
    expect(await api.json()).toEqual({
      success: false,
      message: "Request body is too large",
      requestId: api.headers()["x-request-id"],
    });
  });
});
