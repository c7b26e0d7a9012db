/**
 * The builder's section navigation (spec section 5's eleven sections as steps): a link to each
 * section's anchor with its state (complete, has errors, required fields missing, optional and
 * empty) and the progress. Links and text only, so it works without JavaScript; with it, the
 * states follow what the founder types.
 */
import { FORM_SECTIONS, type SectionState } from "../../../domain/projects/project-form-sections";

const SHOWN: Record<SectionState, { mark: string; said: string }> = {
  complete: { mark: "✓", said: "complete" },
  errors: { mark: "!", said: "has errors" },
  incomplete: { mark: "•", said: "required fields missing" },
  "optional-empty": { mark: "○", said: "optional, empty" },
};

export function SectionNav({ states }: { states: Record<string, SectionState> }) {
  const done = FORM_SECTIONS.filter((s) => states[s.id] === "complete").length;
  const required = FORM_SECTIONS.filter((s) => s.required.length > 0);
  const requiredDone = required.filter((s) => states[s.id] === "complete").length;
  return (
    <nav className="card pf-steps" aria-labelledby="pf-steps-title">
      <div className="pf-steps-head">
        <h2 id="pf-steps-title">Sections</h2>
        <p className="pf-progress-text">
          {done} of {FORM_SECTIONS.length} filled in · required: {requiredDone} of {required.length}
        </p>
      </div>
      <div className="pf-progress" aria-hidden="true">
        <span style={{ width: `${Math.round((done / FORM_SECTIONS.length) * 100)}%` }} />
      </div>
      <ol className="pf-steps-list">
        {FORM_SECTIONS.map((s) => {
          const state = states[s.id] ?? "optional-empty";
          return (
            <li key={s.id} className={`pf-step pf-step-${state}`}>
              <a href={`#${s.id}`}>
                <span className="pf-step-mark" aria-hidden="true">
                  {SHOWN[state].mark}
                </span>
                {s.title}
                <span className="visually-hidden"> ({SHOWN[state].said})</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
