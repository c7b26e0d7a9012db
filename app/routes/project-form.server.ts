/**
 * The project form's view of a project being edited: the form's values (the one form shape) and
 * what the page says about it, from the project editor service's read (`getEditableProject`):
 * its status, the reviewer's note, and the launch checklist (ADR 030).
 * Pure; server only (the route imports it in its loader alone).
 */
import { formShape } from "../components/project-form/values";
import { formValuesOf } from "../../domain/project-values";
import type { ProjectDTO } from "../../domain/types";
import { checklistOf } from "../../worker/services/reviews";

/** The edit page's loader data; `minDeadline` is the earliest deadline the form offers (YYYY-MM-DD). */
export function editFormView(p: ProjectDTO, minDeadline: string, isAdmin: boolean) {
  return {
    mode: "edit" as const,
    values: formShape(formValuesOf(p)),
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
    review: { checklist: checklistOf(p), isAdmin },
    sharesSold: p.sharesSold,
    minDeadline,
  };
}
