/**
 * Confirming it is you (step-up, ADR 054), the API's door (the page's is app/routes/confirm-access.tsx):
 * `POST /api/auth/confirm` {password} | {code}. Mounted under /api/auth beside `authApi`.
 */
import { Hono } from "hono";
import * as v from "valibot";

import { ConfirmBody } from "../../domain/accounts/confirm";
import { confirmIdentity } from "../services/accounts/confirm";
import { STEP_UP_MESSAGES } from "../services/accounts/step-up";
import type { HonoEnv } from "../types";
import { ok } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

export const confirmApi = new Hono<HonoEnv>();

const ConfirmedAnswer = v.object({
  success: ok,
  message: v.string(),
  method: v.picklist(["password", "totp", "recovery", "passkey"]),
  confirmedUntil: v.pipe(v.string(), v.isoTimestamp()),
});

/** POST /api/auth/confirm {password} | {code} → 200 { confirmedUntil } | 400 | 401 | 429. */
confirmApi.post(
  "/confirm",
  operation({
    operationId: "confirmIdentity",
    tag: "Auth",
    summary: "Confirm it's you",
    description:
      "Changing the email or the password, downloading your data, deleting the account, creating an API token and " +
      "changing second factors need the session to have proved who it is in the last 10 minutes (they answer 403 " +
      "`confirmation_required` otherwise; signing in counts). Send the password, or, when the account has an " +
      "authenticator app on, a 6-digit code or a recovery code. Wrong passwords count toward the password lockout " +
      "(5 in 15 minutes); wrong codes toward the codes' (10 an hour, 20 a day).",
    access: "signed-in",
    body: { schema: ConfirmBody, example: { password: "Analytical-Engine-1843" } },
    ok: {
      200: {
        description: "Confirmed: the session counts as confirmed until `confirmedUntil`",
        schema: ConfirmedAnswer,
        example: {
          success: true,
          message: STEP_UP_MESSAGES.confirmed,
          method: "password",
          confirmedUntil: "2026-12-03T10:59:32.000Z",
        },
      },
    },
    refusals: [400, 401, 413, 415, 429],
  }),
  async (c) => {
    const out = await confirmIdentity(c.get("db"), c.get("user"), await readBody(c));
    return c.json({
      success: true as const,
      message: STEP_UP_MESSAGES.confirmed,
      method: out.method,
      confirmedUntil: new Date(out.confirmedUntil).toISOString(),
    });
  },
);
