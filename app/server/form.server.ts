/**
 * The one way a page action reads its body (ADR 013). `request.formData()` throws on a JSON, text,
 * XML, broken multipart or oversized body, which React Router turns into a 500; `readForm` answers
 * those with a 4xx and a clear message instead (a thrown `data()` response that the error boundary
 * shows, for document requests and `.data` requests alike):
 * - 415 for a content type other than a form's (urlencoded or multipart);
 * - 413 for a body over the form's own limit (`maxBytes`), checked on the header and while reading;
 * - 400 for a body that cannot be parsed, for too many fields, or for a file where text belongs.
 * An empty body without a content type is an empty form, so validation names what is missing.
 *
 * Files are accepted only by a form that names its file fields (`limits.files`, multipart only):
 * in those fields, at most `maxFiles` in all. A file input left empty is dropped: a browser sends
 * a part with an empty file name and no bytes, which workerd reads as an empty string (other
 * runtimes as an empty, nameless File; both are dropped). Each file's own size and type are the
 * upload service's to check (worker/services/projects/uploads.ts `storeImage`, with the field's message);
 * the form's `maxBytes` bounds them all together.
 *
 * Size each form's limit from its fields: the longest allowed text, × 12 for the worst case of
 * 4-byte UTF-8 characters percent-encoded, plus room for the field names.
 */
import { data, type HeadersFunction } from "react-router";

import type { FormLimits } from "../../domain/shared/limits";

export const FORM_MESSAGES = {
  unsupportedType: "This form must be sent as application/x-www-form-urlencoded or multipart/form-data",
  tooLarge: "The form is too large",
  unreadable: "The form data could not be read",
  tooManyFields: "The form has too many fields",
  fileNotAllowed: "This form does not accept files",
  tooManyFiles: "The form has too many files",
} as const;

const DEFAULT_MAX_FIELDS = 50;

const STATUS_TEXT = { 400: "Bad Request", 413: "Content Too Large", 415: "Unsupported Media Type" } as const;

function refuse(status: 400 | 413 | 415, message: string): never {
  throw data({ message }, { status, statusText: STATUS_TEXT[status] });
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared && Number(declared) > maxBytes) refuse(413, FORM_MESSAGES.tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Past the limit the rest is read and dropped rather than cut off: a client (or a dev proxy)
      // still writing its body would see a broken connection instead of the 413. The Worker's
      // page body cap bounds how much that can be.
      if (size > maxBytes) tooLarge = true;
      else chunks.push(value);
    }
  } catch {
    if (!tooLarge) refuse(400, FORM_MESSAGES.unreadable);
  }
  if (tooLarge) refuse(413, FORM_MESSAGES.tooLarge);
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A file input left empty: a part without a file name or bytes (workerd reads it as ""). */
const isNothingChosen = (value: FormDataEntryValue) =>
  typeof value === "string" ? value === "" : value.size === 0 && value.name === "";

/**
 * Reads a page action's form within `limits`: text fields, and files only where `limits.files`
 * allows them. Returns a FormData (so repeated names and `getAll` work as usual) without the empty
 * file inputs; throws a 4xx `data()` response for anything else.
 */
export async function readForm(request: Request, limits: FormLimits): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").trim();
  const isUrlEncoded = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
  const isMultipart = /^multipart\/form-data\s*(;|$)/i.test(type);
  const bytes = await readLimited(request, limits.maxBytes);
  if (!type && bytes.byteLength === 0) return new FormData();
  if (!isUrlEncoded && !isMultipart) refuse(415, FORM_MESSAGES.unsupportedType);

  let form: FormData;
  if (isUrlEncoded) {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      refuse(400, FORM_MESSAGES.unreadable);
    }
    form = new FormData();
    for (const [k, v] of new URLSearchParams(text)) form.append(k, v);
  } else {
    try {
      form = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
    } catch {
      refuse(400, FORM_MESSAGES.unreadable);
    }
  }
  const fileFields: readonly string[] = limits.files?.fields ?? [];
  const emptyFileInput = (name: string, value: FormDataEntryValue) =>
    fileFields.includes(name) && isNothingChosen(value);
  let fields = 0;
  let files = 0;
  let dropped = false;
  for (const [name, value] of form) {
    if (++fields > (limits.maxFields ?? DEFAULT_MAX_FIELDS)) refuse(400, FORM_MESSAGES.tooManyFields);
    if (emptyFileInput(name, value)) dropped = true;
    else if (typeof value === "string") continue;
    else if (!fileFields.includes(name)) refuse(400, FORM_MESSAGES.fileNotAllowed);
    else if (++files > (limits.files?.maxFiles ?? 0)) refuse(400, FORM_MESSAGES.tooManyFiles);
  }
  if (!dropped) return form;
  const kept = new FormData();
  for (const [name, value] of form) if (!emptyFileInput(name, value)) kept.append(name, value);
  return kept;
}

/**
 * A form's files per field (every file but an empty file input, in order), for the upload
 * service. A chosen file of 0 bytes is kept, so the service can say the image is empty.
 */
export function formFiles(form: FormData): Record<string, File[]> {
  const out: Record<string, File[]> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" || isNothingChosen(value)) continue;
    (out[name] ??= []).push(value);
  }
  return out;
}

/** A form's fields as an object (the first value of each name), for the services' raw-fields door. */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

/**
 * A route's `headers` export for actions that can refuse with a 429: React Router only sends a
 * loader's or action's headers with the page when the route says so, and `Retry-After` must reach
 * the client through the form door as it does through the API.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const out = new Headers();
  // A refusal the action throws (the project browser's card buttons) arrives as `errorHeaders`.
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};
