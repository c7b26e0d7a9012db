/**
 * What a request's handlers report to the middleware that watches it (worker/middleware/observe.ts,
 * ADR 056): the page's route pattern and the unexpected errors met while answering.
 */
export interface Observation {
  requestId: string;
  /** The page's route pattern, set by React Router's instrumentation (app/entry.server.tsx). */
  route: string | null;
  /**
   * Reports an unexpected error met while answering: written once (the same error object twice is
   * written once) when the request's answer is ready, or at once if the answer already went out
   * (an error while a page streams, a loader's work that ends after the response).
   */
  capture: (error: unknown) => void;
}

/** D1's statements and their time for this request (db/client.ts `countingD1`). */
export interface D1Use {
  statements: number;
  ms: number;
}
