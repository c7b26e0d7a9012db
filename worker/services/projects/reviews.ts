/**
 * From draft to live (ADR 030): a founder submits a draft for review, may withdraw it, and an
 * admin approves it (it goes live: a slug from its title, listed, open) or requests changes (back
 * to draft with the reviewer's note). An admin's `POST /api/projects/{id}/publish` makes a draft
 * or a project in review live at once. Every transition is one guarded UPDATE (the status it
 * leaves is part of its WHERE), in one batch with its audit row and its notification, so two
 * reviewers pressing at once make one transition, one entry and one notice.
 */
import { asc, eq, getTableColumns, sql } from "drizzle-orm";

import { can } from "../../../domain/shared/access";
import { DAY_MS, isoDay } from "../../../domain/shared/dates";
import { formatDate } from "../../../domain/shared/format";
import { quoted } from "../../../domain/shared/quote";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { validateProject } from "../../../domain/projects/project-form";
import { DRAFT_MESSAGES } from "../../../domain/projects/project-draft";
import { formValuesOf } from "../../../domain/projects/project-values";
import {
  checklistPasses,
  failingRequired,
  launchChecklist,
  REVIEW_MESSAGES,
  type ChecklistItem,
} from "../../../domain/projects/review";
import { normalizeText } from "../../../domain/shared/text";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { projectDrafts, projects, type ProjectRow } from "../../../db/schema";
import { requireAdmin, requireSignedIn } from "../shared/access";
import { auditStatement, overseeing, reserveAdminAction, WROTE_ONE_ROW } from "../operator/audit";
import { constraintFailed, invalidFields, ServiceError } from "../shared/errors";
import { parseReason } from "../shared/reason";
import { notifyOne } from "../conversation/notifications";
import type { Mailer } from "../../mail/mailer";
import { noticeMailId, noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { loadWithInvestors, validate } from "./project-editor";
import { getProject, investorCount, toProjectDTO } from "./projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";

/** Submissions per project a day: a founder does not need more, and the queue is not a toy. */
export const SUBMIT_RATE_LIMIT = {
  max: 10,
  windowMs: DAY_MS,
  message: "This project was submitted too many times today. Please try again tomorrow.",
} as const satisfies RateLimit;

/** The review notices a founder gets (quoted like every name a user chose). */
export const REVIEW_TEXT = {
  approved: (title: string) => `${quoted(title)} was approved and is now live`,
  /** Approved with a launch date ahead (ADR 055): listed as Coming soon, taking reservations until it opens. */
  approvedComingSoon: (title: string, launch: number) =>
    `${quoted(title)} was approved and is Coming soon: it takes reservations and opens for investment on ${formatDate(launch)}`,
  changes: (title: string, note: string) => `${quoted(title)} needs changes before it can go live: ${quoted(note)}`,
} as const;

/** The checklist of a project as saved (the form's rules count the fields that fail). */
export function checklistOf(project: ProjectDTO, today: string = isoDay()): ChecklistItem[] {
  const result = validateProject(formValuesOf(project), { today });
  return launchChecklist(project, result.ok ? [] : Object.values(result.errors), today);
}

const REASON_MESSAGES = { required: REVIEW_MESSAGES.reasonRequired, tooLong: REVIEW_MESSAGES.reasonTooLong };

/**
 * A founder submits their draft: every rule of the form once more (the deadline may have passed
 * since it was saved) and the checklist's required items; then `in_review`, its note cleared.
 * `body` is the publication's (`POST /api/projects/{id}/publish`): a founder's submission keeps
 * no reason, but one past its limit is the 400 the document gives, whatever the project's state.
 */
export async function submitForReview(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body?: unknown,
): Promise<ProjectDTO> {
  const { project: row, investors } = await loadWithInvestors(db, viewer, idOrSlug);
  requireSignedIn(viewer);
  givenReason(body);
  if (row.status !== "draft") throw new ServiceError(409, REVIEW_MESSAGES.notDraft, "not_draft");
  const current = toProjectDTO(row, investors);
  validate(formValuesOf(current));
  const items = checklistOf(current);
  if (!checklistPasses(items)) {
    const failed = items.find((i) => i.required && !i.ok);
    throw new ServiceError(400, failed ? `${failed.label}: ${failed.fix}` : REVIEW_MESSAGES.notDraft, "checklist");
  }
  const now = Date.now();
  const d1 = db.$client;
  const [updated] = await reserveAndRun(
    db,
    [{ key: `submit:project:${row.id}`, limit: SUBMIT_RATE_LIMIT }],
    [
      d1
        .prepare(
          `update projects set status = 'in_review', submitted_at = ?2, review_note = null, updated_at = ?2
           where id = ?1 and status = 'draft'
             and not exists (select 1 from project_drafts where project_id = ?1) returning id`,
        )
        .bind(row.id, now),
    ],
    now,
  );
  if (!updated.results.length) {
    // The founder's newer changes wait in a working copy (ADR 033): what would be reviewed is not
    // what they see in their form.
    const [pending] = await db
      .select({ body: projectDrafts.body })
      .from(projectDrafts)
      .where(eq(projectDrafts.projectId, row.id))
      .limit(1);
    if (pending) {
      // Every field the founder still has to fill in (or fix) in it, at once.
      const checked = validateProject(JSON.parse(pending.body) as Record<string, unknown>, {
        currentDeadline: row.fundingDeadline,
      });
      const errors = checked.ok ? {} : checked.errors;
      throw new ServiceError(409, DRAFT_MESSAGES.pending, "draft_pending", { errors });
    }
    throw new ServiceError(409, REVIEW_MESSAGES.notDraft, "not_draft");
  }
  return mustGet(db, row.id, viewer);
}

/** The founder (or an admin) takes a project out of review: a draft again, editable. */
export async function withdrawFromReview(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
): Promise<ProjectDTO> {
  const { project: row } = await loadWithInvestors(db, viewer, idOrSlug);
  if (row.status !== "in_review") throw new ServiceError(409, REVIEW_MESSAGES.notInReview, "not_in_review");
  const now = Date.now();
  const oversight = await overseeing(db, viewer, row.founderId, now);
  const d1 = db.$client;
  const [done] = await runBatch(d1, [
    d1
      .prepare(
        "update projects set status = 'draft', updated_at = ?2 where id = ?1 and status = 'in_review' returning id",
      )
      .bind(row.id, now),
    ...oversight.audit({ action: "withdraw_review", targetType: "project", targetId: row.id, targetName: row.title }),
  ]);
  if (!done.results.length) throw new ServiceError(409, REVIEW_MESSAGES.notInReview, "not_in_review");
  return mustGet(db, row.id, viewer);
}

const OVERRIDE_MESSAGES = { required: REVIEW_MESSAGES.overrideRequired, tooLong: REVIEW_MESSAGES.overrideTooLong };

/**
 * The body's `reason` (an approval's or a publication's), if one is given: trimmed, 400 past
 * REASON_MAX characters. Read before the project's status, so a body the document refuses is a
 * 400 whatever state the project is in.
 */
function givenReason(body: unknown): string | null {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).reason : undefined;
  const given = typeof raw === "string" && normalizeText(raw).trim() !== "";
  return given ? parseReason(body, OVERRIDE_MESSAGES) : null;
}

/**
 * What an admin's approval (or direct publication) needs beyond the project's status: when the
 * project fails a required item of its checklist, a written reason (`{ reason }`, 400 without
 * one) that goes into the audit log with the items it overrides; when it passes, nothing (a
 * reason given anyway is kept). Takes `givenReason`'s answer; returns the audit row's reason.
 */
function overrideReason(row: ProjectRow, investors: number, given: string | null): string | null {
  const failing = failingRequired(checklistOf(toProjectDTO(row, investors)));
  if (!failing.length) return given;
  if (given === null) throw invalidFields({ reason: OVERRIDE_MESSAGES.required }, "first");
  const overridden = failing.map((i) => (i.problems?.length ? `${i.label} (${i.problems.join("; ")})` : i.label));
  return `Checklist overridden: ${overridden.join("; ")}. Reason: ${given}`;
}

/** `POST /api/projects/{id}/publish`: a founder submits for review; an admin makes it live at once. */
export async function publishProject(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body?: unknown,
): Promise<ProjectDTO> {
  if (!can(viewer, "administer")) return submitForReview(db, viewer, idOrSlug, body);
  requireAdmin(viewer);
  const { project: row, investors } = await loadWithInvestors(db, viewer, idOrSlug);
  const given = givenReason(body);
  if (row.status !== "draft" && row.status !== "in_review") {
    throw new ServiceError(409, PROJECT_MESSAGES.alreadyPublished, "already_published");
  }
  const reason = overrideReason(row, investors, given);
  await reserveAdminAction(db, viewer.id);
  return goLive(db, viewer, row.id, row.status, "publish", undefined, reason);
}

/**
 * An admin approves a project in review: it goes live and its founder (only) is told. A project
 * that fails a required checklist item needs an override reason (`overrideReason`).
 */
export async function approveProject(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  mailer?: Mailer,
  body?: unknown,
): Promise<ProjectDTO> {
  requireAdmin(viewer);
  const { project: row, investors } = await loadWithInvestors(db, viewer, idOrSlug);
  const given = givenReason(body);
  if (row.status !== "in_review") throw new ServiceError(409, REVIEW_MESSAGES.notInReview, "not_in_review");
  const reason = overrideReason(row, investors, given);
  await reserveAdminAction(db, viewer.id);
  return goLive(db, viewer, row.id, "in_review", "approve", mailer, reason);
}

/** An admin returns a project in review to draft with a note; its founder is told, with the note. */
export async function requestChanges(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body: unknown,
  mailer?: Mailer,
): Promise<ProjectDTO> {
  requireAdmin(viewer);
  const { project: row } = await loadWithInvestors(db, viewer, idOrSlug);
  const reason = parseReason(body, REASON_MESSAGES);
  if (row.status !== "in_review") throw new ServiceError(409, REVIEW_MESSAGES.notInReview, "not_in_review");
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update projects set status = 'draft', review_note = ?2, updated_at = ?3
         where id = ?1 and status = 'in_review' returning id`,
      )
      .bind(row.id, reason, now),
    // The audit row and the notice, only if this request made the change (audit.ts WROTE_ONE_ROW).
    auditStatement(db, {
      adminId: viewer.id,
      action: "request_changes",
      targetType: "project",
      targetId: row.id,
      targetName: row.title,
      reason,
      now,
    }),
    ...(await founderNotice(
      db,
      row,
      `review:${row.id}:${now}`,
      REVIEW_TEXT.changes(row.title, reason),
      editLink(row.id),
      now,
    )),
  ]);
  if (!updated.results.length) throw new ServiceError(409, REVIEW_MESSAGES.notInReview, "not_in_review");
  if (row.founderId) mailer?.sendLater([noticeMailId(`review:${row.id}:${now}`, row.founderId)]);
  return mustGet(db, row.id, viewer);
}

export interface ReviewQueueEntry {
  project: ProjectDTO;
  checklist: ChecklistItem[];
  submittedAt: string | null;
}

export const REVIEW_QUEUE_SHOWN = 50;

/** Projects waiting for review, oldest submission first, each with its checklist: one statement, bounded. */
export async function listReviewQueue(db: Database, viewer: SessionUser | null): Promise<ReviewQueueEntry[]> {
  requireAdmin(viewer);
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount })
    .from(projects)
    .where(eq(projects.status, "in_review"))
    // Ties by the rowid, projects_status_idx's last column: the walk stops at the limit, no sort.
    .orderBy(asc(projects.submittedAt), sql`${projects}.rowid asc`)
    .limit(REVIEW_QUEUE_SHOWN);
  const today = isoDay();
  return rows.map((r) => {
    const project = toProjectDTO(r.project, r.investors);
    return {
      project,
      checklist: checklistOf(project, today),
      submittedAt: r.project.submittedAt ? new Date(r.project.submittedAt).toISOString() : null,
    };
  });
}

async function mustGet(db: Database, id: string, viewer: SessionUser | null): Promise<ProjectDTO> {
  const dto = await getProject(db, id, viewer);
  if (!dto) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  return dto;
}

const editLink = (id: string) => `/my-projects/edit/${id}`;

/**
 * The founder's notice of a review outcome (none for a project without a founder), and its mail twin
 * (a proved address only; worker/mail/notices.ts) right after it.
 */
async function founderNotice(
  db: Database,
  row: { id: string; founderId: string | null },
  eventKey: string,
  text: string,
  link: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  if (!row.founderId) return [];
  // Right after the audit row: that insert's `changes()` says whether the action happened.
  return [
    notifyOne(db, "review", row.founderId, { eventKey, projectId: row.id, text, link, now }, WROTE_ONE_ROW),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("review"),
      { sql: "n.event_key = ?6 and n.user_id = ?7", binds: [eventKey, row.founderId] },
      now,
    ),
  ];
}

/** "Campus Keys: smart locks!" → "campus-keys-smart-locks" (ASCII, at most 60 characters). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "project";
}

/** Words a slug cannot be: paths of ours under /api/projects/ and /project/. */
const RESERVED_SLUGS = new Set([
  "founder",
  "create",
  "new",
  "edit",
  "draft",
  "drafts",
  "preview",
  "publish",
  "investors",
]);

/**
 * The first of `base`, `base-2`, `base-3` … that no project uses as its slug or its id (lookups
 * take either, so a slug equal to another project's id would make them ambiguous), and that is
 * not one of our own path words.
 */
async function freeSlug(db: Database, base: string): Promise<string> {
  // `base-…` as a range of the unique indexes ("-" is followed by "." in byte order), not a LIKE:
  // SQLite's LIKE is case-insensitive, so it cannot use them and read every project.
  const from = `${base}-`;
  const to = `${base}.`;
  const taken = await db
    .select({ slug: projects.slug, id: projects.id })
    .from(projects)
    .where(
      sql`${projects.slug} = ${base} or (${projects.slug} >= ${from} and ${projects.slug} < ${to}) or ${projects.id} = ${base} or (${projects.id} >= ${from} and ${projects.id} < ${to})`,
    );
  const used = new Set(taken.flatMap((r) => [r.slug, r.id]));
  for (const word of RESERVED_SLUGS) used.add(word);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes a draft or a project in review live, as one guarded batch: a free slug from its title,
 * `active`, published now; the audit row and (for an approval) the founder's notice only if this
 * write happened (audit.ts WROTE_ONE_ROW). The edge cache is refreshed.
 */
/** SQL on `projects` at ?3: a launch date after now and before the funding deadline's 00:00 UTC. */
const COMING_SOON = `launch_at > ?3 and launch_at < unixepoch(funding_deadline) * 1000`;

async function goLive(
  db: Database,
  admin: SessionUser,
  id: string,
  from: "draft" | "in_review",
  action: "approve" | "publish",
  mailer?: Mailer,
  reason: string | null = null,
): Promise<ProjectDTO> {
  const row = (await db.select().from(projects).where(eq(projects.id, id)).limit(1))[0];
  if (!row) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  const base = slugify(row.title);
  const d1 = db.$client;
  for (let attempt = 0; attempt < 4; attempt++) {
    const slug = attempt < 3 ? await freeSlug(db, base) : `${base}-${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
    try {
      const [updated] = await runBatch(d1, [
        d1
          .prepare(
            // A launch date still ahead (and before the deadline) makes it Coming soon (ADR 055):
            // listed and reservable, opened by its founder or the 10-minute cron; else it opens now.
            `update projects set
               status = case when ${COMING_SOON} then 'coming_soon' else 'active' end,
               launch_at = case when ${COMING_SOON} then launch_at else null end,
               slug = ?2, published_at = ?3, updated_at = ?3, review_note = null
             where id = ?1 and status = ?4 returning id`,
          )
          .bind(id, slug, now, from),
        auditStatement(db, {
          adminId: admin.id,
          action,
          targetType: "project",
          targetId: id,
          targetName: row.title,
          reason,
          now,
        }),
        ...(action === "approve"
          ? await founderNotice(
              db,
              row,
              `review:${id}:${now}`,
              // The same test as the UPDATE's (COMING_SOON), on the row as read.
              row.launchAt !== null &&
                row.launchAt > now &&
                row.launchAt < Date.parse(`${row.fundingDeadline}T00:00:00Z`)
                ? REVIEW_TEXT.approvedComingSoon(row.title, row.launchAt)
                : REVIEW_TEXT.approved(row.title),
              `/project/${slug}`,
              now,
            )
          : []),
      ]);
      if (!updated.results.length) {
        throw new ServiceError(
          409,
          from === "in_review" ? REVIEW_MESSAGES.notInReview : PROJECT_MESSAGES.alreadyPublished,
          "status_changed",
        );
      }
      markPublicContentChanged();
      if (action === "approve" && row.founderId)
        mailer?.sendLater([noticeMailId(`review:${id}:${now}`, row.founderId)]);
      return mustGet(db, id, admin);
    } catch (e) {
      // Another project took the slug between our read and our write: try the next one.
      if (constraintFailed(e, /UNIQUE constraint failed: projects\.slug/i)) continue;
      throw e;
    }
  }
  throw new Error("no free slug after 4 attempts");
}
