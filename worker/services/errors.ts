import type * as v from "valibot";

import { bannerMessage, validateAll, type FieldErrors } from "../../domain/form-kit";

/**
 * A rule broken by the request: carries the HTTP status and the spec's message. Services throw
 * it; the API turns it into `{ message }` JSON and actions into form errors. Anything else that
 * escapes a service is a bug and is logged, never shown.
 */
export class ServiceError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429;
  readonly code: string;
  /** Seconds until a refused request may be tried again (429), sent as `Retry-After`. */
  readonly retryAfter: number | null;
  /** A large form's errors, every field at once, keyed by form name (ADR 016). */
  readonly errors: FieldErrors | null;
  /**
   * More for an API client to act on, added to the JSON answer beside `message` (say, the
   * cancelled investment a replayed purchase key names, with `code`: issue 16).
   */
  readonly details: Record<string, unknown> | null;
  constructor(
    status: ServiceError["status"],
    message: string,
    code: string = "invalid_request",
    options: { retryAfter?: number; errors?: FieldErrors; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = options.retryAfter ?? null;
    this.errors = options.errors ?? null;
    this.details = options.details ?? null;
  }
}

/**
 * The service contract for large forms (ADR 016): validate the raw fields with `schema`, return
 * the parsed value, or throw a 400 whose message is the spec's banner and whose `errors` name
 * every field that failed.
 */
export function validateFields<S extends v.GenericSchema>(schema: S, fields: unknown): v.InferOutput<S> {
  const result = validateAll(schema, fields);
  if (result.ok) return result.value;
  throw new ServiceError(400, bannerMessage(result.count), "invalid_fields", { errors: result.errors });
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}

/** Response headers a ServiceError asks for (`Retry-After` on a 429). */
export function errorHeaders(e: ServiceError): Record<string, string> {
  return e.retryAfter != null ? { "Retry-After": String(e.retryAfter) } : {};
}

/**
 * Whether a D1 error is the constraint named by `what` (for example
 * /UNIQUE constraint failed: users\.email/): D1 puts SQLite's text in the message or its cause.
 * Services map the constraints they rely on to the spec's message with it.
 */
export function constraintFailed(e: unknown, what: RegExp): boolean {
  const err = e as { message?: string; cause?: { message?: string } } | null;
  return what.test(`${err?.message ?? ""} ${err?.cause?.message ?? ""}`);
}
