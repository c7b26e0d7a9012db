/**
 * Fixed-window rate limits kept in D1 (`rate_limits`). One row per key; a hit in an expired
 * window starts a new one. Good enough for sign-in failures and form spam at this scale; a
 * Durable Object or the Rate Limiting binding would replace it under heavy load.
 */
import { inArray, sql } from "drizzle-orm";

import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";

/** True when any key has reached its limit within the current window. */
export async function checkLimit(
  db: Database,
  keys: string[],
  limits: number[],
  windowMs: number,
  now: number = Date.now(),
): Promise<boolean> {
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
  return rows.some((row) => {
    const limit = limits[keys.indexOf(row.key)];
    return row.windowStart > now - windowMs && row.count >= limit;
  });
}

/** Counts one hit against each key (one atomic batch). */
export async function hitLimit(
  db: Database,
  keys: string[],
  windowMs: number,
  now: number = Date.now(),
): Promise<void> {
  const cutoff = now - windowMs;
  const stmts = keys.map((key) =>
    db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${cutoff} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff} then ${now} else ${rateLimits.windowStart} end`,
        },
      }),
  );
  if (stmts.length) await db.batch(stmts as [typeof stmts[0], ...typeof stmts]);
}

export async function resetLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, [key]));
}
