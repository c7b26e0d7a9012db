/**
 * Calendar days, the one place for them. A day is a UTC date written YYYY-MM-DD, the
 * form the database, the API and `<input type="date">` use. Display is domain/shared/format.ts
 * (`formatDate`).
 *
 * Durations in milliseconds come from here too (`MINUTE_MS`, `HOUR_MS`, `DAY_MS`): a rate
 * limit's window, a token's lifetime, a kept-for period. No module keeps its own `HOUR` or `DAY`.
 */

/** Milliseconds in a minute. */
export const MINUTE_MS = 60 * 1000;

/** Milliseconds in an hour. */
export const HOUR_MS = 60 * MINUTE_MS;

/** Milliseconds in a day. */
export const DAY_MS = 24 * HOUR_MS;

/** ISO date (YYYY-MM-DD) of a moment, in UTC; today without an argument. */
export function isoDay(at: number | Date = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The ISO date `n` days after `iso` (before it when `n` is negative): addDays("2026-02-28", 1) → "2026-03-01". */
export function addDays(iso: string, n: number): string {
  return isoDay(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS);
}
