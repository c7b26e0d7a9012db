/**
 * Money conversion, the one place for it. The API and the pages carry dollars; the
 * database and every sum or comparison use integer cents, so there is no float drift.
 * Display is domain/shared/format.ts (`formatMoney`, `formatPrice`).
 */

/** Dollars to integer cents, rounded to the nearest cent: 2.5 → 250, 0.1 + 0.2 → 30. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars: 250 → 2.5. */
export function toDollars(cents: number): number {
  return cents / 100;
}
