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
  constructor(
    status: ServiceError["status"],
    message: string,
    code: string = "invalid_request",
    options: { retryAfter?: number } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = options.retryAfter ?? null;
  }
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
