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

/** A link and its code work this long after the mail was asked for. */
export const VERIFY_LIFETIME_MS = DAY_MS;
/** Wrong codes allowed per mail; then only a new mail helps. */
export const MAX_CODE_ATTEMPTS = 5;
/** The token: 32 random bytes, base64url (43 characters, 256 bits). */
export const VERIFY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The short code: 6 digits. */
export const VERIFY_CODE_PATTERN = /^\d{6}$/;

export const VERIFY_MESSAGES = {
  banner: (email: string) => `Please confirm your email address: we sent a link to ${email}.`,
  verified: MESSAGES.emailConfirmed,
  changed: (email: string) => `Your email address is confirmed: your account now uses ${email}.`,
  invalidLink:
    "This confirmation link does not work: it is wrong, was already used, was replaced by a newer one, or is more than 24 hours old. Send a new one.",
  codeRequired: "Please enter the 6-digit code from the mail",
  codeShape: "The code is the 6 digits from the mail",
  wrongCode: (left: number) =>
    `That code is not right. ${left === 1 ? "1 try is" : `${left} tries are`} left for this mail.`,
  tooManyCodes: "Too many wrong codes were typed for this mail. Send a new link and use the new code.",
  nothingPending: "There is no confirmation waiting: your email address is already confirmed.",
  codeExpired: "This code is more than 24 hours old or was replaced by a newer mail. Send a new link.",
  resent: (email: string) => `We sent a new link and code to ${email}. Earlier links no longer work.`,
  tooManyForAccount: "Too many confirmation mails were asked for this account. Please wait an hour and try again.",
  tooManyForAddress:
    "Too many confirmation mails were asked for this email address. Please wait an hour and try again.",
  changeRequested: (email: string) => `We sent a link to ${email}. Your address changes when you confirm it.`,
  sameAddress: "This is already your email address",
  emailRequired: "Please enter your new email address",
  tooManyChanges: "Too many address changes were asked for this account. Please wait an hour and try again.",
  /** Signed out, a code cannot be tied to an account. */
  codeNeedsSignIn: "Sign in to confirm with the code, or open the link from the mail.",
} as const;

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
