/**
 * A rule broken by the request: carries the HTTP status and the spec's message. Services throw
 * it; the API turns it into `{ message }` JSON and actions into form errors. Anything else that
 * escapes a service is a bug and is logged, never shown.
 */
export class ServiceError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;
  readonly code: string;
  constructor(
    status: ServiceError["status"],
    message: string,
    code: string = "invalid_request",
  ) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}
