/**
 * The project form's view of a project being edited: the form's values (the one form shape) and
 * what the page says about it, from the project editor service's read (`getEditableProject`):
 * its status, the reviewer's note, the launch checklist (ADR 030), and the founder's saved draft
 * of the form when there is one (ADR 033).
 * Pure; server only (the route imports it in its loader alone).
 */
import { changedFieldsText } from "../../domain/projects/revisions";
import type { RevisionDTO } from "../../worker/services/projects/revisions";
import { formShape } from "../components/project-form/values";
import { formValuesOf } from "../../domain/projects/project-values";
import type { ProjectDTO } from "../../domain/shared/types";
import { checklistOf } from "../../worker/services/projects/reviews";
import type { WorkingCopy } from "../../worker/services/projects/project-drafts";

/**
 * What the form says about the founder's saved draft (ADR 033): the required fields still empty,
 * when it was saved, and that the values shown are the draft's (`restored`). `discarded`: the
 * founder has just discarded it.
 */
export function draftView(copy: WorkingCopy | null, discarded = false) {
  if (copy) return { missing: copy.missing, updatedAt: copy.updatedAt, restored: true, discarded: false };
  return discarded ? { missing: [], updatedAt: 0, restored: false, discarded: true } : null;
}

/** The edit page's loader data; `minDeadline` is the earliest deadline the form offers (YYYY-MM-DD). */
export function editFormView(
  p: ProjectDTO,
  minDeadline: string,
  isAdmin: boolean,
  copy: WorkingCopy | null = null,
  discarded = false,
  changes: { editing: ProjectDTO; revision: RevisionDTO | null } | null = null,
) {
  // A draft's working copy is what its founder last typed: the form shows it (ADR 033).
  const draft = p.status === "draft" && copy?.projectId === p.id ? copy : null;
  // A live raise's changes waiting for review (ADR 050): the form shows the founder's copy.
  const revision = changes?.revision ?? null;
  return {
    mode: "edit" as const,
    values: formShape(draft ? draft.values : formValuesOf(revision ? changes!.editing : p)),
    revision: revision
      ? {
          status: revision.status,
          note: revision.reviewNote,
          submittedAt: revision.submittedAt,
          changed: changedFieldsText(revision.fields),
        }
      : null,
    draft: draftView(draft, discarded),
    project: {
      id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      daysLeft: p.daysLeft,
      sharesRemaining: p.sharesRemaining,
      reviewNote: p.reviewNote,
      submittedAt: p.submittedAt,
    },
    // The checklist is shown for a draft (its submit section) and a project in review; a live
    // project's form shows none, so its fields are not validated for it on every load.
    review: { checklist: p.status === "draft" || p.status === "in_review" ? checklistOf(p) : [], isAdmin },
    sharesSold: p.sharesSold,
    minDeadline,
  };
}
