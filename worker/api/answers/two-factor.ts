/** The answers of /api/auth/two-factor (worker/api/two-factor.ts), with their examples (ADR 042). */
import * as v from "valibot";

import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../../domain/accounts/two-factor-settings";
import { ok } from "./common";

export const TwoFactorStatusAnswer = v.object({
  success: ok,
  twoFactor: v.object({
    on: v.boolean(),
    confirmedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    enrolling: v.boolean(),
    recoveryCodesLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});

export const TotpEnrolmentAnswer = v.object({
  success: ok,
  message: v.string(),
  /** The secret, base32, for typing into an app. */
  secret: v.string(),
  /** The `otpauth://` URI the QR code carries. */
  uri: v.string(),
  /** The QR code, an SVG image with a text alternative. */
  qrSvg: v.string(),
});

export const RecoveryCodesAnswer = v.object({
  success: ok,
  message: v.string(),
  /** Ten codes, each working once; shown this once only. */
  recoveryCodes: v.array(v.string()),
});

export const TotpConfirmBody = v.object({ code: v.pipe(v.string(), v.maxLength(40)) });

const CODES = [
  "k7qmz-4tn2a",
  "p3xwe-9hjrc",
  "b8udv-s2kfy",
  "m5gqt-7wnxe",
  "r2hzp-c6vjd",
  "y9aeb-3mtsk",
  "f4nrx-8qpzu",
  "w6cjt-2dyhm",
  "e3svk-5bgqa",
  "t7pmw-9xrfn",
];

export const TWO_FACTOR_EXAMPLES = {
  status: {
    success: true,
    twoFactor: { on: true, confirmedAt: "2026-12-03T10:40:00.000Z", enrolling: false, recoveryCodesLeft: 9 },
  },
  enrolment: {
    success: true,
    message: TWO_FACTOR_SETTINGS_MESSAGES.started,
    secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    uri: "otpauth://totp/CampusFund:ada%40university.edu?issuer=CampusFund&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    qrSvg: '<svg role="img" aria-label="QR code that adds CampusFund to an authenticator app" …</svg>',
  },
  confirm: { code: "492039" },
  turnedOn: { success: true, message: TWO_FACTOR_SETTINGS_MESSAGES.turnedOn, recoveryCodes: CODES },
  regenerated: { success: true, message: TWO_FACTOR_SETTINGS_MESSAGES.regenerated, recoveryCodes: CODES },
  turnedOff: { success: true, message: TWO_FACTOR_SETTINGS_MESSAGES.turnedOff },
} as const;
