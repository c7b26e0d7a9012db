/**
 * Verified addresses (ADR 045): proving an address with the mail's link or code, asking for a
 * new mail, and changing the account's address (worker/services/accounts/email-verification.ts).
 * `emailAuthApi` is mounted under /api/auth, `myEmailApi` under /api/me.
 */
import { Hono } from "hono";

import { EmailChangeBody, VERIFY_MESSAGES, VerifyEmailBody } from "../../domain/accounts/email-verification";
import { mailerFor } from "../mail/mailer";
import {
  requestEmailChange,
  resendVerification,
  verifyEmailCode,
  verifyEmailToken,
} from "../services/accounts/email-verification";
import type { HonoEnv } from "../types";
import { MessageAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

export const emailAuthApi = new Hono<HonoEnv>();
export const myEmailApi = new Hono<HonoEnv>();

/**
 * POST /api/auth/verify-email { token } | { code } → 200 { message } | 400 | 401 (a code without a
 * session) | 404 (a link that does not work) | 409 (the address was taken meanwhile).
 */
emailAuthApi.post(
  "/verify-email",
  operation({
    operationId: "verifyEmail",
    tag: "Auth",
    summary: "Confirm an email address",
    description:
      "With `token` (the last part of the mailed link), no session is needed. With `code` (the mail's 6 digits), the session's account is confirmed; 5 wrong codes per mail, then ask for a new one. After an address change, the account takes the confirmed address.",
    access: "optional",
    body: { schema: VerifyEmailBody, example: { token: "q4Vx2mN8pR1sT6uW0yZ3aB5cD7eF9gH_iJ-kL2mN4oP" } },
    ok: {
      200: {
        description: "Confirmed",
        schema: MessageAnswer,
        example: { success: true, message: VERIFY_MESSAGES.verified },
      },
    },
    refusals: [400, 401, 404, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const mailer = mailerFor(c.env, c.executionCtx, db);
    const proved =
      typeof body.token === "string" || body.code === undefined
        ? await verifyEmailToken(db, typeof body.token === "string" ? body.token : "", Date.now(), mailer)
        : await verifyEmailCode(db, c.get("user"), body, Date.now(), mailer);
    const message = proved.changed ? VERIFY_MESSAGES.changed(proved.email) : VERIFY_MESSAGES.verified;
    return c.json({ success: true, message });
  },
);

/** POST /api/auth/verify-email/resend → 200 { message } | 400 (nothing to confirm) | 401 | 429. */
emailAuthApi.post(
  "/verify-email/resend",
  operation({
    operationId: "resendVerificationEmail",
    tag: "Auth",
    summary: "Send a new confirmation link",
    description:
      "Mails a new link and code for the address waiting to be confirmed; earlier ones stop working. 5 an hour per account and per address.",
    access: "signed-in",
    ok: {
      200: {
        description: "Sent",
        schema: MessageAnswer,
        example: { success: true, message: VERIFY_MESSAGES.resent("ada@university.edu") },
      },
    },
    refusals: [400, 401, 429],
  }),
  async (c) => {
    const db = c.get("db");
    const out = await resendVerification(db, c.get("user"), {
      mailer: mailerFor(c.env, c.executionCtx, db),
    });
    return c.json({ success: true, message: VERIFY_MESSAGES.resent(out.email) });
  },
);

/** POST /api/me/email { email, currentPassword } → 200 { message } | 400 | 401 | 409 | 429. */
myEmailApi.post(
  "/email",
  operation({
    operationId: "changeMyEmail",
    tag: "Auth",
    summary: "Change the email address",
    description:
      "Mails a confirmation link to the new address and a notice to the current one. The account keeps its current address until the new one is confirmed.",
    access: "signed-in",
    body: {
      schema: EmailChangeBody,
      example: { email: "ada.lovelace@university.edu", currentPassword: "Analytical-Engine-1843" },
    },
    ok: {
      200: {
        description: "Asked; the address changes when the new one is confirmed",
        schema: MessageAnswer,
        example: { success: true, message: VERIFY_MESSAGES.changeRequested("ada.lovelace@university.edu") },
      },
    },
    refusals: [400, 401, 409, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const out = await requestEmailChange(db, c.get("user"), body, {
      mailer: mailerFor(c.env, c.executionCtx, db),
    });
    return c.json({ success: true, message: out.message });
  },
);
