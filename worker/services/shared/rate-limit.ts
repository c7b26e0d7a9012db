/**
 * The one rate limiter (ADR 013): fixed windows kept in D1 (`rate_limits`), reserved atomically.
 *
 * A request *reserves* a slot before it does the work: one upsert per key raises `count`, and the
 * table's CHECK (count <= max_count) makes a reservation past the limit fail. Statements in one
 * D1 batch run as one transaction, so a refused reservation rolls back every other slot in the
 * batch and, with `reserveAndRun`, the work itself. Concurrent requests are serialised by D1, so
 * at most `max` reservations per window ever succeed, however many arrive at once. A refused
 * request changes nothing: it neither extends the window nor uses up another key's slots.
 *
 * Usage: declare a `RateLimit` next to the rule it protects, build `Slot`s for the keys the request
 * counts against, then `reserve(db, slots)` before the expensive or stored part of the work (or
 * `reserveAndRun(db, slots, statements)` to make the write and the reservation one transaction).
 */
import { inArray } from "drizzle-orm";

import { type BatchResults, type Database, guaranteed } from "../../../db/client";
import { rateLimits } from "../../../db/schema";
import { constraintFailed, ServiceError } from "./errors";

export interface RateLimit {
  /** Reservations allowed per window. */
  max: number;
  windowMs: number;
  /** The 429 message shown when this limit is the one that fired. */
  message: string;
}

export interface Slot {
  key: string;
  limit: RateLimit;
  /**
   * Take the slot only when this SQL condition holds when the batch runs (say, "the request
   * changes something": a follow of a project not yet followed). Evaluated in the reservation's own
   * statement, so it sees the same rows as the work after it; its parameters are numbered from ?5.
   * A request whose condition is false takes nothing and cannot be refused by this slot.
   * Placed in a write's batch AFTER the write with the condition "the write happened" (the new row
   * exists), a request the write's own guards refuse uses no slot, while one past the limit fails
   * the CHECK and rolls back the whole batch, the write included (purchases and
   * cancellations count this way).
   */
  onlyIf?: { sql: string; binds: unknown[] };
}

const OVER_LIMIT = /CHECK constraint failed: rate_limits_within_limit/i;

export function isOverLimit(e: unknown): boolean {
  return constraintFailed(e, OVER_LIMIT);
}

const UPSERT_SLOT = `on conflict (key) do update set
         count = case when rate_limits.window_start + rate_limits.window_ms <= ?2 then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start + rate_limits.window_ms <= ?2 then ?2 else rate_limits.window_start end,
         window_ms = ?3,
         max_count = ?4`;

/** The upsert that takes one slot of `slot` (fails on the CHECK when the window is full). */
export function reserveStatement(db: Database, slot: Slot, now: number): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into rate_limits (key, window_start, window_ms, count, max_count)
       select ?1, ?2, ?3, 1, ?4 where ${slot.onlyIf ? `(${slot.onlyIf.sql})` : "true"}
       ${UPSERT_SLOT}`,
    )
    .bind(slot.key, now, slot.limit.windowMs, slot.limit.max, ...(slot.onlyIf?.binds ?? []));
}

/**
 * Reserves one slot of every key, then runs `work` in the same transaction. Throws the 429 of the
 * limit that fired (with `retryAfter`) when any key is full; nothing is written then. Returns the
 * results of `work`, in order.
 */
export async function reserveAndRun<S extends readonly D1PreparedStatement[] = []>(
  db: Database,
  slots: Slot[],
  work: [...S],
  now: number = Date.now(),
): Promise<BatchResults<S>> {
  const statements = [...slots.map((s) => reserveStatement(db, s, now)), ...work];
  // D1 answers one result per statement: after the slots', one per statement of `work`.
  if (!statements.length) return [] as unknown as BatchResults<S>;
  try {
    const results = await db.$client.batch(statements);
    return results.slice(slots.length) as BatchResults<S>;
  } catch (e) {
    if (isOverLimit(e)) throw await refusal(db, slots, now);
    throw e;
  }
}

/** Reserves one slot of every key, or throws the 429 of the limit that fired. */
export async function reserve(db: Database, slots: Slot[], now: number = Date.now()): Promise<void> {
  await reserveAndRun(db, slots, [] as [], now);
}

/** Gives back one slot of each key (a reservation whose attempt turned out not to count). */
export function releaseStatements(db: Database, slots: Slot[], now: number = Date.now()): D1PreparedStatement[] {
  return slots.map((s) =>
    db.$client
      .prepare(
        `update rate_limits set count = count - 1
         where key = ?1 and count > 0 and window_start + window_ms > ?2`,
      )
      .bind(s.key, now),
  );
}

/** Forgets keys entirely (say, the failed sign-ins of an account after the right password). */
export function clearStatements(db: Database, keys: string[]): D1PreparedStatement[] {
  return keys.map((key) => db.$client.prepare("delete from rate_limits where key = ?1").bind(key));
}

/** The 429 for a refused reservation: the full key's message and when its window ends. */
export async function refusal(db: Database, slots: Slot[], now: number): Promise<ServiceError> {
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        slots.map((s) => s.key),
      ),
    );
  let fired: { slot: Slot; retryAfter: number } | null = null;
  for (const slot of slots) {
    const row = rows.find((r) => r.key === slot.key);
    if (!row || row.windowStart + row.windowMs <= now || row.count < slot.limit.max) continue;
    const retryAfter = Math.max(1, Math.ceil((row.windowStart + row.windowMs - now) / 1000));
    if (!fired || retryAfter > fired.retryAfter) fired = { slot, retryAfter };
  }
  const slot = guaranteed(fired?.slot ?? slots[0], "the refused slot");
  return new ServiceError(429, slot.limit.message, "rate_limited", {
    retryAfter: fired?.retryAfter ?? Math.ceil(slot.limit.windowMs / 1000),
  });
}

/** A short, stable, non-reversible key part for an email (keys should not hold addresses). */
export async function keyPart(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}
