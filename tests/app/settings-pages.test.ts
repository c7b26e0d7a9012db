/**
 * The settings routes' actions (a browser without JavaScript, and the `.data` door): each answers
 * only the intents of its own forms. Any other intent, or none, is a 400 that says so and changes
 * nothing (never a silent fall back to another form); /settings itself takes no posts.
 */
import { describe, expect, it } from "vitest";

import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../domain/accounts/two-factor-settings";
import { dataMessage } from "./fuzz-arbitraries";
import { allCounts, expectAlert, insertProject, page, signup, TEST_PASSWORD } from "./helpers";

const ROUTES = [
  ["/settings/public-profile", "Unknown action: this form can only save your public profile"],
  [
    "/settings/login-security",
    "Unknown action: these forms can only change your email address or password or sign out your other devices",
  ],
  ["/settings/investor-information", "Unknown action: this form can only save your investor information"],
  ["/settings/notifications", "Unknown action: this form can only save your notification settings"],
  ["/settings/watchlist", "Unknown action: this form can only unfollow a project"],
  ["/settings/sessions", "Unknown action: these forms can only end a session or sign out everywhere else"],
  ["/settings/two-factor", TWO_FACTOR_SETTINGS_MESSAGES.unknownIntent],
] as const;

/** A post that would change something under any of the settings forms, were its intent taken. */
async function everyField(): Promise<Record<string, string>> {
  const project = await insertProject({ publishedAt: Date.now() });
  return {
    bio: "Changed by a fallback",
    username: `fallback-${Date.now().toString(36)}`,
    currentPassword: TEST_PASSWORD,
    newPassword: "violet-harbour-42",
    confirmPassword: "violet-harbour-42",
    annualIncome: "85000",
    applyLimits: "on",
    projectId: project.id,
  };
}

describe("an intent a settings route does not have", () => {
  for (const [path, message] of ROUTES) {
    for (const intent of ["bogus", "", null]) {
      it(`${path} with ${intent === null ? "no intent" : `intent ${JSON.stringify(intent)}`}: 400 with the message, nothing changed`, async () => {
        const { token } = await signup();
        const fields = await everyField();
        const before = await allCounts();
        const res = await page(path, { token, form: intent === null ? fields : { ...fields, intent } });
        await expectAlert(res, 400, message);
        expect(await allCounts()).toEqual(before);
      });
    }

    it(`${path}.data: 400 with the message, nothing changed`, async () => {
      const { token } = await signup();
      const fields = await everyField();
      const before = await allCounts();
      // Another route's intent is unknown here too (the profile's on the password route, and so on).
      const intent = path.endsWith("public-profile") ? "password" : "profile";
      const res = await page(`${path}.data`, { token, form: { ...fields, intent } });
      expect({ status: res.status, message: dataMessage(await res.text()) }).toEqual({ status: 400, message });
      expect(await allCounts()).toEqual(before);
    });
  }

  it("/settings itself takes no posts (405), and still shows its sections for links and bookmarks", async () => {
    const { token } = await signup();
    const fields = await everyField();
    const before = await allCounts();
    const res = await page("/settings", { token, form: { ...fields, intent: "profile" } });
    expect(res.status).toBe(405);
    expect(await allCounts()).toEqual(before);
    const shown = await page("/settings?section=login-security", { token });
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Change password");
  });

  it("each section's route also shows its section, under the same title", async () => {
    const { token } = await signup();
    const res = await page("/settings/login-security", { token });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Account Settings | CampusFund</title>");
    expect(html).toContain("Change password");
  });
});
