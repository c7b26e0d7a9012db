import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_INACTIVITY_MS } from "../../worker/services/auth";
import { RATE_LIMIT_RETENTION_MS, purgeExpired } from "../../worker/services/maintenance";
import { call, db, signup, unique } from "./helpers";

describe("daily housekeeping", () => {
  it("deletes sessions idle past the window and stale rate-limit rows, and nothing else", async () => {
    const idle = await signup();
    const active = await signup();
    const [idleId] = idle.token.split(".");
    const now = Date.now();
    await env.DB.prepare("update sessions set last_verified_at = ? where id = ?")
      .bind(now - SESSION_INACTIVITY_MS - 1000, idleId)
      .run();
    const stale = unique("rl:stale:");
    const fresh = unique("rl:fresh:");
    await env.DB.batch([
      env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 3)").bind(stale, now - RATE_LIMIT_RETENTION_MS - 1000),
      env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 3)").bind(fresh, now),
    ]);

    const purged = await purgeExpired(db(), now);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);

    expect(await env.DB.prepare("select id from sessions where id = ?").bind(idleId).first()).toBeNull();
    expect((await call("/api/auth/me", { token: active.token })).status).toBe(200);
    expect(await env.DB.prepare("select key from rate_limits where key = ?").bind(stale).first()).toBeNull();
    expect(await env.DB.prepare("select key from rate_limits where key = ?").bind(fresh).first()).not.toBeNull();
  });
});
