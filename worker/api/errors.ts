/**
 * The API's one error mapping (`api.onError` in worker/app.ts): routers hold no try/catch for a
 * service's refusal, they let it throw. A `ServiceError` answers the spec's
 * `{ success: false, message }` with its status (its `errors` and `details` beside the message,
 * its headers: `Retry-After` on a 429); anything else is a bug, captured (ADR 056) and answered
 * with a bare 500 that shows nothing of it but the request's id.
 */
import type { Context } from "hono";

import { errorHeaders, isServiceError } from "../services/shared/errors";
import { logLine } from "../observability/log";
import type { HonoEnv } from "../types";

export function apiErrorResponse(err: unknown, c: Context<HonoEnv>): Response {
  if (isServiceError(err)) {
    for (const [name, value] of Object.entries(errorHeaders(err))) c.header(name, value);
    return c.json(
      { ...err.details, success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
      err.status,
    );
  }
  // Captured once, with the request's id and route, when the request ends (worker/middleware/observe.ts).
  const observation = c.get("observation") as HonoEnv["Variables"]["observation"] | undefined;
  if (observation) observation.capture(err);
  else
    logLine("error", "unexpected error outside a watched request", {
      message: err instanceof Error ? err.message : String(err),
    });
  return c.json({ success: false, message: "Something went wrong" }, 500);
}
