/**
 * Housekeeping run by the daily cron trigger (wrangler.toml): sessions are otherwise deleted only
 * when someone presents an expired token, and rate-limit rows only when their key is hit again.
 */
import { lt } from "drizzle-orm";

import type { Database } from "../../db/client";
import { rateLimits, sessions } from "../../db/schema";
import { SESSION_INACTIVITY_MS } from "./auth";

/** Longest rate-limit window in use, with room to spare. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function purgeExpired(db: Database, now: number = Date.now()) {
  const [expiredSessions, staleLimits] = await db.batch([
    db.delete(sessions).where(lt(sessions.lastVerifiedAt, now - SESSION_INACTIVITY_MS)),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RATE_LIMIT_RETENTION_MS)),
  ]);
  return { sessions: expiredSessions.meta.changes, rateLimits: staleLimits.meta.changes };
}
