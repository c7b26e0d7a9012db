/**
 * Who may do what, written once: the checks every service starts with. They throw the spec's
 * message as a ServiceError, which both doors turn into the same answer.
 */
import { MESSAGES } from "../../app/lib/schemas";
import type { SessionUser } from "../../app/lib/types";
import { ServiceError } from "./errors";

/** 401 'Authentication required' without a signed-in user. */
export function requireSignedIn(viewer: SessionUser | null): asserts viewer is SessionUser {
  if (!viewer) throw new ServiceError(401, MESSAGES.authRequired, "auth_required");
}

/** The user themself, or an admin; else 403. */
export function assertSelfOrAdmin(viewer: SessionUser | null, userId: string): asserts viewer is SessionUser {
  requireSignedIn(viewer);
  if (viewer.id !== userId && viewer.role !== "admin") {
    throw new ServiceError(403, MESSAGES.noPermission, "forbidden");
  }
}
