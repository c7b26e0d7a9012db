/**
 * Who may do what, written once: the checks every service starts with. They throw the spec's
 * message as a ServiceError, which both doors turn into the same answer.
 */
import { TWO_FACTOR_MESSAGES } from "../../../domain/accounts/two-factor";
import { can, type Capability } from "../../../domain/shared/access";
import { REVIEW_MESSAGES } from "../../../domain/projects/review";
import { MESSAGES } from "../../../domain/shared/messages";
import type { SessionUser } from "../../../domain/shared/types";
import { ServiceError } from "./errors";

/**
 * The one way to require a signed-in user: 401 'Authentication required' (or the form's own
 * `message`, say 'You must be logged in to save settings') without one. An assertion: after it,
 * `viewer` is a SessionUser, so no `viewer!` is needed. The pages' redirecting counterparts are
 * app/server/guards.server.ts `requireUser` and `requireAdminOrRedirect`.
 */
export function requireSignedIn(
  viewer: SessionUser | null | undefined,
  message: string = MESSAGES.authRequired,
): asserts viewer is SessionUser {
  if (!viewer) throw new ServiceError(401, message, "auth_required");
}

/** The user themself, or an admin; else 403. */
export function assertSelfOrAdmin(viewer: SessionUser | null, userId: string): asserts viewer is SessionUser {
  requireSignedIn(viewer);
  if (viewer.id !== userId && !can(viewer, "administer")) {
    throw new ServiceError(403, MESSAGES.noPermission, "forbidden");
  }
}

/**
 * A signed-in user holding `capability` (domain/shared/access.ts `can`); else 401 without a user, and
 * `refusal` (by default 403 'You do not have permission…') for a user without it.
 */
export function requireCan(
  viewer: SessionUser | null,
  capability: Capability,
  refusal: () => ServiceError = () => new ServiceError(403, MESSAGES.noPermission, "forbidden"),
): asserts viewer is SessionUser {
  requireSignedIn(viewer);
  if (!can(viewer, capability)) throw refusal();
}

/** An admin (ADR 030); else 401 without a user, 403 'You do not have permission to do that'. */
export function requireAdmin(viewer: SessionUser | null): asserts viewer is SessionUser {
  requireCan(viewer, "administer", () => new ServiceError(403, REVIEW_MESSAGES.adminOnly, "forbidden"));
  // In production, only from a session that signed in with a second factor (ADR 054).
  if (viewer.session?.consoleLocked) {
    throw new ServiceError(403, TWO_FACTOR_MESSAGES.adminNeedsSecondFactor, "second_factor_required");
  }
}

/** A moderation body's `hidden`: true unless it says false (`false`, "false", 0, "0"). */
export function hiddenFlag(body: unknown): boolean {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).hidden : undefined;
  return !(raw === false || raw === "false" || raw === 0 || raw === "0");
}
