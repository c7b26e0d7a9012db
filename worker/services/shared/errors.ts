import * as v from "valibot";

import { bannerMessage, validateAll, type FieldErrors } from "../../../domain/shared/form-kit";

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
   * cancelled investment a replayed purchase key names, with `code`).
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
 * How a validation failure's banner (`message`) is worded: `count`, the spec's banner for forms
 * that show each field's error beside it ('Please fix the 2 validation errors highlighted below',
 * spec section 5); `first`, the first field's own message, for the forms whose spec (or our)
 * wording names the one rule broken (sign-up, sign-in, contact, supporters, updates, questions,
 * answers, the password change).
 */
export type Banner = "count" | "first";

/**
 * The one validation refusal (ADR 029): a 400 `invalid_fields` carrying every field's message
 * keyed by its form name (`errors`) and the banner. Both doors show both: the API answers
 * `{ message, errors }`, a page the banner above the form and each message beside its field.
 */
export function invalidFields(errors: FieldErrors, banner: Banner = "count"): ServiceError {
  const messages = Object.values(errors);
  const message = banner === "first" ? (messages[0] ?? "Invalid request") : bannerMessage(Math.max(messages.length, 1));
  return new ServiceError(400, message, "invalid_fields", { errors });
}

/** A pure validator's result (domain/shared/form-kit.ts `Validated`): its value, or `invalidFields`. */
export function validOrThrow<T>(
  result: { ok: true; value: T } | { ok: false; errors: FieldErrors },
  banner: Banner = "count",
): T {
  if (result.ok) return result.value;
  throw invalidFields(result.errors, banner);
}

/**
 * The one way a service validates a body with a form's schema: every field at once
 * (`validateAll`), the parsed value or `invalidFields`.
 */
export function validateFields<S extends v.GenericSchema>(
  schema: S,
  fields: unknown,
  banner: Banner = "count",
): v.InferOutput<S> {
  return validOrThrow(validateAll(schema, fields), banner);
}

/**
 * For the small forms whose schema states its rules in the spec's order (sign-up, sign-in,
 * contact, supporters): the first rule broken, stopping there, refused as `invalid_fields` with
 * that rule's spec message. The spec answers these forms with `{ success: false, message }`
 * alone, so the refusal carries no field map.
 */
export function validateFirst<S extends v.GenericSchema>(schema: S, fields: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, fields, { abortEarly: true, abortPipeEarly: true });
  if (result.success) return result.output;
  throw new ServiceError(400, result.issues[0].message, "invalid_fields");
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
