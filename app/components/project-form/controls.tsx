/**
 * The project form's controls on top of the form kit's `Field` (ADR 016): each takes a form name
 * and reads its value, its error and its HTML constraints (from the one schema) from the form's
 * context, so the sections only say which fields they have, in which order, with which labels.
 */
import { createContext, useContext, type ReactNode } from "react";

import { Field, fieldId } from "../form/Field";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import { projectFormSchema } from "../../../domain/projects/project-form";
import { textAt, type FormValues } from "./values";

/** Built once: only its constraints are read here (the server validates with its own). */
export const FORM_SCHEMA = projectFormSchema();

export interface ProjectFormContext {
  values: FormValues;
  errors: FieldErrors;
  /** Shares were sold: the terms investors bought on are shown read-only. */
  termsLocked: boolean;
  /** The form name of the control that takes focus when the page opens (after a row was added or removed). */
  focus: string | null;
}

const Ctx = createContext<ProjectFormContext>({ values: {}, errors: {}, termsLocked: false, focus: null });

export const ProjectFormProvider = Ctx.Provider;

export function useProjectForm(): ProjectFormContext {
  return useContext(Ctx);
}

/** A label, with a marker when the field is required (the control itself carries `required`). */
function Label({ text, required }: { text: ReactNode; required?: boolean }) {
  return (
    <>
      {text}
      {required ? (
        <span className="pf-required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
}

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label (the schema decides the control's `required`). */
  required?: boolean;
  /** Shown read-only when the project's terms are locked. */
  lockable?: boolean;
}

const LOCKED_HINT = "Locked: investors bought on these terms";

/** `autoFocus` for the control named in the context's `focus` (works without JavaScript too). */
function useAutoFocus(name: string): { autoFocus?: true } {
  const { focus } = useProjectForm();
  return focus === name ? { autoFocus: true } : {};
}

export function TextInput({
  name,
  label,
  hint,
  required,
  lockable,
  type = "text",
  inputMode,
  autoComplete,
  placeholder,
  min,
}: BaseProps & {
  /** A date input's earliest day (numbers take theirs from the schema). */
  min?: string;
  type?: "text" | "url" | "number" | "date" | "email";
  inputMode?: "text" | "url" | "numeric" | "decimal";
  autoComplete?: string;
  placeholder?: string;
}) {
  const { values, errors, termsLocked } = useProjectForm();
  const locked = !!lockable && termsLocked;
  const focus = useAutoFocus(name);
  return (
    <Field
      name={name}
      label={<Label text={label} required={required} />}
      hint={locked ? LOCKED_HINT : hint}
      errors={errors}
      schema={FORM_SCHEMA}
      // A date or number has no length to count (the schema's limit is for the text door), nor
      // has a locked, read-only term.
      counted={!locked && type !== "date" && type !== "number"}
    >
      {(control) => (
        <input
          {...control}
          {...focus}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete ?? "off"}
          placeholder={placeholder}
          defaultValue={textAt(values, name)}
          readOnly={locked || undefined}
          {...(min ? { min } : {})}
        />
      )}
    </Field>
  );
}

export function TextArea({ name, label, hint, required, rows = 4 }: BaseProps & { rows?: number }) {
  const { values, errors } = useProjectForm();
  const focus = useAutoFocus(name);
  return (
    <Field
      name={name}
      label={<Label text={label} required={required} />}
      hint={hint}
      errors={errors}
      schema={FORM_SCHEMA}
    >
      {(control) => <textarea {...control} {...focus} rows={rows} defaultValue={textAt(values, name)} />}
    </Field>
  );
}

export function Select({
  name,
  label,
  hint,
  required,
  lockable,
  options,
  placeholder,
}: BaseProps & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  const { values, errors, termsLocked } = useProjectForm();
  const locked = !!lockable && termsLocked;
  const current = textAt(values, name);
  // A locked select is shown as read-only text: a disabled select would not be posted.
  if (locked) {
    return <TextInput name={name} label={label} lockable />;
  }
  // A stored value the list does not offer stays selectable, so saving never changes it silently.
  const known = options.some((o) => o.value === current);
  return (
    <Field
      name={name}
      label={<Label text={label} required={required} />}
      hint={hint}
      errors={errors}
      schema={FORM_SCHEMA}
      // A choice from a list has no length to count.
      counted={false}
    >
      {(control) => (
        <select {...control} defaultValue={current}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {!known && current ? <option value={current}>{current}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A field's error rendered where no `Field` shows it (an upload's error beside its file input). */
export function FieldError({ name }: { name: string }) {
  const { errors } = useProjectForm();
  const error = errors[name];
  return error ? (
    <p className="field-error" id={`${fieldId(name)}-error`}>
      {error}
    </p>
  ) : null;
}

/** A hidden value that must travel with the form (a document's fixed name, a row's unshown parts). */
export function Hidden({ name }: { name: string }) {
  const { values } = useProjectForm();
  const value = textAt(values, name);
  return value ? <input type="hidden" name={name} value={value} /> : null;
}
