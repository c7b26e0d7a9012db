/**
 * FormResult and Refused: the one way a page action or a loader gives its answer (ADR 028).
 *
 * The pattern, for every route:
 * - **An action** answers with a redirect or a `FormResult`. A success is `formSuccess({ message,
 *   redirectTo, data })` (status 200). A failure is a `FormFailure`: the banner (`message`), each
 *   field's message (`errors`, possibly empty), what the person typed (`values`, echoed back so
 *   nothing they typed is lost; never a password) and the HTTP status (also the response's). A page
 *   with several forms says which one answered (`form`). Build it with `formFailure(status, message,
 *   values, …)`, or from what a service threw with `formFailed(e, values, …)`.
 * - **A loader that refuses** returns a `Refused` (`refused: true`, the status and the message,
 *   and where the page may send the person on, `to`): `refused(status, message)`, or from what a
 *   service threw `refusedBy(e, …)`. Its component checks `"refused" in loaderData` first.
 * - **A thrown ServiceError** is read once, here (`serviceRefusal`): its status, its message, its
 *   field errors and its `Retry-After`. A page that words a refusal its own way maps it by the
 *   error's `code` or `status` (`Wording`), never by its text. Anything that is not a ServiceError
 *   is a bug and is rethrown (React Router logs it and shows the error boundary), unless the form
 *   names what to say instead (`unexpected`): then it is logged and answered with a 500.
 *
 * Thrown `data()` answers stay for what is not an answer of the page: a body `readForm` cannot
 * read (app/server/form.server.ts), and a 404 a loader hands to its error boundary.
 */
import { data, type RouterContextProvider } from "react-router";

import type { FieldErrors } from "../../domain/shared/form-kit";
import { errorHeaders, isServiceError } from "../../worker/services/shared/errors";
import { captureUnexpected } from "./capture";

/** What a form posted, echoed back by a failure (the shape the form reads back). */
export type FormValues = Record<string, unknown>;

export interface FormSuccess<D = undefined> {
  ok: true;
  /** Which of the page's forms answered, on a page with several. */
  form?: string;
  /** What to tell the person (with JavaScript, before `redirectTo`). */
  message?: string;
  /** Where the page goes next (with JavaScript; without it the action redirects). */
  redirectTo?: string;
  /** Anything else the page shows with the answer. */
  data?: D;
}

export interface FormFailure<V = FormValues, D = undefined> {
  ok: false;
  /** Which of the page's forms answered, on a page with several. */
  form?: string;
  /** The HTTP status, the response's too. */
  status: number;
  /** The banner: what went wrong, in the spec's words. */
  message: string;
  /** Each field's message, by form name (empty when the refusal is about the whole form). */
  errors: FieldErrors;
  /** What the person typed, so the form shows it again (never a password). */
  values: V;
  /** Anything else the page shows with the answer (the project form's note about images). */
  data?: D;
}

export type FormResult<V = FormValues, D = undefined> = FormSuccess<D> | FormFailure<V, D>;

/** A loader's refusal: the page shows `message` (with `status`), and maybe a way on (`to`). */
export interface Refused {
  refused: true;
  status: number;
  message: string;
  /** Where the page offers to go instead (say, the project a founder already has). */
  to?: string;
}

/** A page's own words for some refusals, by the ServiceError's `code` or `status`; never by its text. */
export interface Wording {
  byCode?: Readonly<Record<string, string>>;
  byStatus?: Readonly<Partial<Record<number, string>>>;
  /** Puts the message in the form's banner (settings' profile: 'Failed to save profile: …'). */
  banner?: (message: string, errors: FieldErrors) => string;
  /**
   * What to say for an error that is not a ServiceError (captured on the request `context`'s
   * Observation, answered with `status`, 500 by default), for a form that promises a message
   * whatever happens. Without it, rethrown.
   */
  unexpected?: { context: Readonly<Pick<RouterContextProvider, "get">>; message: string; status?: number };
}

/** What a refusal says: its status, message, field errors, and the headers it asks for. */
export interface ServiceRefusal {
  status: number;
  message: string;
  errors: FieldErrors;
  headers: Record<string, string>;
}

/**
 * The one reading of a thrown error: a ServiceError as `wording` words it (by code, then status,
 * then the service's own message; then the banner); anything else rethrown, or, with
 * `wording.unexpected`, logged and answered with that message.
 */
export function serviceRefusal(e: unknown, wording: Wording = {}): ServiceRefusal {
  let out: ServiceRefusal;
  if (isServiceError(e)) {
    const message = wording.byCode?.[e.code] ?? wording.byStatus?.[e.status] ?? e.message;
    out = { status: e.status, message, errors: e.errors ?? {}, headers: errorHeaders(e) };
  } else if (wording.unexpected) {
    captureUnexpected(wording.unexpected.context, e);
    out = { status: wording.unexpected.status ?? 500, message: wording.unexpected.message, errors: {}, headers: {} };
  } else {
    throw e;
  }
  if (wording.banner) out.message = wording.banner(out.message, out.errors);
  return out;
}

export interface FailureOptions<D> {
  form?: string;
  errors?: FieldErrors;
  data?: D;
  headers?: Record<string, string>;
}

/** A form's failure, with its status on the response. */
export function formFailure<V, D = undefined>(
  status: number,
  message: string,
  values: V,
  options: FailureOptions<D> = {},
) {
  const failure: FormFailure<V, D> = { ok: false, status, message, errors: options.errors ?? {}, values };
  if (options.form !== undefined) failure.form = options.form;
  if (options.data !== undefined) failure.data = options.data;
  return data(failure, { status, headers: options.headers });
}

/** A form's failure from what a service threw (see `serviceRefusal`). */
export function formFailed<V, D = undefined>(
  e: unknown,
  values: V,
  options: Wording & { form?: string; data?: D } = {},
) {
  const r = serviceRefusal(e, options);
  return formFailure(r.status, r.message, values, {
    form: options.form,
    errors: r.errors,
    data: options.data,
    headers: r.headers,
  });
}

/**
 * A form's success (status 200; a document post without JavaScript redirects instead), typed as
 * given: a `message` or `redirectTo` passed is a string the page can rely on.
 */
export function formSuccess<S extends Omit<FormSuccess<unknown>, "ok">>(success: S): { ok: true } & S {
  return { ok: true, ...success };
}

/** What a refusal may add: where the page offers to go, and the response's own headers (a mailed link's no-referrer). */
export interface RefusedOptions {
  to?: string;
  headers?: Record<string, string>;
}

/** A loader's (or a one-time link page's) refusal, with its status on the response. */
export function refused(status: number, message: string, options: RefusedOptions = {}) {
  const out: Refused = { refused: true, status, message };
  if (options.to !== undefined) out.to = options.to;
  return data(out, { status, headers: options.headers });
}

/** A loader's refusal from what a service threw (see `serviceRefusal`). */
export function refusedBy(e: unknown, wording: Wording = {}, options: RefusedOptions = {}) {
  const r = serviceRefusal(e, wording);
  return refused(r.status, r.message, options);
}
