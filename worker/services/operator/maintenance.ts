/**
 * Housekeeping run by the daily cron trigger (wrangler.toml): sessions are otherwise deleted only
 * when someone presents an expired token, rate-limit rows only when their key is hit again, and
 * device cookies only when an account signs in on too many browsers; sign-in networks and released
 * usernames end after their time (90 and 30 days).
 */
import { lt, or, sql } from "drizzle-orm";

import type { Database } from "../../../db/client";
import { rateLimits, releasedUsernames, sessions, signInNetworks, trustedDevices } from "../../../db/schema";
import { NETWORK_LIFETIME_MS } from "../accounts/auth";
import { DEVICE_LIFETIME_MS, SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS } from "../accounts/sessions";
import { USERNAME_HOLD_MS } from "../accounts/public-profile";

export async function purgeExpired(db: Database, now: number = Date.now()) {
  const [expiredSessions, staleLimits, oldDevices, oldNetworks, endedHolds] = await db.batch([
    db
      .delete(sessions)
      .where(
        or(lt(sessions.lastVerifiedAt, now - SESSION_INACTIVITY_MS), lt(sessions.createdAt, now - SESSION_ABSOLUTE_MS)),
      ),
    // A window that has ended holds no reservation any more.
    db.delete(rateLimits).where(sql`${rateLimits.windowStart} + ${rateLimits.windowMs} <= ${now}`),
    db.delete(trustedDevices).where(lt(trustedDevices.lastUsedAt, now - DEVICE_LIFETIME_MS)),
    db.delete(signInNetworks).where(lt(signInNetworks.lastUsedAt, now - NETWORK_LIFETIME_MS)),
    // A hold that has ended reserves nothing (the save ignores it already).
    db.delete(releasedUsernames).where(lt(releasedUsernames.releasedAt, now - USERNAME_HOLD_MS)),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    rateLimits: staleLimits.meta.changes,
    devices: oldDevices.meta.changes,
    networks: oldNetworks.meta.changes,
    usernameHolds: endedHolds.meta.changes,
  };
}
