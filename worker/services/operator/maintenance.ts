/**
 * Housekeeping run by the daily cron trigger (wrangler.toml): sessions are otherwise deleted only
 * when someone presents an expired token, rate-limit rows only when their key is hit again, and
 * device cookies only when an account signs in on too many browsers; sign-in networks and released
 * usernames end after their time (90 and 30 days).
 */
import { and, eq, lt, or, sql } from "drizzle-orm";

import type { Database } from "../../../db/client";
import {
  errorEvents,
  jobRuns,
  metricBuckets,
  rateLimits,
  releasedUsernames,
  sessions,
  signInNetworks,
  trustedDevices,
} from "../../../db/schema";
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

const DAY = 86_400_000;
/** How long what the site did is kept (ADR 056): minute buckets 2 days (the charts read the last hour), hour buckets, job runs and errors unseen 30 days. */
export const OBSERVABILITY_RETENTION = {
  minuteBucketsMs: 2 * DAY,
  hourBucketsMs: 30 * DAY,
  jobRunsMs: 30 * DAY,
  errorsMs: 30 * DAY,
};

/** Deletes metric buckets, job runs and errors past OBSERVABILITY_RETENTION, each by its index. */
export async function purgeObservability(db: Database, now: number = Date.now()) {
  const r = OBSERVABILITY_RETENTION;
  const [minutes, hours, runs, errors] = await db.batch([
    db
      .delete(metricBuckets)
      .where(and(eq(metricBuckets.span, 60), lt(metricBuckets.bucketStart, now - r.minuteBucketsMs))),
    db
      .delete(metricBuckets)
      .where(and(eq(metricBuckets.span, 3600), lt(metricBuckets.bucketStart, now - r.hourBucketsMs))),
    db.delete(jobRuns).where(lt(jobRuns.startedAt, now - r.jobRunsMs)),
    db.delete(errorEvents).where(lt(errorEvents.lastSeenAt, now - r.errorsMs)),
  ]);
  return {
    metrics: minutes.meta.changes + hours.meta.changes,
    jobRuns: runs.meta.changes,
    errors: errors.meta.changes,
  };
}
