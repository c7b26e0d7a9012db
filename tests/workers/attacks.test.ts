/**
 * The attack on the running app, replayed through the API door: each finding as a test
 * that failed before the fix. Page actions and `.data` routes have their own suite against the
 * built app (tests/app/attacks.test.ts); the fuzz suite is tests/app/fuzz.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { CONTACT_LIMIT } from "../../worker/services/visitors/contacts";
import { SUPPORT_LIMIT } from "../../worker/services/visitors/supporters";
import { LOGIN_LIMITS, SIGNUP_LIMIT } from "../../worker/services/accounts/auth";
import {
  DEVICE_COOKIE,
  MAX_SESSIONS_PER_USER,
  SESSION_ABSOLUTE_MS,
  validateSessionToken,
} from "../../worker/services/accounts/sessions";
import { commonPasswordCount } from "../../worker/services/accounts/internal/passwords";
import {
  call,
  db,
  insertProject,
  insertProjectWithSevenSharesLeft,
  json,
  signup,
  signupBody,
  unique,
  uniqueIp,
  withPrice,
} from "./helpers";

const TOO_MANY = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  call("/api/auth/login", { body: { email, password }, headers: { "CF-Connecting-IP": ip, ...headers } });

/** The device cookie a successful sign-in sets. */
function deviceCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(set, "a device cookie").toBeDefined();
  return set!.split(";")[0]!;
}

describe("1. the sign-in limit holds under concurrent guesses", () => {
  it("40 concurrent wrong passwords for one account, the right one last: exactly 5 are checked, the rest get 429", async () => {
    const { user, password } = await signup();
    const ip = uniqueIp();
    const guesses = Array.from({ length: 39 }, (_, i) => `wrong-guess-${i}`);
    const responses = await Promise.all([...guesses, password].map((p) => login(user.email, p, ip)));
    const codes = tally(statuses(responses));
    expect(codes[429]).toBe(40 - LOGIN_LIMITS.accountFromAddress.max);
    expect(responses.filter((r) => r.status !== 429)).toHaveLength(LOGIN_LIMITS.accountFromAddress.max);
  });

  it("100 concurrent guesses: 5 answered 401, 95 answered 429 with Retry-After", async () => {
    const { user } = await signup();
    const ip = uniqueIp();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.email, `guess-${i}-xx`, ip)));
    expect(tally(statuses(responses))).toEqual({ 401: 5, 429: 95 });
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ message: TOO_MANY });
  });

  it("guesses spread over many addresses: at most 10 per account from browsers it has never seen", async () => {
    const { user } = await signup();
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(user.email, `spread-${i}-xx`, uniqueIp())),
    );
    expect(tally(statuses(responses))).toEqual({ 401: LOGIN_LIMITS.accountUntrusted.max, 429: 5 });
  });

  it("one address guessing at many accounts: 30 per address, then 429", async () => {
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 35 }, (_, i) => login(`${unique(`spray${i}`)}@nowhere.edu`, "Spray-guess-1", ip)),
    );
    expect(tally(statuses(responses))).toEqual({ 401: LOGIN_LIMITS.address.max, 429: 5 });
  });
});

describe("3. nobody can lock the owner out", () => {
  it("five wrong passwords from other addresses leave the owner's sign-in working, on a new browser too", async () => {
    const { user, password } = await signup();
    for (let i = 0; i < 5; i++) expect((await login(user.email, `attacker-${i}-x`, uniqueIp())).status).toBe(401);
    const owner = await login(user.email, password, uniqueIp());
    expect(owner.status).toBe(200);
  });

  it("however many addresses guess, the owner's browser with its device cookie still signs in", async () => {
    const { user, password } = await signup();
    const ownerIp = uniqueIp();
    const first = await login(user.email, password, ownerIp);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    // the attacker exhausts the limit for browsers the account has never seen
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `attacker-${i}-x`, uniqueIp())));
    expect((await login(user.email, password, uniqueIp())).status).toBe(429);
    // the owner's own browser is unaffected
    const owner = await login(user.email, password, ownerIp, { Cookie: device });
    expect(owner.status).toBe(200);
  });

  it("a device cookie of another account, or a forged one, does not help an attacker", async () => {
    const victim = await signup();
    const other = await signup();
    const otherDevice = deviceCookieOf(await login(other.user.email, other.password, uniqueIp()));
    const ip = uniqueIp();
    const forged = `${DEVICE_COOKIE}=abcdefghijklmnpq.${"a".repeat(32)}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login(victim.user.email, `guess-${i}-xx`, ip, { Cookie: i % 2 ? otherDevice : forged }),
      ),
    );
    expect(tally(statuses(responses))).toEqual({ 401: 5, 429: 3 });
  });

  it("a device cookie gets 5 guesses of its own, then 429", async () => {
    const { user, password } = await signup();
    const device = deviceCookieOf(await login(user.email, password, uniqueIp()));
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, i) => login(user.email, `device-guess-${i}`, uniqueIp(), { Cookie: device })),
    );
    expect(tally(statuses(responses))).toEqual({ 401: LOGIN_LIMITS.device.max, 429: 4 });
  });
});

describe("4. a supporter entry cannot be rewritten by someone else", () => {
  it("posting a known email, in any case, changes nothing public and answers like a first sign-up", async () => {
    const email = `${unique("fan")}@example.edu`;
    const first = await call("/api/supporters", { body: { name: "Real Fan", email, message: "Go team" } });
    expect(first.status).toBe(201);
    const before = await json(await call("/api/supporters"));
    const again = await call("/api/supporters", {
      body: { name: "Vandal", email: email.toUpperCase(), message: "spam" },
    });
    expect(again.status).toBe(first.status);
    expect(Object.keys(await json(again)).sort()).toEqual(["count", "message", "success"]);
    expect(await json(await call("/api/supporters"))).toEqual(before);
  });
});

describe("5 and 7. sign-ups, contact messages and supporters are limited per address, also when sent at once", () => {
  it(`20 concurrent sign-ups from one address create exactly ${SIGNUP_LIMIT.max} accounts`, async () => {
    const ip = uniqueIp();
    const bodies = Array.from({ length: 20 }, () => signupBody());
    const responses = await Promise.all(
      bodies.map((body) => call("/api/auth/signup", { body, headers: { "CF-Connecting-IP": ip } })),
    );
    expect(tally(statuses(responses))).toEqual({ 201: SIGNUP_LIMIT.max, 429: 20 - SIGNUP_LIMIT.max });
    const created = await Promise.all(
      bodies.map((b) => count("select count(*) as n from users where email = ?", b.email)),
    );
    expect(created.reduce((a, b) => a + b, 0)).toBe(SIGNUP_LIMIT.max);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await json(refused)).toMatchObject({
      message: "Too many accounts were created from your network. Please wait an hour and try again.",
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
  });

  it(`50 concurrent contact messages from one address store exactly ${CONTACT_LIMIT.max}`, async () => {
    const ip = uniqueIp();
    const marker = unique("burst");
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("/api/contacts", {
          body: { name: "Burst", email: `${marker}@example.edu`, message: `n${i}` },
          headers: { "CF-Connecting-IP": ip },
        }),
      ),
    );
    expect(tally(statuses(responses))).toEqual({ 201: CONTACT_LIMIT.max, 429: 50 - CONTACT_LIMIT.max });
    expect(await count("select count(*) as n from contact_messages where email = ?", `${marker}@example.edu`)).toBe(
      CONTACT_LIMIT.max,
    );
  });

  it(`50 concurrent supporter sign-ups from one address store exactly ${SUPPORT_LIMIT.max}`, async () => {
    const ip = uniqueIp();
    const marker = unique("crowd");
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("/api/supporters", {
          body: { name: "Crowd", email: `${marker}-${i}@example.edu` },
          headers: { "CF-Connecting-IP": ip },
        }),
      ),
    );
    expect(tally(statuses(responses))).toEqual({ 201: SUPPORT_LIMIT.max, 429: 50 - SUPPORT_LIMIT.max });
    expect(await count("select count(*) as n from supporters where email like ?", `${marker}-%`)).toBe(
      SUPPORT_LIMIT.max,
    );
  });
});

describe("8. text fields take text only, and only characters that show as typed", () => {
  const nonText: [string, unknown][] = [
    ["a number", 1e308],
    ["a boolean", true],
    ["an array", ["Ada"]],
    ["an object", { toString: "Ada" }],
  ];
  for (const [what, value] of nonText) {
    it(`sign-up refuses ${what} as a name or a password, storing nothing`, async () => {
      for (const field of ["firstName", "password"] as const) {
        const body = signupBody({ [field]: value });
        const res = await call("/api/auth/signup", { body });
        expect(res.status).toBe(400);
        expect(await json(res)).toMatchObject({
          message: field === "firstName" ? "First name must be text" : "Password must be text",
        });
        expect(await count("select count(*) as n from users where email = ?", body.email)).toBe(0);
      }
    });

    it(`contact and supporters refuse ${what} as a name`, async () => {
      const marker = `${unique("typed")}@example.edu`;
      const contact = await call("/api/contacts", { body: { name: value, email: marker, message: "Hello" } });
      expect(contact.status).toBe(400);
      expect(await json(contact)).toMatchObject({ message: "Name must be text" });
      const support = await call("/api/supporters", { body: { name: value, email: marker } });
      expect(support.status).toBe(400);
      expect(await json(support)).toMatchObject({ message: "Name must be text" });
      expect(await count("select count(*) as n from contact_messages where email = ?", marker)).toBe(0);
      expect(await count("select count(*) as n from supporters where email = ?", marker)).toBe(0);
    });
  }

  const hidden: [string, string][] = [
    ["a zero-width-only name", "\u200b\u200b\u200b"],
    ["a NUL byte", "Ada\u0000Lovelace"],
    ["a bidi override", "Ada \u202egnp.exe"],
    ["a soft hyphen", "Ada\u00adLovelace"],
    ["a right-to-left isolate", "\u2067Ada\u2069"],
  ];
  for (const [what, name] of hidden) {
    it(`refuses ${what} in a name, at sign-up and on the supporters list`, async () => {
      const body = signupBody({ firstName: name });
      const res = await call("/api/auth/signup", { body });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({
        message: "First name cannot contain control, invisible or text-direction characters",
      });
      const email = `${unique("inv")}@example.edu`;
      const support = await call("/api/supporters", { body: { name, email } });
      expect(support.status).toBe(400);
      expect(await count("select count(*) as n from supporters where email = ?", email)).toBe(0);
    });
  }

  it("keeps names people really have: accents, CJK, Persian with a zero-width non-joiner, emoji in messages", async () => {
    for (const firstName of ["Zoë", "李", "محمد\u200cجواد", "Ngũgĩ"]) {
      expect((await call("/api/auth/signup", { body: signupBody({ firstName }) })).status).toBe(201);
    }
    const email = `${unique("emoji")}@example.edu`;
    const res = await call("/api/supporters", { body: { name: "Ana", email, message: "Go 👩‍💻 team!\nSecond line" } });
    expect(res.status).toBe(201);
  });

  it("stores names NFC-normalised: the same name typed two ways is the same text", async () => {
    const decomposed = "Zoe\u0308"; // e + combining diaeresis
    const res = await call("/api/auth/signup", { body: signupBody({ firstName: decomposed }) });
    expect(res.status).toBe(201);
    expect((await json<{ user: { firstName: string } }>(res)).user.firstName).toBe("Zo\u00eb");
  });

  const INVALID = "Please enter a valid email address";
  const INVISIBLE = "Email cannot contain control, invisible or text-direction characters";
  const lookalikes: [string, string, string][] = [
    ["a zero-width space", "inv\u200bestor@campusfund.dev", INVISIBLE],
    ["fullwidth letters", "ｉnvestor@campusfund.dev", INVALID],
    ["a soft hyphen", "inves\u00adtor@campusfund.dev", INVISIBLE],
    ["a Cyrillic а", "investor@c\u0430mpusfund.dev", INVALID],
  ];
  for (const [what, email, message] of lookalikes) {
    it(`refuses a lookalike email with ${what}: '${message}'`, async () => {
      const res = await call("/api/auth/signup", { body: signupBody({ email }) });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message });
      expect(await count("select count(*) as n from users where email = ?", email.toLowerCase())).toBe(0);
    });
  }

  it("refuses the common passwords of a list of at least 10,000", async () => {
    expect(await commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const password of ["password", "iloveyou", "Password1", "qwertyuiop", "sunshine"]) {
      const res = await call("/api/auth/signup", { body: signupBody({ password }) });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({
        message: "This password is one of the most common passwords. Please choose one that is harder to guess.",
      });
    }
  });

  it("answers 415 for a body that is neither JSON nor a form", async () => {
    const res = await call("/api/auth/login", {
      body: "<login><email>a@b.co</email></login>",
      headers: { "Content-Type": "application/xml" },
    });
    expect(res.status).toBe(415);
    expect(await json(res)).toMatchObject({ message: "Content-Type must be application/json" });
  });
});

describe("9. cross-site writes are compared by full origin", () => {
  it("refuses a cookie purchase whose Origin differs only by scheme or port", async () => {
    const p = await insertProject();
    const { token } = await signup();
    for (const origin of ["https://localhost", "http://localhost:8898"]) {
      const res = await call(`/api/projects/${p.id}/invest`, {
        body: { shares: 10, sharePrice: 10 },
        headers: { Cookie: `campusfund_session=${token}`, Origin: origin },
      });
      expect(res.status).toBe(403);
    }
    expect(await count("select count(*) as n from investments where project_id = ?", p.id)).toBe(0);
    const same = await call(`/api/projects/${p.id}/invest`, {
      body: { shares: 10, sharePrice: 10 },
      headers: { Cookie: `campusfund_session=${token}`, Origin: "http://localhost" },
    });
    expect(same.status).toBe(201);
  });

  it("API answers carry the Content-Security-Policy and are never stored when signed in", async () => {
    const { token } = await signup();
    const res = await call("/api/auth/me", { token });
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("10. only what changes public pages clears the visitors' cache", () => {
  it("sign-in, sign-out, a failed sign-in and a contact message leave the cached copy; a purchase refreshes it", async () => {
    const p = await insertProject({ slug: unique("keep-") });
    expect((await call(`/api/projects/${p.slug}`)).headers.get("X-Edge-Cache")).toBe("MISS");
    expect((await call(`/api/projects/${p.slug}`)).headers.get("X-Edge-Cache")).toBe("HIT");

    const { user, password, token } = await signup();
    expect((await call("/api/auth/logout", { method: "POST" })).status).toBe(200); // anonymous
    expect((await call("/api/auth/login", { body: { email: user.email, password } })).status).toBe(200);
    expect((await call("/api/auth/login", { body: { email: user.email, password: "Wrong-one-1" } })).status).toBe(401);
    expect(
      (await call("/api/contacts", { body: { name: "Sam", email: "sam@example.edu", message: "Hi" } })).status,
    ).toBe(201);
    expect((await call("/api/auth/logout", { method: "POST", token })).status).toBe(200);
    expect((await call(`/api/projects/${p.slug}`)).headers.get("X-Edge-Cache")).toBe("HIT");

    const buy = await call(`/api/projects/${p.id}/invest`, {
      body: await withPrice(p.id, { shares: 10 }),
      token: (await signup()).token,
    });
    expect(buy.status).toBe(201);
    const after = await call(`/api/projects/${p.slug}`);
    expect(after.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await json(after)).toMatchObject({ sharesSold: 10 });
  });
});

describe("11. the last shares can be sold", () => {
  it("7 shares at $50 left with a $500 minimum: buying all 7 is allowed, 6 is not", async () => {
    const p = await insertProjectWithSevenSharesLeft();
    const { token } = await signup();
    const six = await call(`/api/projects/${p.id}/invest`, { body: { shares: 6, sharePrice: 50 }, token });
    expect(six.status).toBe(422);
    expect(await json(six)).toMatchObject({ message: "The minimum investment is $500" });
    const seven = await call(`/api/projects/${p.id}/invest`, { body: { shares: 7, sharePrice: 50 }, token });
    expect(seven.status).toBe(201);
    const row = await env.DB.prepare("select shares_sold, funding_current_cents from projects where id = ?")
      .bind(p.id)
      .first();
    expect(row).toEqual({ shares_sold: 1_000, funding_current_cents: 1_000 * 5_000 });
  });
});

describe("13. the smaller findings", () => {
  it("wrong methods on /api answer 405 with Allow, unknown paths 404", async () => {
    const login = await call("/api/auth/login");
    expect(login.status).toBe(405);
    expect(login.headers.get("Allow")).toBe("POST");
    const list = await call("/api/projects", { method: "DELETE" });
    expect(list.status).toBe(405);
    expect(list.headers.get("Allow")).toBe("GET, HEAD");
    const invest = await call("/api/projects/some-project/invest", { method: "PUT" });
    expect(invest.status).toBe(405);
    expect(invest.headers.get("Allow")).toBe("POST");
    expect((await call("/api/nothing-here")).status).toBe(404);
  });

  it("a 101-character idempotency key is called too long, not missing", async () => {
    const p = await insertProject();
    const { token } = await signup();
    const res = await call(`/api/projects/${p.id}/invest`, {
      body: { shares: 10, sharePrice: 10 },
      token,
      headers: { "Idempotency-Key": "k".repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: "The idempotency key must be 1 to 100 visible ASCII characters" });
  });

  it("session secrets carry at least 128 bits", async () => {
    const { token } = await signup();
    const [, secret] = token.split(".");
    // base32: 5 bits per character
    expect(secret!.length * 5).toBeGreaterThanOrEqual(128);
  });

  it("a session ends at its absolute lifetime however recently it was used", async () => {
    const { token } = await signup();
    const [id] = token.split(".");
    const now = Date.now();
    await env.DB.prepare("update sessions set created_at = ?, last_verified_at = ? where id = ?")
      .bind(now - SESSION_ABSOLUTE_MS + 60_000, now - 60_000, id)
      .run();
    expect(await validateSessionToken(db(), token, now)).not.toBeNull();
    expect(await validateSessionToken(db(), token, now + 61_000)).toBeNull();
    expect(await env.DB.prepare("select id from sessions where id = ?").bind(id).first()).toBeNull();
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user: the least recently used ends first`, async () => {
    const { user, password, token: first } = await signup();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
      const res = await login(user.email, password, uniqueIp());
      expect(res.status).toBe(200);
      tokens.push((await json<{ token: string }>(res)).token);
    }
    expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(MAX_SESSIONS_PER_USER);
    expect((await call("/api/auth/me", { token: first })).status).toBe(401);
    expect((await call("/api/auth/me", { token: tokens[tokens.length - 1] })).status).toBe(200);
  });
});
