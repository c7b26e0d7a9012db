/**
 * Confirming it is you (step-up, ADR 054): the session's holder proves who they are again, and the
 * session counts as confirmed for CONFIRMATION_WINDOW_MS (step-up.ts). One proof, checked by the
 * check that already guards it:
 * - the password: account-security.ts `checkCurrentPassword` (the password change's message and
 *   its wrong-guess limit, 5 in 15 minutes per account);
 * - a 6-digit code or a recovery code, when the authenticator app is on: second-factor.ts
 *   `checkSecondFactor` (10 wrong an hour, 20 a day; a code works once);
 * - a passkey: its ceremony is verified elsewhere, which then calls `confirmVerified`.
 * Both doors (POST /api/auth/confirm, /confirm-access) call `confirmIdentity`.
 */
import { CONFIRM_MESSAGES } from "../../../domain/accounts/confirm";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { clearStatements } from "../shared/rate-limit";
import { checkCurrentPassword } from "./account-security";
import { checkSecondFactor, totpEnabled } from "./second-factor";
import { CONFIRMATION_WINDOW_MS, confirmStatement } from "./step-up";
import { MESSAGES } from "../../../domain/shared/messages";
import { PASSWORD_MESSAGES } from "../../../domain/accounts/password-form";
import { MAX_PASSWORD } from "../../../domain/shared/schemas";

export type ConfirmMethod = "password" | "totp" | "recovery" | "passkey";

export interface Confirmed {
  method: ConfirmMethod;
  /** Until when (ms) the session counts as confirmed. */
  confirmedUntil: number;
}

/** The viewer's session, which a confirmation marks; 401 without one. */
function sessionOf(viewer: SessionUser): string {
  const id = viewer.session?.id;
  if (!id) throw new ServiceError(401, MESSAGES.authRequired, "auth_required");
  return id;
}

/**
 * The seam for a proof checked elsewhere (a passkey's assertion, verified by its ceremony): marks
 * the viewer's session confirmed now, with `extra` statements in the same batch.
 */
export async function confirmVerified(
  db: Database,
  viewer: SessionUser | null,
  method: ConfirmMethod,
  now: number = Date.now(),
  extra: D1PreparedStatement[] = [],
): Promise<Confirmed> {
  requireSignedIn(viewer);
  await db.$client.batch([confirmStatement(db, sessionOf(viewer), now), ...extra]);
  return { method, confirmedUntil: now + CONFIRMATION_WINDOW_MS };
}

/**
 * `{ password }` or `{ code }` (a 6-digit code or a recovery code, only with the authenticator app
 * on; a password given wins): checked, then the viewer's session is confirmed. 400 for a missing or wrong answer (the field
 * named), 429 past the answer's limit; nothing changes on a refusal.
 */
export async function confirmIdentity(
  db: Database,
  viewer: SessionUser | null,
  body: Record<string, unknown>,
  now: number = Date.now(),
): Promise<Confirmed> {
  requireSignedIn(viewer);
  sessionOf(viewer);
  const { password, code } = body;
  if (typeof password === "string" && password !== "") {
    if (password.length > MAX_PASSWORD) {
      throw new ServiceError(400, PASSWORD_MESSAGES.tooLong, "validation_error", {
        errors: { password: PASSWORD_MESSAGES.tooLong },
      });
    }
    const slot = await checkCurrentPassword(db, viewer.id, password, "password", now);
    return confirmVerified(db, viewer, "password", now, clearStatements(db, [slot.key]));
  }
  if (typeof code === "string") {
    if (!(await totpEnabled(db, viewer.id))) {
      throw new ServiceError(400, CONFIRM_MESSAGES.noAuthenticator, "no_authenticator", {
        errors: { code: CONFIRM_MESSAGES.noAuthenticator },
      });
    }
    const method = await checkSecondFactor(db, viewer.id, code, { now });
    return confirmVerified(db, viewer, method, now);
  }
  throw new ServiceError(400, CONFIRM_MESSAGES.passwordRequired, "validation_error", {
    errors: { password: CONFIRM_MESSAGES.passwordRequired },
  });
}
