/**
 * The project form page once the loader let the viewer in: the form (re-rendered with the action's
 * answer when it came back) or, after a save with JavaScript, the success screen.
 */
import { StatusBadge } from "../project/StatusBadge";
import { PageShell } from "./PageShell";
import { ProjectForm } from "./ProjectForm";
import { SavedScreen } from "./SavedScreen";
import type { FormValues } from "./values";
import type { FieldErrors } from "../../../domain/form-kit";
import type { ProjectStatusFields } from "../../../domain/project-status";

/** What the loader gives the form: a new project's defaults or the project being edited. */
export interface FormScreenView {
  mode: "create" | "edit";
  values: FormValues;
  project: (ProjectStatusFields & { id: string; slug: string; title: string }) | null;
  sharesSold: number;
  minDeadline: string;
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
}

export function FormScreen({
  title,
  view,
  saved,
  answer,
}: {
  title: string;
  view: FormScreenView;
  /** A save made with JavaScript: its message and where the page moves next. */
  saved: { message: string; to: string } | null;
  answer: FormAnswer | null;
}) {
  const { mode, project, sharesSold, minDeadline } = view;
  const lead =
    mode === "create"
      ? "Tell investors about your startup. Your project is saved as a draft: preview it, then publish it when you are ready."
      : project?.title;
  const badge = project ? <StatusBadge project={project} /> : null;

  if (saved) {
    return (
      <PageShell title={title} lead={lead} badge={badge}>
        <SavedScreen message={saved.message} to={saved.to} />
      </PageShell>
    );
  }

  return (
    <PageShell title={title} lead={lead} badge={badge}>
      <ProjectForm
        key={answer?.formKey ?? "loaded"}
        mode={mode}
        values={answer?.values ?? view.values}
        errors={answer?.errors ?? {}}
        count={answer?.count ?? 0}
        message={answer?.message ?? null}
        note={answer?.note ?? null}
        focus={answer?.focus ?? null}
        termsLocked={sharesSold > 0}
        project={project}
        minDeadline={minDeadline}
      />
    </PageShell>
  );
}
