/**
 * The sessions you can see (ADR 054): what Settings → Sessions lists of each signed-in session and
 * API token, the words people read, and the API token's name rule. Pure: the service
 * (worker/services/accounts/session-list.ts) reads the rows and calls these.
 */
import * as v from "valibot";

import { HOUR_MS } from "../shared/dates.ts";
import { formatDate } from "../shared/format.ts";
import { describeUserAgent } from "./user-agent.ts";

/** An API token's name: required, at most this many characters (refused past it, never cut). */
export const TOKEN_NAME_MAX = 60;

export const SESSION_MESSAGES = {
  ended: "The session was ended. It is signed out the next time it is used.",
  notFound: "That session was not found: it may have ended already",
  tokenNameRequired: "Give the token a name, such as the script or app that will use it",
  tokenNameTooLong: `The token's name can be at most ${TOKEN_NAME_MAX} characters`,
  tokenNameText: "The token's name must be text",
  tooManyTokens:
    "You already have the most API tokens an account can hold (10): revoke one you no longer use, then try again",
  tokenCreated: "Your API token was created. Copy it now: it is shown only once.",
  alertLinkInvalid: "This link does not work: the session it names has already ended, or the link is not complete.",
  alertEnded: "That session was ended. If it was not you, change your password now.",
} as const;

/** The body of POST /api/auth/tokens, for the API's document (`validateTokenName` holds the rule). */
export const TokenBody = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(TOKEN_NAME_MAX)) });

/** A token's name, trimmed and with its runs of spaces folded; or the message that refuses it. */
export function validateTokenName(raw: unknown): { ok: true; value: string } | { ok: false; errors: { name: string } } {
  if (raw !== undefined && raw !== null && typeof raw !== "string") {
    return { ok: false, errors: { name: SESSION_MESSAGES.tokenNameText } };
  }
  const name = (raw ?? "").replace(/\s+/g, " ").trim();
  if (!name) return { ok: false, errors: { name: SESSION_MESSAGES.tokenNameRequired } };
  if ([...name].length > TOKEN_NAME_MAX) return { ok: false, errors: { name: SESSION_MESSAGES.tokenNameTooLong } };
  return { ok: true, value: name };
}

export type SessionKind = "browser" | "api" | "token";

/** One row of the list, as both doors show it. */
export interface SessionView {
  id: string;
  kind: SessionKind;
  /** An API token's name; null for sign-ins. */
  name: string | null;
  /** "Firefox on macOS", "curl", "Unknown browser". */
  device: string;
  /** The sign-in's network (an IPv4 address or an IPv6 /64), or null when unknown. */
  network: string | null;
  /** "Paris, FR", "FR", or "Unknown place". */
  place: string;
  startedAt: string;
  /** When it was last seen to be used: exact to the hour (refreshed at most hourly). */
  lastUsedAt: string;
  /** "Now" (this device), "Within the hour", or a date. */
  lastUsed: string;
  /** The session the request came with. */
  current: boolean;
}

export const KIND_LABEL: Record<SessionKind, string> = {
  browser: "Browser",
  api: "API sign-in",
  token: "API token",
};

export const UNKNOWN_PLACE = "Unknown place";

/** Cloudflare's approximate place of a network, as written. */
export function placeText(city: string | null, country: string | null): string {
  if (city && country) return `${city}, ${country}`;
  return city ?? country ?? UNKNOWN_PLACE;
}

/**
 * When a session was last used. `last_verified_at` moves at most once an hour (sessions.ts
 * SESSION_REFRESH_MS), so a use is known only to within the hour after it.
 */
export function lastUsedText(lastVerifiedAt: number, now: number, current: boolean): string {
  if (current) return "Now";
  if (now - lastVerifiedAt < HOUR_MS) return "Within the hour";
  return formatDate(lastVerifiedAt);
}

/** The row of one session, as the list shows it. */
export function sessionView(
  row: {
    id: string;
    kind: SessionKind;
    name: string | null;
    userAgent: string | null;
    network: string | null;
    country: string | null;
    city: string | null;
    createdAt: number;
    lastVerifiedAt: number;
  },
  currentId: string | null,
  now: number,
): SessionView {
  const current = row.id === currentId;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    device: describeUserAgent(row.userAgent),
    network: row.network === "unknown" ? null : row.network,
    place: placeText(row.city, row.country),
    startedAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastVerifiedAt).toISOString(),
    lastUsed: lastUsedText(row.lastVerifiedAt, now, current),
    current,
  };
}
