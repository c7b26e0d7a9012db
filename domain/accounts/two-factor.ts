/**
 * Second factors (ADR 054): the authenticator app's codes (TOTP, RFC 6238), the one-time recovery
 * codes, the guess limits and the words people read. Pure: no I/O. The codes themselves are
 * computed in worker/services/accounts/internal/totp.ts (`otpauth`).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../shared/dates.ts";
import { MESSAGES } from "../shared/messages.ts";

/** RFC 6238's defaults, which every authenticator app reads: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_PARAMS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** A code of the step before or after the server's is accepted too (clocks drift): 3 codes are right at any moment. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = "CampusFund";
/**
 * The demo admin's authenticator secret (base32; local demo data only, seeded by db/seed-data.ts and
 * printed in the README): add it to an authenticator app, or print a code with `npm run -s totp`.
 */
export const DEMO_ADMIN_TOTP_SECRET = "CAMPUSFUNDDEMOADMINSECRETKEY2345";

/**
 * Wrong second-factor answers checked per account (codes and recovery codes together; ADR 054): 10 an
 * hour and 20 a day. The slot is taken before the answer is checked, so answers sent at once are held
 * to the same numbers. With 3 right codes among 10^6 at any moment, 20 guesses a day succeed with a
 * chance of at most 20 × 3 / 10^6 = 0.006 % a day, 0.18 % in 30 days, 2.2 % in a year, and only
 * for someone who already has the password.
 */
export const SECOND_FACTOR_LIMITS = {
  hour: { max: 10, windowMs: HOUR_MS },
  day: { max: 20, windowMs: DAY_MS },
  /**
   * Wrong codes at sign-in's second step from one network (an IPv4 address or IPv6 /64), across
   * accounts: someone holding many leaked passwords cannot spread guesses over the accounts.
   */
  network: { max: 30, windowMs: HOUR_MS },
} as const;

/** A sign-in waiting for its second factor lasts this long. */
export const PENDING_SIGN_IN_MS = 10 * MINUTE_MS;

/** Recovery codes: ten, each 10 characters of a 32-letter alphabet (50 bits), shown once as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code is not right, or it was already used. Enter the current code from your authenticator app.",
  tooManyCodesHour: "Too many wrong codes for this account: wait an hour, then try again.",
  tooManyCodesDay: "Too many wrong codes for this account today: try again tomorrow.",
  tooManyCodesNetwork: "Too many wrong codes from your network: wait an hour, then try again.",
  pendingExpired: "Your sign-in took too long. Sign in again with your password.",
  alreadyOn: "Two-step sign-in is already on for this account",
  notOn: "Two-step sign-in is not on for this account",
  noEnrolment: "Start again: add CampusFund to your authenticator app first",
  adminNeedsSecondFactor: MESSAGES.adminNeedsSecondFactor,
} as const;

/**
 * In production an admin uses the console only from a session that signed in with a second factor
 * (ADR 054; NIST SP 800-63B AAL2). Local runs and tests keep the password alone, so their admins
 * work without an authenticator.
 */
export function adminSecondFactorMissing(
  appEnv: string | undefined,
  session: { secondFactor: string | null } | undefined,
): boolean {
  return appEnv === "production" && !session?.secondFactor;
}

/** The time step of a moment (RFC 6238's T). */
export function timeStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PARAMS.period);
}

/** The secret in groups of four, as people type it into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** What a typed answer is: a 6-digit code, a recovery code (normalised for comparison), or neither. */
export function readSecondFactorAnswer(
  raw: unknown,
): { kind: "totp"; code: string } | { kind: "recovery"; code: string } | null {
  if (typeof raw !== "string") return null;
  const compact = raw.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: "recovery", code: compact };
  }
  return null;
}

/** Ten new recovery codes, as shown (`xxxxx-xxxxx`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const text = Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join("");
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
