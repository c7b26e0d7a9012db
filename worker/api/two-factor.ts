/**
 * /api/auth/two-factor: two-step sign-in's settings (ADR 054), the API's door to
 * worker/services/accounts/two-factor-settings.ts (Settings' /settings/two-factor is the other).
 * Every change needs a session confirmed in the last 10 minutes (403 `confirmation_required`).
 */
import { mailerFor } from "../mail/mailer";
import { Hono } from "hono";

import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../domain/accounts/two-factor-settings";
import {
  confirmTotpEnrolment,
  disableTotp,
  readTwoFactor,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from "../services/accounts/two-factor-settings";
import type { HonoEnv } from "../types";
import {
  RecoveryCodesAnswer,
  TotpConfirmBody,
  TotpEnrolmentAnswer,
  TWO_FACTOR_EXAMPLES,
  TwoFactorStatusAnswer,
} from "./answers/two-factor";
import { MessageAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

export const twoFactorApi = new Hono<HonoEnv>();

const STEP_UP = "Needs a session that proved who it is in the last 10 minutes (sign-in or a confirmation): else 403.";

/** GET /api/auth/two-factor → 200 { twoFactor } | 401 */
twoFactorApi.get(
  "/",
  operation({
    operationId: "getTwoFactor",
    tag: "Auth",
    summary: "Two-step sign-in's status",
    description:
      "Whether the authenticator app is on (and since when), being added, and how many recovery codes are left.",
    access: "signed-in",
    ok: { 200: { description: "The status", schema: TwoFactorStatusAnswer, example: TWO_FACTOR_EXAMPLES.status } },
    refusals: [401],
  }),
  async (c) => {
    const s = await readTwoFactor(c.get("db"), c.get("user"));
    return c.json({
      success: true as const,
      twoFactor: { ...s, confirmedAt: s.confirmedAt === null ? null : new Date(s.confirmedAt).toISOString() },
    });
  },
);

/** POST /api/auth/two-factor/totp → 201 { secret, uri, qrSvg } | 401 | 403 | 409 */
twoFactorApi.post(
  "/totp",
  operation({
    operationId: "startTotp",
    tag: "Auth",
    summary: "Start adding an authenticator app",
    description: `A new secret, as text, as an \`otpauth://\` URI and as a QR code (SVG). Two-step sign-in turns on only once a code from the app confirms it (POST /api/auth/two-factor/totp/confirm); starting again replaces an unconfirmed secret. 409 when it is already on. ${STEP_UP}`,
    access: "signed-in",
    ok: {
      201: {
        description: "Started: confirm with a code",
        schema: TotpEnrolmentAnswer,
        example: TWO_FACTOR_EXAMPLES.enrolment,
      },
    },
    refusals: [401, 403, 409],
  }),
  async (c) => {
    const out = await startTotpEnrolment(c.get("db"), c.get("user"));
    return c.json({ success: true as const, message: TWO_FACTOR_SETTINGS_MESSAGES.started, ...out }, 201);
  },
);

/** POST /api/auth/two-factor/totp/confirm { code } → 200 { recoveryCodes } | 400 | 401 | 403 | 409 | 429 */
twoFactorApi.post(
  "/totp/confirm",
  operation({
    operationId: "confirmTotp",
    tag: "Auth",
    summary: "Turn two-step sign-in on with the app's first code",
    description: `Answers ten recovery codes, each working once, shown this once only (only their hashes are kept). A wrong code is a 400 and counts against the account's limits: 10 an hour, 20 a day (429 past them). ${STEP_UP}`,
    access: "signed-in",
    body: { schema: TotpConfirmBody, example: TWO_FACTOR_EXAMPLES.confirm },
    ok: {
      200: {
        description: "On: the recovery codes",
        schema: RecoveryCodesAnswer,
        example: TWO_FACTOR_EXAMPLES.turnedOn,
      },
    },
    refusals: [400, 401, 403, 409, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const out = await confirmTotpEnrolment(
      c.get("db"),
      c.get("user"),
      body,
      Date.now(),
      mailerFor(c.env, c.executionCtx, c.get("db")),
    );
    return c.json({ success: true as const, message: TWO_FACTOR_SETTINGS_MESSAGES.turnedOn, ...out });
  },
);

/** DELETE /api/auth/two-factor/totp → 200 | 401 | 403 | 409 */
twoFactorApi.delete(
  "/totp",
  operation({
    operationId: "disableTotp",
    tag: "Auth",
    summary: "Turn two-step sign-in off",
    description: `Removes the authenticator app (or an unfinished one) and every recovery code. 409 when there is none. ${STEP_UP}`,
    access: "signed-in",
    ok: { 200: { description: "Off", schema: MessageAnswer, example: TWO_FACTOR_EXAMPLES.turnedOff } },
    refusals: [401, 403, 409],
  }),
  async (c) => {
    await disableTotp(c.get("db"), c.get("user"), Date.now(), mailerFor(c.env, c.executionCtx, c.get("db")));
    return c.json({ success: true as const, message: TWO_FACTOR_SETTINGS_MESSAGES.turnedOff });
  },
);

/** POST /api/auth/two-factor/recovery-codes → 200 { recoveryCodes } | 401 | 403 | 409 */
twoFactorApi.post(
  "/recovery-codes",
  operation({
    operationId: "regenerateRecoveryCodes",
    tag: "Auth",
    summary: "Make new recovery codes",
    description: `Ten new codes in place of the old ones, which stop working; shown this once only. 409 when two-step sign-in is off. ${STEP_UP}`,
    access: "signed-in",
    ok: {
      200: { description: "The new codes", schema: RecoveryCodesAnswer, example: TWO_FACTOR_EXAMPLES.regenerated },
    },
    refusals: [401, 403, 409],
  }),
  async (c) => {
    const out = await regenerateRecoveryCodes(
      c.get("db"),
      c.get("user"),
      Date.now(),
      mailerFor(c.env, c.executionCtx, c.get("db")),
    );
    return c.json({ success: true as const, message: TWO_FACTOR_SETTINGS_MESSAGES.regenerated, ...out });
  },
);
