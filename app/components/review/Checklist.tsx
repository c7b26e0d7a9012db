/**
 * The launch checklist (domain/projects/review.ts `launchChecklist`): what is done, what is missing, and
 * what is advice. The founder's builder links each item to its section; the reviewer sees the same list.
 */
import type { ChecklistItem } from "../../../domain/projects/review";

export function Checklist({
  items,
  linkSections = false,
}: {
  items: readonly ChecklistItem[];
  linkSections?: boolean;
}) {
  return (
    <ul className="checklist">
      {items.map((item) => {
        const state = item.ok ? "done" : item.required ? "missing" : "advice";
        const said = item.ok ? "done" : item.required ? "required, missing" : "recommended";
        return (
          <li key={item.id} className={`checklist-item checklist-${state}`}>
            <span className="checklist-mark" aria-hidden="true">
              {item.ok ? "✓" : item.required ? "✕" : "!"}
            </span>
            <span>
              <strong>{item.label}</strong>
              <span className="visually-hidden"> ({said})</span>
              {item.ok ? null : (
                <span className="checklist-fix">
                  {" "}
                  {linkSections ? <a href={`#${item.section}`}>{item.fix}</a> : item.fix}
                </span>
              )}
              {!item.ok && item.problems?.length ? (
                <ul className="checklist-problems">
                  {item.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
