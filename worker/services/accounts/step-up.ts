/**
 * Step-up (ADR 054; OWASP ASVS 5 re-authentication, NIST SP 800-63B): changing the email, the
 * password or the second factors, downloading the data, deleting the account and creating an API
 * token need the session's holder to have proved who they are within CONFIRMATION_WINDOW_MS: the
 * password or a second factor at sign-in, or a confirmation since (`confirmStatement`).
 * `requireRecentConfirmation` is the one guard both doors call, in the service.
 */
import { MINUTE_MS } from "../../../domain/shared/dates";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { ServiceError } from "../shared/errors";

/** How long a confirmation lasts: 10 minutes. */
export const CONFIRMATION_WINDOW_MS = 10 * MINUTE_MS;

export const STEP_UP_MESSAGES = {
  required: "Confirm it's you: enter your password or a code from your authenticator app, then try again",
  confirmed: "Thanks, that's you. You can make changes to your security settings for the next 10 minutes.",
} as const;

/** Whether the viewer's session proved who they are recently enough. */
export function recentlyConfirmed(viewer: SessionUser, now: number = Date.now()): boolean {
  const at = viewer.session?.confirmedAt ?? 0;
  return now - at < CONFIRMATION_WINDOW_MS;
}

/** 403 `confirmation_required` unless the session proved who they are in the last 10 minutes. */
export function requireRecentConfirmation(viewer: SessionUser, now: number = Date.now()): void {
  if (!recentlyConfirmed(viewer, now)) {
    // `code` in the answer too, so an API client knows to POST /api/auth/confirm and try again.
    throw new ServiceError(403, STEP_UP_MESSAGES.required, "confirmation_required", {
      details: { code: "confirmation_required" },
    });
  }
}

/** Marks a session confirmed now (after the password or a second factor was checked). */
export function confirmStatement(db: Database, sessionId: string, now: number): D1PreparedStatement {
  return db.$client.prepare("update sessions set confirmed_at = ?2 where id = ?1").bind(sessionId, now);
}

/**
 * The statements that confirm the viewer's session when a change proved who they are itself: the
 * password change, the address change and Delete my account check the current password, which is
 * the confirmation (they do not ask for another first), so it also counts for the next 10 minutes.
 */
export function confirmedByProof(db: Database, viewer: SessionUser, now: number): D1PreparedStatement[] {
  return viewer.session ? [confirmStatement(db, viewer.session.id, now)] : [];
}
