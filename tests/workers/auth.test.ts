import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { maxBirthDate } from "../../domain/shared/schemas";
import {
  SESSION_COOKIE,
  SESSION_INACTIVITY_MS,
  SESSION_REFRESH_MS,
  validateSessionToken,
} from "../../worker/services/accounts/sessions";
import {
  SCRYPT,
  hashPassword,
  passwordCost,
  passwordFloor,
  verifyPassword,
} from "../../worker/services/accounts/internal/secrets";
import { call, db, json, signup, signupBody, unique, uniqueIp } from "./helpers";

const countUsers = async (email: string) =>
  (await env.DB.prepare("select count(*) as n from users where email = ?")
    .bind(email.toLowerCase())
    .first<{ n: number }>())!.n;

describe("POST /api/auth/signup", () => {
  it("creates an investor and answers with the spec's token and user shape", async () => {
    const body = signupBody({ email: `${unique("New")}@Example.EDU` });
    const res = await call("/api/auth/signup", { body });
    expect(res.status).toBe(201);
    const out = await json<{ token: string; user: Record<string, unknown> }>(res);
    expect(out.token).toMatch(/^[a-z2-9]+\.[a-z2-9]+$/);
    expect(out.user).toEqual({
      id: expect.any(String),
      email: body.email.toLowerCase(),
      firstName: "Ada",
      lastName: "Lovelace",
      birthDate: "1995-05-17",
      role: "investor",
      ownedProject: null,
    });
    // the email is stored lower-cased; the password only as a scrypt hash
    const row = await env.DB.prepare("select email, password_hash from users where id = ?")
      .bind(out.user.id)
      .first<{ email: string; password_hash: string }>();
    expect(row!.email).toBe(body.email.toLowerCase());
    expect(row!.password_hash).toMatch(/^scrypt\$16\$8\$1\$/); // the deployment's cost: a test run's (secrets.ts passwordCost)
    expect(row!.password_hash).not.toContain(body.password);
  });

  it("defaults the role to investor and accepts founder", async () => {
    const { role: _omit, ...noRole } = signupBody();
    const a = await json<{ user: { role: string } }>(await call("/api/auth/signup", { body: noRole }));
    expect(a.user.role).toBe("investor");
    const b = await json<{ user: { role: string } }>(
      await call("/api/auth/signup", { body: signupBody({ role: "founder" }) }),
    );
    expect(b.user.role).toBe("founder");
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["a missing first name", { firstName: "" }, "Please fill out all fields"],
    ["a whitespace last name", { lastName: "   " }, "Please fill out all fields"],
    ["a missing email", { email: undefined }, "Please fill out all fields"],
    ["a missing birth date", { birthDate: "" }, "Please fill out all fields"],
    ["a missing password", { password: "" }, "Please fill out all fields"],
    ["mismatched passwords", { confirmPassword: "other1" }, "Passwords do not match"],
    ["a password of six spaces", { password: "      " }, "Password cannot be only spaces"],
    [
      "the most common password (a sequence)",
      { password: "123456" },
      "This password is too easy to guess: avoid repeated characters and sequences such as aaaaaa or 123456.",
    ],
    [
      "a repeated character",
      { password: "aaaaaa" },
      "This password is too easy to guess: avoid repeated characters and sequences such as aaaaaa or 123456.",
    ],
    [
      "the person's own name and a year",
      { firstName: "Robin", password: "Robin2026" },
      "Your password cannot be built from your name or email address. Please choose another.",
    ],
    [
      "'password'",
      { password: "password" },
      "This password is one of the most common passwords. Please choose one that is harder to guess.",
    ],
    [
      "a common password in capitals",
      { password: "QWERTY123" },
      "This password is one of the most common passwords. Please choose one that is harder to guess.",
    ],
    ["a 5-character password", { password: "abcde" }, "Password must be at least 6 characters"],
    ["an impossible birth date", { birthDate: "2001-02-30" }, "Please enter a valid birth date"],
    ["a non-date birth date", { birthDate: "yesterday" }, "Please enter a valid birth date"],
    ["a birth date in the future", { birthDate: "2999-01-01" }, "Please enter a valid birth date"],
    ["an invalid email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["the admin role", { role: "admin" }, "Please choose a valid role: investor or founder"],
    ["an unknown role", { role: "superuser" }, "Please choose a valid role: investor or founder"],
    ["an overlong first name", { firstName: "x".repeat(81) }, "First name must be at most 80 characters"],
    ["an overlong last name", { lastName: "x".repeat(100) }, "Last name must be at most 80 characters"],
    ["an overlong email", { email: `${"e".repeat(262)}@example.edu` }, "Email must be at most 254 characters"],
    [
      "a password over 128 characters",
      { password: "Sturdy-Pass-42".padEnd(148, "q"), confirmPassword: "Sturdy-Pass-42".padEnd(148, "q") },
      "Password must be at most 128 characters",
    ],
  ];
  for (const [what, overrides, message] of cases) {
    it(`refuses ${what} with '${message}' and stores nothing`, async () => {
      const body: Record<string, unknown> = signupBody(overrides);
      if (overrides.email === undefined && "email" in overrides) delete body.email;
      const res = await call("/api/auth/signup", { body });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message });
      if (typeof body.email === "string") expect(await countUsers(body.email)).toBe(0);
    });
  }

  it("refuses someone under 18 (one day short) and accepts someone exactly 18", async () => {
    const eighteen = maxBirthDate();
    const dayAfter = new Date(Date.parse(`${eighteen}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const young = signupBody({ birthDate: dayAfter });
    const res = await call("/api/auth/signup", { body: young });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: "You must be at least 18 years old to register" });
    expect(await countUsers(young.email)).toBe(0);
    const ok = await call("/api/auth/signup", { body: signupBody({ birthDate: eighteen }) });
    expect(ok.status).toBe(201);
  });

  it("refuses a duplicate email, whatever its case, with 409", async () => {
    const first = await signup();
    const res = await call("/api/auth/signup", { body: signupBody({ email: first.user.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ message: "An account with this email already exists" });
    expect(await countUsers(first.user.email)).toBe(1);
  });

  it("answers malformed JSON and non-object bodies with 400, never 500", async () => {
    const bad = await call("/api/auth/signup", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ message: "Request body is not valid JSON" });
    const arr = await call("/api/auth/signup", { body: "[1,2]" });
    expect(arr.status).toBe(400);
    const big = await call("/api/auth/signup", { body: JSON.stringify({ firstName: "x".repeat(70_000) }) });
    expect(big.status).toBe(413);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, case-insensitively by email", async () => {
    const { user, password } = await signup();
    const res = await call("/api/auth/login", { body: { email: user.email.toUpperCase(), password } });
    expect(res.status).toBe(200);
    const out = await json<{ token: string; user: { id: string } }>(res);
    expect(out.user.id).toBe(user.id);
    expect(out.token).toContain(".");
  });

  it("requires both fields: 'Please provide both email and password'", async () => {
    for (const body of [{ email: "a@b.co" }, { password: "x" }, { email: " ", password: "secret1" }, {}]) {
      const res = await call("/api/auth/login", { body });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: "Please provide both email and password" });
    }
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const { user } = await signup();
    const wrong = await call("/api/auth/login", { body: { email: user.email, password: "wrong-pass" } });
    const unknown = await call("/api/auth/login", {
      body: { email: `${unique()}@nowhere.edu`, password: "wrong-pass" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("rate limits repeated failures for an account from one address, even with the right password afterwards", async () => {
    const { user, password } = await signup();
    const headers = { "CF-Connecting-IP": uniqueIp() };
    for (let i = 0; i < 5; i++) {
      const r = await call("/api/auth/login", { body: { email: user.email, password: `nope${i}xx` }, headers });
      expect(r.status).toBe(401);
    }
    const blocked = await call("/api/auth/login", { body: { email: user.email, password }, headers });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await json(blocked)).toMatchObject({
      message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    });
  });
});

describe("sessions", () => {
  it("stores only the SHA-256 of the secret, never the token", async () => {
    const { token, user } = await signup();
    const [id, secret] = token.split(".");
    const row = await env.DB.prepare("select * from sessions where id = ?").bind(id).first<Record<string, unknown>>();
    expect(row!.user_id).toBe(user.id);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(row!.secret_hash).toBe(hex);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("serves the same token as bearer (API) and as cookie", async () => {
    const { token, user } = await signup();
    const bearer = await call("/api/auth/me", { token });
    expect(bearer.status).toBe(200);
    expect(await json(bearer)).toMatchObject({ user: { id: user.id } });
    const cookie = await call("/api/auth/me", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(await json(cookie)).toMatchObject({ user: { id: user.id } });
    expect((await call("/api/auth/me")).status).toBe(401);
  });

  it("rejects a token whose secret half is wrong", async () => {
    const { token } = await signup();
    const [id] = token.split(".");
    const res = await call("/api/auth/me", { token: `${id}.${"a".repeat(24)}` });
    expect(res.status).toBe(401);
  });

  it("expires after the inactivity window and slides while used", async () => {
    const { token } = await signup();
    const [id] = token.split(".");
    const start = Date.now();
    // used after 2 hours: still valid, last-verified time refreshed
    const later = await validateSessionToken(db(), token, start + 2 * SESSION_REFRESH_MS);
    expect(later?.refreshed).toBe(true);
    // 29 days after that use: still valid (the window slid)
    const slid = await validateSessionToken(
      db(),
      token,
      start + 2 * SESSION_REFRESH_MS + SESSION_INACTIVITY_MS - 60_000,
    );
    expect(slid).not.toBeNull();
    // a full window without use: gone, and deleted from D1
    const expired = await validateSessionToken(db(), token, start + 3 * SESSION_INACTIVITY_MS);
    expect(expired).toBeNull();
    const row = await env.DB.prepare("select id from sessions where id = ?").bind(id).first();
    expect(row).toBeNull();
  });

  it("logout ends the session on the server", async () => {
    const { token } = await signup();
    const out = await call("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect((await call("/api/auth/me", { token })).status).toBe(401);
  });

  it("refuses cookie-authenticated cross-site writes, allows same-origin and bearer", async () => {
    const { token } = await signup();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const evil = await call("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(evil.status).toBe(403);
    expect((await call("/api/auth/me", { token })).status).toBe(200); // still signed in
    const same = await call("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect(same.status).toBe(200);
    expect((await call("/api/auth/me", { token })).status).toBe(401);
  });
});

describe("password hashing", () => {
  it("hashes and verifies at the production cost (OWASP: N=2^15, r=8, p=3), which development shares", async () => {
    expect(SCRYPT).toMatchObject({ N: 32768, r: 8, p: 3, keyLength: 32 });
    expect(passwordCost({ APP_ENV: "production" })).toBe(SCRYPT);
    expect(passwordCost({ APP_ENV: "development" })).toBe(SCRYPT);
    const hash = await hashPassword("correct horse", passwordCost({ APP_ENV: "production" }));
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "32768", "8", "3"]);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await hashPassword("correct horse", SCRYPT)).not.toBe(hash); // salted
  });

  it("hashes at the test cost only in a test run, and only a test run accepts such a hash", async () => {
    // This run's configuration (vitest.config.ts) is the test one: new accounts cost N=2^4.
    expect((env as { APP_ENV: string }).APP_ENV).toBe("test");
    const cheap = await hashPassword("correct horse");
    expect(cheap.split("$").slice(0, 4)).toEqual(["scrypt", "16", "8", "1"]);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    // Any other configuration hashes at production's cost and refuses a test-cost hash.
    expect(passwordCost({})).toBe(SCRYPT);
    expect(passwordFloor({ APP_ENV: "production" })).toBe(2 ** 15);
    expect(passwordFloor({ APP_ENV: "development" })).toBe(2 ** 15);
    expect(passwordFloor({ APP_ENV: "test" })).toBe(16);
    expect(await verifyPassword("correct horse", cheap, passwordFloor({ APP_ENV: "production" }))).toBe(false);
    expect(await verifyPassword("correct horse", cheap, passwordFloor({ APP_ENV: "development" }))).toBe(false);
  });
});
