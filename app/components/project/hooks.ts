/**
 * Client behaviour shared by the detail calculator and the purchase form. Both work without
 * JavaScript (query strings, server-computed totals); these hooks only add live updates.
 */
import { useState, useSyncExternalStore } from "react";

import { clampShares, parseShares } from "../../../domain/projects/project";

const subscribe = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

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

export function useShareInput(initial: number, initialMessage: string | null, sharesRemaining: number) {
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

  return {
    ...state,
    /** True when the input currently holds a valid whole number (what a submit would send). */
    valid: parseShares(state.text) !== null,
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
