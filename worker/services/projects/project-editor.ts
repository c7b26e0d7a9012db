/**
 * Founders write their project: create (a draft) and edit (submitting for review and going live
 * are reviews.ts). The one place the project form's rules (spec section 5) and the founder rules
 * (section 6) live; the form actions and the API (`POST /api/projects/create`,
 * `PUT /api/projects/{id}`, `GET /api/projects/founder`) only translate. Every entry point takes the raw body and the acting
 * user and throws the spec's message as a ServiceError (a 400 carries every field's error).
 *
 * - One project per founder: checked first for a clear message, and held by the unique index on
 *   `projects.founder_id`, so two concurrent creates make one project.
 * - Terms lock: once a share is sold, the share price, total shares (so the goal), the equity and
 *   the regulation type cannot change. The UPDATE itself carries the condition, so an investment
 *   that lands between our read and our write still locks them.
 * - Deadline lock (ADR 024): once the project has any investment (active or cancelled),
 *   the funding deadline cannot move earlier (investors may cancel until 48 hours before the
 *   deadline they were given), again a condition of the UPDATE. A later deadline is allowed and
 *   every active investor is told, in the same batch (`notifyDeadlineMoved`), once per new date.
 * - Drafts and projects in review are seen by their founder and admins only (`visibleTo` in
 *   projects.ts). A project in review is read-only for its founder (ADR 030): they withdraw it to
 *   edit; the UPDATE carries that condition too.
 * - Uploaded images and documents (ADR 023, ADR 031): an `/uploads/…` URL new to the project must
 *   be in the uploads ledger, stored by the project's founder or by the admin making the edit (an
 *   image's in an image field, a PDF's in a document row); anything else is a 400 on its field. `checkProjectSave` runs every check of a save without writing, so the project
 *   form stores its files only for a save that will be accepted.
 */
import { requireCan, requireSignedIn } from "../shared/access";
import { RESERVATION_MESSAGES } from "../../../domain/raises/reservations";
import { can } from "../../../domain/shared/access";
import { and, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";

import { sectorForCategory } from "../../../domain/projects/categories";
import { isoDay } from "../../../domain/shared/dates";
import { MESSAGES } from "../../../domain/shared/messages";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { validateProject } from "../../../domain/projects/project-form";
import { type ProjectInput } from "../../../domain/projects/project-input";
import { isListedStatus, REVIEW_MESSAGES } from "../../../domain/projects/review";
import { LOCKED_TERMS, lockedTerm } from "../../../domain/projects/project-terms";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { type Database, runBatch } from "../../../db/client";
import { projects, type ProjectRow } from "../../../db/schema";
import { cancelDeadline } from "../../../domain/money/cancellation";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import { constraintFailed, ServiceError, validOrThrow } from "../shared/errors";
import { notifyDeadlineMoved } from "../conversation/notifications";
import { latestDeadline, RAISE_DATE_MESSAGES } from "../../../domain/raises/raise-dates";
import { getProject, investorCount, toProjectDTO, visibleTo } from "./projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { assertOwnUploads, uploadRefsOf } from "./internal/project-uploads";
import { readSettled } from "../raises/settlement";
import { changedFields, overseeing } from "../operator/audit";
import {
  adminRevisionStatements,
  currentRevision,
  materialChanges,
  pendingRevisionStatement,
  withdrawPendingRevision,
  withdrawPendingStatement,
  type RevisionDTO,
} from "./revisions";

export function asBody(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new ServiceError(400, MESSAGES.bodyNotObject, "invalid_request");
  }
  return raw as Record<string, unknown>;
}

/** The form's rules on a body, or a 400 whose message is the banner and whose errors name each field. */
export function validate(body: Record<string, unknown>, currentDeadline?: string): ProjectInput {
  return validOrThrow(validateProject(body, { today: isoDay(), currentDeadline }));
}

/** The columns a save writes, from the validated input. */
function columnsOf(input: ProjectInput) {
  return {
    title: input.title,
    category: input.category,
    sector: sectorForCategory(input.category),
    description: input.description,
    shortDescription: input.shortDescription,
    about: input.about,
    image: input.image,
    gallery: input.gallery,
    logo: input.logo,
    creatorInfo: input.creatorInfo,
    tags: input.tags,
    location: input.location,
    riskLevel: input.riskLevel,
    returnRate: input.returnRate,
    projectDuration: input.projectDuration,
    teamDescription: input.teamDescription,
    socialLinks: input.socialLinks,
    universityName: input.universityName,
    fundingGoalCents: input.fundingGoalCents,
    fundingDeadline: input.fundingDeadline,
    sharePriceCents: input.sharePriceCents,
    totalShares: input.totalShares,
    regulationType: input.regulationType,
    valuationCents: input.valuationCents,
    equityPercentage: input.equityPercentage,
    minInvestmentCents: input.minInvestmentCents,
    details: input.details,
    team: input.team,
    documents: input.documents,
    faqs: input.faqs,
  } satisfies Partial<typeof projects.$inferInsert>;
}

/** May `viewer` change this project? Its founder and admins. */
export function canEditProject(
  viewer: Pick<SessionUser, "id" | "role"> | null,
  project: { founderId: string | null },
): boolean {
  return can(viewer, "administer") || (can(viewer, "raise") && project.founderId === viewer?.id);
}

/** Deletes the founder's working copy of the project form (ADR 033): a statement for a batch. */
export function clearWorkingCopy(d1: D1Database, founderId: string): D1PreparedStatement {
  return d1.prepare("delete from project_drafts where founder_id = ?1").bind(founderId);
}

/** createProject's checks: who may create, the form's rules, the uploads used. */
async function prepareCreate(db: Database, viewer: SessionUser | null, raw: unknown): Promise<ProjectInput> {
  requireSignedIn(viewer, PROJECT_MESSAGES.authRequired);
  requireCan(viewer, "createProject", () => new ServiceError(403, PROJECT_MESSAGES.notFounder, "not_founder"));
  if (viewer.ownedProject) throw new ServiceError(409, PROJECT_MESSAGES.alreadyHasProject, "already_has_project");
  const body = asBody(raw);
  const input = validate(body);
  await assertOwnUploads(db, viewer, viewer.id, null, uploadRefsOf(input), body);
  return input;
}

/** Creates the signed-in founder's project as a draft. */
export async function createProject(db: Database, viewer: SessionUser | null, raw: unknown): Promise<ProjectDTO> {
  const input = await prepareCreate(db, viewer, raw);
  if (!viewer) throw new Error("unreachable: prepareCreate requires a viewer");
  const id = crypto.randomUUID();
  const now = Date.now();
  try {
    const insert = db.insert(projects).values({
      id,
      // A draft's slug is its id; publishing gives it one from the title.
      slug: id,
      founderId: viewer.id,
      status: "draft",
      featured: false,
      ...columnsOf(input),
      founders: [],
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
    });
    const d1 = db.$client;
    const { sql: insertSql, params } = insert.toSQL();
    // The founder's working copy (ADR 033) has become the project: gone in the same transaction.
    await runBatch(d1, [d1.prepare(insertSql).bind(...params), clearWorkingCopy(d1, viewer.id)]);
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: projects\.founder_id/i)) {
      throw new ServiceError(409, PROJECT_MESSAGES.alreadyHasProject, "already_has_project");
    }
    throw e;
  }
  const created = await getProject(db, id, viewer);
  if (!created) throw new Error("project vanished after insert");
  return created;
}

/** A project in review is read-only for its founder (an admin may still correct it). */
function editableBy(viewer: SessionUser | null, status: string): boolean {
  return status !== "in_review" || can(viewer, "administer");
}

function notInReviewFor(viewer: SessionUser | null) {
  return can(viewer, "administer") ? undefined : ne(projects.status, "in_review");
}

const inReview = () => new ServiceError(409, REVIEW_MESSAGES.inReviewReadOnly, "in_review");

/** Whether anyone ever invested in the project (an active or a cancelled investment): SQL on `projects`. */
const everInvested = sql`exists (select 1 from investments i where i.project_id = ${projects.id})`;

/** The project to edit (with its investor count: one statement), after the editor checks. */
export async function loadWithInvestors(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
): Promise<{ project: ProjectRow; investors: number; invested: boolean }> {
  requireSignedIn(viewer, PROJECT_MESSAGES.updateSignedOut);
  const key = typeof idOrSlug === "string" ? idOrSlug : "";
  if (!key || key.length > 200) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount, invested: sql<number>`${everInvested}` })
    .from(projects)
    .where(and(sql`(${projects.id} = ${key} or ${projects.slug} = ${key})`, visibleTo(viewer)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  if (!canEditProject(viewer, row.project)) throw new ServiceError(403, PROJECT_MESSAGES.noPermission, "forbidden");
  return { project: row.project, investors: row.investors, invested: Number(row.invested) === 1 };
}

/**
 * What a save may not change, as field errors: the terms once a share is sold, an earlier
 * deadline once anyone invested (`invested`), a live raise's deadline past 730 days from launch,
 * and the deadline of a raise closed early.
 */
/** Statuses of a raise that has not opened (its launch date still to come, ADR 055). */
const BEFORE_OPEN = new Set(["draft", "in_review", "coming_soon"]);

function lockedChanges(row: ProjectRow, input: ProjectInput, invested: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (invested && input.fundingDeadline < row.fundingDeadline) {
    errors.fundingDeadline = PROJECT_MESSAGES.deadlineEarlier;
  }
  // A live raise extended through the form keeps the extension's limit (ADR 043): at most 730
  // days after its launch, as `POST /api/projects/{id}/extend` and the dashboard say.
  if (row.publishedAt !== null && input.fundingDeadline > row.fundingDeadline) {
    const latest = latestDeadline(row.publishedAt);
    if (input.fundingDeadline > latest) errors.fundingDeadline = RAISE_DATE_MESSAGES.tooLate(latest);
  }
  // A raise not open yet keeps its deadline after its launch date (ADR 055).
  if (row.launchAt !== null && BEFORE_OPEN.has(row.status) && input.fundingDeadline <= isoDay(row.launchAt)) {
    errors.fundingDeadline = RESERVATION_MESSAGES.deadlineBeforeLaunch(isoDay(row.launchAt));
  }
  // An early close is final (domain/raises/raise-dates.ts): the form cannot move that deadline either.
  if (row.closedEarlyAt !== null && input.fundingDeadline !== row.fundingDeadline) {
    errors.fundingDeadline = RAISE_DATE_MESSAGES.closedEarly(row.fundingDeadline);
  }
  if (row.sharesSold <= 0) return errors;
  for (const term of LOCKED_TERMS) {
    if (row[term.key] !== input[term.key] && !(term.field in errors)) errors[term.field] = lockedTerm(term.label);
  }
  return errors;
}

function lockedError(errors: Record<string, string>): ServiceError {
  const first = Object.values(errors)[0];
  // The guarded write matched nothing, yet a fresh read finds no term locked (the sale that
  // stopped it was cancelled meanwhile): say so rather than answer an empty message.
  if (first === undefined) return new ServiceError(409, PROJECT_MESSAGES.changedMeanwhile, "changed_meanwhile");
  return new ServiceError(409, first, "terms_locked", { errors });
}

/** A project for its editor (the founder or an admin): drafts included. */
export async function getEditableProject(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
): Promise<ProjectDTO> {
  const { project, investors } = await loadWithInvestors(db, viewer, idOrSlug);
  return toProjectDTO(project, investors);
}

/**
 * The project for its editor's form (ADR 050): the live project, and the copy the form shows:
 * the live values with a live raise's pending (or sent-back) revision laid over them.
 */
export async function getEditableProjectWithChanges(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
): Promise<{ project: ProjectDTO; editing: ProjectDTO; revision: RevisionDTO | null }> {
  const { project: row, investors } = await loadWithInvestors(db, viewer, idOrSlug);
  const project = toProjectDTO(row, investors);
  const revision = isListedStatus(row.status) ? await currentRevision(db, row.id) : null;
  const editing = revision ? toProjectDTO({ ...row, ...(revision.values as Partial<ProjectRow>) }, investors) : project;
  return { project, editing, revision };
}

/** The founder withdraws their live project's pending changes: the form shows the live version again. */
export async function withdrawChanges(db: Database, viewer: SessionUser | null, idOrSlug: unknown): Promise<void> {
  const { project } = await loadWithInvestors(db, viewer, idOrSlug);
  await withdrawPendingRevision(db, project.id);
}

/** updateProject's checks: who may edit, the form's rules, the locked terms, the uploads used. */
async function prepareUpdate(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  raw: unknown,
): Promise<{ row: ProjectRow; input: ProjectInput }> {
  const { project: row, invested } = await loadWithInvestors(db, viewer, idOrSlug);
  if (!viewer) throw new Error("unreachable: loadWithInvestors requires a viewer");
  if (!editableBy(viewer, row.status)) throw inReview();
  const body = asBody(raw);
  const input = validate(body, row.fundingDeadline);
  const locked = lockedChanges(row, input, invested);
  if (Object.keys(locked).length) throw lockedError(locked);
  await assertOwnUploads(db, viewer, row.founderId, row, uploadRefsOf(input), body);
  return { row, input };
}

/**
 * Every check a save would make, without writing: a create's without `idOrSlug`, an edit's with
 * it. Throws what the save would throw. The project form runs it before storing any image.
 */
export async function checkProjectSave(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string | undefined,
  raw: unknown,
): Promise<void> {
  if (idOrSlug === undefined) await prepareCreate(db, viewer, raw);
  else await prepareUpdate(db, viewer, idOrSlug, raw);
}

/** Saves an edit: every rule again, terms locked once money is in. */
export async function updateProject(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  raw: unknown,
): Promise<ProjectDTO> {
  const { row, input } = await prepareUpdate(db, viewer, idOrSlug, raw);

  const now = Date.now();
  // The locks as part of the write: unchanged terms, or still no share sold; a deadline no
  // earlier than the stored one, or still no investment at all.
  const termsKept = sql`(${projects.sharesSold} = 0 or (${projects.sharePriceCents} = ${input.sharePriceCents}
    and ${projects.fundingGoalCents} = ${input.fundingGoalCents} and ${projects.totalShares} = ${input.totalShares}
    and ${projects.equityPercentage} = ${input.equityPercentage}
    and ${projects.regulationType} = ${input.regulationType}))`;
  const deadlineKept = sql`(${projects.fundingDeadline} <= ${input.fundingDeadline} or not ${everInvested})
    and (${projects.closedEarlyAt} is null or ${projects.fundingDeadline} = ${input.fundingDeadline})`;
  const columns = columnsOf(input);
  const listed = isListedStatus(row.status);
  // An admin's edit of someone else's project: on the record, with every field it changed.
  const oversight = await overseeing(db, viewer, row.founderId, now);
  // A live raise's material fields change only through review (ADR 050): a founder's changes to
  // them become the pending revision, the rest of the save is written at once.
  const material = listed ? materialChanges(row, columns) : [];
  const reviewed = material.length > 0 && oversight.adminId === null;
  const update = db
    .update(projects)
    .set(
      reviewed
        ? {
            tags: columns.tags,
            socialLinks: columns.socialLinks,
            fundingDeadline: columns.fundingDeadline,
            updatedAt: now,
          }
        : { ...columns, updatedAt: now },
    )
    .where(and(eq(projects.id, row.id), termsKept, deadlineKept, notInReviewFor(viewer)))
    .returning({ id: projects.id })
    .toSQL();
  const d1 = db.$client;
  const statements = [
    d1.prepare(update.sql).bind(...update.params),
    ...oversight.audit({
      action: "edit_project",
      targetType: "project",
      targetId: row.id,
      targetName: row.title,
      changes: changedFields(row, columns, Object.keys(columns)),
    }),
  ];
  if (listed && viewer && oversight.adminId === null) {
    statements.push(
      reviewed
        ? pendingRevisionStatement(db, { projectId: row.id, authorId: viewer.id, columns, fields: material, now })
        : // The material fields are the live ones again: nothing waits for review.
          withdrawPendingStatement(db, row.id, now),
    );
  }
  if (material.length > 0 && oversight.adminId !== null) {
    statements.push(
      ...(await adminRevisionStatements(db, {
        projectId: row.id,
        adminId: oversight.adminId,
        columns,
        fields: material,
        title: columns.title,
        now,
      })),
    );
  }

  // A later deadline: every active investor hears of it in the same transaction, and only if this
  // UPDATE wrote it (a material change: sent whatever their preferences).
  if (input.fundingDeadline > row.fundingDeadline && isListedStatus(row.status)) {
    statements.push(
      notifyDeadlineMoved(db, {
        projectId: row.id,
        fundingDeadline: input.fundingDeadline,
        text: NOTIFICATION_TEXT.deadline(
          reviewed ? row.title : input.title,
          input.fundingDeadline,
          cancelDeadline(input.fundingDeadline),
        ),
        now,
      }),
    );
  }
  // A complete save by the founder replaces their working copy of the form (ADR 033), if this
  // UPDATE wrote (last: the notice above checks the UPDATE's changes()). An admin's correction
  // leaves it: it is what the founder typed.
  if (viewer && viewer.id === row.founderId) {
    statements.push(
      d1
        .prepare(
          `delete from project_drafts where founder_id = ?1
           and exists (select 1 from projects where id = ?2 and updated_at = ?3)`,
        )
        .bind(viewer.id, row.id, now),
    );
  }
  const [updated] = await runBatch(d1, statements as [D1PreparedStatement, ...D1PreparedStatement[]]);
  if (!updated.results?.length) {
    // A share was sold (or an investment made) between our read and our write: the locks now apply.
    const fresh = await loadWithInvestors(db, viewer, row.id);
    if (!editableBy(viewer, fresh.project.status)) throw inReview();
    throw lockedError(lockedChanges(fresh.project, input, fresh.invested));
  }
  if (isListedStatus(row.status)) markPublicContentChanged();
  const dto = await getProject(db, row.id, viewer);
  if (!dto) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  return dto;
}

/** `GET /api/projects/founder`: the caller's own project (drafts included), 404 when none. */
export async function getFounderProject(db: Database, viewer: SessionUser | null): Promise<ProjectDTO> {
  requireSignedIn(viewer, PROJECT_MESSAGES.authRequired);
  const rows = await readSettled(
    db,
    () =>
      db
        .select({ project: getTableColumns(projects), investors: investorCount })
        .from(projects)
        .where(eq(projects.founderId, viewer.id))
        .limit(1),
    (r) => r.project,
  );
  if (!rows[0]) throw new ServiceError(404, PROJECT_MESSAGES.noProject, "no_project");
  return toProjectDTO(rows[0].project, rows[0].investors);
}

/** My Projects: a founder's own project (zero or one), every project for an admin. One statement. */
export async function listEditableProjects(db: Database, viewer: SessionUser | null): Promise<ProjectDTO[]> {
  requireSignedIn(viewer, PROJECT_MESSAGES.authRequired);
  requireCan(viewer, "raise", () => new ServiceError(403, PROJECT_MESSAGES.foundersOnlyPage, "not_founder"));
  const rows = await readSettled(
    db,
    () =>
      db
        .select({ project: getTableColumns(projects), investors: investorCount })
        .from(projects)
        .where(can(viewer, "administer") ? undefined : eq(projects.founderId, viewer.id))
        .orderBy(desc(projects.updatedAt))
        .limit(500),
    (r) => r.project,
  );
  const now = Date.now();
  return rows.map((r) => toProjectDTO(r.project, r.investors, now));
}
