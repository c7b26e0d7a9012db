/**
 * The exchange's terms that the demo seed also needs (ADR 053): import-free but for the dates'
 * constants, so Node runs it through type stripping (scripts/seed.mjs) as workerd and the pages
 * do. domain/market/market.ts re-exports all of it; import from there elsewhere.
 */
import { DAY_MS } from "../shared/dates.ts";

export const ORDER_SIDES = ["buy", "sell"] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** How long an order rests before it expires. */
export const ORDER_GOOD_FOR_DAYS = 30;

/** The simulated fee: 2% of a trade's value, paid by the seller. Basis points. */
export const FEE_BPS = 200;

/** The transfer rule's period, from the issue. */
export const LOCK_YEARS = 1;
/** Regulations whose shares the one-year rule binds. */
export const LOCKED_REGULATIONS: readonly string[] = ["RegCF", "SAFE"];

/** The fee a seller pays on a trade worth `valueCents`: FEE_BPS of it, to the cent, halves up. */
export function feeFor(valueCents: number): number {
  return Math.floor((valueCents * FEE_BPS + 5_000) / 10_000);
}

/** The fee as people read it ("2%"). */
export const FEE_TEXT = `${FEE_BPS / 100}%`;

/**
 * The first day (ISO, UTC) the one-year rule no longer binds a company's shares: a year after the
 * day its raise settled; null when its regulation is not bound (Reg A+) or it has not settled.
 */
export function freeFrom(regulation: string, settledAt: number | null): string | null {
  if (settledAt === null || !LOCKED_REGULATIONS.includes(regulation)) return null;
  const d = new Date(settledAt);
  // Date.UTC rolls 29 February of a common year over to 1 March: the day after the anniversary that is not.
  return new Date(Date.UTC(d.getUTCFullYear() + LOCK_YEARS, d.getUTCMonth(), d.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** Whether the rule still binds on `at` (ms). */
export function isLocked(freeOn: string | null, at: number): boolean {
  return freeOn !== null && at < Date.parse(`${freeOn}T00:00:00Z`);
}

/** When an order placed at `at` expires. */
export const expiresAt = (at: number) => at + ORDER_GOOD_FOR_DAYS * DAY_MS;
