/**
 * Start-up (spec section 4): clears every browser-storage key containing demo, mock, test or
 * Sample, in any letter case, from localStorage and sessionStorage. root.tsx runs it once when
 * the app starts in the browser. The app's own keys (campusfund.tasks, campusfund.tour.done)
 * do not match.
 */
import { useEffect } from "react";

export const STALE_KEY_PATTERN = /demo|mock|test|sample/i;

export function clearStaleStorage(storage: Storage, pattern: RegExp = STALE_KEY_PATTERN): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && pattern.test(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys;
}

export function useStorageCleanup(): void {
  useEffect(() => {
    for (const name of ["localStorage", "sessionStorage"] as const) {
      try {
        clearStaleStorage(window[name]);
      } catch {
        // Storage can be unavailable (privacy settings, sandboxed frames): nothing to clear.
      }
    }
  }, []);
}
