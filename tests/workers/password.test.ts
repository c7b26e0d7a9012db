import { describe, expect, it } from "vitest";

import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { MESSAGES } from "../../domain/shared/messages";
import { call, json, signup, TEST_PASSWORD } from "./helpers";

type Answer = { message?: string; errors?: Record<string, string>; token?: string; endedSessions?: number };

const login = async (email: string, password: string) => call("/api/auth/login", { body: { email, password } });

const me = (token: string) => call("/api/auth/me", { token });

const change = (token: string | undefined, body: Record<string, unknown>) =>
  call("/api/auth/password", { token, body });

const NEW_PASSWORD = "violet-harbour-42";

describe("POST /api/auth/password", () => {
  it("needs a signed-in user", async () => {
    const res = await change(undefined, { currentPassword: "x", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect((await json<Answer>(res)).message).toBe(MESSAGES.authRequired);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const a = await signup();
    const res = await change(a.token, { currentPassword: "wrong-one-9", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).errors).toEqual({ currentPassword: PASSWORD_MESSAGES.wrongCurrent });
    expect((await login(a.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ newPassword: "" }, { newPassword: PASSWORD_MESSAGES.newRequired }],
    [{ newPassword: "abc" }, { newPassword: MESSAGES.passwordTooShort }],
    [{ newPassword: "        " }, { newPassword: MESSAGES.passwordBlank }],
    [{ newPassword: "password123" }, { newPassword: MESSAGES.passwordCommon }],
    [{ newPassword: TEST_PASSWORD }, { newPassword: PASSWORD_MESSAGES.sameAsCurrent }],
    [{ newPassword: NEW_PASSWORD, confirmPassword: "other-thing-77" }, { confirmPassword: MESSAGES.passwordsMismatch }],
    [{ newPassword: 123456789 }, { newPassword: "New password must be text" }],
  ])("refuses a weak or mistaken new password %j", async (fields, errors) => {
    const a = await signup();
    const res = await change(a.token, { currentPassword: TEST_PASSWORD, ...fields });
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).errors).toEqual(errors);
    expect((await login(a.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("changes the password, ends every other session and keeps this one", async () => {
    const a = await signup();
    const other = await json<Answer>(await login(a.user.email, TEST_PASSWORD));
    const third = await json<Answer>(await login(a.user.email, TEST_PASSWORD));
    const res = await change(a.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    const out = await json<Answer>(res);
    expect(out.message).toBe(PASSWORD_MESSAGES.changed);
    expect(out.endedSessions).toBe(2);

    expect((await me(a.token)).status).toBe(200);
    expect((await me(other.token!)).status).toBe(401);
    expect((await me(third.token!)).status).toBe(401);
    expect((await login(a.user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(a.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("limits wrong current passwords like sign-in: 5, then 429 even for the right one", async () => {
    const a = await signup();
    const wrong = await Promise.all(
      Array.from({ length: 8 }, () => change(a.token, { currentPassword: "wrong-one-9", newPassword: NEW_PASSWORD })),
    );
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const limited = await change(a.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await json<Answer>(limited)).message).toBe(PASSWORD_MESSAGES.tooManyAttempts);
  });
});

describe("POST /api/auth/sessions/revoke-others", () => {
  it("ends every other session of the user and keeps this one", async () => {
    const a = await signup();
    const b = await signup();
    const other = await json<Answer>(await login(a.user.email, TEST_PASSWORD));
    const res = await call("/api/auth/sessions/revoke-others", { method: "POST", token: a.token });
    expect(res.status).toBe(200);
    expect((await json<Answer>(res)).endedSessions).toBe(1);
    expect((await me(a.token)).status).toBe(200);
    expect((await me(other.token!)).status).toBe(401);
    expect((await me(b.token)).status).toBe(200); // someone else's sessions are untouched
    expect((await login(a.user.email, TEST_PASSWORD)).status).toBe(200); // the password stays
  });

  it("needs a signed-in user", async () => {
    expect((await call("/api/auth/sessions/revoke-others", { method: "POST" })).status).toBe(401);
  });
});
