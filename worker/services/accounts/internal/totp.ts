/**
 * Authenticator codes (TOTP, RFC 6238; ADR 054), computed by `otpauth` (maintained, passes RFC
 * 6238's vectors in workerd). The comparison, without an early exit, and the window are ours; the
 * replay rule (a step later than the last accepted) is the caller's claim (second-factor.ts).
 */
import { Secret, TOTP } from "otpauth";

import { TOTP_ISSUER, TOTP_PARAMS, TOTP_WINDOW, timeStep } from "../../../../domain/accounts/two-factor";

/** The code of `secret` (base32) at time step `step`. */
export function totpCode(secret: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    ...TOTP_PARAMS,
    timestamp: step * TOTP_PARAMS.period * 1000,
  });
}

/** Compares two strings of digits without an early exit (the same work whatever differs). */
function sameCode(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/**
 * The time step whose code `code` is, among the steps around `now` (TOTP_WINDOW each side), or null.
 * Every candidate is computed and compared, whichever matches. The caller accepts the step only if
 * it is later than the last one accepted (the replay rule).
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const current = timeStep(now);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (sameCode(totpCode(secret, step), code) && found === null) found = step;
  }
  return found;
}

/** A new 160-bit secret, base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI the QR code carries (Google's Key Uri Format, which every app reads). */
export function totpUri(secret: string, account: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    ...TOTP_PARAMS,
  }).toString();
}
