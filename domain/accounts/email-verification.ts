/**
 * Verified addresses (ADR 045): the messages every door shows, the link's and the code's
 * shapes, and the bodies' rules (the sign-up page's email rules and messages). Pure: the pages and
 * the services import it.
 */
import * as v from "valibot";

import { MESSAGES } from "../shared/messages";
import { PASSWORD_MESSAGES } from "./password-form";
import { MAX_EMAIL, MAX_PASSWORD } from "../shared/schemas";
import { isEmail, normalizeText } from "../shared/text";
import { DAY_MS } from "../shared/dates";
import { VERIFY_MESSAGES } from "./verify-messages";

// Every page's banner takes the messages alone, without this module's schemas (valibot).
export { VERIFY_MESSAGES };

/** A link and its code work this long after the mail was asked for. */
export const VERIFY_LIFETIME_MS = DAY_MS;
/** Wrong codes allowed per mail; then only a new mail helps. */
export const MAX_CODE_ATTEMPTS = 5;
/** The token: 32 random bytes, base64url (43 characters, 256 bits). */
export const VERIFY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The short code: 6 digits. */
export const VERIFY_CODE_PATTERN = /^\d{6}$/;

/** POST /api/auth/verify-email: the link's token, or (signed in) the code. */
export const VerifyEmailBody = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(100))),
  code: v.optional(v.pipe(v.string(), v.maxLength(20))),
});

/** POST /api/me/email: the new address and the current password. */
export const EmailChangeBody = v.object({
  email: v.pipe(v.string(), v.maxLength(MAX_EMAIL)),
  currentPassword: v.pipe(v.string(), v.maxLength(MAX_PASSWORD)),
});

const str = (x: unknown) => (typeof x === "string" ? normalizeText(x) : x == null ? "" : null);

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** The code as typed: spaces and dashes between digits are forgiven. */
export function validateCode(body: Record<string, unknown>): Validated<{ code: string }> {
  const raw = str(body.code);
  const code = raw === null ? null : raw.replace(/[\s-]/g, "");
  if (code === null || code === "") return { ok: false, errors: { code: VERIFY_MESSAGES.codeRequired } };
  if (!VERIFY_CODE_PATTERN.test(code)) return { ok: false, errors: { code: VERIFY_MESSAGES.codeShape } };
  return { ok: true, value: { code } };
}

/** The new address (the sign-up's rules: trimmed, lower-cased, a valid address) and the current password. */
export function validateEmailChange(
  body: Record<string, unknown>,
): Validated<{ email: string; currentPassword: string }> {
  const errors: Record<string, string> = {};
  const email = str(body.email)?.trim() ?? null;
  const current = str(body.currentPassword);
  if (email === null || email === "") errors.email = VERIFY_MESSAGES.emailRequired;
  else if (email.length > MAX_EMAIL) errors.email = MESSAGES.emailTooLong;
  else if (!isEmail(email)) errors.email = MESSAGES.invalidEmail;
  if (current === null) errors.currentPassword = PASSWORD_MESSAGES.mustBeText("Current password");
  else if (current === "") errors.currentPassword = PASSWORD_MESSAGES.currentRequired;
  else if (current.length > MAX_PASSWORD) errors.currentPassword = PASSWORD_MESSAGES.tooLong;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { email: (email as string).toLowerCase(), currentPassword: current as string } };
}
