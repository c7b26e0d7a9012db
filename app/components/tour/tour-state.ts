/**
 * What <GuidedTour /> (GuidedTour.tsx) and the tour's own chunk (TourRunner.tsx) share: the keys,
 * the start event and whether the tour is offered.
 */
import type { TourStep } from "./steps";

/** Remembers that the tour was offered and answered. No demo/mock/test/sample in the key. */
export const TOUR_DONE_KEY = "campusfund.tour.done";
export const START_EVENT = "campusfund:tour-start";
/** The id of the element at the top of <main> where the tour is offered (app/root.tsx). */
export const TOUR_OFFER_SLOT = "tour-offer";

export interface GuidedTourProps {
  steps?: readonly TourStep[];
  onFinish?: () => void;
  onSkip?: () => void;
}

export function tourDone(): boolean {
  try {
    return window.localStorage.getItem(TOUR_DONE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Offered once: on /portfolio?newUser=1 (where sign-up sends a new investor), until answered. */
export function isOffered(pathname: string, search: string): boolean {
  const newUser = new URLSearchParams(search).get("newUser");
  return pathname === "/portfolio" && (newUser === "1" || newUser === "true") && !tourDone();
}
