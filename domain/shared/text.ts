/**
 * What counts as acceptable text in a field (ADR 013). Pure and isomorphic: the schemas use it on
 * the server, and a form could use it in the browser.
 *
 * - Every text field is NFC-normalised, so the same name typed on two keyboards is the same text.
 * - Single-line fields (names, emails, subjects) refuse control characters, invisible format
 *   characters (zero-width spaces, soft hyphens, word joiners, BOM, tag characters) and bidi
 *   overrides and isolates, which can make stored text display as something else. Zero-width
 *   joiners and non-joiners are kept only between letters, where scripts such as Persian and
 *   Devanagari need them.
 * - Multi-line fields (messages) also allow tabs and line breaks, and joiners anywhere (emoji
 *   sequences), but not the other control, bidi-override or invisible characters.
 * - Lone surrogates (not valid Unicode) are refused everywhere.
 * - Emails are plain ASCII addresses: lookalikes (fullwidth letters, Cyrillic 'а', zero-width or
 *   soft hyphen inside) cannot pass as copies of someone else's address.
 */

/** C0/C1 controls, private-use characters, and format characters other than the two joiners. */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Co}]|(?![\u200C\u200D])\p{Cf}/u;
/** A joiner is fine only with a letter or mark on both sides. */
const LOOSE_JOINER = /(?<![\p{L}\p{M}])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}])/u;
/** Multi-line text: controls except tab, CR and LF; private use; format characters except joiners. */
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])\p{Cc}|\p{Co}|(?![\u200C\u200D])\p{Cf}/u;

export function normalizeText(value: string): string {
  return value.normalize("NFC");
}

/** Characters as people count them (code points), the way SQLite's length() counts them. */
export const charCount = (s: string) => Array.from(s).length;

/** Text as a form stores it: NFC, line breaks as LF, trimmed. */
export const cleanText = (x: string) => normalizeText(x).replace(/\r\n?/g, "\n").trim();

/**
 * The length a field's limit is measured on: the characters of the text as it will be stored. The
 * server's length rules and the forms' counters (LengthCount) both count with it, so an emoji is
 * one character on both sides and trailing spaces count on neither.
 */
export const storedLength = (x: string) => charCount(cleanText(x));

/** True when a single-line field holds only characters we can show as typed. */
export function isCleanLine(value: string): boolean {
  return value.isWellFormed() && !SINGLE_LINE_FORBIDDEN.test(value) && !LOOSE_JOINER.test(value);
}

/** True when a multi-line field holds only characters we can show as typed. */
export function isCleanText(value: string): boolean {
  return value.isWellFormed() && !MULTI_LINE_FORBIDDEN.test(value);
}

/**
 * An email address as our accounts and lists accept it: ASCII letters, digits and the usual
 * symbols before the @, a dotted domain of ASCII labels (internationalised domains in their
 * xn-- form) and an alphabetic top-level domain. The WHATWG `type=email` rule, plus the TLD.
 */
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

export function isEmail(value: string): boolean {
  return EMAIL.test(value) && !value.startsWith(".") && !value.includes("..") && !value.includes(".@");
}

/** Whitespace only (any Unicode spaces), for passwords made of spaces. */
export function isBlank(value: string): boolean {
  return value.trim() === "";
}
