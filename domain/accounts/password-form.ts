/**
 * Change password (account settings, Login & Security). The new password follows the sign-up
 * rules (spec section 5, ADR 013): at least 6 characters, not only spaces, at most 128, and not a
 * common password (checked by the service, which holds the list). Errors are keyed by field.
 */
import * as v from "valibot";

import { FIELD_MESSAGES } from "../shared/fields";
import { MAX_PASSWORD, MIN_PASSWORD } from "../shared/schemas";
import { MESSAGES } from "../shared/messages";
import { isBlank, normalizeText } from "../shared/text";

export const PASSWORD_MESSAGES = {
  currentRequired: "Please enter your current password",
  newRequired: MESSAGES.newPasswordRequired,
  confirmRequired: MESSAGES.newPasswordConfirmRequired,
  wrongCurrent: "Your current password is not correct",
  sameAsCurrent: "Your new password must be different from your current password",
  tooLong: `Password must be at most ${MAX_PASSWORD} characters`,
  changed: "Your password has been changed. You have been signed out of every other device.",
  othersSignedOut: "You have been signed out of every other device.",
  tooManyAttempts: "Too many wrong passwords. Please wait 15 minutes and try again.",
  mustBeText: FIELD_MESSAGES.mustBeText,
} as const;

/**
 * The body's shape, for the API's document (`validatePasswordChange` holds the rules and their
 * messages): three strings, `confirmPassword` optional.
 */
export const PasswordChangeBody = v.object({
  currentPassword: v.pipe(v.string(), v.maxLength(MAX_PASSWORD)),
  newPassword: v.pipe(v.string(), v.minLength(MIN_PASSWORD), v.maxLength(MAX_PASSWORD)),
  confirmPassword: v.optional(v.pipe(v.string(), v.maxLength(MAX_PASSWORD))),
});

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export type PasswordValidation = { ok: true; value: PasswordChange } | { ok: false; errors: Record<string, string> };

const str = (x: unknown) => (typeof x === "string" ? normalizeText(x) : x == null ? "" : null);

/**
 * `confirmPassword` is the form's; API clients may leave it out, and when they send it, it must
 * match. Every field's first message at once.
 */
export function validatePasswordChange(body: Record<string, unknown>): PasswordValidation {
  const errors: Record<string, string> = {};
  const current = str(body.currentPassword);
  const next = str(body.newPassword);
  const confirm = body.confirmPassword === undefined ? undefined : str(body.confirmPassword);

  if (current === null) errors.currentPassword = PASSWORD_MESSAGES.mustBeText("Current password");
  else if (current === "") errors.currentPassword = PASSWORD_MESSAGES.currentRequired;
  else if (current.length > MAX_PASSWORD) errors.currentPassword = PASSWORD_MESSAGES.tooLong;

  if (next === null) errors.newPassword = PASSWORD_MESSAGES.mustBeText("New password");
  else if (next === "") errors.newPassword = PASSWORD_MESSAGES.newRequired;
  else if (next.length < MIN_PASSWORD) errors.newPassword = MESSAGES.passwordTooShort;
  else if (isBlank(next)) errors.newPassword = MESSAGES.passwordBlank;
  else if (next.length > MAX_PASSWORD) errors.newPassword = PASSWORD_MESSAGES.tooLong;
  else if (!next.isWellFormed()) errors.newPassword = PASSWORD_MESSAGES.mustBeText("New password");
  else if (typeof current === "string" && next === current) errors.newPassword = PASSWORD_MESSAGES.sameAsCurrent;

  if (confirm === null) errors.confirmPassword = PASSWORD_MESSAGES.mustBeText("Confirm password");
  else if (confirm !== undefined && confirm === "" && typeof next === "string" && next !== "")
    errors.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  else if (confirm !== undefined && confirm !== "" && confirm !== next)
    errors.confirmPassword = MESSAGES.passwordsMismatch;

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { currentPassword: current as string, newPassword: next as string } };
}
