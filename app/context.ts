/**
 * The per-request context the Worker hands to React Router (a RouterContextProvider entry).
 * Loaders and actions read it with `context.get(appContext)`.
 */
import { createContext } from "react-router";

import type { Database } from "../db/client";
import type { SessionUser } from "../domain/shared/types";
import type { Observation } from "../worker/observability/observation";

export interface AppContext {
  env: Env;
  ctx: ExecutionContext;
  /** Drizzle over the request's (query-counting) D1 binding. */
  db: Database;
  user: SessionUser | null;
  /** The raw session token of this request, when signed in (for logout). */
  sessionToken: string | null;
  /** Whether the session cookie should be marked Secure (everything but localhost). */
  secureCookies: boolean;
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts (ADR 014). */
  nonce: string;
  /** The request's id (`X-Request-Id`), shown on error pages (ADR 056). */
  requestId: string;
  /** Where the page reports its route pattern and unexpected errors (worker/observability/observe.ts). */
  observation: Observation;
}

export const appContext = createContext<AppContext>();
