/**
 * The sessions you can see (ADR 054): Settings → Sessions and /api/auth/sessions list every
 * signed-in session and API token of the account, end one, or end all others (account-security.ts
 * `signOutOtherSessions`); API tokens are made here (a session of kind `token` with a name, shown
 * once) and revoked like any session. The session middleware reads the session's row on every
 * request (sessions.ts `validateSessionToken`), so an ended one is refused on its next request.
 * The new-sign-in mail's link ends its session without a sign-in (`endSessionByAlertLink`).
 */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";

import { SESSION_MESSAGES, sessionView, validateTokenName, type SessionView } from "../../../domain/accounts/sessions";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { sessions } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import type { ClientInfo } from "../shared/client";
import { ServiceError, validOrThrow } from "../shared/errors";
import { sha256Hex } from "./internal/secrets";
import { RESET_TOKEN_PATTERN } from "../../../domain/accounts/password-reset";
import {
  MAX_API_TOKENS_PER_USER,
  MAX_SESSIONS_PER_USER,
  SESSION_ABSOLUTE_MS,
  SESSION_INACTIVITY_MS,
  sessionStatements,
} from "./sessions";
import { requireRecentConfirmation } from "./step-up";

/**
 * The most rows the list reads: the two caps. Sign-ins racing the cap's trim can leave a few more
 * for a moment; the least recently used are the ones left out.
 */
export const SESSION_LIST_LIMIT = MAX_SESSIONS_PER_USER + MAX_API_TOKENS_PER_USER;

const live = (userId: string, now: number) =>
  and(
    eq(sessions.userId, userId),
    gt(sessions.lastVerifiedAt, now - SESSION_INACTIVITY_MS),
    gt(sessions.createdAt, now - SESSION_ABSOLUTE_MS),
  );

/** What a session's row shows in the list and on the end-session page. */
const SESSION_COLUMNS = {
  id: sessions.id,
  kind: sessions.kind,
  name: sessions.name,
  userAgent: sessions.userAgent,
  network: sessions.network,
  country: sessions.country,
  city: sessions.city,
  createdAt: sessions.createdAt,
  lastVerifiedAt: sessions.lastVerifiedAt,
};

/**
 * The account's live sessions and tokens (sessions_user_idx): the asking session ("This device")
 * first, then the other sign-ins, then tokens, each the most recently used first.
 */
export async function listSessions(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<SessionView[]> {
  requireSignedIn(viewer);
  const rows = await db
    .select(SESSION_COLUMNS)
    .from(sessions)
    .where(live(viewer.id, now))
    .orderBy(asc(sql`${sessions.kind} = 'token'`), desc(sessions.lastVerifiedAt), desc(sessions.createdAt))
    .limit(SESSION_LIST_LIMIT);
  const views = rows.map((row) => sessionView(row, viewer.session?.id ?? null, now));
  return [...views.filter((s) => s.current), ...views.filter((s) => !s.current)];
}

/** Ends one of the viewer's own sessions or tokens (404 for anyone else's or one already ended). */
export async function endSession(db: Database, viewer: SessionUser | null, id: string): Promise<void> {
  requireSignedIn(viewer);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, viewer.id)))
    .returning({ id: sessions.id });
  if (!ended.length) throw new ServiceError(404, SESSION_MESSAGES.notFound, "session_not_found");
}

/**
 * A new named API token (`{ name }`): a session of kind `token`, answered once. Needs a recent
 * confirmation (step-up, 403). At most MAX_API_TOKENS_PER_USER (409: revoke one first, rather
 * than the cap quietly ending the oldest). A token never counts as a confirmation itself.
 */
export async function createApiToken(
  db: Database,
  viewer: SessionUser | null,
  fields: Record<string, unknown>,
  options: { network: string; client: ClientInfo; now?: number },
): Promise<{ token: string; session: SessionView }> {
  requireSignedIn(viewer);
  const now = options.now ?? Date.now();
  requireRecentConfirmation(viewer, now);
  const name = validOrThrow(validateTokenName(fields.name), "first");
  const held = await db
    .select({ n: sql<number>`count(*)` })
    .from(sessions)
    .where(and(live(viewer.id, now), eq(sessions.kind, "token")));
  if (Number(held[0]?.n ?? 0) >= MAX_API_TOKENS_PER_USER) {
    throw new ServiceError(409, SESSION_MESSAGES.tooManyTokens, "too_many_tokens");
  }
  const origin = {
    kind: "token" as const,
    name,
    network: options.network,
    ...options.client,
    secondFactor: null,
  };
  const made = await sessionStatements(db, viewer.id, now, origin);
  await db.$client.batch([
    ...made.statements,
    db.$client.prepare("update sessions set confirmed_at = 0 where id = ?1").bind(made.sessionId),
  ]);
  return {
    token: made.token,
    session: sessionView(
      { id: made.sessionId, ...origin, userAgent: origin.userAgent, createdAt: now, lastVerifiedAt: now },
      viewer.session?.id ?? null,
      now,
    ),
  };
}

/** The session a new-sign-in mail's link names, or a 404 (an ended session, a wrong link). */
async function alertedSession(db: Database, token: string) {
  const refused = new ServiceError(404, SESSION_MESSAGES.alertLinkInvalid, "invalid_session_link");
  if (!RESET_TOKEN_PATTERN.test(token)) throw refused;
  const hash = await sha256Hex(token);
  const row = (await db.select(SESSION_COLUMNS).from(sessions).where(eq(sessions.alertTokenHash, hash)).limit(1))[0];
  if (!row) throw refused;
  return { row, hash };
}

/** What the link's page shows before its button is pressed (nothing changes). */
export async function readAlertedSession(db: Database, token: string, now: number = Date.now()): Promise<SessionView> {
  const { row } = await alertedSession(db, token);
  return sessionView(row, null, now);
}

/** The link's button: ends exactly the session the link names; no sign-in needed (the link is the proof). */
export async function endSessionByAlertLink(db: Database, token: string): Promise<void> {
  const { row, hash } = await alertedSession(db, token);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, row.id), eq(sessions.alertTokenHash, hash)))
    .returning({ id: sessions.id });
  if (!ended.length) throw new ServiceError(404, SESSION_MESSAGES.alertLinkInvalid, "invalid_session_link");
}
