/**
 * Account settings (/settings) and the public investor page (/investors/:username), with
 * JavaScript on and off (both projects run every test; axe only with JavaScript).
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  apiProject,
  expectAlert,
  expectNoSeriousViolations,
  formPost,
  locationOf,
  loginViaApi,
  PROJECTS,
  signInCookie,
  signUpViaApi,
  TEST_PASSWORD,
  type Account,
} from "./helpers";

const uname = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function putProfile(request: APIRequestContext, who: Account, body: Record<string, unknown>) {
  const res = await request.put(`/api/users/profile/${who.user.id}`, {
    data: body,
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("account settings", () => {
  test("a visitor sees Authentication Required with a link to /signin", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveTitle("Account Settings | CampusFund");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/signin/);
  });

  test("the public profile is saved, refused fields keep what was typed, and the banner goes once complete", async ({
    asInvestor: me,
    page,
    request,
  }) => {
    await page.goto("/settings?tab=cash");
    await expect(page.getByRole("heading", { name: "Cash" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Demo bank statement" })).toBeVisible();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    // The incomplete-account banner only where it helps: not on the other tabs.
    await expect(page.getByRole("region", { name: "Your account" })).toHaveCount(0);
    await page.getByRole("link", { name: "Account", exact: true }).click();
    await page.getByRole("link", { name: "Login & Security" }).click();
    await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();

    const banner = page.getByRole("region", { name: "Your account" });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "Complete my account" }).click();
    await expect(page).toHaveURL(/section=public-profile#public-profile$/);
    // Nor beside the form it leads to.
    await expect(banner).toHaveCount(0);
    const form = page.locator("#public-profile");
    await expect(form.getByText("Required to complete your profile")).toHaveCount(3);

    // A refused site: the message beside it, everything typed kept, nothing saved.
    const name = uname();
    await form.getByLabel("Username").fill(name);
    await form.getByLabel("Bio").fill("Engineer who backs student hardware.");
    await form.getByLabel("Site").fill("javascript:alert(1)");
    await form.getByLabel("Interests").fill("climate, fintech");
    await form.getByLabel("Hide my badges").check();
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(
      page.getByText("Failed to save profile: Please fix the 1 validation error highlighted below"),
    ).toBeVisible();
    await expect(form.getByText("Please enter a valid URL for Site")).toBeVisible();
    await expect(form.getByLabel("Bio")).toHaveValue("Engineer who backs student hardware.");
    await expect(form.getByLabel("Hide my badges")).toBeChecked();

    // Saved without thesis: still incomplete.
    await form.getByLabel("Site").fill("https://example.edu/me");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(form.getByLabel("Username")).toHaveValue(name);
    await expect(form.getByLabel("Interests")).toHaveValue("climate, fintech");
    await expect(form.getByLabel("Hide my badges")).toBeChecked();
    // (The banner shows beside the other sections of the Account tab.)
    await page.goto("/settings?section=login-security");
    await expect(banner).toBeVisible();
    await page.goto("/settings?section=public-profile");

    await form.getByLabel("Investing thesis").fill("Hardware that ships before graduation.");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(form.getByLabel("Investing thesis")).toHaveValue("Hardware that ships before graduation.");
    await page.goto("/settings?section=login-security");
    await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The API agrees.
    const res = await request.get(`/api/users/profile/${me.user.id}`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(await res.json()).toMatchObject({
      username: name,
      site: "https://example.edu/me",
      interests: ["climate", "fintech"],
      confidentiality: { hideBadges: true, hideInvestments: false },
    });
  });

  test("a taken username is refused with its message", async ({ asInvestor: { page }, request }) => {
    const first = await signUpViaApi(request);
    const name = uname();
    await putProfile(request, first, { username: name });
    await page.goto("/settings?section=public-profile");
    await page.getByLabel("Username").fill(name.toUpperCase());
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Failed to save profile: That username is taken")).toBeVisible();
    await expect(page.locator("#f-username-error")).toHaveText("That username is taken");
  });

  test("a reserved username is refused beside the field, in any case", async ({ asInvestor: { page } }) => {
    await page.goto("/settings?section=public-profile");
    await page.getByLabel("Username").fill("CampusFund");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.locator("#f-username-error")).toHaveText("This username is reserved");
  });

  test("change password: a wrong current one is refused; the right one ends other sessions and keeps this one", async ({
    asInvestor: me,
    page,
    request,
  }) => {
    const elsewhere = await loginViaApi(request, me.email, TEST_PASSWORD);
    await page.goto("/settings?section=login-security");

    await page
      .getByRole("region", { name: "Change password" })
      .getByLabel("Current password")
      .fill("not-my-password-1");
    await page.getByLabel("New password", { exact: true }).fill("violet-harbour-42");
    await page.getByLabel("Confirm new password").fill("violet-harbour-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Change password" }).getByLabel("Current password")).toHaveValue("");

    await page.getByRole("region", { name: "Change password" }).getByLabel("Current password").fill(TEST_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm new password").fill("password123");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/one of the most common passwords/).first()).toBeVisible();

    await page.getByRole("region", { name: "Change password" }).getByLabel("Current password").fill(TEST_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("violet-harbour-42");
    await page.getByLabel("Confirm new password").fill("violet-harbour-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed.", { exact: false })).toBeVisible();

    // this browser is still signed in; the other session is not; only the new password works
    await page.goto("/settings?section=login-security");
    await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
    const other = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${elsewhere.token}` } });
    expect(other.status()).toBe(401);
    expect(
      (await request.post("/api/auth/login", { data: { email: me.email, password: TEST_PASSWORD } })).status(),
    ).toBe(401);
    await loginViaApi(request, me.email, "violet-harbour-42");
  });

  test("sign out of all other devices", async ({ asInvestor: me, page, request }) => {
    const elsewhere = await loginViaApi(request, me.email, TEST_PASSWORD);
    await page.goto("/settings?section=login-security");
    await page.getByRole("button", { name: "Sign out of all other devices" }).click();
    await expect(page.getByText("You have been signed out of every other device.")).toBeVisible();
    const other = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${elsewhere.token}` } });
    expect(other.status()).toBe(401);
    const mine = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${me.token}` } });
    expect(mine.status()).toBe(200);
  });
});

test.describe("the settings form door (what a browser without JavaScript posts)", () => {
  test(
    "signed out, saved, and too many wrong current passwords",
    { tag: "@read-only" },
    async ({ asInvestor: me, request, baseURL }) => {
      // (`request` carries no session: the page's cookie is not its.)
      const anon = await formPost(request, baseURL!, "/settings/public-profile", { intent: "profile", bio: "Hi" });
      await expectAlert(anon, 401, "You must be logged in to save settings");

      const saved = await formPost(
        request,
        baseURL!,
        "/settings/public-profile",
        { intent: "profile", bio: "Hi" },
        { token: me.token },
      );
      expect(saved.status()).toBe(302);
      expect(locationOf(saved, baseURL!)).toBe("/settings?section=public-profile&saved=profile");

      const wrong = { intent: "password", currentPassword: "not-mine-123", newPassword: "violet-harbour-42" };
      for (let i = 0; i < 5; i++) {
        await expectAlert(
          await formPost(request, baseURL!, "/settings/login-security", wrong, { token: me.token }),
          400,
          /not correct/,
        );
      }
      const limited = await formPost(request, baseURL!, "/settings/login-security", wrong, { token: me.token });
      await expectAlert(limited, 429, /Too many wrong passwords/);
      expect(limited.headers()["retry-after"]).toMatch(/^\d+$/);
    },
  );
});

test.describe("the public investor page", { tag: "@read-only" }, () => {
  test("shows what the owner allows and honours hideInvestments, hideBadges and hideInSearchEngines", async ({
    page,
    request,
  }) => {
    const me = await signUpViaApi(request, { firstName: "Grace", lastName: "Hopper" });
    const project = await apiProject(request, PROJECTS.journey.slug);
    const bought = await request.post(`/api/projects/${project._id}/invest`, {
      data: { shares: 10, sharePrice: 10 },
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const name = uname();
    const base = {
      username: name,
      bio: "Compilers and climate.",
      investingThesis: "Tools for builders.",
      site: "https://grace.example.edu",
      interests: ["Developer tools", "Climate"],
    };
    await putProfile(request, me, base);

    await page.goto(`/investors/${name}`);
    await expect(page).toHaveTitle("Grace H. | CampusFund");
    await expect(page.getByRole("heading", { name: "Grace H.", level: 1 })).toBeVisible();
    await expect(page.getByText("Premium Investor")).toBeVisible();
    await expect(page.getByText("Compilers and climate.")).toBeVisible();
    await expect(page.getByText("Developer tools")).toBeVisible();
    const site = page.getByRole("link", { name: "https://grace.example.edu" });
    await expect(site).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(page.getByRole("link", { name: PROJECTS.journey.title })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByText("$")).toHaveCount(0);
    await expect(page.getByText("Hopper")).toHaveCount(0);

    await putProfile(request, me, {
      ...base,
      confidentiality: { hideInvestments: true, hideBadges: true, hideInSearchEngines: true },
    });
    await page.goto(`/investors/${name.toUpperCase()}`);
    await expect(page.getByRole("heading", { name: "Grace H.", level: 1 })).toBeVisible();
    await expect(page.getByText("Premium Investor")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Investments" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: PROJECTS.journey.title })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("an unknown username is a 404", async ({ page }) => {
    const res = await page.goto("/investors/nobody-by-that-name");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Investor Not Found" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("settings, with errors, and the investor page", async ({ page, context, request, baseURL }) => {
    await page.goto("/settings");
    await expectNoSeriousViolations(page, "/settings (signed out)");
    const me = await signUpViaApi(request);
    const name = uname();
    await putProfile(request, me, { username: name, bio: "Hi.", interests: "a, b" });
    await signInCookie(context, baseURL!, me.token);
    await page.goto("/settings");
    await expectNoSeriousViolations(page, "/settings");
    await page.getByLabel("Site").fill("ftp://nope");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Please enter a valid URL for Site")).toBeVisible();
    await expectNoSeriousViolations(page, "/settings (errors)");
    await page.goto("/settings?section=login-security");
    await expectNoSeriousViolations(page, "/settings?section=login-security");
    await page.goto(`/investors/${name}`);
    await expectNoSeriousViolations(page, `/investors/${name}`);
  });
});
