/**
 * Halting and resuming a market (ADR 053): an admin stops trading in a company, with a reason shown
 * on its page, and every open order is cancelled (reason `halt`); resuming reopens the book, empty.
 * A closed market (the company exited) can be neither. Pure: worker/services/market/halts.ts
 * enforces these, and the admin page and the API say them in the same words.
 */
import * as v from "valibot";

import { REASON_MAX } from "../projects/reason-max";
import type { MarketStatus } from "./market";

export const HALT_ACTIONS = ["halt", "resume"] as const;
export type HaltAction = (typeof HALT_ACTIONS)[number];

export const HALT_MESSAGES = {
  notFound: "This company has no market",
  haltReasonRequired: "Please give a reason for the halt: it is shown on the company's market",
  resumeReasonRequired: "Please give a reason for resuming trading",
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters`,
  alreadyHalted: "Trading in this company is already halted",
  notHalted: "Trading in this company is not halted",
  closed: "This company's market is closed: it can be neither halted nor resumed",
  halted: "Trading is halted: every open order was canceled and the reason is shown on the company's market.",
  resumed: "Trading has resumed: the company's book is open again.",
} as const;

/** Why `action` cannot be taken on a market in `status` (null: it can). */
export function haltRefusal(
  action: HaltAction,
  status: MarketStatus,
): { code: "market_closed" | "already_halted" | "not_halted"; message: string } | null {
  if (status === "closed") return { code: "market_closed", message: HALT_MESSAGES.closed };
  if (action === "halt" && status === "halted") return { code: "already_halted", message: HALT_MESSAGES.alreadyHalted };
  if (action === "resume" && status !== "halted") return { code: "not_halted", message: HALT_MESSAGES.notHalted };
  return null;
}

/** What a halt or a resumption says in the audit log and on the company's market: required, at most REASON_MAX. */
export const HaltBody = v.object({ reason: v.pipe(v.string(), v.minLength(1), v.maxLength(REASON_MAX)) });

/** A market as /admin lists it (worker/services/market/halts.ts `listMarketsForAdmin`). */
export interface AdminMarketDTO {
  projectId: string;
  slug: string;
  title: string;
  status: MarketStatus;
  haltReason: string | null;
  haltedAt: string | null;
  lastTradeAt: string | null;
  trades: number;
}
