/**
 * The second attack's account findings, replayed through the API door: per-address
 * limits keyed by the IPv6 /64, a new browser not locked out on the owner's own network, trivial
 * and personal passwords, and what sign-up reveals. Page doors: tests/app/accounts-abuse.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MESSAGES } from "../../domain/shared/messages";
import { LOGIN_LIMITS, NETWORK_LIFETIME_MS, SIGNUP_LIMIT } from "../../worker/services/accounts/auth";
import { networkOf } from "../../worker/services/shared/client";
import { purgeExpired } from "../../worker/services/operator/maintenance";
import { isPersonalPassword, isTrivialPassword } from "../../worker/services/accounts/internal/passwords";
import { call, db, json, signup, signupBody, uniqueIp } from "./helpers";

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});
const login = (email: string, password: string, ip: string) =>
  call("/api/auth/login", { body: { email, password }, headers: { "CF-Connecting-IP": ip } });

/** A fresh /64 and `n` different addresses inside it, written as a client might. */
function addressesInOneSlash64(n: number): string[] {
  const r = () => Math.floor(Math.random() * 0xffff).toString(16);
  const prefix = `2001:db8:${r()}:${r()}`;
  return Array.from({ length: n }, (_, i) => {
    const host = `${(i + 1).toString(16)}:${r()}:${r()}:${i % 3 === 0 ? "0" : r()}`;
    // some upper case, some with leading zeros: the same network however it is written
    return i % 2 ? `${prefix}:${host}`.toUpperCase() : `${prefix.replace("2001:db8", "2001:0db8")}:${host}`;
  });
}

describe("client networks: IPv4 as written, IPv6 by its /64", () => {
  const cases: [string, string | null][] = [
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["64:ff9b::203.0.113.9", "64:ff9b:0:0::/64"],
    ["2001:db8:1:2:3:4:203.0.113.9", "2001:db8:1:2::/64"],
    ["2001:db8::1::2", null],
    ["2001:db8:1:2:3:4:5:6:7", null],
    ["12345::1", null],
    ["203.0.113.256", null],
    ["fe80::1%eth0", null],
    ["not an address", null],
    ["", null],
  ];
  for (const [raw, key] of cases) {
    it(`${JSON.stringify(raw)} → ${JSON.stringify(key)}`, () => {
      expect(networkOf(raw)).toBe(key);
    });
  }
});

describe("per-address limits key IPv6 by its /64", () => {
  it(`12 sign-ups from 12 addresses of one /64 create exactly ${SIGNUP_LIMIT.max} accounts`, async () => {
    const bodies = Array.from({ length: 12 }, () => signupBody());
    const addresses = addressesInOneSlash64(12);
    const responses = await Promise.all(
      bodies.map((body, i) => call("/api/auth/signup", { body, headers: { "CF-Connecting-IP": addresses[i]! } })),
    );
    expect(tally(statuses(responses))).toEqual({ 201: SIGNUP_LIMIT.max, 429: 12 - SIGNUP_LIMIT.max });
    const { n } = (await env.DB.prepare(
      `select count(*) as n from users where email in (${bodies.map(() => "?").join(",")})`,
    )
      .bind(...bodies.map((b) => b.email))
      .first<{ n: number }>())!;
    expect(n).toBe(SIGNUP_LIMIT.max);
  });

  it("sign-in guesses from one /64 share the per-address limit however the host part changes", async () => {
    const { user } = await signup();
    const addresses = addressesInOneSlash64(8);
    const responses = await Promise.all(addresses.map((ip, i) => login(user.email, `guess-${i}-xyz`, ip)));
    expect(tally(statuses(responses))).toEqual({ 401: LOGIN_LIMITS.accountFromAddress.max, 429: 3 });
  });
});

describe("a new browser is not locked out by guesses from elsewhere", () => {
  it("on a network the owner signed in from, a new browser signs in after 10 guesses from other addresses", async () => {
    const { user, password } = await signup();
    const home = addressesInOneSlash64(2);
    expect((await login(user.email, password, home[0]!)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `attacker-${i}-x`, uniqueIp())),
    );
    expect(tally(statuses(guesses))).toEqual({ 401: LOGIN_LIMITS.accountUntrusted.max, 429: 2 });
    // another machine of the same home network, with no device cookie
    expect((await login(user.email, password, home[1]!)).status).toBe(200);
  });

  it("the residual risk (ADR 026): a new browser on a network the account never used waits out the lock", async () => {
    const { user, password } = await signup();
    await Promise.all(Array.from({ length: 10 }, (_, i) => login(user.email, `attacker-${i}-x`, uniqueIp())));
    const res = await login(user.email, password, uniqueIp());
    expect(res.status).toBe(429);
  });

  it("guesses from the owner's own network get 5 there, not the account-wide 10", async () => {
    const { user, password } = await signup();
    const [home] = addressesInOneSlash64(1);
    expect((await login(user.email, password, home!)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 7 }, (_, i) => login(user.email, `neighbour-${i}-x`, home!)),
    );
    expect(tally(statuses(guesses))).toEqual({ 401: LOGIN_LIMITS.accountFromAddress.max, 429: 2 });
  });

  it("a network is remembered for 90 days after its last sign-in, then forgotten by the daily cron", async () => {
    const { user, password } = await signup();
    const [home] = addressesInOneSlash64(1);
    expect((await login(user.email, password, home!)).status).toBe(200);
    const now = Date.now();
    await env.DB.prepare("update sign_in_networks set last_used_at = ? where user_id = ?")
      .bind(now - NETWORK_LIFETIME_MS - 1000, user.id)
      .run();
    const purged = await purgeExpired(db(), now);
    expect(purged.networks).toBeGreaterThanOrEqual(1);
    const { n } = (await env.DB.prepare("select count(*) as n from sign_in_networks where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe("passwords: the spec's 6 characters, and never trivial or personal", () => {
  const trivial = ["aaaaaa", "AAAAAAAA", "ababab", "abcabcabc", "123456", "1234567890", "abcdefg", "987654", "zyxwvu"];
  for (const password of trivial) {
    it(`sign-up refuses ${password} with our message, creating nothing`, async () => {
      const body = signupBody({ password });
      const res = await call("/api/auth/signup", { body });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: MESSAGES.passwordTrivial });
      const row = await env.DB.prepare("select id from users where email = ?").bind(body.email).first();
      expect(row).toBeNull();
    });
  }

  it("keeps the spec's message for a password under 6 characters", async () => {
    const res = await call("/api/auth/signup", { body: signupBody({ password: "ab1!x" }) });
    expect(await json(res)).toMatchObject({ message: MESSAGES.passwordTooShort });
  });

  const personal: [string, Record<string, string>][] = [
    ["robin123", { firstName: "Robin", lastName: "Quinn" }],
    ["Quinn.Robin", { firstName: "Robin", lastName: "Quinn" }],
    ["RobinQuinn!", { firstName: "Robin", lastName: "Quinn" }],
    ["harbor.lights@example.edu", { email: "harbor.lights@example.edu" }],
    ["harborlights99", { email: "harbor.lights@example.edu" }],
    ["MaryAnn1234", { firstName: "Mary Ann", lastName: "Lee" }],
    ["Claim123", { firstName: "Claim your payout", lastName: "Now" }],
  ];
  for (const [password, who] of personal) {
    it(`sign-up refuses ${password} built from the person's own ${who.email ? "email" : "name"}, creating nothing`, async () => {
      // refused sign-ups create nothing, so a fixed email can be reused
      const body = signupBody({ email: "harbor.lights@example.edu", ...who, password });
      const res = await call("/api/auth/signup", { body });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: MESSAGES.passwordPersonal });
    });
  }

  it("a name plus real words is fine: Robin-Harbor-73 for Robin Quinn", async () => {
    const res = await call("/api/auth/signup", {
      body: signupBody({ firstName: "Robin", lastName: "Quinn", password: "Robin-Harbor-73" }),
    });
    expect(res.status).toBe(201);
  });

  it("the rules as functions: trivial and personal", () => {
    expect(["aaaaaa", "121212", "qweqwe", "123456", "fedcba"].map(isTrivialPassword)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["Quill-Harbor-73", "1234567a", "aab123"].map(isTrivialPassword)).toEqual([false, false, false]);
    expect(isPersonalPassword("ada.lovelace1", { email: "ada.lovelace@example.edu" })).toBe(true);
    expect(isPersonalPassword("Ada-Quill-Harbor", { firstName: "Ada" })).toBe(false);
  });

  it("changing a password applies the same rules: 400 with the field's message, the old password still works", async () => {
    const { token, user, password } = await signup("investor", { firstName: "Robin", lastName: "Quinn" });
    for (const [newPassword, message] of [
      ["aaaaaa", MESSAGES.passwordTrivial],
      ["robin2026", MESSAGES.passwordPersonal],
      ["password123", MESSAGES.passwordCommon],
    ]) {
      const res = await call("/api/auth/password", {
        token,
        body: { currentPassword: password, newPassword, confirmPassword: newPassword },
      });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message, errors: { newPassword: message } });
    }
    expect((await login(user.email, password, uniqueIp())).status).toBe(200);
  });
});

describe("what sign-up reveals about an email", () => {
  it("a registered email costs a sign-up slot like a new one: an address learns at most 10 answers an hour", async () => {
    const taken = await signup();
    const ip = uniqueIp();
    const probes = await Promise.all(
      Array.from({ length: SIGNUP_LIMIT.max + 2 }, () =>
        call("/api/auth/signup", {
          body: signupBody({ email: taken.user.email }),
          headers: { "CF-Connecting-IP": ip },
        }),
      ),
    );
    expect(tally(statuses(probes))).toEqual({ 409: SIGNUP_LIMIT.max, 429: 2 });
    const fresh = await call("/api/auth/signup", { body: signupBody(), headers: { "CF-Connecting-IP": ip } });
    expect(fresh.status).toBe(429);
  });
});
