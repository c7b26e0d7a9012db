/**
 * The bottom of a draft's builder (ADR 030). A founder submits for review: the launch checklist,
 * then a confirmation that names the four terms that lock at the first sale with the figures being
 * submitted (live with JavaScript; as drawn without, and the server asks again if they changed).
 * An admin publishes directly. Both buttons save the form first, like Save.
 */
import { Checklist } from "../review/Checklist";
import {
  checklistPasses,
  lockedTermsList,
  termsFingerprint,
  type ChecklistItem,
} from "../../../domain/projects/review";
import { FieldError, useProjectForm } from "./controls";
import { fieldId } from "../form/Field";

export interface SubmitTerms {
  sharePrice: string;
  fundingGoal: string;
  equityPercentage: string;
  regulationType: string;
}

export function SubmitSection({
  checklist,
  isAdmin,
  terms,
  busy,
  submitting,
}: {
  checklist: readonly ChecklistItem[];
  isAdmin: boolean;
  terms: SubmitTerms;
  busy: boolean;
  submitting: string | null;
}) {
  const { errors } = useProjectForm();
  const list = lockedTermsList(terms);
  const ready = checklistPasses(checklist);
  const confirmId = fieldId("confirmTerms");
  if (isAdmin) {
    return (
      <section id="submit" className="card pf-publish" aria-labelledby="publish-title">
        <h2 id="publish-title">Publish this project</h2>
        <p id="publish-text">
          As an admin you can list this draft directly, without the review queue. Publishing saves the changes above and
          opens the project to investors.
        </p>
        <button
          type="submit"
          name="intent"
          value="publish"
          className="btn btn-primary"
          aria-describedby="publish-text"
          disabled={busy}
          formNoValidate
        >
          {submitting === "publish" ? "Publishing..." : "Publish"}
        </button>
      </section>
    );
  }
  return (
    <section id="submit" className="card pf-publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Submit for review</h2>
      <p>
        We review every campus startup before it lists. While your project is in review it is read-only; you can
        withdraw it to make changes. Submitting saves the changes above first.
      </p>
      <h3 className="pf-subhead">Launch checklist</h3>
      <Checklist items={checklist} linkSections />
      {ready ? null : (
        <p className="muted small">The checklist reflects your last save: save your changes to see it update.</p>
      )}
      <fieldset className="pf-confirm">
        <legend>These terms lock at the first sale</legend>
        <dl className="kv pf-terms">
          {list.map((t) => (
            <div key={t.label}>
              <dt>{t.label}</dt>
              <dd>{t.value}</dd>
            </div>
          ))}
        </dl>
        <input type="hidden" name="confirmedTerms" value={termsFingerprint(terms)} />
        <div className="checkbox-field">
          <input
            type="checkbox"
            id={confirmId}
            name="confirmTerms"
            required
            aria-invalid={errors.confirmTerms ? true : undefined}
            aria-describedby={errors.confirmTerms ? `${confirmId}-error` : undefined}
          />
          <label htmlFor={confirmId}>
            I understand that once anyone invests, the share price, funding goal, equity offered and regulation type
            cannot change.
          </label>
        </div>
        <FieldError name="confirmTerms" />
      </fieldset>
      <button type="submit" name="intent" value="submit" className="btn btn-primary" disabled={busy}>
        {submitting === "submit" ? "Submitting..." : "Submit for review"}
      </button>
    </section>
  );
}
