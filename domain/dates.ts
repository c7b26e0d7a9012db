/**
 * Calendar days, the one place for them. A day is a UTC date written YYYY-MM-DD, the
 * form the database, the API and `<input type="date">` use. Display is domain/format.ts
 * (`formatDate`).
 *
 * db/seed-data.ts keeps its own copies of `DAY_MS` and `isoDay`: scripts/seed.mjs runs it in
 * plain Node, which cannot load this module through an extensionless import.
 */

/** Milliseconds in a day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO date (YYYY-MM-DD) of a moment, in UTC; today without an argument. */
export function isoDay(at: number | Date = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The ISO date `n` days after `iso` (before it when `n` is negative): addDays("2026-02-28", 1) → "2026-03-01". */
export function addDays(iso: string, n: number): string {
  return isoDay(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS);
}
