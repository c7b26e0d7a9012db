/**
 * The sessions you can see (ADR 054), mounted under /api/auth beside `authApi`: the account's
 * signed-in sessions and API tokens (GET /sessions), ending one or revoking a token
 * (DELETE /sessions/{id}), and a new named API token (POST /tokens, shown once). Signing out every
 * other session stays POST /sessions/revoke-others (worker/api/auth.ts).
 */
import { Hono, type Context } from "hono";

import { SESSION_MESSAGES, TokenBody } from "../../domain/accounts/sessions";
import { createApiToken, endSession, listSessions } from "../services/accounts/session-list";
import { clientAddress, clientInfo } from "../services/shared/client";
import type { HonoEnv } from "../types";
import { EXAMPLES, SessionsAnswer, TokenAnswer } from "./answers/sessions";
import { MessageAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

export const sessionsApi = new Hono<HonoEnv>();

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

/** GET /api/auth/sessions → 200 { sessions } | 401 */
sessionsApi.get(
  "/sessions",
  operation({
    operationId: "listSessions",
    tag: "Auth",
    summary: "The account's sessions and API tokens",
    description:
      "Every signed-in session and API token of the account: its kind, device and browser (read from the User-Agent), network and approximate place where known, when it started and when it was last used (known to within the hour: `lastUsedAt` moves at most hourly). `current` marks the calling session. Sign-ins first, then tokens, the most recently used first; at most 20.",
    access: "signed-in",
    ok: { 200: { description: "The sessions", schema: SessionsAnswer, example: EXAMPLES.sessions } },
    refusals: [401],
  }),
  async (c) => c.json({ success: true as const, sessions: await listSessions(c.get("db"), c.get("user")) }),
);

/** DELETE /api/auth/sessions/{id} → 200 | 401 | 404: ends one of the caller's own sessions or tokens. */
sessionsApi.delete(
  "/sessions/:id",
  operation({
    operationId: "endSession",
    tag: "Auth",
    summary: "End a session or revoke an API token",
    description:
      "Ends one of the caller's own sessions or API tokens: its next request is refused (401). Another account's session, or one already ended, is a 404.",
    access: "signed-in",
    params: { id: "The session's id (`id` in the list)." },
    ok: { 200: { description: "Ended", schema: MessageAnswer, example: EXAMPLES.ended } },
    refusals: [401, 404],
  }),
  async (c) => {
    await endSession(c.get("db"), c.get("user"), param(c, "id"));
    return c.json({ success: true as const, message: SESSION_MESSAGES.ended });
  },
);

/** POST /api/auth/tokens { name } → 201 { token, session } | 400 | 401 | 403 | 409 */
sessionsApi.post(
  "/tokens",
  operation({
    operationId: "createApiToken",
    tag: "Auth",
    summary: "Create a named API token",
    description:
      "A token for `Authorization: Bearer`, named so it can be told apart in the list; the answer is the only time it is shown. Needs a confirmation in the last 10 minutes (a sign-in, or the password or a code since): 403 `confirmation_required` otherwise. The name is required, at most 60 characters. At most 10 tokens per account (409). A token stops working after 30 days unused or 90 days after it was made, like any session.",
    access: "signed-in",
    body: { schema: TokenBody, example: EXAMPLES.tokenBody },
    ok: { 201: { description: "Created (shown once)", schema: TokenAnswer, example: EXAMPLES.token } },
    refusals: [400, 401, 403, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const out = await createApiToken(c.get("db"), c.get("user"), body, {
      network: clientAddress(c.req.raw),
      client: clientInfo(c.req.raw),
    });
    return c.json({ success: true as const, message: SESSION_MESSAGES.tokenCreated, ...out }, 201);
  },
);
