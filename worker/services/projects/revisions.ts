/**
 * Material changes to a live raise go through review (ADR 050). A founder's save of a listed
 * project (`updateProject`) splits in two: the immediate fields (tags, social links, a later
 * deadline) are written at once; the material ones (domain/projects/revisions.ts MATERIAL_FIELDS)
 * become the project's one pending revision, a copy an admin reviews in the same queue as new
 * projects. The public page keeps the approved version until approval copies the revision onto
 * the project and asks every investor with an open commitment to reconfirm (reconfirmations.ts).
 * An admin's own material edit is applied at once as an approved revision (they are the
 * reviewer), and asks for reconfirmation the same way.
 */
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";

import { MATERIAL_FIELD_NAMES, REVISION_MESSAGES } from "../../../domain/projects/revisions";
import { REVIEW_MESSAGES } from "../../../domain/projects/review";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { quoted } from "../../../domain/shared/quote";
import type { SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { projectRevisions, projects, type ProjectRow } from "../../../db/schema";
import { requireAdmin } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { auditStatement, reserveAdminAction, WROTE_ONE_ROW } from "../operator/audit";
import { notifyOne } from "../conversation/notifications";
import { noticeMailId, noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import type { Mailer } from "../../mail/mailer";
import { markPublicContentChanged } from "../visitors/public-content";
import { askReconfirmation, reconfirmMailIds } from "../money/reconfirmations";
import { parseReason } from "../shared/reason";
import { LOCKED_TERMS, lockedTerm } from "../../../domain/projects/project-terms";

/**
 * The material columns of a project, as a revision's body keeps them, with `sector`: the browse
 * filter its category maps to, written with it (project-editor.ts `columnsOf`).
 */
export type MaterialColumns = Pick<ProjectRow, (typeof MATERIAL_FIELD_NAMES)[number] | "sector">;

/** The columns a revision writes: the material ones and the category's sector. */
const WRITTEN = [...MATERIAL_FIELD_NAMES, "sector"] as const;

/** The material columns of `columns` (a save's, or a project row's). */
export function materialOf(columns: MaterialColumns): MaterialColumns {
  return Object.fromEntries(WRITTEN.map((f) => [f, columns[f]])) as MaterialColumns;
}

/** The material fields whose values differ between the live project and a save. */
export function materialChanges(row: MaterialColumns, columns: MaterialColumns): string[] {
  return MATERIAL_FIELD_NAMES.filter((f) => JSON.stringify(row[f] ?? null) !== JSON.stringify(columns[f] ?? null));
}

/** The SQL that writes a revision's material columns onto its project (the column names of `projects`). */
function applyColumnsSql(): string {
  const cols = getTableColumns(projects);
  return WRITTEN.map((f) => `${cols[f].name} = json_extract(r.body, '$.${f}')`).join(", ");
}

/**
 * A founder's save of material changes on a live project: the statement that makes (or replaces)
 * its pending revision, for the save's batch.
 */
export function pendingRevisionStatement(
  db: Database,
  e: { projectId: string; authorId: string; columns: MaterialColumns; fields: string[]; now: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into project_revisions (id, project_id, author_id, status, body, fields, submitted_at)
       values (?1, ?2, ?3, 'pending', ?4, ?5, ?6)
       on conflict (project_id) where status = 'pending' do update set
         author_id = excluded.author_id, body = excluded.body, fields = excluded.fields,
         submitted_at = excluded.submitted_at`,
    )
    .bind(
      crypto.randomUUID(),
      e.projectId,
      e.authorId,
      JSON.stringify(materialOf(e.columns)),
      JSON.stringify(e.fields),
      e.now,
    );
}

/** A save that brings the material fields back to the live version: its pending revision is withdrawn. */
export function withdrawPendingStatement(db: Database, projectId: string, now: number): D1PreparedStatement {
  return db.$client
    .prepare(
      "update project_revisions set status = 'withdrawn', reviewed_at = ?2 where project_id = ?1 and status = 'pending'",
    )
    .bind(projectId, now);
}

/**
 * An admin's material edit, applied at once: an approved revision on the record (with what it
 * changed), and every open commitment asked to reconfirm. Statements for the edit's batch, after
 * its UPDATE of the project (`updatedAt` is that UPDATE's instant).
 */
export async function adminRevisionStatements(
  db: Database,
  e: { projectId: string; adminId: string; columns: MaterialColumns; fields: string[]; title: string; now: number },
): Promise<D1PreparedStatement[]> {
  const id = crypto.randomUUID();
  const d1 = db.$client;
  return [
    d1
      .prepare(
        `insert into project_revisions (id, project_id, author_id, status, body, fields, reviewer_id, submitted_at, reviewed_at)
         select ?1, ?2, ?3, 'approved', ?4, ?5, ?3, ?6, ?6
         where exists (select 1 from projects where id = ?2 and updated_at = ?6)`,
      )
      .bind(id, e.projectId, e.adminId, JSON.stringify(materialOf(e.columns)), JSON.stringify(e.fields), e.now),
    ...(await askReconfirmation(db, {
      projectId: e.projectId,
      revisionId: id,
      fields: e.fields,
      title: e.title,
      now: e.now,
    })),
  ];
}

export interface RevisionDTO {
  id: string;
  projectId: string;
  status: "pending" | "approved" | "changes_requested" | "withdrawn";
  fields: string[];
  /** The material columns as the founder saved them. */
  values: Record<string, unknown>;
  reviewNote: string | null;
  submittedAt: string;
}

type RevisionRow = typeof projectRevisions.$inferSelect;

function toRevisionDTO(r: RevisionRow): RevisionDTO {
  return {
    id: r.id,
    projectId: r.projectId,
    status: r.status,
    fields: JSON.parse(r.fields) as string[],
    values: JSON.parse(r.body) as Record<string, unknown>,
    reviewNote: r.reviewNote,
    submittedAt: new Date(r.submittedAt).toISOString(),
  };
}

/**
 * What the founder's form shows of a live project's changes: the pending revision, or the latest
 * one an admin sent back (with its note) when nothing newer was approved. One statement on
 * project_revisions_project_idx.
 */
export async function currentRevision(db: Database, projectId: string): Promise<RevisionDTO | null> {
  const [latest] = await db
    .select()
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, projectId))
    .orderBy(desc(projectRevisions.submittedAt))
    .limit(1);
  if (!latest || (latest.status !== "pending" && latest.status !== "changes_requested")) return null;
  return toRevisionDTO(latest);
}

export interface RevisionQueueEntry {
  revision: RevisionDTO;
  project: { id: string; slug: string; title: string; investors: number };
  /** Each changed field, as live and as proposed. */
  changes: { field: string; before: unknown; after: unknown }[];
}

export const REVISION_QUEUE_SHOWN = 50;

/** Pending revisions, oldest first, each with its diff against the live project: one statement, bounded. */
export async function listRevisionQueue(db: Database, viewer: SessionUser | null): Promise<RevisionQueueEntry[]> {
  requireAdmin(viewer);
  const rows = await db
    .select({
      revision: projectRevisions,
      project: projects,
      investors: sql<number>`(select count(distinct i.investor_id) from investments i where i.project_id = ${projects.id} and i.status = 'active')`,
    })
    .from(projectRevisions)
    .innerJoin(projects, eq(projects.id, projectRevisions.projectId))
    .where(eq(projectRevisions.status, "pending"))
    .orderBy(asc(projectRevisions.submittedAt))
    .limit(REVISION_QUEUE_SHOWN);
  return rows.map((r) => {
    const revision = toRevisionDTO(r.revision);
    const live = r.project as unknown as Record<string, unknown>;
    return {
      revision,
      project: { id: r.project.id, slug: r.project.slug, title: r.project.title, investors: Number(r.investors) },
      changes: revision.fields.map((field) => ({
        field,
        before: live[field] ?? null,
        after: revision.values[field] ?? null,
      })),
    };
  });
}

/** A revision and its project, or 404. */
async function revisionOf(db: Database, revisionId: string): Promise<{ revision: RevisionRow; project: ProjectRow }> {
  const key = typeof revisionId === "string" && revisionId.length <= 64 ? revisionId : "";
  const [row] = key
    ? await db
        .select({ revision: projectRevisions, project: projects })
        .from(projectRevisions)
        .innerJoin(projects, eq(projects.id, projectRevisions.projectId))
        .where(eq(projectRevisions.id, key))
        .limit(1)
    : [];
  if (!row) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  return row;
}

/** 409 unless the revision waits for review. */
function requirePending(revision: RevisionRow): void {
  if (revision.status !== "pending") throw new ServiceError(409, REVISION_MESSAGES.notPending, "not_pending");
}

/** A revision waiting for review and its project, or 404/409. */
async function pendingRevision(
  db: Database,
  revisionId: string,
): Promise<{ revision: RevisionRow; project: ProjectRow }> {
  const row = await revisionOf(db, revisionId);
  requirePending(row.revision);
  return row;
}

export const REVISION_TEXT = {
  approved: (title: string) => `Your changes to ${quoted(title)} were approved and are live`,
  changes: (title: string, note: string) => `Your changes to ${quoted(title)} need more work: ${quoted(note)}`,
} as const;

/** The founder's notice of a revision's review and its mail twin, right after the audit row. */
async function founderNotice(
  db: Database,
  project: ProjectRow,
  eventKey: string,
  text: string,
  link: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  if (!project.founderId) return [];
  return [
    notifyOne(db, "review", project.founderId, { eventKey, projectId: project.id, text, link, now }, WROTE_ONE_ROW),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("review"),
      { sql: "n.event_key = ?6 and n.user_id = ?7", binds: [eventKey, project.founderId] },
      now,
    ),
  ];
}

/**
 * An admin approves a revision: its material columns replace the live ones, the founder is told,
 * and every investor with an open commitment is asked to reconfirm (when the raise is still open).
 * Refused (409) when a share was sold since and the revision changes a locked term.
 */
export async function approveRevision(
  db: Database,
  viewer: SessionUser | null,
  revisionId: string,
  mailer?: Mailer,
): Promise<RevisionDTO> {
  requireAdmin(viewer);
  const { revision, project } = await pendingRevision(db, revisionId);
  const values = JSON.parse(revision.body) as Record<string, unknown>;
  if (project.sharesSold > 0) {
    const locked = LOCKED_TERMS.find((t) => values[t.key] !== project[t.key]);
    if (locked) throw new ServiceError(409, lockedTerm(locked.label), "terms_locked");
  }
  const fields = JSON.parse(revision.fields) as string[];
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const eventKey = `revision:${revision.id}`;
  // The locked terms again in the write: unchanged, or still no share sold.
  const cols = getTableColumns(projects);
  const termsKept = LOCKED_TERMS.map((t) => `p.${cols[t.key].name} is json_extract(r.body, '$.${t.key}')`).join(
    " and ",
  );
  const [applied] = await runBatch(d1, [
    d1
      .prepare(
        `update projects as p set ${applyColumnsSql()}, updated_at = ?2
         from (select body from project_revisions where id = ?1 and status = 'pending') as r
         where p.id = ?3 and (p.shares_sold = 0 or (${termsKept})) returning id`,
      )
      .bind(revision.id, now, project.id),
    d1
      .prepare(
        `update project_revisions set status = 'approved', reviewer_id = ?2, reviewed_at = ?3
         where id = ?1 and status = 'pending' and exists (select 1 from projects where id = ?4 and updated_at = ?3)`,
      )
      .bind(revision.id, viewer.id, now, project.id),
    auditStatement(db, {
      adminId: viewer.id,
      action: "approve_revision",
      targetType: "project",
      targetId: project.id,
      targetName: project.title,
      changes: fields.map((field) => ({
        field,
        before: (project as unknown as Record<string, unknown>)[field] ?? null,
        after: values[field] ?? null,
      })),
      now,
    }),
    ...(await founderNotice(
      db,
      project,
      eventKey,
      REVISION_TEXT.approved(String(values.title ?? project.title)),
      `/project/${project.slug}`,
      now,
    )),
    ...(await askReconfirmation(db, {
      projectId: project.id,
      revisionId: revision.id,
      fields,
      title: String(values.title ?? project.title),
      now,
    })),
  ]);
  if (!applied.results.length) {
    throw new ServiceError(409, REVISION_MESSAGES.termsLockedMeanwhile, "terms_locked");
  }
  markPublicContentChanged();
  if (project.founderId) mailer?.sendLater([noticeMailId(eventKey, project.founderId)]);
  if (mailer) mailer.sendLater(await reconfirmMailIds(db, revision.id));
  const [after] = await db.select().from(projectRevisions).where(eq(projectRevisions.id, revision.id)).limit(1);
  return toRevisionDTO(after ?? revision);
}

/**
 * An admin sends a revision back with a note: the live version stays; the founder is told. The
 * note is read before the revision's status (a missing or too long note is a 400 whatever it is).
 */
export async function requestRevisionChanges(
  db: Database,
  viewer: SessionUser | null,
  revisionId: string,
  body: unknown,
  mailer?: Mailer,
): Promise<RevisionDTO> {
  requireAdmin(viewer);
  const { revision, project } = await revisionOf(db, revisionId);
  const reason = parseReason(body, {
    required: REVIEW_MESSAGES.reasonRequired,
    tooLong: REVIEW_MESSAGES.reasonTooLong,
  });
  requirePending(revision);
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const eventKey = `revision:${revision.id}`;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update project_revisions set status = 'changes_requested', review_note = ?2, reviewer_id = ?3, reviewed_at = ?4
         where id = ?1 and status = 'pending' returning id`,
      )
      .bind(revision.id, reason, viewer.id, now),
    auditStatement(db, {
      adminId: viewer.id,
      action: "request_revision_changes",
      targetType: "project",
      targetId: project.id,
      targetName: project.title,
      reason,
      now,
    }),
    ...(await founderNotice(
      db,
      project,
      eventKey,
      REVISION_TEXT.changes(project.title, reason),
      `/my-projects/edit/${project.id}`,
      now,
    )),
  ]);
  if (!updated.results.length) throw new ServiceError(409, REVISION_MESSAGES.notPending, "not_pending");
  if (project.founderId) mailer?.sendLater([noticeMailId(eventKey, project.founderId)]);
  return { ...toRevisionDTO(revision), status: "changes_requested", reviewNote: reason };
}

/** The founder takes back their pending changes (the caller checked they may edit the project). */
export async function withdrawPendingRevision(db: Database, projectId: string): Promise<void> {
  const done = await db
    .update(projectRevisions)
    .set({ status: "withdrawn", reviewedAt: Date.now() })
    .where(and(eq(projectRevisions.projectId, projectId), eq(projectRevisions.status, "pending")))
    .returning({ id: projectRevisions.id });
  if (!done.length) throw new ServiceError(409, REVISION_MESSAGES.noneToWithdraw, "not_pending");
}
