/**
 * The guided tour (spec sections 2, 3 and 4). Mounted once in the root layout, with no steps
 * running and closed: it renders nothing on the server, and nothing in the browser until a tour
 * is offered or started.
 *
 * - Offered once: on /portfolio?newUser=1 (where sign-up sends a new investor) a small prompt asks
 *   "Take a quick tour?". Starting, declining, finishing or skipping stores TOUR_DONE_KEY, so it
 *   is not offered again in this browser.
 * - `startTour()` (or `<StartTourButton />`) starts it from anywhere while <GuidedTour /> is mounted.
 * - Transitions: inactive → step 0 → … Next (Continue on a click step) runs the step's action, a
 *   navigate (client-side) or a click on the target, then waits STEP_DELAY_MS before the next
 *   step. Finish on the last step calls onFinish; Skip Tour / Close / Escape call onSkip.
 * - The target is highlighted with a cut-out and scrolled into view when off screen; the tooltip
 *   goes where there is room (./placement). A missing target gives a centred tooltip instead.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

import { useHydrated } from "../useHydrated";
import { isOffered, START_EVENT, type GuidedTourProps } from "./tour-state";

// The root layout and the tour's callers take these from here.
export { TOUR_DONE_KEY, TOUR_OFFER_SLOT } from "./tour-state";

/** The tour's code (steps, overlay, placement): fetched only when a tour is offered or started. */
const TourRunner = lazy(() => import("./TourRunner").then((m) => ({ default: m.TourRunner })));

/** Starts the tour (from step 1) wherever <GuidedTour /> is mounted. */
export function startTour(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(START_EVENT));
}

/** A button that starts the tour; put it anywhere once <GuidedTour /> is mounted in the root. */
export function StartTourButton({
  className = "btn btn-secondary",
  children = "Take the tour",
}: {
  className?: string;
  children?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  // Without JavaScript a tour cannot run: render nothing rather than a dead button.
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={startTour}>
      {children}
    </button>
  );
}

/**
 * Mounted once in the root layout. Renders nothing on the server and in the browser until a tour
 * is offered or started; then it loads the tour and keeps it mounted (a running tour navigates).
 */
export function GuidedTour(props: GuidedTourProps) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const [started, setStarted] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onStart = () => setStarted(true);
    window.addEventListener(START_EVENT, onStart);
    return () => window.removeEventListener(START_EVENT, onStart);
  }, []);
  const now = hydrated && (started || isOffered(pathname, search));
  // Sticky: a tour that has begun stays mounted while its steps navigate away from the offer.
  if (now && !wanted) setWanted(true);
  if (!now && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner {...props} startNow={started} />
    </Suspense>
  );
}
