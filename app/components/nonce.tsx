/**
 * The Content-Security-Policy nonce of the response being rendered (ADR 014). The server entry
 * provides it; in the browser it is empty (browsers hide nonces from the DOM, and scripts added
 * after hydration need none under 'strict-dynamic').
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
