/**
 * The operator's tools on people (ADR 030): suspend and reinstate an account, with a reason, and
 * the lists /admin shows. A suspension, in one batch: the account is marked, every session of it
 * ends, and the audit log gets its row (only if this request made the change). Sign-in then
 * refuses it (auth.ts), a session made by a sign-in racing the suspension ends at its next use
 * (sessions.ts), and its public content (questions, updates, public profile) is hidden where it is
 * read. Investments and the money invariants are untouched: nothing here writes them.
 */
import { desc, eq, getTableColumns, sql } from "drizzle-orm";

import { can } from "../../../domain/shared/access";
import type { AdminUserDTO } from "../../../domain/operator/admin";
import { REVIEW_MESSAGES } from "../../../domain/projects/review";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { projects, users } from "../../../db/schema";
import { requireAdmin } from "../shared/access";
import { auditStatement, reserveAdminAction } from "./audit";
import { ServiceError } from "../shared/errors";
import { investorCount, toProjectDTO } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { parseReason } from "../shared/reason";

const SUSPEND_REASON = {
  required: REVIEW_MESSAGES.suspendReasonRequired,
  tooLong: REVIEW_MESSAGES.suspendReasonTooLong,
};

function toAdminUser(u: typeof users.$inferSelect): AdminUserDTO {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    role: u.role,
    createdAt: new Date(u.createdAt).toISOString(),
    suspendedAt: u.suspendedAt ? new Date(u.suspendedAt).toISOString() : null,
    suspendedReason: u.suspendedReason,
    postingSuspendedUntil:
      u.postingSuspendedUntil !== null && u.postingSuspendedUntil > Date.now()
        ? new Date(u.postingSuspendedUntil).toISOString()
        : null,
  };
}

async function target(db: Database, userId: string): Promise<typeof users.$inferSelect> {
  const row =
    userId && userId.length <= 64 ? (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0] : undefined;
  if (!row) throw new ServiceError(404, REVIEW_MESSAGES.userNotFound, "not_found");
  return row;
}

/** Suspends an account with a reason: its sessions end at once; its money stays as it is. */
export async function suspendUser(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  body: unknown,
): Promise<AdminUserDTO> {
  requireAdmin(viewer);
  const reason = parseReason(body, SUSPEND_REASON);
  const user = await target(db, userId);
  if (can(user, "administer")) throw new ServiceError(409, REVIEW_MESSAGES.cannotSuspendAdmin, "admin_target");
  if (user.suspendedAt !== null) throw new ServiceError(409, REVIEW_MESSAGES.alreadySuspended, "already_suspended");
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update users set suspended_at = ?2, suspended_reason = ?3 where id = ?1 and suspended_at is null
         and role <> 'admin' returning *`,
      )
      .bind(user.id, now, reason),
    auditStatement(db, { adminId: viewer.id, action: "suspend", targetType: "user", targetId: user.id, reason, now }),
    d1.prepare("delete from sessions where user_id = ?1").bind(user.id),
    d1.prepare("delete from trusted_devices where user_id = ?1").bind(user.id),
  ]);
  if (!updated.results.length) throw new ServiceError(409, REVIEW_MESSAGES.alreadySuspended, "already_suspended");
  markPublicContentChanged();
  return toAdminUser({ ...user, suspendedAt: now, suspendedReason: reason });
}

/** Lifts a suspension (the reason, optional, goes to the audit log). The person signs in again. */
export async function reinstateUser(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  body: unknown,
): Promise<AdminUserDTO> {
  requireAdmin(viewer);
  const user = await target(db, userId);
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).reason : undefined;
  const reason = typeof raw === "string" && raw.trim() ? parseReason(body, SUSPEND_REASON) : null;
  if (user.suspendedAt === null) throw new ServiceError(409, REVIEW_MESSAGES.notSuspended, "not_suspended");
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update users set suspended_at = null, suspended_reason = null where id = ?1 and suspended_at = ?2 returning *`,
      )
      .bind(user.id, user.suspendedAt),
    auditStatement(db, { adminId: viewer.id, action: "reinstate", targetType: "user", targetId: user.id, reason, now }),
  ]);
  if (!updated.results.length) throw new ServiceError(409, REVIEW_MESSAGES.notSuspended, "not_suspended");
  markPublicContentChanged();
  return toAdminUser({ ...user, suspendedAt: null, suspendedReason: null });
}

export const ADMIN_LIST_SHOWN = 20;

/**
 * The newest accounts, or those whose email starts with `q`: one statement, bounded, on an index
 * (users_created_idx, or a range of users_email_unique). Ties go to the rowid, the index's own last
 * column, so the walk stops at the limit without a sort.
 */
export async function listUsersForAdmin(
  db: Database,
  viewer: SessionUser | null,
  q: string = "",
): Promise<AdminUserDTO[]> {
  requireAdmin(viewer);
  const term = q.trim().toLowerCase();
  const rows = term
    ? await db
        .select()
        .from(users)
        .where(sql`${users.email} >= ${term} and ${users.email} < ${`${term}\uffff`}`)
        .orderBy(users.email)
        .limit(ADMIN_LIST_SHOWN)
    : await db
        .select()
        .from(users)
        .orderBy(desc(users.createdAt), sql`${users}.rowid desc`)
        .limit(ADMIN_LIST_SHOWN);
  return rows.map(toAdminUser);
}

/**
 * The most recently changed projects, any status: one statement, bounded, walking
 * projects_updated_idx (ties by the rowid, the index's last column: no sort).
 */
export async function listRecentProjects(db: Database, viewer: SessionUser | null): Promise<ProjectDTO[]> {
  requireAdmin(viewer);
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount })
    .from(projects)
    .orderBy(desc(projects.updatedAt), sql`${projects}.rowid desc`)
    .limit(ADMIN_LIST_SHOWN);
  const now = Date.now();
  return rows.map((r) => toProjectDTO(r.project, r.investors, now));
}
