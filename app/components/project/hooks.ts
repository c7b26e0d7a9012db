/**
 * Client behaviour shared by the detail calculator and the purchase form. Both work without
 * JavaScript (query strings, server-computed totals); these hooks only add live updates.
 */
import { useState } from "react";

import { belowMinimum, clampShares, parseShares, SHARE_MESSAGES } from "../../../domain/projects/project";
// The purchase form takes both hooks from here.
export { useHydrated } from "../useHydrated";

export interface ShareInputState {
  /** What the input shows (may be mid-edit and invalid). */
  text: string;
  /** The last valid share count. */
  shares: number;
  /** 'Only {n} shares are available for purchase' after clamping, else null. */
  message: string | null;
}

/**
 * Spec section 5, shares input: an integer of at least 1; non-numeric or non-positive input is
 * ignored; a value above the remaining shares is replaced by the remaining count with a message.
 */
export function nextShareInput(state: ShareInputState, raw: string, sharesRemaining: number): ShareInputState {
  const n = parseShares(raw);
  if (n === null) return { ...state, text: raw };
  if (sharesRemaining <= 0) return { text: String(n), shares: n, message: null };
  const clamped = clampShares(n, sharesRemaining);
  return { text: String(clamped.shares), shares: clamped.shares, message: clamped.message };
}

/** What a share count field needs to know about the offering. */
export interface ShareLimits {
  sharesRemaining: number;
  sharePrice: number;
  minInvestment: number;
}

/**
 * What is wrong with the field as it stands, in the purchase's own words, or null: not a whole
 * number of at least 1 (the figures then show no total: the last one would be stale), or a count
 * whose total is below the minimum investment (all the shares left may always be bought).
 */
export function shareInputProblem(text: string, shares: number, limits: ShareLimits): string | null {
  if (parseShares(text) === null) return SHARE_MESSAGES.wholeShares;
  const p = { ...limits, investmentTerms: { minInvestment: limits.minInvestment } };
  if (limits.sharesRemaining > 0 && belowMinimum(shares, p)) return SHARE_MESSAGES.belowMinimum(limits.minInvestment);
  return null;
}

export function useShareInput(initial: number, initialMessage: string | null, limits: ShareLimits) {
  const { sharesRemaining } = limits;
  const [state, setState] = useState<ShareInputState>({
    text: String(initial),
    shares: initial,
    message: initialMessage,
  });
  // A new server value (navigation, revalidation) resets the input: React's "adjust state when a
  // prop changes" pattern, without an effect.
  const [seen, setSeen] = useState({ initial, initialMessage, sharesRemaining });
  if (seen.initial !== initial || seen.initialMessage !== initialMessage || seen.sharesRemaining !== sharesRemaining) {
    setSeen({ initial, initialMessage, sharesRemaining });
    setState({ text: String(initial), shares: initial, message: initialMessage });
  }
  const problem = shareInputProblem(state.text, state.shares, limits);

  return {
    ...state,
    /** True when the input currently holds a valid whole number (what a submit would send). */
    valid: parseShares(state.text) !== null,
    /** What is wrong with the count (announced, and the field is marked invalid), else null. */
    problem,
    /** The one line the field's status region says: what is wrong, else the clamp's message. */
    status: problem ?? state.message ?? "",
    change(raw: string) {
      setState((s) => nextShareInput(s, raw, sharesRemaining));
    },
    set(n: number) {
      setState((s) => nextShareInput(s, String(n), sharesRemaining));
    },
    /** Leaving the field puts the last valid count back (ignored input is dropped). */
    blur() {
      setState((s) => ({ ...s, text: String(s.shares) }));
    },
  };
}
