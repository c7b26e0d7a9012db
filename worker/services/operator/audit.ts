/**
 * The admin audit log (ADR 030): every admin action writes one row, in the same D1 batch as the
 * action, right after the action's guarded write and only if that write changed its one row
 * (`changes() = 1`, which SQLite answers for the statement just before), so a refused request or
 * the loser of two sent at once leaves no entry. Rows are never changed or removed: triggers in
 * the migration refuse UPDATE and DELETE on `admin_audit`.
 */
import type { Database } from "../../../db/client";
import type { AdminAction, AuditDTO } from "../../../domain/operator/admin";
import type { SessionUser } from "../../../domain/shared/types";
import { requireAdmin } from "../shared/access";
import { reserve, type RateLimit } from "../shared/rate-limit";
import { HOUR_MS } from "../../../domain/shared/dates";

/** The condition for what follows an action's write in its batch: that write changed its row. */
export const WROTE_ONE_ROW = "changes() = 1";

export interface AuditEntry {
  adminId: string;
  action: AdminAction;
  targetType: "project" | "user" | "question" | "update";
  targetId: string;
  reason?: string | null;
  now: number;
}

/**
 * The audit row's INSERT for a batch: place it right after the action's guarded write (the
 * default condition reads that write's `changes()`); `onlyIf` replaces the condition.
 */
export function auditStatement(db: Database, e: AuditEntry, onlyIf: string = WROTE_ONE_ROW): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into admin_audit (id, admin_id, action, target_type, target_id, reason, created_at)
       select lower(hex(randomblob(16))), ?1, ?2, ?3, ?4, ?5, ?6 where ${onlyIf}`,
    )
    .bind(e.adminId, e.action, e.targetType, e.targetId, e.reason ?? null, e.now);
}

export const AUDIT_SHOWN = 50;

/** The newest entries first, with the admin's name: one statement, bounded. */
export async function listAudit(
  db: Database,
  viewer: SessionUser | null,
  limit: number = AUDIT_SHOWN,
): Promise<AuditDTO[]> {
  requireAdmin(viewer);
  const rows = await db.$client
    .prepare(
      `select a.*, u.first_name || ' ' || u.last_name as admin_name
       from admin_audit a left join users u on u.id = a.admin_id
       order by a.created_at desc, a.id desc limit ?1`,
    )
    .bind(Math.min(Math.max(1, limit), AUDIT_SHOWN))
    .all<{
      id: string;
      admin_id: string;
      admin_name: string | null;
      action: AdminAction;
      target_type: string;
      target_id: string;
      reason: string | null;
      created_at: number;
    }>();
  return rows.results.map((r) => ({
    id: r.id,
    adminId: r.admin_id,
    adminName: r.admin_name,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
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
