import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS } from "../../worker/services/accounts/sessions";
import { purgeExpired } from "../../worker/services/operator/maintenance";
import { USERNAME_HOLD_MS } from "../../worker/services/accounts/public-profile";
import { call, db, signup, unique } from "./helpers";

describe("daily housekeeping", () => {
  it("deletes sessions idle past the window or past their absolute lifetime, ended rate-limit windows, and nothing else", async () => {
    const idle = await signup();
    const old = await signup();
    const active = await signup();
    const [idleId] = idle.token.split(".");
    const [oldId] = old.token.split(".");
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("update sessions set last_verified_at = ? where id = ?").bind(
        now - SESSION_INACTIVITY_MS - 1000,
        idleId,
      ),
      // used an hour ago, but signed in longer ago than the absolute lifetime
      env.DB.prepare("update sessions set created_at = ?, last_verified_at = ? where id = ?").bind(
        now - SESSION_ABSOLUTE_MS - 1000,
        now - 3_600_000,
        oldId,
      ),
    ]);
    const stale = unique("rl:stale:");
    const fresh = unique("rl:fresh:");
    await env.DB.batch([
      env.DB.prepare(
        "insert into rate_limits (key, window_start, window_ms, count, max_count) values (?, ?, 60000, 3, 5)",
      ).bind(stale, now - 61_000),
      env.DB.prepare(
        "insert into rate_limits (key, window_start, window_ms, count, max_count) values (?, ?, 60000, 3, 5)",
      ).bind(fresh, now - 59_000),
    ]);

    const purged = await purgeExpired(db(), now);
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);

    expect(await env.DB.prepare("select id from sessions where id = ?").bind(idleId).first()).toBeNull();
    expect(await env.DB.prepare("select id from sessions where id = ?").bind(oldId).first()).toBeNull();
    expect((await call("/api/auth/me", { token: active.token })).status).toBe(200);
    expect(await env.DB.prepare("select key from rate_limits where key = ?").bind(stale).first()).toBeNull();
    expect(await env.DB.prepare("select key from rate_limits where key = ?").bind(fresh).first()).not.toBeNull();
  });

  it("ends username holds older than 30 days and keeps younger ones", async () => {
    const now = Date.now();
    const old = unique("oldhold");
    const young = unique("younghold");
    await env.DB.batch([
      env.DB.prepare("insert into released_usernames (username, user_id, released_at) values (?, 'u-1', ?)").bind(
        old,
        now - USERNAME_HOLD_MS - 1000,
      ),
      env.DB.prepare("insert into released_usernames (username, user_id, released_at) values (?, 'u-1', ?)").bind(
        young,
        now - USERNAME_HOLD_MS + 60_000,
      ),
    ]);
    const purged = await purgeExpired(db(), now);
    expect(purged.usernameHolds).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("select username from released_usernames where username in (?, ?)")
      .bind(old, young)
      .all<{ username: string }>();
    expect(left.results.map((r) => r.username)).toEqual([young]);
  });
});
