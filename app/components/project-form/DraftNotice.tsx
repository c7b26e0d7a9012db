/**
 * What the project form says about the founder's saved draft (ADR 033): that it was saved (or that
 * the form shows it, restored), which required fields are still empty (each a link to its
 * field), and a button to discard it. Rendered inside the form: Discard is one of its submit
 * buttons (`intent=discard`), so it works without JavaScript.
 */
import { fieldId } from "../form/Field";
import { Notice } from "../Notice";
import { DRAFT_MESSAGES, type MissingField } from "../../../domain/projects/project-draft";
import { formatDateTime } from "../../../domain/shared/format";

export interface DraftInfo {
  missing: MissingField[];
  updatedAt: number;
  /** The form shows the saved draft (loaded), rather than having just saved it. */
  restored: boolean;
  /** The founder has just discarded it. */
  discarded?: boolean;
}

export function DraftNotice({ draft, editing }: { draft: DraftInfo; editing: boolean }) {
  if (draft.discarded) return <Notice tone="info">{DRAFT_MESSAGES.discarded}</Notice>;
  const { missing, restored } = draft;
  return (
    <Notice tone={restored ? "info" : "success"} className="pf-draft-notice">
      <p>
        <strong>
          {restored ? `This is your saved progress, from ${formatDateTime(draft.updatedAt)}.` : DRAFT_MESSAGES.saved}
        </strong>
        {missing.length === 0
          ? editing
            ? " Save to project to keep it in your project."
            : " Create Project to save it as your project."
          : null}
      </p>
      {missing.length ? (
        <p>
          Still to fill in before you can {editing ? "save it to your project" : "create your project"}:{" "}
          {missing.map((m, i) => (
            <span key={m.field}>
              {i > 0 ? ", " : null}
              <a href={`#${fieldId(m.field)}`}>{m.label}</a>
            </span>
          ))}
          .
        </p>
      ) : null}
      <button type="submit" name="intent" value="discard" className="btn btn-ghost btn-sm" formNoValidate>
        Discard saved progress
      </button>
    </Notice>
  );
}
