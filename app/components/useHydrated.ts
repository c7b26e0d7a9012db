/**
 * Whether React runs in the browser yet: what a component shows only with JavaScript waits for it.
 * Its own module so the root's and the forms' chunks do not pull the share rules along.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
