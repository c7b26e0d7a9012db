/**
 * Founder updates (ADR 022). The project's founder (or an admin) posts, edits and
 * deletes; everyone who may see the project reads public updates; investors-only updates are read
 * by the project's investors (an active investment), its founder and admins, and shown to everyone
 * else as a dated "for investors only" note without title or body, on the page and in the API.
 *
 * Posting writes the update and its notifications in one batch (worker/services/conversation/notifications.ts),
 * with a slot of the project's daily limit (UPDATE_RATE_LIMIT): a refused post writes
 * neither the update nor a notification.
 */
import {
  UPDATE_LIMITS,
  UPDATE_MESSAGES,
  updateFormSchema,
  type UpdateInput,
} from "../../../domain/conversation/update-form";
import { DAY_MS } from "../../../domain/shared/dates";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import type { DashboardUpdate, UpdateDTO } from "../../../domain/conversation/conversation";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, guaranteed, runBatch } from "../../../db/client";
import { projects, projectUpdates } from "../../../db/schema";
import { and, eq } from "drizzle-orm";
import { hiddenFlag, requireAdmin, requireSignedIn } from "../shared/access";
import { ServiceError, validateFields } from "../shared/errors";
import { PURCHASE_MESSAGES } from "../money/purchases";
import { notifyUpdate } from "./notifications";
import { lastUpdateStatement } from "./update-reminders";
import { canEditProject } from "../projects/project-editor";
import { findProjectRef, publicInvestorName, type ProjectRef } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { auditStatement, changedFields, overseeing, reserveAdminAction } from "../operator/audit";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { LIST_PAGE_SIZE, offsetOf, pageInfo, type PageInfo } from "../shared/list-page";

/** Updates per project a day, whoever posts them (its founder or an admin). */
export const UPDATE_RATE_LIMIT = {
  max: UPDATE_LIMITS.perDay,
  windowMs: DAY_MS,
  message: UPDATE_MESSAGES.tooMany,
} as const satisfies RateLimit;

/** The project for a founder's write: 404 when missing (or a draft the viewer cannot see), 403 for others. */
async function projectToManage(db: Database, viewer: SessionUser | null, idOrSlug: string): Promise<ProjectRef> {
  requireSignedIn(viewer);
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  if (!canEditProject(viewer, project)) throw new ServiceError(403, UPDATE_MESSAGES.onlyFounder, "forbidden");
  return project;
}

function parse(body: unknown): UpdateInput {
  return validateFields(updateFormSchema, body, "first");
}

type UpdateRow = {
  id: string;
  project_id: string;
  title: string;
  body: string;
  investors_only: number;
  hidden: number;
  created_at: number;
  updated_at: number;
  readable?: number;
};

function toDTO(r: UpdateRow, readable: boolean): UpdateDTO {
  return {
    id: r.id,
    projectId: r.project_id,
    investorsOnly: r.investors_only === 1,
    hidden: r.hidden === 1,
    readable,
    title: readable ? r.title : null,
    body: readable ? r.body : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    edited: r.updated_at > r.created_at,
  };
}

export function updateLink(slug: string, id: string): string {
  return `/project/${slug}?tab=updates#update-${id}`;
}

/** An update as the audit log names it: its title and its project's. */
function auditName(project: { title: string }, title: string): string {
  return `${title} (on ${project.title})`;
}

/** What an admin's edit or deletion records of an update as it was, or null when there is none. */
async function updateBefore(
  db: Database,
  updateId: string,
  projectId: string,
): Promise<{ title: string; body: string; investorsOnly: boolean } | null> {
  const [row] = await db
    .select({ title: projectUpdates.title, body: projectUpdates.body, investorsOnly: projectUpdates.investorsOnly })
    .from(projectUpdates)
    .where(and(eq(projectUpdates.id, updateId), eq(projectUpdates.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

/** Posts an update and tells the project's investors (and, for a public one, its followers). */
export async function postUpdate(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  body: unknown,
): Promise<UpdateDTO> {
  requireSignedIn(viewer);
  const project = await projectToManage(db, viewer, idOrSlug);
  const input = parse(body);
  const id = crypto.randomUUID();
  const now = Date.now();
  const d1 = db.$client;
  const insert = d1
    .prepare(
      `insert into project_updates (id, project_id, author_id, title, body, investors_only, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7) returning *`,
    )
    .bind(id, project.id, viewer.id, input.title, input.body, input.investorsOnly ? 1 : 0, now);
  const fanOut = notifyUpdate(db, {
    eventKey: `update:${id}`,
    projectId: project.id,
    text: NOTIFICATION_TEXT.update(project.title, input.title),
    link: updateLink(project.slug, id),
    now,
    actorId: viewer.id,
    investorsOnly: input.investorsOnly,
  });
  // An admin posting on someone else's project: on the record (the insert always writes its row).
  const oversight = await overseeing(db, viewer, project.founderId, now);
  const [written] = await reserveAndRun(
    db,
    [{ key: `update:project:${project.id}`, limit: UPDATE_RATE_LIMIT }],
    [
      insert,
      // The project page's "Last update" and the founder's reminder read it (ADR 055).
      lastUpdateStatement(d1, "?1", [project.id]),
      fanOut,
      ...oversight.audit(
        { action: "post_update", targetType: "update", targetId: id, targetName: auditName(project, input.title) },
        "1 = 1",
      ),
    ],
    now,
  );
  markPublicContentChanged();
  return toDTO(guaranteed((written.results as UpdateRow[])[0], "the new update"), true);
}

/** Edits an update's title, body or audience. Nobody is notified again. */
export async function editUpdate(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  updateId: string,
  body: unknown,
): Promise<UpdateDTO> {
  requireSignedIn(viewer);
  const project = await projectToManage(db, viewer, idOrSlug);
  const input = parse(body);
  const now = Date.now();
  const oversight = await overseeing(db, viewer, project.founderId, now);
  const d1 = db.$client;
  // An admin's edit records what it changed: the update as it was, read first.
  const before = oversight.adminId ? await updateBefore(db, updateId, project.id) : null;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update project_updates set title = ?1, body = ?2, investors_only = ?3, updated_at = ?4
         where id = ?5 and project_id = ?6 returning *`,
      )
      .bind(input.title, input.body, input.investorsOnly ? 1 : 0, now, updateId, project.id),
    ...(before
      ? oversight.audit({
          action: "edit_update",
          targetType: "update",
          targetId: updateId,
          targetName: auditName(project, before.title),
          changes: changedFields(before, { title: input.title, body: input.body, investorsOnly: input.investorsOnly }, [
            "title",
            "body",
            "investorsOnly",
          ]),
        })
      : []),
  ]);
  const row = (updated.results as UpdateRow[])[0];
  if (!row) throw new ServiceError(404, UPDATE_MESSAGES.notFound, "not_found");
  markPublicContentChanged();
  return toDTO(row, true);
}

/** Deletes an update and the notifications that pointed at it, in one batch. */
export async function deleteUpdate(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  updateId: string,
): Promise<void> {
  const project = await projectToManage(db, viewer, idOrSlug);
  const now = Date.now();
  const oversight = await overseeing(db, viewer, project.founderId, now);
  const before = oversight.adminId ? await updateBefore(db, updateId, project.id) : null;
  const d1 = db.$client;
  const [deleted] = await runBatch(d1, [
    d1.prepare("delete from project_updates where id = ?1 and project_id = ?2 returning id").bind(updateId, project.id),
    ...(before
      ? oversight.audit({
          action: "delete_update",
          targetType: "update",
          targetId: updateId,
          targetName: auditName(project, before.title),
        })
      : []),
    d1.prepare("delete from notifications where event_key = ?1").bind(`update:${updateId}`),
    lastUpdateStatement(d1, "?1", [project.id]),
  ]);
  if (!deleted.results.length) throw new ServiceError(404, UPDATE_MESSAGES.notFound, "not_found");
  markPublicContentChanged();
}

/** An admin hides an update (or, with `{ hidden: false }`, shows it again); audited (ADR 030). */
export async function setUpdateHidden(
  db: Database,
  viewer: SessionUser | null,
  updateId: string,
  body: unknown,
): Promise<UpdateDTO> {
  requireAdmin(viewer);
  if (!updateId || updateId.length > 64) throw new ServiceError(404, UPDATE_MESSAGES.notFound, "not_found");
  const hidden = hiddenFlag(body);
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [named] = await db
    .select({ title: projectUpdates.title, projectTitle: projects.title })
    .from(projectUpdates)
    .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
    .where(eq(projectUpdates.id, updateId))
    .limit(1);
  const [updated] = await runBatch(d1, [
    d1.prepare("update project_updates set hidden = ?1 where id = ?2 returning *").bind(hidden ? 1 : 0, updateId),
    lastUpdateStatement(d1, "(select project_id from project_updates where id = ?1)", [updateId]),
    auditStatement(db, {
      adminId: viewer.id,
      action: hidden ? "hide_update" : "restore_update",
      targetType: "update",
      targetId: updateId,
      targetName: named ? auditName({ title: named.projectTitle }, named.title) : null,
      now,
    }),
  ]);
  const row = (updated.results as UpdateRow[])[0];
  if (!row) throw new ServiceError(404, UPDATE_MESSAGES.notFound, "not_found");
  markPublicContentChanged();
  return toDTO(row, true);
}

/** A page of a project's updates, newest first, and how many the viewer may see in all. */
export interface UpdatesPage extends PageInfo {
  updates: UpdateDTO[];
}

/**
 * One page of a project's updates, newest first, as `viewer` may read them (hidden ones, and those
 * of a suspended author, for the founder and admins only), and their total: one statement (whether
 * the viewer holds an active investment is part of it; the left join keeps the count row when the
 * page is past the end). Reads project_updates_project_idx in order: no sort, no scan past the
 * page. `project` is the already-found project.
 */
export async function listUpdatesFor(
  db: Database,
  viewer: Pick<SessionUser, "id" | "role"> | null,
  project: { id: string; founderId: string | null },
  page: number = 1,
  pageSize: number = LIST_PAGE_SIZE,
): Promise<UpdatesPage> {
  const privileged = canEditProject(viewer, project);
  const visible = `u.project_id = ?1
         and (?2 = 1 or (u.hidden = 0 and not exists (
           select 1 from users a where a.id = u.author_id and a.suspended_at is not null)))`;
  const rows = await db.$client
    .prepare(
      `select c.total as total, s.* from (select count(*) as total from project_updates u where ${visible}) as c
       left join (
         select u.*, case when u.investors_only = 0 or ?2 = 1 or exists (
             select 1 from investments i where i.project_id = u.project_id and i.investor_id = ?3 and i.held = 1
           ) then 1 else 0 end as readable
         from project_updates u where ${visible}
         order by u.created_at desc, u.id desc limit ?4 offset ?5
       ) as s on 1 = 1
       order by s.created_at desc, s.id desc`,
    )
    .bind(project.id, privileged ? 1 : 0, viewer?.id ?? "", pageSize, offsetOf(page, pageSize))
    .all<Partial<UpdateRow> & { total: number }>();
  const updates: UpdateDTO[] = [];
  for (const r of rows.results) {
    if (r.id == null) continue;
    updates.push(toDTO(r as UpdateRow, r.readable === 1));
  }
  return { updates, ...pageInfo(Number(rows.results[0]?.total ?? 0), page, pageSize) };
}

/**
 * The API's read: the project by id or slug (drafts for their founder and admins only), then a
 * page of its updates.
 */
export async function listUpdates(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  page: number = 1,
): Promise<UpdatesPage> {
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  return listUpdatesFor(db, viewer, project, page);
}

export type { UpdateDTO };

export interface ConversationSummary {
  followers: number;
  /** The newest updates (all readable: this is the founder's own view). */
  updates: DashboardUpdate[];
  /** The listed update named to be edited, with its body for the form; null otherwise. */
  editing: (DashboardUpdate & { body: string }) | null;
  /** Threads (the questions of old) the founder has not replied in, not hidden, oldest first (the order to answer them in). */
  openQuestions: { id: string; question: string; askerName: string; createdAt: string }[];
  openQuestionCount: number;
}

export const DASHBOARD_UPDATES = 5;
export const DASHBOARD_QUESTIONS = 5;

/**
 * The founder dashboard's conversation: follower count, latest updates (the body only of the one
 * named by `editingId`, which the edit form holds) and the questions waiting for an answer, as
 * one D1 batch (one round trip). The caller has already checked that the viewer manages `projectId`.
 */
export async function getConversationSummary(
  db: Database,
  projectId: string,
  editingId: string | null = null,
): Promise<ConversationSummary> {
  const d1 = db.$client;
  const [followers, updates, open] = await runBatch(d1, [
    d1.prepare("select count(*) as n from project_follows where project_id = ?1").bind(projectId),
    d1
      .prepare(
        `select id, title, investors_only, created_at, case when id = ?2 then body end as body
         from project_updates where project_id = ?1 order by created_at desc, id desc limit ${DASHBOARD_UPDATES}`,
      )
      .bind(projectId, editingId ?? ""),
    d1
      .prepare(
        // Threads (not hidden) the founder has not replied in, oldest first, on discussion_threads_new_idx.
        `select q.id, q.body as question, q.created_at, u.first_name, u.last_name, count(*) over () as total
         from discussion_posts q join users u on u.id = q.author_id
         where q.project_id = ?1 and q.depth = 0 and q.hidden_at is null and q.by_founder = 0
           and not exists (select 1 from discussion_posts r where r.thread_id = q.id and r.by_founder = 1)
         order by q.created_at asc, q.id asc limit ${DASHBOARD_QUESTIONS}`,
      )
      .bind(projectId),
  ]);
  const openRows = open.results as {
    id: string;
    question: string;
    created_at: number;
    first_name: string | null;
    last_name: string | null;
    total: number;
  }[];
  const updateRows = updates.results as (Pick<UpdateRow, "id" | "title" | "investors_only" | "created_at"> & {
    body: string | null;
  })[];
  const listed = updateRows.map((r) => ({
    id: r.id,
    title: r.title,
    investorsOnly: r.investors_only === 1,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  const edited = updateRows.findIndex((r) => r.body !== null);
  return {
    followers: Number((followers.results[0] as { n: number } | undefined)?.n ?? 0),
    updates: listed,
    editing: edited >= 0 ? { ...listed[edited]!, body: updateRows[edited]!.body! } : null,
    openQuestions: openRows.map((r) => ({
      id: r.id,
      question: r.question,
      askerName: publicInvestorName(r.first_name, r.last_name),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    openQuestionCount: openRows[0] ? Number(openRows[0].total) : 0,
  };
}
