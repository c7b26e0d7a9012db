/**
 * The project form page once the loader let the viewer in: the form (re-rendered with the action's
 * answer when it came back) or, after a save with JavaScript, the success screen.
 */
import { StatusBadge } from "../project/StatusBadge";
import { PageShell } from "./PageShell";
import { ProjectForm } from "./ProjectForm";
import { SavedScreen } from "./SavedScreen";
import type { FormValues } from "./values";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import type { ProjectStatusFields } from "../../../domain/projects/project-status";
import type { ChecklistItem } from "../../../domain/projects/review";
import { ReviewPending } from "./ReviewPending";
import { Notice } from "../Notice";
import { Form } from "react-router";
import { formatDate } from "../../../domain/shared/format";
import type { DraftInfo } from "./DraftNotice";

/** What the loader gives the form: a new project's defaults or the project being edited. */
export interface FormScreenView {
  mode: "create" | "edit";
  values: FormValues;
  project:
    | (ProjectStatusFields & {
        id: string;
        slug: string;
        title: string;
        reviewNote: string | null;
        submittedAt: string | null;
      })
    | null;
  /** The launch checklist of the saved project, and whether the viewer is an admin (who publishes directly). */
  review: { checklist: ChecklistItem[]; isAdmin: boolean } | null;
  sharesSold: number;
  minDeadline: string;
  /** The founder's saved draft of the form (ADR 033), when the form shows it. */
  draft: DraftInfo | null;
  /** A live raise's changes waiting for review or sent back (ADR 050): the form shows them. */
  revision?: { status: string; note: string | null; submittedAt: string; changed: string } | null;
}

/** The form as the action sent it back: the posted values, every error, the messages. */
export interface FormAnswer {
  formKey: string;
  values: FormValues;
  errors: FieldErrors;
  count: number;
  message: string | null;
  note: string | null;
  focus: string | null;
  /** A Save kept as a draft (required fields still empty). */
  draft?: DraftInfo | null;
}

export function FormScreen({
  title,
  view,
  saved,
  answer,
}: {
  title: string;
  view: FormScreenView;
  /** A save made with JavaScript: its message, where the page moves next, and the status it left. */
  saved: { message: string; to: string; status: string | null } | null;
  answer: FormAnswer | null;
}) {
  const { mode, project, review, sharesSold, minDeadline } = view;
  const lead =
    mode === "create"
      ? "Tell investors about your startup. Your project is saved as a draft: preview it, then submit it for review when you are ready."
      : project?.title;
  const badge = project ? <StatusBadge project={project} /> : null;

  if (saved) {
    // The badge shows the status the save left (a submitted draft is In Review), never the one before.
    const after = project && saved.status ? { ...project, status: saved.status } : project;
    return (
      <PageShell title={title} lead={lead} badge={after ? <StatusBadge project={after} /> : null}>
        <SavedScreen message={saved.message} to={saved.to} />
      </PageShell>
    );
  }

  // A project in review is read-only for its founder; an admin may still correct it.
  if (project?.status === "in_review" && review && !review.isAdmin) {
    return (
      <PageShell title={title} lead={lead} badge={badge}>
        <ReviewPending project={project} checklist={review.checklist} message={answer?.message ?? null} />
      </PageShell>
    );
  }

  return (
    <PageShell title={title} lead={lead} badge={badge}>
      {view.revision ? <RevisionNotice revision={view.revision} /> : null}
      {project?.reviewNote && project.status === "draft" ? (
        <Notice tone="warning" className="pf-review-note">
          <strong>Changes requested by our review team:</strong> {project.reviewNote}
        </Notice>
      ) : null}
      <ProjectForm
        // A new key whenever the form's values are new: the action's answer, or a loader's (a
        // draft restored or discarded), since its inputs are uncontrolled.
        key={answer?.formKey ?? `loaded-${view.draft?.updatedAt ?? 0}-${view.draft?.discarded ? 1 : 0}`}
        mode={mode}
        values={answer?.values ?? view.values}
        errors={answer?.errors ?? {}}
        count={answer?.count ?? 0}
        message={answer?.message ?? null}
        note={answer?.note ?? null}
        focus={answer?.focus ?? null}
        termsLocked={sharesSold > 0}
        project={project}
        review={review}
        minDeadline={minDeadline}
        draft={answer?.draft ?? view.draft}
        keepsDrafts={!review?.isAdmin && (mode === "create" || project?.status === "draft")}
      />
    </PageShell>
  );
}

/** The founder's changes to a live raise, waiting for review or sent back with a note (ADR 050). */
function RevisionNotice({ revision }: { revision: NonNullable<FormScreenView["revision"]> }) {
  if (revision.status === "changes_requested") {
    return (
      <Notice tone="warning" className="pf-review-note">
        <strong>Your changes to the {revision.changed} were sent back by our review team:</strong> {revision.note} The
        form shows them: fix them and save to send them again. Investors see the approved version.
      </Notice>
    );
  }
  return (
    <Notice tone="info" className="pf-review-note">
      <p>
        <strong>Your changes to the {revision.changed} are waiting for review</strong> (sent{" "}
        {formatDate(revision.submittedAt)}). The project page shows the approved version until an admin approves them;
        investors who have committed will then be asked to reconfirm. Saving again replaces them.
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="withdraw-changes" className="btn btn-secondary btn-sm">
          Withdraw these changes
        </button>
      </Form>
    </Notice>
  );
}
