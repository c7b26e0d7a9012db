/**
 * A repeating list of the project form (team, traction, roadmap, FAQs, gallery): each row a
 * labelled group ("Team member 2") with its remove button, then the add button. Both buttons are
 * the form kit's intent submits, so they work without JavaScript; the last row cannot be removed.
 */
import type { ReactNode } from "react";

import { AddRowButton, RemoveRowButton } from "../form/Field";
import { useProjectForm } from "./controls";
import { ROW_LISTS, rowsAt, type RowList } from "./values";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function RowGroup({ list, children }: { list: RowList; children: (index: number) => ReactNode }) {
  const { values } = useProjectForm();
  const rows = rowsAt(values, list);
  const { label } = ROW_LISTS[list];
  return (
    <div className="pf-rows">
      {rows.map((_, index) => (
        // Index keys: the whole form is re-rendered from the server's values after every change.
        <fieldset key={index} className="pf-row">
          <legend className="pf-row-legend">
            {capitalise(label)} {index + 1}
          </legend>
          <div className="pf-grid">{children(index)}</div>
          <div className="pf-row-actions">
            <RemoveRowButton list={list} index={index} rows={rows.length}>
              Remove<span className="visually-hidden"> {`${label} ${index + 1}`}</span>
            </RemoveRowButton>
          </div>
        </fieldset>
      ))}
      <div>
        <AddRowButton list={list}>Add {label}</AddRowButton>
      </div>
    </div>
  );
}
