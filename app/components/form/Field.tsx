/**
 * One form field with its label, hint and error (ADR 016). The control gets the field's form name
 * (`creatorInfo.name`, `team[2].role`), an id derived from it, `aria-invalid` when it has an error
 * and `aria-describedby` naming its hint, its counter and its error, so screen readers read the
 * message with the field. HTML constraints come from the schema (`constraintsOf`), never copied by
 * hand; a length limit is never `maxlength` (which cuts what was typed) but a counter, LengthCount
 * (ADR 032).
 */
import type { ReactNode } from "react";
import type * as v from "valibot";

import { constraintsOf, type FieldErrors, type InputConstraints } from "../../../domain/shared/form-kit";
import { countId, LengthCount } from "./LengthCount";

/** A stable, valid id for a form name: `team[2].role` → `f-team-2-role`. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "")}`;
}

/** What the control receives: the schema's constraints but its length limit, which the counter shows. */
export interface ControlProps extends Omit<InputConstraints, "maxLength"> {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export function Field({
  id: idProp,
  name,
  label,
  errors,
  hint,
  schema,
  constraints,
  counted = true,
  children,
}: {
  /** For a form repeated on one page (one answer form per question): an id of its own. */
  id?: string;
  name: string;
  label: ReactNode;
  /** The form's errors (keyed by form name); this field shows its own. */
  errors?: FieldErrors;
  hint?: ReactNode;
  /** The form's schema, for the control's HTML constraints. */
  schema?: v.GenericSchema;
  /**
   * The same constraints read by the loader (`constraintsOf` on the server): keeps the schema and
   * valibot out of a route's client JavaScript.
   */
  constraints?: InputConstraints;
  /** Show the schema's length limit as a counter (a date or number control has none to show). */
  counted?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = idProp ?? fieldId(name);
  const error = errors?.[name];
  const { maxLength, ...html } = constraints ?? (schema ? constraintsOf(schema, name) : {});
  const limit = counted ? maxLength : undefined;
  const describedBy = [hint ? `${id}-hint` : null, limit ? countId(id) : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const control: ControlProps = {
    id,
    name,
    ...html,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(control)}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {limit ? <LengthCount controlId={id} max={limit} invalid={!!error} /> : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A submit button that adds a row to a repeating list (`intent=add:<list>`), with or without JavaScript. */
export function AddRowButton({ list, children }: { list: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={`add:${list}`} className="btn btn-secondary" formNoValidate>
      {children}
    </button>
  );
}

/** Removes row `index` of a list (`intent=remove:<list>:<index>`); disabled on the last row. */
export function RemoveRowButton({
  list,
  index,
  rows,
  children,
}: {
  list: string;
  index: number;
  rows: number;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={`remove:${list}:${index}`}
      className="btn btn-ghost"
      formNoValidate
      disabled={rows <= 1}
    >
      {children}
    </button>
  );
}
