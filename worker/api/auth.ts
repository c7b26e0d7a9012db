import { Hono, type Context } from "hono";

import { PASSWORD_MESSAGES, PasswordChangeBody } from "../../domain/accounts/password-form";
import { changePassword, signOutOtherSessions } from "../services/accounts/account-security";
import { completeSignIn, login, registerUser } from "../services/accounts/auth";
import {
  DEVICE_COOKIE,
  deviceCookie,
  invalidateSession,
  publicUser,
  readCookie,
  type SignedIn,
} from "../services/accounts/sessions";
import { requireSignedIn } from "../services/shared/access";
import { clientAddress, clientInfo } from "../services/shared/client";
import type { HonoEnv } from "../types";
import {
  EXAMPLES,
  MeAnswer,
  SECOND_STEP_MESSAGE,
  SecondFactorAnswer,
  SecondFactorBody,
  SessionsEndedAnswer,
  SignedInAnswer,
} from "./answers/auth";
import { MessageAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";
import { SigninSchema, signupSchema } from "../../domain/shared/schemas";
import { ForgotPasswordBody, RESET_MESSAGES, ResetPasswordBody } from "../../domain/accounts/password-reset";
import { mailerFor } from "../mail/mailer";
import { requestPasswordReset, resetPassword } from "../services/accounts/password-reset";

export const authApi = new Hono<HonoEnv>();

/** API clients get the token in the body; a browser calling the API also keeps its device cookie. */
function signedInBody(c: Context<HonoEnv>, out: SignedIn) {
  if (out.deviceToken) c.header("Set-Cookie", deviceCookie(out.deviceToken, c.get("secureCookies")), { append: true });
  return { success: true, token: out.token, user: publicUser(out.user) };
}

/** POST /api/auth/signup → 201 { token, user } | 4xx { message } */
authApi.post(
  "/signup",
  operation({
    operationId: "signUp",
    tag: "Auth",
    summary: "Create an account",
    description: "Creates an investor or founder account and signs it in: the answer carries a session token.",
    access: "public",
    body: { schema: signupSchema({ requireConfirm: false }), example: EXAMPLES.signup },
    ok: { 201: { description: "Signed up and signed in", schema: SignedInAnswer, example: EXAMPLES.signedIn } },
    refusals: [400, 409, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const out = await registerUser(db, body, {
      clientIp: clientAddress(c.req.raw),
      client: clientInfo(c.req.raw),
      kind: "api",
      requireConfirm: false,
      mailer: mailerFor(c.env, c.executionCtx, db),
    });
    return c.json(signedInBody(c, out), 201);
  },
);

/** POST /api/auth/login → 200 { token, user } | 4xx { message } */
authApi.post(
  "/login",
  operation({
    operationId: "signIn",
    tag: "Auth",
    summary: "Sign in",
    description:
      "Answers a session token for `Authorization: Bearer`. Repeated wrong passwords hold the account back for a while (429).",
    access: "public",
    body: { schema: SigninSchema, example: EXAMPLES.login },
    ok: {
      200: { description: "Signed in", schema: SignedInAnswer, example: EXAMPLES.signedIn },
      202: {
        description:
          "The password is right and the account has two-step sign-in on: finish with POST /api/auth/login/second-factor",
        schema: SecondFactorAnswer,
        example: EXAMPLES.secondFactor,
      },
    },
    refusals: [400, 401, 403, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const out = await login(c.get("db"), body, {
      clientIp: clientAddress(c.req.raw),
      deviceToken: readCookie(c.req.raw, DEVICE_COOKIE),
      client: clientInfo(c.req.raw),
      kind: "api",
      mailer: mailerFor(c.env, c.executionCtx, c.get("db")),
    });
    if ("pendingToken" in out) {
      return c.json(
        {
          success: true as const,
          secondFactorRequired: true as const,
          message: SECOND_STEP_MESSAGE,
          pendingToken: out.pendingToken,
          expiresAt: new Date(out.expiresAt).toISOString(),
          methods: out.methods,
        },
        202,
      );
    }
    return c.json(signedInBody(c, out));
  },
);

/** POST /api/auth/login/second-factor { pendingToken, code } → 200 { token, user } | 400 | 401 | 429 */
authApi.post(
  "/login/second-factor",
  operation({
    operationId: "signInSecondFactor",
    tag: "Auth",
    summary: "Finish a sign-in with a code",
    description:
      "The second step of a sign-in whose account has two-step sign-in on: the `pendingToken` of the 202 answer and a 6-digit code from the authenticator app or a recovery code. A code works once; a recovery code is used up. Wrong codes count against the account: 10 an hour, 20 a day (429 past them). The pending sign-in lasts 10 minutes (401 after).",
    access: "public",
    body: { schema: SecondFactorBody, example: EXAMPLES.secondFactorBody },
    ok: { 200: { description: "Signed in", schema: SignedInAnswer, example: EXAMPLES.signedIn } },
    refusals: [400, 401, 403, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const out = await completeSignIn(
      db,
      body.pendingToken,
      body.code,
      Date.now(),
      mailerFor(c.env, c.executionCtx, db),
    );
    return c.json(signedInBody(c, out));
  },
);

/** POST /api/auth/logout: ends the presented session on the server. */
authApi.post(
  "/logout",
  operation({
    operationId: "signOut",
    tag: "Auth",
    summary: "Sign out",
    description: "Ends the presented session on the server (answers the same without one).",
    access: "optional",
    ok: { 200: { description: "Signed out", schema: MessageAnswer, example: EXAMPLES.signedOut } },
    refusals: [],
  }),
  async (c) => {
    const token = c.get("sessionToken");
    if (token) await invalidateSession(c.get("db"), token);
    return c.json({ success: true, message: "Signed out" });
  },
);

/** GET /api/auth/me: the caller's own user, or 401. */
authApi.get(
  "/me",
  operation({
    operationId: "getMe",
    tag: "Auth",
    summary: "The signed-in user",
    access: "signed-in",
    ok: { 200: { description: "The caller's own user", schema: MeAnswer, example: EXAMPLES.me } },
    refusals: [401],
  }),
  (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    return c.json({
      success: true,
      user: {
        ...publicUser(user),
        emailVerified: user.emailVerified === true,
        pendingEmail: user.pendingEmail ?? null,
      },
    });
  },
);

/**
 * POST /api/auth/password { currentPassword, newPassword, confirmPassword? } → 200 | 400 { message,
 * errors } | 401 | 429. Every other session of the user ends; the calling one stays.
 */
authApi.post(
  "/password",
  operation({
    operationId: "changePassword",
    tag: "Auth",
    summary: "Change the password",
    description: "Every other session of the user ends; the calling one stays.",
    access: "signed-in",
    body: { schema: PasswordChangeBody, example: EXAMPLES.password },
    ok: { 200: { description: "Changed", schema: SessionsEndedAnswer, example: EXAMPLES.passwordChanged } },
    refusals: [400, 401, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const mailer = mailerFor(c.env, c.executionCtx, db);
    const out = await changePassword(db, c.get("user"), c.get("sessionToken"), body, Date.now(), mailer);
    return c.json({ success: true, message: PASSWORD_MESSAGES.changed, endedSessions: out.endedSessions });
  },
);

/** POST /api/auth/sessions/revoke-others → 200 { endedSessions } | 401: ends every other session. */
authApi.post(
  "/sessions/revoke-others",
  operation({
    operationId: "signOutOtherSessions",
    tag: "Auth",
    summary: "Sign out every other session",
    access: "signed-in",
    ok: { 200: { description: "Ended", schema: SessionsEndedAnswer, example: EXAMPLES.othersEnded } },
    refusals: [401],
  }),
  async (c) => {
    const out = await signOutOtherSessions(c.get("db"), c.get("user"), c.get("sessionToken"));
    return c.json({ success: true, message: PASSWORD_MESSAGES.othersSignedOut, endedSessions: out.endedSessions });
  },
);

/**
 * POST /api/auth/forgot-password { email } → 200 { message } (the same for any address) | 400 | 429.
 * The mail, when the address has an account, is sent after the answer (ADR 044).
 */
authApi.post(
  "/forgot-password",
  operation({
    operationId: "requestPasswordReset",
    tag: "Auth",
    summary: "Ask for a password-reset link",
    description:
      "Mails a link that works once, for 1 hour, to the account with this address. The answer is the same whether or not such an account exists; 5 requests an hour per address.",
    access: "public",
    body: { schema: ForgotPasswordBody, example: { email: "ada@university.edu" } },
    ok: {
      200: {
        description: "Asked (a mail goes out only to an account's address)",
        schema: MessageAnswer,
        example: { success: true, message: RESET_MESSAGES.requested },
      },
    },
    refusals: [400, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const out = await requestPasswordReset(db, body, {
      clientIp: clientAddress(c.req.raw),
      mailer: mailerFor(c.env, c.executionCtx, db),
    });
    return c.json({ success: true, message: out.message });
  },
);

/**
 * POST /api/auth/reset-password { token, password, confirmPassword? } → 200 | 400 { message, errors }
 * | 404 (the link does not work). Every session and device of the account ends; nobody is signed in.
 */
authApi.post(
  "/reset-password",
  operation({
    operationId: "resetPassword",
    tag: "Auth",
    summary: "Set a new password with a reset link's token",
    description:
      "The token is the last part of the mailed link. Every session and remembered device of the account ends and any sign-in lockout is lifted; no session is made: sign in with the new password.",
    access: "public",
    body: {
      schema: ResetPasswordBody,
      example: { token: "q4Vx2mN8pR1sT6uW0yZ3aB5cD7eF9gH_iJ-kL2mN4oP", password: "Copper-Lantern-58" },
    },
    ok: {
      200: {
        description: "Changed; sign in with the new password",
        schema: MessageAnswer,
        example: { success: true, message: RESET_MESSAGES.changed },
      },
    },
    refusals: [400, 404, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    await resetPassword(db, body, { mailer: mailerFor(c.env, c.executionCtx, db) });
    return c.json({ success: true, message: RESET_MESSAGES.changed });
  },
);
