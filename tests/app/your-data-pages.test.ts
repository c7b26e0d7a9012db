/**
 * Settings → Your Data (ADR 046) as a browser without JavaScript uses it: the download links, the
 * warnings a founder with an open raise and an investor with a cancellable investment read before
 * confirming, the delete form (password + "Delete my account"), the date and "Keep my account"
 * afterwards, and a sign-in that cancels the deletion and says so on the next page.
 */
import { describe, expect, it } from "vitest";

import { DELETION_MESSAGES, deletionDate, openRaiseWarning } from "../../domain/accounts/account-deletion";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { expectAlert, insertProject, page, signup, unique, visibleText, withPrice, call } from "./helpers";

const SECTION = "/settings?section=your-data";

const text = async (res: Response) => visibleText(await res.text());

describe("the Your Data section", () => {
  it("offers both downloads", async () => {
    const { token } = await signup();
    const html = await (await page(SECTION, { token })).text();
    expect([html.includes('href="/settings/my-data.json"'), html.includes('href="/settings/my-data.zip"')]).toEqual([
      true,
      true,
    ]);
  });

  it("warns a founder whose raise is still open", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, title: `Open Raise ${unique("t")}` });
    expect(await text(await page(SECTION, { token: founder.token }))).toContain(openRaiseWarning(project.title));
  });

  it("warns an investor whose investment can still be canceled", async () => {
    const { token } = await signup();
    const project = await insertProject({ title: `Cancellable ${unique("t")}` });
    await call(`/api/projects/${project.id}/invest`, {
      body: await withPrice(project.id, { shares: 10 }),
      token,
      headers: { "Idempotency-Key": unique("k") },
    });
    expect(await text(await page(SECTION, { token }))).toMatch(
      new RegExp(`You can cancel 1 investment \\(in “${project.title}”\\) until .+ UTC; once your account is deleted`),
    );
  });

  it("the form works without JavaScript: a plain post with the password", async () => {
    const { token } = await signup();
    const html = await (await page(SECTION, { token })).text();
    expect(html).toMatch(/<form[^>]*action="\/settings\/your-data" method="post">[\s\S]*?name="password"/);
  });
});

describe("deleting and keeping the account without JavaScript", () => {
  it("a wrong password re-renders the section with the password change's message", async () => {
    const { token } = await signup();
    await expectAlert(
      await page("/settings/your-data", { token, form: { intent: "delete", password: "Not-The-Password-1" } }),
      400,
      PASSWORD_MESSAGES.wrongCurrent,
    );
  });

  it("the request redirects to the section, which names the date and offers to keep the account", async () => {
    const { token, password } = await signup();
    const before = Date.now();
    const res = await page("/settings/your-data", { token, form: { intent: "delete", password } });
    expect(res.headers.get("Location")).toBe(`${SECTION}&saved=deletion`);
    const shown = await text(await page(`${SECTION}&saved=deletion`, { token }));
    expect(shown).toContain(`${DELETION_MESSAGES.scheduled(deletionDate(before))} Until then you can keep it`);
  });

  it("every other page carries the banner with the date", async () => {
    const { token, password } = await signup();
    const before = Date.now();
    await page("/settings/your-data", { token, form: { intent: "delete", password } });
    const html = await (await page("/portfolio", { token })).text();
    expect(visibleText(/<div[^>]*deletion-banner[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "")).toBe(
      `${DELETION_MESSAGES.scheduled(deletionDate(before))} Keep my account`,
    );
  });

  it("Keep my account cancels it and says so", async () => {
    const { token, password } = await signup();
    await page("/settings/your-data", { token, form: { intent: "delete", password } });
    const res = await page("/settings/your-data", { token, form: { intent: "keep" } });
    const location = res.headers.get("Location") ?? "";
    expect(await text(await page(location, { token }))).toContain(DELETION_MESSAGES.canceled);
  });

  it("signing in within the grace period cancels it: the next page says so", async () => {
    const { token, password, user } = await signup();
    await page("/settings/your-data", { token, form: { intent: "delete", password } });
    const res = await page("/signin", { form: { email: user.email, password } });
    const next = await page(res.headers.get("Location") ?? "/", {
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    expect(await text(next)).toContain(DELETION_MESSAGES.canceled);
  });
});
