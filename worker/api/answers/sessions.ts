/** The answers of /api/auth/sessions and /api/auth/tokens (worker/api/sessions.ts), with their examples. */
import * as v from "valibot";

import { SESSION_MESSAGES } from "../../../domain/accounts/sessions";
import { ok } from "./common";

const iso = v.pipe(v.string(), v.isoTimestamp());

export const SessionAnswer = v.object({
  id: v.string(),
  kind: v.picklist(["browser", "api", "token"]),
  name: v.nullable(v.string()),
  device: v.string(),
  network: v.nullable(v.string()),
  place: v.string(),
  startedAt: iso,
  lastUsedAt: iso,
  lastUsed: v.string(),
  current: v.boolean(),
});

export const SessionsAnswer = v.object({ success: ok, sessions: v.array(SessionAnswer) });
export const TokenAnswer = v.object({ success: ok, message: v.string(), token: v.string(), session: SessionAnswer });

const THIS_ONE = {
  id: "k3v9q2m8x7w4t6y5r2p9n3b8",
  kind: "browser",
  name: null,
  device: "Firefox on macOS",
  network: "203.0.113.9",
  place: "Boston, US",
  startedAt: "2026-12-01T09:12:00.000Z",
  lastUsedAt: "2026-12-03T10:00:00.000Z",
  lastUsed: "Now",
  current: true,
} as const;

const A_TOKEN = {
  id: "m2x8c4v6b7n9q3w5e2r8t4y6",
  kind: "token",
  name: "Portfolio export script",
  device: "curl",
  network: "203.0.113.9",
  place: "Boston, US",
  startedAt: "2026-11-20T16:40:00.000Z",
  lastUsedAt: "2026-12-02T08:00:00.000Z",
  lastUsed: "Dec 2, 2026",
  current: false,
} as const;

export const EXAMPLES = {
  sessions: { success: true, sessions: [THIS_ONE, A_TOKEN] },
  ended: { success: true, message: SESSION_MESSAGES.ended },
  tokenBody: { name: "Portfolio export script" },
  token: {
    success: true,
    message: SESSION_MESSAGES.tokenCreated,
    token: "m2x8c4v6b7n9q3w5e2r8t4y6.(secret, shown once)",
    session: { ...A_TOKEN, lastUsed: "Now", current: false },
  },
} as const;
