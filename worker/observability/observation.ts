/**
 * What a request's handlers report to the middleware that watches it (worker/middleware/observe.ts,
 * ADR 056): the page's route pattern and the unexpected errors met while answering.
 */
/** What the request's handlers report to the middleware that watches it. */
export interface Observation {
  requestId: string;
  /** The page's route pattern, set by React Router's instrumentation (app/entry.server.tsx). */
  route: string | null;
  /** Unexpected errors met while answering, written once when the request ends. */
  errors: unknown[];
}

/** D1's statements and their time for this request (db/client.ts `countingD1`). */
export interface D1Use {
  statements: number;
  ms: number;
}
