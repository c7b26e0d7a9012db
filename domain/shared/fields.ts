/**
 * The field vocabulary every form schema builds from (the project form, the profile and public
 * profile forms, updates, questions and answers), with its messages. One meaning for each word:
 *
 * - **Text** is a string or nothing: numbers, booleans, lists and objects are refused ('<Label>
 *   must be text'), never turned into "1" or "[object Object]". It is stored NFC-normalised, with
 *   line breaks as LF, trimmed. A `line` refuses control, invisible and text-direction characters;
 *   a `multiline` allows line breaks too.
 * - **Length** is counted in characters as people count them (Unicode code points), as the
 *   tables' `length()` CHECKs count them; `constraintsOf` gives the form the same `maxLength`.
 * - **Required** text answers the form's own message when missing, empty or only spaces (never
 *   a type error first).
 * - **A URL** is an http(s) address; an image may also be one of our own uploads.
 *
 * Pure: valibot only.
 */
import * as v from "valibot";

import { charCount, cleanText, isCleanLine, isCleanText } from "./text";
import { isUploadedPdf } from "./uploaded-pdf";

export { charCount, cleanText };

export const FIELD_MESSAGES = {
  mustBeText: (label: string) => `${label} must be text`,
  mustBeNumber: (label: string) => `${label} must be a number`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters`,
  badCharacters: (label: string) => `${label} cannot contain control, invisible or text-direction characters`,
  invalidUrl: (item: string) => `Please enter a valid URL for ${item}`,
  tooManyRows: "A list can have at most 50 rows",
} as const;

export type TextKind = "line" | "multiline";

const isClean = (kind: TextKind) => (x: string) => (kind === "line" ? isCleanLine(x) : isCleanText(x));

export interface TextOptions {
  kind?: TextKind;
  /** The message past `max` (else '<Label> must be at most N characters'). */
  tooLong?: string;
}

/** The characters rule of a text field. */
const clean = (label: string, options: TextOptions) =>
  v.check<string, string>(isClean(options.kind ?? "line"), FIELD_MESSAGES.badCharacters(label));

/** The length rule of a text field, in code points (its `maxLength` readable by the form). */
const within = (label: string, max: number, options: TextOptions) =>
  v.check<string, string>((x) => charCount(x) <= max, options.tooLong ?? FIELD_MESSAGES.tooLong(label, max));

// A field built on `v.unknown()` (so that a wrong type gets the field's own message) says its type
// with `v.metadata({ type })`, for the API's document (ADR 042); the forms' constraints ignore it.

/** Optional text: clean text within `max`, "" when missing or null. */
export function text(label: string, max: number, options: TextOptions = {}) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string" }),
      v.check((x) => x == null || typeof x === "string", FIELD_MESSAGES.mustBeText(label)),
      v.transform((x) => (typeof x === "string" ? cleanText(x) : "")),
      clean(label, options),
      v.metadata({ maxLength: max }),
      within(label, max, options),
    ),
    "",
  );
}

/**
 * Optional text that an API client may leave out to keep what is stored: `undefined` when
 * missing, "" (clearing it) when null or empty.
 */
export function keptText(label: string, max: number, options: TextOptions = {}) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string" }),
      v.check((x) => x === null || typeof x === "string", FIELD_MESSAGES.mustBeText(label)),
      v.transform((x) => (typeof x === "string" ? cleanText(x) : "")),
      clean(label, options),
      v.metadata({ maxLength: max }),
      within(label, max, options),
    ),
  );
}

/** Required text: `required` when missing, empty or only spaces; then clean text within `max`. */
export function requiredText(label: string, max: number, required: string, options: TextOptions = {}) {
  // optional with "" as its default so a missing key gets the form's message, not "Invalid key"
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string" }),
      v.metadata({ required: true }),
      v.transform((x) => (typeof x === "string" ? cleanText(x) : x == null ? "" : x)),
      v.check((x) => x !== "", required),
      v.check((x) => typeof x === "string", FIELD_MESSAGES.mustBeText(label)),
      v.transform((x) => x as string),
      clean(label, options),
      v.metadata({ maxLength: max }),
      within(label, max, options),
    ),
    "",
  );
}

/** The longest URL a field accepts. */
export const MAX_URL = 2_048;

/** A URL a page may link to: http or https only, with a host, no spaces (so never `javascript:`). */
export function isWebUrl(value: string): boolean {
  if (value.length > MAX_URL || /[\s\p{Cc}]/u.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0 && !url.username;
}

// The project page asks it without this module's schemas (valibot).
export { isUploadedPdf };

/**
 * A document link: a web URL, one of our own files (`/docs/investor-deck.pdf`), or an uploaded
 * PDF (`/uploads/<uuid>.pdf`; whose it is, the project editor checks against the uploads ledger).
 */
export function isDocumentRef(value: string): boolean {
  if (isWebUrl(value) || isUploadedPdf(value)) return true;
  if (value.length > MAX_URL) return false;
  return /^\/docs\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(value) && !value.includes("..");
}

/** An image reference: a web URL, or a path of ours (`/uploads/<uuid>.png`, `/images/...`). */
export function isImageRef(value: string): boolean {
  if (isWebUrl(value)) return true;
  // A path of ours has the same length limit as a web address.
  if (value.length > MAX_URL) return false;
  return /^\/(uploads|images)\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/.test(value) && !value.includes("..");
}

/** An optional web URL ("" when missing), or an image's (`image`), with the message naming the item. */
export function url(item: string, options: { image?: boolean } = {}) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string" }),
      v.check((x) => x == null || typeof x === "string", FIELD_MESSAGES.invalidUrl(item)),
      v.transform((x) => (typeof x === "string" ? x.trim() : "")),
      v.check((x) => x === "" || (options.image ? isImageRef(x) : isWebUrl(x)), FIELD_MESSAGES.invalidUrl(item)),
    ),
    "",
  );
}

/** Form text or JSON number to a number; "" and null are missing (null); garbage is NaN. */
export function toNumber(x: unknown): number | null {
  if (x == null) return null;
  if (typeof x === "number") return x;
  if (typeof x !== "string") return Number.NaN;
  const text = x.trim().replace(/[$,\s]/g, "");
  if (text === "") return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** Decimal places of a number as written (99 for exponent notation). */
export const decimals = (n: number) => {
  const s = String(n);
  if (s.includes("e")) return 99;
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** A required number: `required` when missing, bounds readable by `constraintsOf`. */
export function requiredNumber(label: string, required: string) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "number" }),
      v.metadata({ required: true }),
      v.transform(toNumber),
      v.check((x) => x !== null, required),
      v.check((x) => Number.isFinite(x), FIELD_MESSAGES.mustBeNumber(label)),
      v.transform((x) => x as number),
    ),
    "",
  );
}

/** A number that may be left out (null), else checked by `pipe`. */
export function optionalNumber<T extends v.GenericSchema<number, number>>(label: string, inner: T) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform(toNumber),
      v.check((x) => x === null || Number.isFinite(x), FIELD_MESSAGES.mustBeNumber(label)),
      v.nullable(inner),
    ),
    null,
  );
}

/** What a whole-dollar amount says when refused (each form words it with its field's label). */
export interface WholeDollarsMessages {
  /** Text that is not a number, or a fraction: '<Label> must be a whole number of dollars, like 85000'. */
  notWhole: string;
  negative: string;
  tooLarge: string;
}

/**
 * Whole dollars that may be left empty (null): form text ("$85,000" is read as 85000, by `toNumber`)
 * or a JSON number, from 0 to `max`. The input's constraints (min 0, step 1) and the API document's
 * type ride along as metadata. The investor's declared income and net worth use it.
 */
export function optionalWholeDollars(max: number, messages: WholeDollarsMessages) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform(toNumber),
      v.check((x) => x === null || Number.isFinite(x), messages.notWhole),
      v.check((x) => x === null || x >= 0, messages.negative),
      v.check((x) => x === null || Number.isInteger(x), messages.notWhole),
      v.check((x) => x === null || x <= max, messages.tooLarge),
      // the input's constraints (read by constraintsOf), not rules of their own
      v.metadata({ min: 0, step: 1 }),
      // What the API's document says of it (a form's "$85,000" is read too).
      v.metadata({ type: ["integer", "null"], minimum: 0, maximum: max }),
    ),
    null,
  );
}

/** A JSON list or form rows (`item` each); a non-list is refused, rows past 50 too. */
export function rows<T extends v.GenericSchema>(label: string, item: T) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (x == null ? [] : x)),
      v.check((x) => Array.isArray(x), `${label} must be a list`),
      v.transform((x) => (x as unknown[]).map((r) => (r == null ? {} : r)) as v.InferInput<T>[]),
      v.check((x) => x.length <= 50, FIELD_MESSAGES.tooManyRows),
      v.check(
        (x) => x.every((r) => typeof r === "object" && r !== null && !Array.isArray(r)),
        `${label} must be a list of entries with named fields`,
      ),
      v.array(item),
    ),
    [],
  );
}

/**
 * A checkbox (present = true: "on", "true") or a JSON boolean; missing is false. Anything else is
 * refused with `message`.
 */
export function checkbox(message: string) {
  return v.optional(
    v.pipe(
      v.unknown(),
      // What the API's document says of it (a form's checkbox words are read too).
      v.metadata({ type: "boolean" }),
      v.check(
        (x) => x == null || typeof x === "boolean" || x === "on" || x === "true" || x === "false" || x === "",
        message,
      ),
      v.transform((x) => x === true || x === "on" || x === "true"),
    ),
    false,
  );
}
