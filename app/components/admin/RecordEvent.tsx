/**
 * /admin's Record a company event (ADR 052): an admin records what happened to a funded company,
 * approved at once and on the record (every holder's value follows it, and every holder is told):
 * a founder's kinds, and the platform's write-down and write-up with their reason. The company is
 * named by its id or slug (the founder dashboard's link fills it in: `?company=`); the PDF of
 * evidence is optional. A multipart POST form: it works without JavaScript.
 */
import { Form, href, useNavigation } from "react-router";

import { EVENT_KINDS } from "../../../domain/money/valuation";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import { EventFields, type EventFormValues } from "../company-events/EventFields";
import { Field } from "../form/Field";
import { FormBanner } from "../form/FormBanner";
import { Notice } from "../Notice";

/** The record form's refusal: its banner, each field's message, what was typed. */
export interface RecordFailure {
  message: string;
  errors: FieldErrors;
  values: EventFormValues & { project: string };
}

export function RecordEvent({
  values,
  failure,
  today,
  constraints,
}: {
  /** The form's start: the company named by `?company=`, the rest empty. */
  values: EventFormValues & { project: string };
  failure: RecordFailure | null;
  today: string;
  constraints: { statement: InputConstraints; roundName: InputConstraints };
}) {
  const navigation = useNavigation();
  const recording = navigation.state === "submitting" && navigation.formData?.get("intent") === "record-event";
  const shown = failure?.values ?? values;
  const errorCount = failure ? Object.keys(failure.errors).length : 0;
  return (
    <section id="record-event" className="admin-section" aria-labelledby="record-event-title">
      <h2 id="record-event-title">Record a company event</h2>
      <p className="muted">
        Recorded at once, in your name, without a founder&apos;s report: every holder&apos;s value follows it and every
        holder is told. A write-down or write-up states its reason in the statement.
      </p>
      <div className="card admin-review">
        <Form
          method="post"
          action={`${href("/admin")}#record-event`}
          encType="multipart/form-data"
          noValidate
          className="form event-form"
          aria-labelledby="record-event-title"
        >
          <FormBanner count={errorCount} errors={failure?.errors} id="record-event-errors" />
          {failure && !errorCount ? <Notice tone="error">{failure.message}</Notice> : null}
          <input type="hidden" name="intent" value="record-event" />
          <Field
            name="project"
            label="Company"
            errors={failure?.errors}
            counted={false}
            hint="Its id, or the slug in its page's address (/project/<slug>)."
          >
            {(c) => <input {...c} type="text" required autoComplete="off" defaultValue={shown.project} />}
          </Field>
          <EventFields
            kinds={EVENT_KINDS}
            values={shown}
            errors={failure?.errors}
            dates={{ min: null, max: today }}
            constraints={constraints}
            evidenceRequired={false}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={recording}>
              {recording ? "Recording..." : "Record event"}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
