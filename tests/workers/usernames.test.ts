/**
 * Usernames (ADR 025) through the API: usernames that would speak for the platform are reserved, a name given
 * up is held for its last owner for 30 days, and an account changes its username at most 3 times a
 * day, each rule checked by the save's own batch (PUT /api/users/profile/{userId}).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import routes from "../../app/routes";
import { PROFILE_MESSAGES } from "../../domain/accounts/public-profile-form";
import { isReservedUsername, ROUTE_WORDS } from "../../domain/accounts/usernames";
import { USERNAME_HOLD_MS } from "../../worker/services/accounts/public-profile";
import { call, json, signup, unique } from "./helpers";

const save = (userId: string, token: string, username: string) =>
  call(`/api/users/profile/${userId}`, { method: "PUT", body: { username }, token });

const usernameOf = async (userId: string) =>
  (
    await env.DB.prepare("select username from public_profiles where user_id = ?")
      .bind(userId)
      .first<{ username: string | null }>()
  )?.username ?? null;

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

/** A fresh valid username (3–30 of a–z, 0–9, - and _). */
const fresh = (prefix = "name-") => unique(prefix).toLowerCase().slice(0, 30);

describe("reserved usernames", () => {
  it("lists the first segment of every path in app/routes.ts", () => {
    const segments = new Set<string>();
    // A nested route's path is relative to its parent's: /settings/watchlist starts with "settings".
    const walk = (list: { path?: string; children?: unknown[] }[], parent = "") => {
      for (const r of list) {
        const path = [parent, r.path ?? ""].filter(Boolean).join("/");
        const first = path.split("/")[0];
        if (first && !first.startsWith(":") && first !== "*") segments.add(first);
        if (r.children) walk(r.children as typeof list, path);
      }
    };
    walk(routes);
    expect([...segments].filter((s) => !(ROUTE_WORDS as readonly string[]).includes(s))).toEqual([]);
  });

  it.each([
    "admin",
    "Admin",
    "ADMINISTRATOR",
    "support",
    "campusfund",
    "CampusFund",
    "campus-fund",
    "campus_fund",
    "c4mpusfund",
    "the-campusfund-team",
    "campusfundhq",
    "adm1n",
    "admin2",
    "supp0rt",
    "help",
    "staff",
    "moderator",
    "official",
    "security",
    "team",
    "founders",
    "investors",
    "root",
    "system",
    "demo",
    "signin",
    "founder-dashboard",
    "my_projects",
    "api",
    "uploads",
  ])("refuses %s with 400 'This username is reserved' beside the field, and stores nothing", async (name) => {
    const { user, token } = await signup();
    const res = await save(user.id, token, name);
    expect({ status: res.status, errors: (await json(res)).errors, stored: await usernameOf(user.id) }).toEqual({
      status: 400,
      errors: { username: PROFILE_MESSAGES.usernameReserved },
      stored: null,
    });
  });

  it.each(["ada-lovelace", "jane_doe", "campus-jo", "supporter-kim", "teamwork", "fundraiser"])(
    "accepts an ordinary name like %s",
    (name) => {
      expect(isReservedUsername(name)).toBe(false);
    },
  );
});

describe("a released username is held for 30 days", () => {
  async function released() {
    const a = await signup();
    const b = await signup();
    const name = fresh("held-");
    expect((await save(a.user.id, a.token, name)).status).toBe(200);
    expect((await save(a.user.id, a.token, fresh("moved-"))).status).toBe(200);
    return { a, b, name };
  }

  it("another account is refused (409, the field's message) within 30 days and gets nothing", async () => {
    const { b, name } = await released();
    const res = await save(b.user.id, b.token, name);
    expect(res.status).toBe(409);
    expect((await json(res)).errors).toEqual({ username: PROFILE_MESSAGES.usernameHeld });
    expect(await usernameOf(b.user.id)).toBeNull();
  });

  it("a name cleared (the field emptied) is held too", async () => {
    const a = await signup();
    const b = await signup();
    const name = fresh("cleared-");
    await save(a.user.id, a.token, name);
    expect((await save(a.user.id, a.token, "")).status).toBe(200);
    expect((await save(b.user.id, b.token, name)).status).toBe(409);
  });

  it("the account that released it takes it back", async () => {
    const { a, name } = await released();
    expect((await save(a.user.id, a.token, name)).status).toBe(200);
    expect(await usernameOf(a.user.id)).toBe(name);
  });

  it("another account takes it once 30 days have passed", async () => {
    const { b, name } = await released();
    await env.DB.prepare("update released_usernames set released_at = ? where username = ?")
      .bind(Date.now() - USERNAME_HOLD_MS - 1000, name)
      .run();
    expect((await save(b.user.id, b.token, name)).status).toBe(200);
    expect(await usernameOf(b.user.id)).toBe(name);
  });

  it("a take racing the release never gets the name", async () => {
    const a = await signup();
    const b = await signup();
    const name = fresh("race-");
    await save(a.user.id, a.token, name);
    const [, taken] = await Promise.all([save(a.user.id, a.token, fresh("away-")), save(b.user.id, b.token, name)]);
    expect(taken.status).toBe(409);
  });
});

describe("username changes (3 a day per account)", () => {
  it("5 changes sent at once: exactly 3 are saved, 2 are 429 with Retry-After and the field's message", async () => {
    const { user, token } = await signup();
    const names = Array.from({ length: 5 }, () => fresh("burst-"));
    const answers = await Promise.all(names.map((n) => save(user.id, token, n)));
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 3, 429: 2 });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(refused)).errors).toEqual({ username: PROFILE_MESSAGES.usernameTooOften });
    const accepted = names.filter((_, i) => answers[i]!.status === 200);
    expect(accepted).toContain(await usernameOf(user.id));
  });

  it("after 3 changes, saving the same name again (with other fields) is not a change and is saved", async () => {
    const { user, token } = await signup();
    let last = "";
    for (let i = 0; i < 3; i++) {
      last = fresh("step-");
      expect((await save(user.id, token, last)).status).toBe(200);
    }
    const same = await call(`/api/users/profile/${user.id}`, {
      method: "PUT",
      body: { username: last.toUpperCase(), bio: "Still me." },
      token,
    });
    expect(same.status).toBe(200);
  });

  it("after 3 changes, clearing the name is a change and is refused, the name kept", async () => {
    const { user, token } = await signup();
    let last = "";
    for (let i = 0; i < 3; i++) {
      last = fresh("step-");
      await save(user.id, token, last);
    }
    expect((await save(user.id, token, "")).status).toBe(429);
    expect(await usernameOf(user.id)).toBe(last);
  });
});
