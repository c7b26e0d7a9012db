/**
 * The demo account's money, one statement for every screen that shows it (the profile's balance
 * and credit cards, its Financial Info tab, and the settings' Cash, Banks & Cards and Tax Docs),
 * so every screen shows the same numbers.
 *
 * The account is simulated (spec section 1: unlimited virtual funds, no real money). So its balance
 * is not a number that could run out: it is "Unlimited (virtual)", and beside it the one figure that
 * moves, what has been invested, the sum of the held purchases (active or confirmed: a canceled one
 * was refunded, a returned one given back when its raise closed below its goal).
 * That is the profile's Total Invested and the statement's latest running total: the same cents.
 *
 * The credit card the spec names (0.5% APR and a limit) stays, at a student's scale; nothing is
 * ever drawn on it (purchases are paid from the virtual balance), so used is always 0.
 *
 * Pure but for `demoAccountNumber`'s hash (WebCrypto, in the Worker and the browser alike).
 */
import { FEE_TEXT } from "../market/market";
import { isHeld } from "../raises/settlement";
import { toCents, toDollars } from "../shared/money";
import type { InvestmentDTO } from "../shared/types";

/** The demo credit line: 0.5% APR (spec section 2) on a limit a student could be offered. */
export const DEMO_CREDIT_LINE = { limit: 2_500, apr: 0.5 } as const;

/** The demo account's interest rate on its balance (spec section 2, Financial Info: 0.00%). */
export const DEMO_INTEREST_RATE = 0;

export type AccountInvestment = Pick<
  InvestmentDTO,
  "_id" | "projectTitle" | "amountInvested" | "shares" | "status" | "investedAt" | "cancelledAt"
> & {
  /** When its raise settled it (ISO): a returned investment's money came back then (ADR 043). */
  settledAt?: string | null;
};

/** The account's figures, as every card and tab says them. */
export interface DemoAccount {
  /** Dollars invested now: the held purchases (canceled ones were refunded, returned ones given back). */
  invested: number;
  /** Held purchases (active or confirmed). */
  purchases: number;
  credit: { limit: number; used: number; available: number; apr: number };
  interestRate: number;
}

export function demoAccount(investments: readonly Pick<AccountInvestment, "amountInvested" | "status">[]): DemoAccount {
  const active = investments.filter((i) => isHeld(i.status));
  return demoAccountOf({ cents: active.reduce((sum, i) => sum + toCents(i.amountInvested), 0), count: active.length });
}

/** `demoAccount` from the held investments' sum in cents and count (summed in SQL for a stored portfolio). */
export function demoAccountOf(active: { cents: number; count: number }): DemoAccount {
  return {
    invested: toDollars(active.cents),
    purchases: active.count,
    credit: { limit: DEMO_CREDIT_LINE.limit, used: 0, available: DEMO_CREDIT_LINE.limit, apr: DEMO_CREDIT_LINE.apr },
    interestRate: DEMO_INTEREST_RATE,
  };
}

/**
 * A demo account number that stays the same for a user: 12 digits from SHA-256 of the user id
 * (nothing secret: it only has to look stable). Shown masked, last four digits only.
 */
export async function demoAccountNumber(userId: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`campusfund:${userId}`)));
  return Array.from(bytes.slice(0, 12), (b) => String(b % 10)).join("");
}

/** One line of the demo statement. */
export interface StatementRow {
  key: string;
  at: string;
  projectTitle: string;
  shares: number;
  /** Money given back: a canceled investment's refund, or a returned one's return. */
  refund: boolean;
  /** A return: the raise closed below its goal and settlement gave the money back (ADR 043). */
  returned: boolean;
  /** What an exit paid for the holding (ADR 052): money back, but the running total keeps what was invested. */
  distribution?: "acquisition" | "shutdown" | null;
  /** A line of the exchange (ADR 053): shares bought, or sold (amount: what the buyer paid less the 2% fee). */
  trade?: "bought" | "sold" | null;
  /** A payout's or a sale's cost (the shares it closed): its realized gain or loss is amount − cost. */
  costBasis?: number | null;
  amount: number;
  runningTotal: number;
}

/** What a statement line is, as the statement's table names its project. */
export function statementLineTitle(
  r: Pick<StatementRow, "projectTitle" | "refund" | "returned" | "distribution" | "trade">,
): string {
  if (r.trade === "bought") return `Bought on the exchange: ${r.projectTitle}`;
  if (r.trade === "sold") return `Sold on the exchange: ${r.projectTitle} (after the ${FEE_TEXT} fee)`;
  if (r.distribution === "acquisition") return `Paid: ${r.projectTitle} was acquired`;
  if (r.distribution === "shutdown") return `Paid: ${r.projectTitle} shut down`;
  if (r.returned) return `Returned: ${r.projectTitle} closed below its goal`;
  return r.refund ? `${r.projectTitle} (canceled, refunded)` : r.projectTitle;
}

/** A statement line's type, as the yearly CSV says it. */
export function statementLineType(r: Pick<StatementRow, "refund" | "returned" | "distribution" | "trade">): string {
  if (r.trade === "bought") return "Purchase (exchange)";
  if (r.trade === "sold") return "Sale (exchange, after fee)";
  if (r.distribution === "acquisition") return "Distribution (acquisition)";
  if (r.distribution === "shutdown") return "Distribution (shutdown)";
  if (r.returned) return "Returned (goal not reached)";
  return r.refund ? "Refund (canceled)" : "Purchase";
}

/**
 * The statement's rows: each purchase, for a canceled investment the refund on the day it was
 * canceled, and for a returned one the return on the day its raise settled, with running totals
 * in date order (oldest first, in cents), shown newest first. The total is what is invested now
 * (`demoAccount(...).invested`): a cancellation or a return takes its purchase back out.
 * (worker/services/money/statement.ts reads the same lines in SQL.)
 */
export function statementRows(investments: readonly AccountInvestment[]): StatementRow[] {
  const entries = investments.flatMap((i) => {
    const cents = toCents(i.amountInvested);
    const purchase = { key: i._id, at: i.investedAt, projectTitle: i.projectTitle, shares: i.shares };
    const rows = [{ ...purchase, cents, refund: false, returned: false }];
    // What gave the money back: the investor's cancellation, or the raise's return (ADR 043).
    const back =
      i.status === "cancelled"
        ? { at: i.cancelledAt, suffix: "cancelled", returned: false }
        : i.status === "returned"
          ? { at: i.settledAt, suffix: "returned", returned: true }
          : null;
    if (back?.at) {
      rows.push({
        ...purchase,
        key: `${i._id}-${back.suffix}`,
        at: back.at,
        cents: -cents,
        refund: true,
        returned: back.returned,
      });
    }
    return rows;
  });
  const chronological = entries.sort((a, b) => a.at.localeCompare(b.at));
  let total = 0;
  return chronological
    .map((e) => {
      total += e.cents;
      return { ...e, amount: toDollars(Math.abs(e.cents)), runningTotal: toDollars(total) };
    })
    .reverse();
}

/** The calendar years (UTC) with a statement line, newest first. */
export function statementYears(rows: readonly Pick<StatementRow, "at">[]): number[] {
  return [...new Set(rows.map((r) => new Date(r.at).getUTCFullYear()))].filter(Number.isFinite).sort((a, b) => b - a);
}

/**
 * A year's statement of investments (the Tax Docs tab's download): that year's lines, oldest
 * first, and the year's net (purchases less refunds, dollars). A statement of a simulation, not a
 * tax form: the file says so in its first line.
 */
export function yearStatement(rows: readonly StatementRow[], year: number) {
  const lines = rows.filter((r) => new Date(r.at).getUTCFullYear() === year).reverse();
  const net = lines.reduce((sum, r) => sum + (r.refund ? -toCents(r.amount) : toCents(r.amount)), 0);
  return { lines, net: toDollars(net) };
}
