/**
 * Passkeys (ADR 054), mounted at /api/auth beside authApi: register, list, rename and remove them
 * (signed in; adding and removing need a fresh confirmation), sign in with one without a password,
 * and finish a pending sign-in with one. Thin doors onto worker/services/accounts/passkeys.ts, which
 * Settings' and the sign-in pages' actions call too.
 */
import { mailerFor } from "../mail/mailer";
import { Hono, type Context } from "hono";

import { PASSKEY_MESSAGES } from "../../domain/accounts/passkeys";
import {
  AddPasskeyBody,
  addPasskey,
  finishSignInWithPasskey,
  listPasskeys,
  PasskeyNameBody,
  PasskeySecondStepBody,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
  passkeySignInOptions,
  registrationOptions,
  relyingPartyFor,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "../services/accounts/passkeys";
import { DEVICE_COOKIE, deviceCookie, publicUser, readCookie, type SignedIn } from "../services/accounts/sessions";
import { clientAddress, clientInfo } from "../services/shared/client";
import type { HonoEnv } from "../types";
import { EXAMPLES as AUTH_EXAMPLES, SignedInAnswer } from "./answers/auth";
import { MessageAnswer } from "./answers/common";
import {
  CreationOptionsAnswer,
  EXAMPLES,
  PasskeyAnswer,
  PasskeysAnswer,
  RequestOptionsAnswer,
} from "./answers/passkeys";
import { operation } from "./openapi";
import { readBody } from "./util";

const ID = "The passkey's `id` (its credential id, base64url).";
const STEP_UP = "Needs a confirmation within the last 10 minutes (403 `confirmation_required` otherwise).";
const rp = (c: Context<HonoEnv>) => relyingPartyFor(c.env, c.req.url);
const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

/** As POST /api/auth/login's 200: the token in the body; a browser calling the API keeps its device cookie. */
function signedInBody(c: Context<HonoEnv>, out: SignedIn) {
  if (out.deviceToken) c.header("Set-Cookie", deviceCookie(out.deviceToken, c.get("secureCookies")), { append: true });
  return { success: true as const, token: out.token, user: publicUser(out.user) };
}

export const passkeysApi = new Hono<HonoEnv>()
  .post(
    "/passkeys/registration-options",
    operation({
      operationId: "passkeyRegistrationOptions",
      tag: "Auth",
      summary: "Start adding a passkey",
      description: `The options for \`navigator.credentials.create()\`: a challenge good for 5 minutes and one answer, the account's passkeys excluded. At most 10 passkeys an account (409). ${STEP_UP}`,
      access: "signed-in",
      ok: { 200: { description: "The options", schema: CreationOptionsAnswer, example: EXAMPLES.creationOptions } },
      refusals: [401, 403, 409, 429],
    }),
    async (c) => {
      const options = await registrationOptions(c.get("db"), c.get("user"), rp(c), {
        clientIp: clientAddress(c.req.raw),
      });
      return c.json({ success: true as const, options });
    },
  )
  .post(
    "/passkeys",
    operation({
      operationId: "addPasskey",
      tag: "Auth",
      summary: "Add a passkey",
      description: `The browser's answer to the registration options, verified (the challenge, this site's origin and relying party), and the passkey's name (1 to 50 characters). ${STEP_UP}`,
      access: "signed-in",
      body: { schema: AddPasskeyBody, example: EXAMPLES.addBody },
      ok: { 201: { description: "Added", schema: PasskeyAnswer, example: EXAMPLES.added } },
      refusals: [400, 401, 403, 409, 413, 415],
    }),
    async (c) => {
      const passkey = await addPasskey(
        c.get("db"),
        c.get("user"),
        await readBody(c),
        rp(c),
        Date.now(),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      );
      return c.json({ success: true as const, message: PASSKEY_MESSAGES.added, passkey }, 201);
    },
  )
  .get(
    "/passkeys",
    operation({
      operationId: "listPasskeys",
      tag: "Auth",
      summary: "The account's passkeys",
      description: "Oldest first, at most 10: each with its name, when it was added and last used.",
      access: "signed-in",
      ok: { 200: { description: "The passkeys", schema: PasskeysAnswer, example: EXAMPLES.list } },
      refusals: [401],
    }),
    async (c) => c.json({ success: true as const, passkeys: await listPasskeys(c.get("db"), c.get("user")) }),
  )
  .patch(
    "/passkeys/:id",
    operation({
      operationId: "renamePasskey",
      tag: "Auth",
      summary: "Rename a passkey",
      access: "signed-in",
      params: { id: ID },
      body: { schema: PasskeyNameBody, example: EXAMPLES.rename },
      ok: { 200: { description: "Renamed", schema: PasskeyAnswer, example: EXAMPLES.renamed } },
      refusals: [400, 401, 404, 413, 415],
    }),
    async (c) => {
      const passkey = await renamePasskey(c.get("db"), c.get("user"), param(c, "id"), await readBody(c));
      return c.json({ success: true as const, message: PASSKEY_MESSAGES.renamed, passkey });
    },
  )
  .delete(
    "/passkeys/:id",
    operation({
      operationId: "removePasskey",
      tag: "Auth",
      summary: "Remove a passkey",
      description: `It no longer signs in. ${STEP_UP}`,
      access: "signed-in",
      params: { id: ID },
      ok: { 200: { description: "Removed", schema: MessageAnswer, example: EXAMPLES.removed } },
      refusals: [401, 403, 404],
    }),
    async (c) => {
      await removePasskey(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        Date.now(),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      );
      return c.json({ success: true as const, message: PASSKEY_MESSAGES.removed });
    },
  )
  .post(
    "/passkey-sign-in/options",
    operation({
      operationId: "passkeySignInOptions",
      tag: "Auth",
      summary: "Start signing in with a passkey",
      description:
        "The options for `navigator.credentials.get()`, a challenge good for 5 minutes and one answer. Without a body (or `{}`): a sign-in without a password, any passkey of this site. With the `pendingToken` of POST /api/auth/login's 202: that sign-in's second step, the account's own passkeys (400 when it has none). 30 requests per 15 minutes per network (429).",
      access: "public",
      body: { schema: PasskeySignInOptionsBody, example: EXAMPLES.optionsBody, required: false },
      ok: { 200: { description: "The options", schema: RequestOptionsAnswer, example: EXAMPLES.requestOptions } },
      refusals: [400, 401, 413, 415, 429],
    }),
    async (c) => {
      const options = await passkeySignInOptions(c.get("db"), await readBody(c), rp(c), {
        clientIp: clientAddress(c.req.raw),
      });
      return c.json({ success: true as const, options });
    },
  )
  .post(
    "/passkey-sign-in",
    operation({
      operationId: "signInWithPasskey",
      tag: "Auth",
      summary: "Sign in with a passkey",
      description:
        "No password: the browser's answer to the sign-in options, verified with the person's verification (a PIN, a fingerprint), so it counts as two factors and signs in even with two-step sign-in on. Answers as POST /api/auth/login's 200. Failed answers count against the network: 20 per 15 minutes (429).",
      access: "public",
      body: { schema: PasskeySignInBody, example: EXAMPLES.signInBody },
      ok: { 200: { description: "Signed in", schema: SignedInAnswer, example: AUTH_EXAMPLES.signedIn } },
      refusals: [400, 403, 413, 415, 429],
    }),
    async (c) => {
      const out = await signInWithPasskey(c.get("db"), await readBody(c), rp(c), {
        clientIp: clientAddress(c.req.raw),
        deviceToken: readCookie(c.req.raw, DEVICE_COOKIE),
        client: clientInfo(c.req.raw),
        kind: "api",
        mailer: mailerFor(c.env, c.executionCtx, c.get("db")),
      });
      return c.json(signedInBody(c, out));
    },
  )
  .post(
    "/login/passkey",
    operation({
      operationId: "signInSecondFactorPasskey",
      tag: "Auth",
      summary: "Finish a sign-in with a passkey",
      description:
        "The second step of a sign-in whose account has two-step sign-in on, with one of the account's passkeys: the `pendingToken` of the 202 answer and the browser's answer to the options POST /api/auth/passkey-sign-in/options gave for it. Another account's passkey is refused (400). Failed answers count against the network: 20 per 15 minutes (429).",
      access: "public",
      body: { schema: PasskeySecondStepBody, example: EXAMPLES.secondStepBody },
      ok: { 200: { description: "Signed in", schema: SignedInAnswer, example: AUTH_EXAMPLES.signedIn } },
      refusals: [400, 401, 403, 413, 415, 429],
    }),
    async (c) => {
      const body = await readBody(c);
      const out = await finishSignInWithPasskey(c.get("db"), body.pendingToken, body.response, rp(c), {
        clientIp: clientAddress(c.req.raw),
        mailer: mailerFor(c.env, c.executionCtx, c.get("db")),
      });
      return c.json(signedInBody(c, out));
    },
  );
