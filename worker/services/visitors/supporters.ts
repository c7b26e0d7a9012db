/**
 * Supporters (spec sections 2, 3, 5, 7): people who sign up on /support to show their support.
 *
 * - One row per email, compared case-insensitively (unique index on lower(email), migration 0001).
 *   A second sign-up with an email already on the list changes nothing and is answered exactly
 *   like a first one (ADR 012): nobody can rewrite someone else's public entry, and the answer
 *   does not tell whether an email was already there.
 * - `count` is every supporter, public or not (the banner's "You've joined {count} others");
 *   the list holds only those who chose to be shown, and never an email or an id.
 * - Each client address may sign up SUPPORT_LIMIT.max times per window, reserved in the same D1
 *   transaction as the insert (ADR 013).
 */
import { sql } from "drizzle-orm";

import type { Database } from "../../../db/client";
import { supporters } from "../../../db/schema";
import { MESSAGES } from "../../../domain/shared/messages";
import { SupporterSchema, isHoneypotFilled } from "../../../domain/shared/schemas";
import { validateFirst } from "../shared/errors";
import { markPublicContentChanged } from "./public-content";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { MINUTE_MS } from "../../../domain/shared/dates";

export const SUPPORT_LIMIT = {
  max: 5,
  windowMs: 10 * MINUTE_MS,
  message: MESSAGES.supportRateLimited,
} as const satisfies RateLimit;
/** The public list shows the most recent supporters, up to this many. */
export const SUPPORTERS_LIST_MAX = 100;

export interface PublicSupporter {
  name: string;
  message: string | null;
  /** ISO timestamp of the first sign-up. */
  createdAt: string;
}

/**
 * The public list and the total count, in one D1 statement (a left join keeps the count row). The
 * count is the one the database keeps in `counters` (migrations/0013_counters.sql).
 */
export async function listSupporters(
  db: Database,
  limit: number = SUPPORTERS_LIST_MAX,
): Promise<{ supporters: PublicSupporter[]; count: number }> {
  const rows = await db.all<{
    total: number;
    name: string | null;
    message: string | null;
    created_at: number | null;
  }>(sql`
    select c.total as total, s.name as name, s.message as message, s.created_at as created_at
    from (select coalesce((select value from counters where name = 'supporters'), 0) as total) as c
    left join (
      select name, message, created_at, rowid as rid from ${supporters}
      where show_publicly = 1
      order by created_at desc, rowid desc
      limit ${limit}
    ) as s on 1 = 1
    order by s.created_at desc, s.rid desc`);
  const total = rows[0]?.total ?? 0;
  const list: PublicSupporter[] = [];
  for (const r of rows) {
    if (r.name == null || r.created_at == null) continue;
    list.push({ name: r.name, message: r.message, createdAt: new Date(r.created_at).toISOString() });
  }
  return { supporters: list, count: total };
}

/**
 * The whole rule for one sign-up, as both doors receive it: a filled honeypot is answered like a
 * new supporter and nothing is stored; otherwise validate (400 with the spec's message), reserve
 * the address's slot and insert, in one transaction (429 once the address has used its quota).
 * An email already on the list keeps its entry untouched; the answer is the same either way.
 */
export async function submitSupporter(
  db: Database,
  fields: Record<string, unknown>,
  clientIp: string,
  now: number = Date.now(),
): Promise<{ count: number; message: string }> {
  if (isHoneypotFilled(fields)) {
    const { count } = await listSupporters(db, 0);
    return { count, message: MESSAGES.supportThanks };
  }
  const input = validateFirst(SupporterSchema, fields);
  const d1 = db.$client;
  // Raw statements: drizzle's upsert cannot name an expression index as its conflict target.
  const [written, totals] = await reserveAndRun(
    db,
    [{ key: `support:ip:${clientIp}`, limit: SUPPORT_LIMIT }],
    [
      d1
        .prepare(
          `insert into supporters (id, name, email, message, show_publicly, created_at)
           values (?1, ?2, ?3, ?4, ?5, ?6)
           on conflict (lower(email)) do nothing`,
        )
        .bind(crypto.randomUUID(), input.name, input.email, input.message, input.showPublicly ? 1 : 0, now),
      // The count the database keeps (migrations/0013_counters.sql), not a read of every row.
      d1.prepare("select value as n from counters where name = 'supporters'"),
    ],
    now,
  );
  if (written.meta.changes > 0 && input.showPublicly) markPublicContentChanged();
  return {
    count: (totals.results[0] as { n?: number } | undefined)?.n ?? 0,
    message: MESSAGES.supportThanks,
  };
}
