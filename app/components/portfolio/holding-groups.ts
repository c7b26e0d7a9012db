/**
 * The portfolio's and the profile's groups of investments (ADR 043): Confirmed (the
 * raise was funded), Open (the raise is still running), Returned (it closed below its goal), then
 * Canceled (the investor's own cancellations). Only Confirmed and Open are held: counted in the
 * totals, the charts and the insights.
 *
 * Grouping is per page: a page is still the 20 newest investments (one statement on
 * investments_investor_recent_idx, LIMIT/OFFSET), and its rows are shown under a heading per group
 * present on it, newest first within each. Ordering every investment by group first would need an
 * index on the status (a sort of all of an investor's rows otherwise). Pure.
 */
import { cutoffText } from "../../../domain/money/cancellation";
import type { InvestmentStatus } from "../../../domain/raises/settlement";
import { investmentStatusLabel } from "./InvestmentStatus";

export type HoldingGroupId = "confirmed" | "open" | "returned" | "cancelled";

/** The groups in the order they are shown, each with the line that says what it holds. */
export const HOLDING_GROUPS: readonly { id: HoldingGroupId; status: InvestmentStatus; hint: string }[] = [
  { id: "confirmed", status: "confirmed", hint: "The raise reached its goal: these investments are final." },
  {
    id: "open",
    status: "active",
    hint: "The raise is still running: each can be canceled until 48 hours before its deadline.",
  },
  {
    id: "returned",
    status: "returned",
    hint: "The raise closed below its goal: your money went back to you. Not counted in your totals.",
  },
  {
    id: "cancelled",
    status: "cancelled",
    hint: "You canceled these: the shares went back to the project. Not counted in your totals.",
  },
];

/** An investment's group: a pending one (never stored by this app) sits with the open ones. */
export function holdingGroupOf(status: string): HoldingGroupId {
  if (status === "confirmed" || status === "returned" || status === "cancelled") return status;
  return "open";
}

export interface HoldingGroup<T> {
  id: HoldingGroupId;
  /** The group's heading: the word its rows' badges say. */
  label: string;
  hint: string;
  rows: T[];
}

/** A page's rows under their groups, in HOLDING_GROUPS' order, keeping the rows' order (newest first) in each. */
export function groupHoldings<T extends { status: string }>(rows: readonly T[]): HoldingGroup<T>[] {
  return HOLDING_GROUPS.map((g) => ({
    id: g.id,
    label: investmentStatusLabel(g.status),
    hint: g.hint,
    rows: rows.filter((r) => holdingGroupOf(r.status) === g.id),
  })).filter((g) => g.rows.length > 0);
}

/**
 * An open investment's cancellation cutoff as its row says it ("cancellable until …"): the instant
 * (ms) and the UTC text; null for one its raise settled, or one already canceled.
 */
export function openCutoffOf(i: { status: string; cancelDeadline: string | null }): { at: number; utc: string } | null {
  const at = i.status === "active" && i.cancelDeadline ? Date.parse(i.cancelDeadline) : NaN;
  return Number.isFinite(at) ? { at, utc: cutoffText(at) } : null;
}
