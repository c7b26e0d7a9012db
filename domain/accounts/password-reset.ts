/**
 * Password reset (ADR 044): the messages both doors show and the new password's
 * rules, the sign-up page's (spec section 5, ADR 013: at least 6 characters, not only spaces, at
 * most 128; common, trivial and personal passwords are refused by the service, which holds the
 * list). Pure: the pages and the services import it.
 */
import * as v from "valibot";

import { MESSAGES } from "../shared/messages";
import { MAX_EMAIL, MAX_PASSWORD, MIN_PASSWORD } from "../shared/schemas";
import { isBlank, isEmail, normalizeText } from "../shared/text";
import { HOUR_MS } from "../shared/dates";

/** A reset link works this long after it was asked for. */
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS;
/** The token: 32 random bytes, base64url (43 characters, 256 bits). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const RESET_MESSAGES = {
  emailRequired: "Please enter your email address",
  /** The one answer to a request, whether or not the address has an account. */
  requested:
    "If an account exists for that email address, we have sent it a link to choose a new password. The link works once, for 1 hour. Check your spam folder if it does not arrive within a few minutes.",
  tooManyForAddress: "Too many reset links were asked for this email address. Please wait an hour and try again.",
  tooManyFromClient: "Too many reset links were asked for from your network. Please wait an hour and try again.",
  invalidLink:
    "This password reset link does not work: it is wrong, was already used, was replaced by a newer one, or is more than 1 hour old. Ask for a new one.",
  passwordRequired: MESSAGES.newPasswordRequired,
  confirmRequired: MESSAGES.newPasswordConfirmRequired,
  /** The notice on /signin after a reset (`?notice=password-reset`). */
  changed: "Your password has been changed and every device was signed out. Sign in with your new password.",
} as const;

/** The request's body: one email. */
export const ForgotPasswordBody = v.object({ email: v.pipe(v.string(), v.maxLength(MAX_EMAIL)) });
/** The reset's body: the token, the new password and (forms) its confirmation. */
export const ResetPasswordBody = v.object({
  token: v.string(),
  password: v.pipe(v.string(), v.minLength(MIN_PASSWORD), v.maxLength(MAX_PASSWORD)),
  confirmPassword: v.optional(v.pipe(v.string(), v.maxLength(MAX_PASSWORD))),
});

const str = (x: unknown) => (typeof x === "string" ? normalizeText(x) : x == null ? "" : null);

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** The request's email: trimmed and lower-cased, as accounts store it. */
export function validateForgotPassword(body: Record<string, unknown>): Validated<{ email: string }> {
  const email = str(body.email)?.trim() ?? null;
  if (email === null || email === "") return { ok: false, errors: { email: RESET_MESSAGES.emailRequired } };
  if (email.length > MAX_EMAIL) return { ok: false, errors: { email: MESSAGES.emailTooLong } };
  if (!isEmail(email)) return { ok: false, errors: { email: MESSAGES.invalidEmail } };
  return { ok: true, value: { email: email.toLowerCase() } };
}

/** The new password and its confirmation (forms send it; API clients may leave it out). */
export function validateNewPassword(body: Record<string, unknown>): Validated<{ password: string }> {
  const errors: Record<string, string> = {};
  const next = str(body.password);
  const confirm = body.confirmPassword === undefined ? undefined : str(body.confirmPassword);
  if (next === null || next === "") errors.password = RESET_MESSAGES.passwordRequired;
  else if (next.length < MIN_PASSWORD) errors.password = MESSAGES.passwordTooShort;
  else if (isBlank(next)) errors.password = MESSAGES.passwordBlank;
  else if (next.length > MAX_PASSWORD) errors.password = MESSAGES.passwordTooLong;
  if (confirm === null || (confirm === "" && next)) errors.confirmPassword = RESET_MESSAGES.confirmRequired;
  else if (confirm !== undefined && confirm !== "" && confirm !== next)
    errors.confirmPassword = MESSAGES.passwordsMismatch;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { password: next as string } };
}
