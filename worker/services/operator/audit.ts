/**
 * The admin audit log (ADR 030): every admin action writes one row, in the same D1 batch as the
 * action, right after the action's guarded write and only if that write changed its one row
 * (`changes() = 1`, which SQLite answers for the statement just before), so a refused request or
 * the loser of two sent at once leaves no entry. Rows are never changed or removed: triggers in
 * the migration refuse UPDATE and DELETE on `admin_audit`.
 *
 * Two ways in: the admin console's own actions (approve, suspend, hide…) call `reserveAdminAction`
 * and `auditStatement`; a service anyone's owner may call (edit a project, post an update, cancel
 * an investment…) asks `overseeing(db, viewer, ownerId)`, which is a no-op for the owner and, for
 * an admin acting on what someone else owns, takes a slot of their limit and writes the row.
 */
import type { Database } from "../../../db/client";
import type { AdminAction, AuditChange, AuditDTO, AuditTarget, PersonState } from "../../../domain/operator/admin";
import { can } from "../../../domain/shared/access";
import type { SessionUser } from "../../../domain/shared/types";
import { requireAdmin } from "../shared/access";
import { reserve, type RateLimit } from "../shared/rate-limit";
import { HOUR_MS } from "../../../domain/shared/dates";

/** The condition for what follows an action's write in its batch: that write changed its row. */
export const WROTE_ONE_ROW = "changes() = 1";

export interface AuditEntry {
  adminId: string;
  action: AdminAction;
  targetType: AuditTarget;
  targetId: string;
  /** The record's name as people read it (not for a person: theirs is read from their account). */
  targetName?: string | null;
  changes?: AuditChange[] | null;
  reason?: string | null;
  now: number;
}

/**
 * The audit row's INSERT for a batch: place it right after the action's guarded write (the
 * default condition reads that write's `changes()`); `onlyIf` replaces the condition. The insert
 * itself changes one row exactly when it writes, so a statement after it may read `changes()` as
 * it would have read the action's.
 */
export function auditStatement(db: Database, e: AuditEntry, onlyIf: string = WROTE_ONE_ROW): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into admin_audit (id, admin_id, action, target_type, target_id, target_name, changes, reason, created_at)
       select lower(hex(randomblob(16))), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where ${onlyIf}`,
    )
    .bind(
      e.adminId,
      e.action,
      e.targetType,
      e.targetId,
      e.targetType === "user" ? null : (e.targetName ?? null),
      e.changes?.length ? JSON.stringify(e.changes) : null,
      e.reason ?? null,
      e.now,
    );
}

/** An admin's oversight of one act (see `overseeing`). */
export interface Oversight {
  /** The acting admin's id, when the viewer acts on what someone else owns; null for the owner. */
  adminId: string | null;
  /** The audit row for the act's batch (none for the owner): place it right after the act's write. */
  audit(entry: Omit<AuditEntry, "adminId" | "now">, onlyIf?: string): D1PreparedStatement[];
}

/**
 * The one way a service that owners and admins share records an admin's act: when `viewer` is an
 * admin and `ownerId` is someone else (or no one), takes one slot of the admin's hourly limit (a
 * 429 past it, before anything is written) and returns an `Oversight` whose `audit` writes the
 * row; for the owner, nothing is taken and `audit` writes nothing. Call it after the request's
 * own checks, right before the act's batch.
 */
export async function overseeing(
  db: Database,
  viewer: SessionUser | null,
  ownerId: string | null,
  now: number = Date.now(),
): Promise<Oversight> {
  if (!viewer || viewer.id === ownerId || !can(viewer, "administer")) {
    return { adminId: null, audit: () => [] };
  }
  await reserveAdminAction(db, viewer.id, now);
  const adminId = viewer.id;
  return {
    adminId,
    audit: (entry, onlyIf) => [auditStatement(db, { ...entry, adminId, now }, onlyIf)],
  };
}

/**
 * The fields whose values differ between `before` and `after` (compared as JSON), in `fields`'
 * order; `keepValues: false` keeps the names only (a person's own words).
 */
export function changedFields(
  before: object,
  after: object,
  fields: readonly string[],
  keepValues: boolean = true,
): AuditChange[] {
  const out: AuditChange[] = [];
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  for (const field of fields) {
    const b = was[field] ?? null;
    const a = is[field] ?? null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out.push(keepValues ? { field, before: b, after: a } : { field, before: null, after: null });
  }
  return out;
}

export const AUDIT_SHOWN = 50;

const personState = (requested: number | null, deleted: number | null): PersonState =>
  deleted !== null ? "deleted" : requested !== null ? "pending_deletion" : "active";

/**
 * The newest entries first, the admin and any person acted on named from their accounts (with
 * where their deletion stands): one statement, bounded.
 */
export async function listAudit(
  db: Database,
  viewer: SessionUser | null,
  limit: number = AUDIT_SHOWN,
): Promise<AuditDTO[]> {
  requireAdmin(viewer);
  const rows = await db.$client
    .prepare(
      `select a.*, u.first_name || ' ' || u.last_name as admin_name,
         u.deletion_requested_at as admin_requested, u.deleted_at as admin_deleted,
         t.first_name || ' ' || t.last_name as person_name,
         t.deletion_requested_at as person_requested, t.deleted_at as person_deleted
       from admin_audit a
       left join users u on u.id = a.admin_id
       left join users t on a.target_type = 'user' and t.id = a.target_id
       order by a.created_at desc, a.id desc limit ?1`,
    )
    .bind(Math.min(Math.max(1, limit), AUDIT_SHOWN))
    .all<{
      id: string;
      admin_id: string;
      admin_name: string | null;
      admin_requested: number | null;
      admin_deleted: number | null;
      action: AdminAction;
      target_type: AuditTarget;
      target_id: string;
      target_name: string | null;
      person_name: string | null;
      person_requested: number | null;
      person_deleted: number | null;
      changes: string | null;
      reason: string | null;
      created_at: number;
    }>();
  return rows.results.map((r) => ({
    id: r.id,
    adminId: r.admin_id,
    adminName: r.admin_deleted !== null ? null : r.admin_name,
    adminState: personState(r.admin_requested, r.admin_deleted),
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetName: r.target_type === "user" ? (r.person_deleted !== null ? null : r.person_name) : r.target_name,
    targetState: r.target_type === "user" ? personState(r.person_requested, r.person_deleted) : "active",
    changes: r.changes ? (JSON.parse(r.changes) as AuditChange[]) : null,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Admin actions per admin an hour: generous for a person, a stop for a runaway script or a stolen session. */
export const ADMIN_RATE_LIMIT = {
  max: 300,
  windowMs: HOUR_MS,
  message: "Too many admin actions in the last hour. Please wait a few minutes and try again.",
} as const satisfies RateLimit;

/** Takes one slot of the acting admin's hourly limit (a 429 past it), before the action's batch. */
export async function reserveAdminAction(db: Database, adminId: string, now: number = Date.now()): Promise<void> {
  await reserve(db, [{ key: `admin:${adminId}`, limit: ADMIN_RATE_LIMIT }], now);
}
