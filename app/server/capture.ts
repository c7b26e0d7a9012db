/**
 * An unexpected error that a loader or action survives (a rail that failed on the home page,
 * insights that failed on the portfolio, a form that answers "please try again"): noted on the
 * request's Observation, so the Worker writes it once when the request ends, with its request id,
 * route pattern and release (worker/middleware/observe.ts, ADR 056). The one way pages report such
 * an error; an error a loader lets through reaches entry.server.tsx's handleError instead.
 */
import type { RouterContextProvider } from "react-router";

import { appContext } from "../context";

export function captureUnexpected(context: Readonly<Pick<RouterContextProvider, "get">>, error: unknown): void {
  context.get(appContext).observation.capture(error);
}
