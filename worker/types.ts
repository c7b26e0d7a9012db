import type { SessionUser } from "../domain/shared/types";
import type { Database } from "../db/client";
import type { D1Use, Observation } from "./observability/observation";

/** Hono's typed environment: bindings from wrangler.toml, per-request variables from middleware. */
export interface HonoEnv {
  Bindings: Env;
  Variables: {
    /** The request's id (worker/observability/request-id.ts): `X-Request-Id`, logs, error bodies and pages. */
    requestId: string;
    /** What handlers report about the request to worker/observability/observe.ts (route pattern, errors). */
    observation: Observation;
    /** D1 statements sent so far by this request and their time (worker/middleware/d1-session.ts). */
    d1Use: () => D1Use;
    /** The request's D1 session (ADR 036), counted: every service and page reads and writes through it. */
    db: Database;
    /** Statements sent to D1 so far by this request. */
    queryCount: () => number;
    user: SessionUser | null;
    sessionToken: string | null;
    /** How the session token arrived: bearer (API clients) or cookie (browsers). */
    authVia: "bearer" | "cookie" | null;
    secureCookies: boolean;
    /** This response's Content-Security-Policy nonce (fresh per response; ADR 014). */
    nonce: string;
    /** This response's own Content-Security-Policy instead of the pages' (a served upload: ADR 017). */
    contentSecurityPolicy: string | null;
  };
}
