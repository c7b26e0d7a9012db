/** Test clients: distinct addresses and a password the sign-up accepts (every suite uses these). */
import { Secret, TOTP } from "otpauth";

import { DEMO_ADMIN_TOTP_SECRET, TOTP_PARAMS } from "../../domain/accounts/two-factor.ts";

let seq = 0;

/**
 * A client address no other test uses (the IPv6 documentation range), so the per-address rate
 * limits (ADR 013) meet only where a test means them to.
 */
export function uniqueIp(): string {
  const r = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${r()}:${r()}:${r()}:${(seq++ % 0xffff).toString(16)}::1`;
}

/** A password long and rare enough for the common-password rule. */
export const TEST_PASSWORD = "Quill-Harbor-73";

/**
 * The demo admin's current authenticator code (its secret is local demo data, in the README; ADR
 * 054), for the scripts and tests that sign the demo admin in through the API's second step.
 */
export function demoAdminCode(now: number = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET), ...TOTP_PARAMS, timestamp: now });
}
