/**
 * The form door for the validation rules (spec sections 5, 6, 8). Most checks are plain HTTP form
 * posts, exactly what a browser without JavaScript sends: React Router answers with the re-rendered
 * page (the message in an alert, 4xx) or a redirect. They do not depend on the browser, so they run
 * once, in the "no-js" project. A few run in the browser, in both projects.
 */
import { expect, test } from "./fixtures";

import {
  ADULT_BIRTH_DATE,
  DEMO,
  DEMO_PASSWORD,
  loginViaApi,
  apiInvestments,
  apiProject,
  expectAlert,
  fillSignupForm,
  formPost,
  getAs,
  isoDate,
  locationOf,
  PROJECTS,
  signInViaForm,
  signUpViaApi,
  TEST_PASSWORD,
  uniqueEmail,
  validSignup,
} from "./helpers";

const M = {
  required: "Please fill out all fields",
  mismatch: "Passwords do not match",
  short: "Password must be at least 6 characters",
  badDate: "Please enter a valid birth date",
  young: "You must be at least 18 years old to register",
  taken: "An account with this email already exists",
  signinRequired: "Please provide both email and password",
  badCredentials: "Invalid email or password. Please check your credentials and try again.",
  founder: "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.",
} as const;

function signupForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Casey",
    lastName: "Nguyen",
    email: uniqueEmail("nojs"),
    birthDate: ADULT_BIRTH_DATE,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    role: "investor",
    ...overrides,
  };
}

test.describe("form posts without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP-level: runs once, in no-js");

  const signupCases: [string, Record<string, string>, string][] = [
    ["an empty first name", { firstName: "" }, M.required],
    ["a blank last name", { lastName: "   " }, M.required],
    ["no birth date", { birthDate: "" }, M.required],
    ["no confirmation", { confirmPassword: "" }, M.required],
    ["different passwords", { confirmPassword: "Quill-Harbor-74" }, M.mismatch],
    ["a 5-character password", { password: "abcde", confirmPassword: "abcde" }, M.short],
    ["a non-date birth date", { birthDate: "not-a-date" }, M.badDate],
    ["an impossible birth date", { birthDate: "2001-02-30" }, M.badDate],
    ["someone one day short of 18", { birthDate: isoDate(18, 1) }, M.young],
  ];

  for (const [what, overrides, message] of signupCases) {
    test(`sign-up with ${what}: '${message}', 400, nothing stored`, async ({ request, baseURL }) => {
      const form = signupForm(overrides);
      const res = await formPost(request, baseURL!, "/signup", form);
      await expectAlert(res, 400, message);
      expect(res.headers()["set-cookie"] ?? "").not.toMatch(/campusfund_session=[^;]/);
      // Nothing stored: the same email can still sign up.
      await signUpViaApi(request, { email: form.email });
    });
  }

  test("sign-up keeps what was typed, except the passwords", async ({ request, baseURL }) => {
    const form = signupForm({ confirmPassword: "different1", role: "founder" });
    const res = await formPost(request, baseURL!, "/signup", form);
    const html = await expectAlert(res, 400, M.mismatch);
    expect(html).toContain(`value="${form.email}"`);
    expect(html).toContain(`value="${form.firstName}"`);
    expect(html).not.toContain(`value="${form.password}"`);
    expect(html).toMatch(/<input[^>]*value="founder"[^>]*checked|<input[^>]*checked[^>]*value="founder"/);
  });

  test("sign-up at exactly 18 succeeds, signs in and lands on /portfolio", async ({ request, baseURL }) => {
    const res = await formPost(request, baseURL!, "/signup", signupForm({ birthDate: isoDate(18) }));
    expect(res.status()).toBe(302);
    expect(locationOf(res, baseURL!)).toMatch(/^\/portfolio(\?|$)/);
    expect(res.headers()["set-cookie"]).toContain("campusfund_session=");
  });

  test("a founder sign-up lands on /my-projects", async ({ request, baseURL }) => {
    const res = await formPost(request, baseURL!, "/signup", signupForm({ role: "founder" }));
    expect(res.status()).toBe(302);
    expect(locationOf(res, baseURL!)).toMatch(/^\/my-projects(\?|$)/);
  });

  test("sign-up with an email already registered (any case) is refused", async ({ request, baseURL }) => {
    const existing = await signUpViaApi(request);
    const res = await formPost(request, baseURL!, "/signup", signupForm({ email: existing.email.toUpperCase() }));
    await expectAlert(res, 409, M.taken);
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
  });

  test("sign-in requires both fields: 'Please provide both email and password'", async ({ request, baseURL }) => {
    const account = await signUpViaApi(request);
    let res = await formPost(request, baseURL!, "/signin", { email: account.email, password: "" });
    await expectAlert(res, 400, M.signinRequired);
    res = await formPost(request, baseURL!, "/signin", { email: "", password: TEST_PASSWORD });
    await expectAlert(res, 400, M.signinRequired);
  });

  test("sign-in with a wrong password shows the screen wording and sets no session", async ({ request, baseURL }) => {
    const account = await signUpViaApi(request);
    const res = await formPost(request, baseURL!, "/signin", { email: account.email, password: "wrong-pass" });
    const html = await expectAlert(res, 401, M.badCredentials);
    expect(res.headers()["set-cookie"] ?? "").not.toMatch(/campusfund_session=[^;]/);
    expect(html).toContain(`value="${account.email}"`);
  });

  test("sign-in with the right password redirects to redirectTo (only a local path)", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const account = await signUpViaApi(request);
    const creds = { email: account.email, password: account.password };
    // A fresh client per sign-in: a client holding the session cookie would be sent home instead.
    for (const [redirectTo, expected] of [
      ["/purchase/campusroute", "/purchase/campusroute"],
      ["//evil.example/x", "/portfolio"],
      ["https://evil.example/", "/portfolio"],
    ] as const) {
      const client = await playwright.request.newContext({ baseURL });
      const res = await formPost(client, baseURL!, "/signin", { ...creds, redirectTo });
      expect(res.status()).toBe(302);
      expect(locationOf(res, baseURL!), `redirectTo=${redirectTo}`).toBe(expected);
      expect(res.headers()["set-cookie"]).toMatch(/campusfund_session=[^;]+;.*HttpOnly/i);
      await client.dispose();
    }
  });

  test("purchase above the remaining shares: 'Only {n} shares are available for purchase'", async ({
    asInvestor: investor,
    request,
    baseURL,
  }) => {
    const p = await apiProject(request, PROJECTS.nearlySoldOut.slug);
    expect(p.sharesRemaining).toBeGreaterThan(0);
    const res = await formPost(
      request,
      baseURL!,
      `/purchase/${p.slug}`,
      {
        shares: String(p.sharesRemaining + 1),
        sharePrice: String(p.sharePrice),
        idempotencyKey: crypto.randomUUID(),
        riskAcknowledged: "on",
      },
      { token: investor.token },
    );
    await expectAlert(res, 409, `Only ${p.sharesRemaining} shares are available for purchase`);
    expect(await apiInvestments(request, investor.user.id, investor.token)).toEqual([]);
  });

  test("purchase below the minimum investment is refused", async ({ asInvestor: investor, request, baseURL }) => {
    const p = await apiProject(request, PROJECTS.journey.slug);
    expect(p.sharePrice).toBeLessThan(p.investmentTerms.minInvestment);
    const res = await formPost(
      request,
      baseURL!,
      `/purchase/${p.slug}`,
      { shares: "1", sharePrice: String(p.sharePrice), idempotencyKey: crypto.randomUUID(), riskAcknowledged: "on" },
      { token: investor.token },
    );
    await expectAlert(res, 422, /minimum investment/);
    expect(await apiInvestments(request, investor.user.id, investor.token)).toEqual([]);
  });

  test("purchase with a non-whole share count is refused", async ({ asInvestor: investor, request, baseURL }) => {
    const res = await formPost(
      request,
      baseURL!,
      `/purchase/${PROJECTS.open.slug}`,
      { shares: "12.5", sharePrice: "10", idempotencyKey: crypto.randomUUID(), riskAcknowledged: "on" },
      { token: investor.token },
    );
    await expectAlert(res, 400, "Please enter a whole number of shares (at least 1)");
  });

  test("a founder posting the purchase form gets the founder message and buys nothing", async ({
    asFounder: founder,
    request,
    baseURL,
  }) => {
    const res = await formPost(
      request,
      baseURL!,
      `/purchase/${PROJECTS.open.slug}`,
      { shares: "20", idempotencyKey: crypto.randomUUID() },
      { token: founder.token },
    );
    await expectAlert(res, 403, M.founder);
    // an admin can look at the founder's (empty) holdings
    const admin = await loginViaApi(request, DEMO.admin, DEMO_PASSWORD);
    expect(await apiInvestments(request, founder.user.id, admin.token)).toEqual([]);
  });

  test("a visitor posting the purchase form is sent to sign in", async ({ request, baseURL }) => {
    const res = await formPost(request, baseURL!, `/purchase/${PROJECTS.open.slug}`, {
      shares: "20",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(res.status()).toBe(302);
    expect(locationOf(res, baseURL!)).toBe(
      `/signin?redirectTo=${encodeURIComponent(`/purchase/${PROJECTS.open.slug}`)}`,
    );
  });

  test("a double submit with the same hidden idempotency key buys once", async ({
    asInvestor: investor,
    request,
    baseURL,
  }) => {
    const slug = PROJECTS.open.slug;
    // Without JavaScript the buying form is the review's confirmation.
    const page = await getAs(request, `/purchase/${slug}?shares=15&review=1`, investor.token);
    expect(page.status()).toBe(200);
    const key = /name="idempotencyKey"[^>]*value="([^"]+)"/.exec(await page.text())?.[1];
    expect(key, "the confirmation form carries a hidden idempotencyKey").toBeTruthy();

    const form = { shares: "15", amount: "150", sharePrice: "10", idempotencyKey: key!, riskAcknowledged: "on" };
    const [first, second] = [
      await formPost(request, baseURL!, `/purchase/${slug}`, form, { token: investor.token }),
      await formPost(request, baseURL!, `/purchase/${slug}`, form, { token: investor.token }),
    ];
    expect(first.status()).toBe(302);
    expect(second.status()).toBe(302);
    expect(locationOf(first, baseURL!)).toMatch(/^\/portfolio/);
    expect(locationOf(second, baseURL!)).toBe(locationOf(first, baseURL!));

    const list = await apiInvestments(request, investor.user.id, investor.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ projectSlug: slug, shares: 15, amountInvested: 150 });

    // A fresh form (new key) buys again.
    const again = await getAs(request, `/purchase/${slug}?shares=10&review=1`, investor.token);
    const key2 = /name="idempotencyKey"[^>]*value="([^"]+)"/.exec(await again.text())?.[1];
    expect(key2).toBeTruthy();
    expect(key2).not.toBe(key);
    const third = await formPost(
      request,
      baseURL!,
      `/purchase/${slug}`,
      { shares: "10", sharePrice: "10", idempotencyKey: key2!, riskAcknowledged: "on" },
      { token: investor.token },
    );
    expect(third.status()).toBe(302);
    expect(await apiInvestments(request, investor.user.id, investor.token)).toHaveLength(2);
  });

  test("the purchase page of an unknown project: 404 'Project Not Found'", async ({
    asInvestor: investor,
    request,
  }) => {
    const res = await getAs(request, "/purchase/no-such-project", investor.token);
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain("Project Not Found");
    expect(html).toContain("Back to Projects");
  });
});

test.describe("validation in the browser", () => {
  test("the birth date input's max is today minus 18 years", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByLabel("Birth date")).toHaveAttribute("max", isoDate(18));
  });

  test("mismatched passwords: the error shows in an alert, typed values stay, nothing stored", async ({
    page,
    request,
  }) => {
    await page.goto("/signup");
    const fields = validSignup({ confirmPassword: "Quill-Harbor-99" });
    await fillSignupForm(page, fields);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText(M.mismatch);
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByLabel("Email")).toHaveValue(fields.email);
    await expect(page.getByLabel("First name")).toHaveValue(fields.firstName);
    await signUpViaApi(request, { email: fields.email });
  });

  test("a birth date under 18 is blocked by the date input's max", async ({ page, request }) => {
    await page.goto("/signup");
    const fields = validSignup({ birthDate: isoDate(18, 1) });
    await fillSignupForm(page, fields);
    await page.getByRole("button", { name: "Create Account" }).click();
    // Either the browser refuses (rangeOverflow) or the server answers with the spec's message.
    const date = page.getByLabel("Birth date");
    const blocked = await date.evaluate(
      (el) => (el as unknown as { validity: { rangeOverflow: boolean } }).validity.rangeOverflow,
    );
    if (!blocked) await expect(page.getByRole("alert")).toContainText(M.young);
    await expect(page).toHaveURL(/\/signup$/);
    await signUpViaApi(request, { email: fields.email });
  });

  test("sign-in with a wrong password shows the screen wording in an alert", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto("/signin");
    await signInViaForm(page, account.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText(M.badCredentials);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
  });

  test(
    "purchase above the remaining shares in the browser",
    { tag: "@read-only" },
    async ({ asInvestor: { page }, request }, testInfo) => {
      const js = testInfo.project.name === "js";
      const p = await apiProject(request, PROJECTS.nearlySoldOut.slug);
      const n = p.sharesRemaining;

      // Asking for more than is left (?shares=) clamps to what is left, with the spec's message.
      await page.goto(`/purchase/${p.slug}?shares=${n + 500}`);
      await expect(page.getByText(`Only ${n} shares are available for purchase`)).toBeVisible();
      await expect(page.getByLabel("Number of shares")).toHaveValue(String(n));
      await expect(page.getByLabel("Number of shares")).toHaveAttribute("max", String(n));

      if (js) {
        // Typing more than is left replaces it with the remaining count.
        await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
        const input = page.getByLabel("Number of shares");
        await input.fill("1");
        await input.fill(String(n + 7));
        await expect(input).toHaveValue(String(n));
        await expect(page.getByText(`Only ${n} shares are available for purchase`)).toBeVisible();
      }
    },
  );
});
