/**
 * A founder's working copy of the project form (ADR 033): the draft a founder saves
 * (or the form autosaves) while required fields are still empty. The project row keeps the last
 * complete save; the working copy keeps what was typed since. Both doors use this service: the
 * project form's action (Save with required fields empty, and the autosave) and the API
 * (`GET`/`PUT`/`DELETE /api/projects/draft`, `PUT /api/projects/{id}/draft`).
 *
 * - Founders only, for the project they have not created yet or for their own draft (a project in
 *   review or live keeps the strict save: its required fields are always filled).
 * - Every rule but "required" applies to what is filled in (`validateDraft`), uploads included: a
 *   `/uploads/…` URL must be the founder's, as for a save. The daily cleanup keeps what a working
 *   copy references (upload-cleanup.ts).
 * - One row per founder (`founder_id` is the key): an upsert, so concurrent saves leave one copy,
 *   the last. A complete save by the founder deletes it in the save's own batch (project-editor.ts).
 */
import { can } from "../../../domain/shared/access";
import { isoDay } from "../../../domain/shared/dates";
import {
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
  draftBodyOf,
  validateDraft,
  type MissingField,
} from "../../../domain/projects/project-draft";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import type { ProjectRow } from "../../../db/schema";
import { invalidFields, ServiceError } from "../shared/errors";
import { requireSignedIn } from "../shared/access";
import { asBody, loadWithInvestors } from "./project-editor";
import { assertOwnUploads, uploadRefsOfBody } from "./internal/project-uploads";

/** A working copy as both doors show it. */
export interface WorkingCopy {
  /** The draft project it belongs to, or null for a project not created yet. */
  projectId: string | null;
  /** The form's values as saved (the API's JSON shape). */
  values: Record<string, unknown>;
  /** The required fields still empty, in the form's order. */
  missing: MissingField[];
  /** When it was saved (ms since the epoch). */
  updatedAt: number;
}

/** A signed-in founder (the only people with a working copy), or the refusal. */
function requireFounder(viewer: SessionUser | null, signedOut: string = PROJECT_MESSAGES.authRequired): SessionUser {
  requireSignedIn(viewer, signedOut);
  if (!can(viewer, "createProject")) throw new ServiceError(403, PROJECT_MESSAGES.notFounder, "not_founder");
  return viewer;
}

/** Who may keep a working copy of which project: the founder, for a new project or their draft. */
async function targetOf(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string | undefined,
): Promise<{ viewer: SessionUser; project: ProjectRow | null }> {
  const founder = requireFounder(
    viewer,
    idOrSlug === undefined ? PROJECT_MESSAGES.authRequired : PROJECT_MESSAGES.updateSignedOut,
  );
  if (idOrSlug === undefined) {
    if (founder.ownedProject) throw new ServiceError(409, PROJECT_MESSAGES.alreadyHasProject, "already_has_project");
    return { viewer: founder, project: null };
  }
  const { project } = await loadWithInvestors(db, founder, idOrSlug);
  if (project.founderId !== founder.id) throw new ServiceError(403, PROJECT_MESSAGES.noPermission, "forbidden");
  if (project.status !== "draft") throw new ServiceError(409, DRAFT_MESSAGES.notDraft, "not_a_draft");
  return { viewer: founder, project };
}

/**
 * Every check of a working-copy save without writing: who, every rule but "required", the
 * uploads. Returns what the save would keep and which required fields it lacks.
 */
export async function checkWorkingCopy(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string | undefined,
  raw: unknown,
): Promise<{ founder: SessionUser; project: ProjectRow | null; json: string; missing: MissingField[] }> {
  const { viewer: founder, project } = await targetOf(db, viewer, idOrSlug);
  const body = draftBodyOf(asBody(raw));
  const checked = validateDraft(body, { today: isoDay(), currentDeadline: project?.fundingDeadline });
  if (!checked.ok) throw invalidFields(checked.errors);
  await assertOwnUploads(db, founder, founder.id, project, uploadRefsOfBody(body), body);
  const json = JSON.stringify(body);
  if (new TextEncoder().encode(json).byteLength > DRAFT_MAX_BYTES) {
    throw new ServiceError(413, DRAFT_MESSAGES.tooLarge, "draft_too_large");
  }
  return { founder, project, json, missing: checked.missing };
}

/** Saves the founder's working copy (replacing any earlier one): the form's Save when incomplete, and its autosave. */
export async function saveWorkingCopy(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string | undefined,
  raw: unknown,
): Promise<WorkingCopy> {
  const { founder, project, json, missing } = await checkWorkingCopy(db, viewer, idOrSlug, raw);
  const now = Date.now();
  // The checks again in the write: a project created (or submitted) since they were read, say by
  // Create Project while this autosave was on its way, is not shadowed by a stale copy.
  const written = await db.$client
    .prepare(
      `insert into project_drafts (founder_id, project_id, body, updated_at)
       select ?1, ?2, ?3, ?4 where case when ?2 is null
         then not exists (select 1 from projects where founder_id = ?1)
         else exists (select 1 from projects where id = ?2 and founder_id = ?1 and status = 'draft') end
       on conflict (founder_id) do update set
         project_id = excluded.project_id, body = excluded.body, updated_at = excluded.updated_at`,
    )
    .bind(founder.id, project?.id ?? null, json, now)
    .run();
  if (!written.meta.changes) {
    throw project
      ? new ServiceError(409, DRAFT_MESSAGES.notDraft, "not_a_draft")
      : new ServiceError(409, PROJECT_MESSAGES.alreadyHasProject, "already_has_project");
  }
  return {
    projectId: project?.id ?? null,
    values: JSON.parse(json) as Record<string, unknown>,
    missing,
    updatedAt: now,
  };
}

/**
 * The viewer's working copy: of the project `projectId` (null: the project not created yet), or
 * whichever they have (`undefined`). Null when there is none, or for anyone but a founder.
 */
export async function getWorkingCopy(
  db: Database,
  viewer: SessionUser | null,
  projectId?: string | null,
): Promise<WorkingCopy | null> {
  if (!viewer || !can(viewer, "createProject")) return null;
  const row = await db.$client
    .prepare("select project_id, body, updated_at from project_drafts where founder_id = ?1")
    .bind(viewer.id)
    .first<{ project_id: string | null; body: string; updated_at: number }>();
  if (!row) return null;
  if (projectId !== undefined && row.project_id !== projectId) return null;
  const values = JSON.parse(row.body) as Record<string, unknown>;
  const checked = validateDraft(values, { today: isoDay() });
  // Missing fields as of now (a deadline that has passed since is the form's error, not a missing field).
  const missing = checked.ok ? checked.missing : [];
  return { projectId: row.project_id, values, missing, updatedAt: row.updated_at };
}

/** `GET /api/projects/draft`: the caller's working copy, or 404. */
export async function requireWorkingCopy(db: Database, viewer: SessionUser | null): Promise<WorkingCopy> {
  const copy = await getWorkingCopy(db, requireFounder(viewer));
  if (!copy) throw new ServiceError(404, DRAFT_MESSAGES.none, "no_draft");
  return copy;
}

/** Discards the viewer's working copy; whether there was one. */
export async function discardWorkingCopy(db: Database, viewer: SessionUser | null): Promise<boolean> {
  const founder = requireFounder(viewer);
  const result = await db.$client.prepare("delete from project_drafts where founder_id = ?1").bind(founder.id).run();
  return (result.meta.changes ?? 0) > 0;
}
