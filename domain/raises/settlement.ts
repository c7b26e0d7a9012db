/**
 * How a raise ends (ADR 043; Reg CF all or nothing, 17 CFR 227.304): one rule for the
 * words every screen and the API use. Pure: no I/O.
 *
 * A raise is open until 00:00 UTC of its `fundingDeadline` (domain/money/cancellation.ts). From then it
 * is due, and settlement (worker/services/raises/settlement.ts) decides it exactly once:
 * - goal reached → the project's status becomes `funded`, each active investment `confirmed`;
 * - goal missed → the project's status becomes `closed` ("Closed (goal not reached)"), each active
 *   investment `returned`, its shares and amount taken off the project's figures.
 */
import { toDollars } from "../shared/money";

/** Every status an investment row can hold. */
export const INVESTMENT_STATUSES = ["active", "confirmed", "returned", "cancelled", "pending"] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

/**
 * A settled raise's record (ADR 043): what it had at its deadline. A closed raise's figures are
 * what was committed and then returned (its `fundingCurrent` is 0 after the return).
 */
export interface RaiseSettlement {
  outcome: "funded" | "closed";
  settledAt: string;
  /** Dollars committed at the deadline: confirmed (funded) or returned (closed). */
  amount: number;
  shares: number;
  investors: number;
}

/**
 * The statuses whose shares and money the investor holds: counted in every sum (the project's
 * `shares_sold` and `funding_current`, the kept sums of ADR 037, the portfolio's totals, the limits).
 * `active` while the raise runs (cancellable until its cutoff), `confirmed` once it is funded.
 */
export const HELD_STATUSES = ["active", "confirmed"] as const satisfies readonly InvestmentStatus[];

/** `HELD_STATUSES` as an SQL list: `i.status in ${HELD_SQL}`. */
export const HELD_SQL = `(${HELD_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/** Whether an investment with this status is held (counted). */
export const isHeld = (status: string): boolean => (HELD_STATUSES as readonly string[]).includes(status);

/**
 * A settled raise's outcome: the project's stored status after its deadline (funded when raised ≥
 * goal, or the goal is 0 or less; else closed). The decision is one SQL UPDATE
 * (worker/services/raises/settlement.ts `settleProject`), which states that test.
 */
export type RaiseOutcome = "funded" | "closed";

/** Whether a raise with this deadline (YYYY-MM-DD) has ended at `now`: 00:00 UTC of that day has come. */
export function raiseEnded(fundingDeadline: string, now: number = Date.now()): boolean {
  const end = Date.parse(`${fundingDeadline}T00:00:00Z`);
  return !Number.isNaN(end) && now >= end;
}

/**
 * The amount a raise's progress shows (ADR 043): what it holds, except for a raise closed below its
 * goal, whose held figures are 0 once its investments are returned: it shows what had been
 * committed at the deadline (`returned`: the screens say so, never "raised").
 */
export function raiseProgress(p: {
  fundingCurrent: number;
  settlement?: { outcome: RaiseOutcome; amount: number } | null;
}): { amount: number; returned: boolean } {
  return p.settlement?.outcome === "closed"
    ? { amount: p.settlement.amount, returned: true }
    : { amount: p.fundingCurrent, returned: false };
}

/**
 * The committed total and the investor count a raise shows, one answer for its page, its card and
 * `GET /api/projects/{id}`'s `raise` (ADR 043): what it holds, except for a raise closed below its
 * goal, which shows what had been committed at the deadline and by how many investors (`returned`).
 */
export function raiseTotals(p: {
  fundingCurrent: number;
  investors: number;
  settlement?: { outcome: RaiseOutcome; amount: number; investors: number } | null;
}): { amount: number; investors: number; returned: boolean } {
  return p.settlement?.outcome === "closed"
    ? { amount: p.settlement.amount, investors: p.settlement.investors, returned: true }
    : { amount: p.fundingCurrent, investors: p.investors, returned: false };
}

/** A settled raise's record as the API and the screens read it (ADR 043); null while it runs. */
export function settlementOf(row: {
  status: string;
  settledAt: number | null;
  settledCents: number | null;
  settledShares: number | null;
  settledInvestors: number | null;
}): RaiseSettlement | null {
  if (!row.settledAt || (row.status !== "funded" && row.status !== "closed")) return null;
  return {
    outcome: row.status,
    settledAt: new Date(row.settledAt).toISOString(),
    amount: toDollars(row.settledCents ?? 0),
    shares: row.settledShares ?? 0,
    investors: row.settledInvestors ?? 0,
  };
}
