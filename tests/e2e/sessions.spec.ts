/**
 * Settings → Sessions (ADR 054), with JavaScript on and off: the list shows this device and
 * another, "End" ends the other (its next request is refused), and an API token is created and
 * shown once. axe over the page and its states (js project only: axe injects a script).
 */
import { expect, test } from "./fixtures";
import { expectNoSeriousViolations, loginViaApi, TEST_PASSWORD } from "./helpers";
import { newestMail } from "./mail";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";

test.describe("sessions", () => {
  test("the list shows this device and another; End ends the other", async ({ asInvestor: me, page, request }) => {
    const other = await loginViaApi(request, me.email, TEST_PASSWORD);
    await page.goto("/settings/login-security");
    await page.getByRole("link", { name: "See Your Sessions" }).click();
    await expect(page).toHaveURL(/\/settings\/sessions$/);
    await expect(page.getByRole("heading", { name: "Sessions & API Tokens" })).toBeVisible();
    await expect(page.getByText("This device")).toBeVisible();

    const ends = page.getByRole("button", { name: /^End / });
    await expect(ends).toHaveCount(1);
    await ends.click();
    await expect(page.getByText("The session was ended. It is signed out the next time it is used.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^End / })).toHaveCount(0);

    const after = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${other.token}` } });
    expect(after.status()).toBe(401);
  });

  test("Create an API Token shows it once, and it works as a bearer", async ({ asInvestor: _me, page, request }) => {
    await page.goto("/settings/sessions");
    await page.getByLabel("Token name").fill("Nightly export");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expect(page.getByText(/Copy it now: it is shown only once/)).toBeVisible();
    const token = await page.getByRole("textbox", { name: "New API token" }).inputValue();
    const res = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Nightly export" })).toBeVisible();
  });
});

test("a sign-in from a new network mails a link whose page ends exactly that session", async ({
  asInvestor: me,
  page,
  request,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  // Alerts go to proved addresses only: prove this one with its confirmation mail.
  const confirm = await newestMail(request, me.email, "Confirm your CampusFund email address");
  const verifyToken = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(confirm.text)![1];
  expect((await request.post("/api/auth/verify-email", { data: { token: verifyToken } })).status()).toBe(200);

  // Someone else: no device cookie of this account (the fixture's `request` holds the sign-up's).
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.90", "User-Agent": FIREFOX_MAC },
  });
  const signedIn = await elsewhere.post("/api/auth/login", { data: { email: me.email, password: TEST_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const stranger = ((await signedIn.json()) as { token: string }).token;
  await elsewhere.dispose();
  const { text } = await newestMail(request, me.email, "New sign-in to your CampusFund account");
  const path = /\/end-session\/[A-Za-z0-9_-]{43}/.exec(text)![0];

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "End This Session?" })).toBeVisible();
  await expect(page.getByText("Firefox on macOS")).toBeVisible();
  await expect(page.getByText("198.51.100.90")).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/end-session/<token>");
  await page.getByRole("button", { name: "End This Session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Session Ended" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/end-session (ended)");

  const me2 = (token: string) => request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  expect([(await me2(stranger)).status(), (await me2(me.token)).status()]).toEqual([401, 200]);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "This Link Does Not Work" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/end-session/<token> (used)");
});

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("the sessions page, a refused token and a new one", async ({ asInvestor: me, page, request }) => {
    await loginViaApi(request, me.email, TEST_PASSWORD);
    await page.goto("/settings/sessions");
    await expectNoSeriousViolations(page, "/settings/sessions");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expect(
      page.getByText("Give the token a name, such as the script or app that will use it").first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page, "/settings/sessions (refused token)");
    await page.getByLabel("Token name").fill("Nightly export");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expect(page.getByRole("textbox", { name: "New API token" })).toBeVisible();
    await expectNoSeriousViolations(page, "/settings/sessions (new token)");
  });
});
