/**
 * The founder dashboard's deadline card (ADR 043): extend a live raise's deadline, or close a
 * funded one early. Closing early takes a confirm step that needs no JavaScript: its first form is
 * a GET to `?closeEarly=<date>#deadline`, which shows what will happen with a POST form that sends
 * `confirm=yes`; a post without it confirms nothing (the action sends it back to the step).
 * Each form's refusal shows beside its own date field.
 */
import { Form } from "react-router";

import { cancelDeadlineText } from "../../../domain/money/cancellation";
import { formatDate } from "../../../domain/shared/format";
import { ConfirmStep } from "../form/ConfirmStep";
import { Field } from "../form/Field";
import { Notice } from "../Notice";
import type { FieldErrors } from "../../../domain/shared/form-kit";

/** The value a confirmed early close posts as `confirm`. */
export const CLOSE_EARLY_CONFIRMED = "yes";

export interface DeadlineView {
  deadline: string;
  /** Why the deadline is final (a live raise closed early): the card shows it and no form; else null. */
  closedEarly: string | null;
  /** The dates an extension may choose; null when the raise cannot change its deadline (then no card). */
  extend: { min: string; max: string } | null;
  earlyClose:
    | { blocked: string }
    | {
        blocked: null;
        min: string;
        max: string;
        /** The date to confirm (the GET step asked for one the rules accept). */
        confirm: string | null;
        /** What the GET step asked for, and why it cannot be (null: nothing asked, or accepted). */
        asked: string;
        error: string | null;
      };
}

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

export function RaiseDeadline({
  view,
  projectId,
  action,
  query,
  saved,
  failed,
}: {
  view: DeadlineView;
  projectId: string;
  /** Where the forms post (the dashboard, with its `?project=`). */
  action: string;
  /** The dashboard's own query (`?project=`), kept by the GET step. */
  query: string | null;
  /** The confirmation after a change. */
  saved: string | null;
  /** The refused form: its errors, its message and what was typed. */
  failed: { form: "extend" | "close-early"; errors: FieldErrors; message: string; value: string } | null;
}) {
  // A raise that is not live (ended, settled) has no deadline to move: the card is for live raises.
  if (!view.extend && !view.closedEarly) return null;
  const head = (
    <>
      <h2 id="deadline-title" className="dash-card-title">
        Deadline
      </h2>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failed && !Object.keys(failed.errors).length ? (
        <div className="alert alert-error" role="alert">
          {failed.message}
        </div>
      ) : null}
      <p>
        The raise closes at 00:00 UTC on <strong>{day(view.deadline)}</strong>. Investors may cancel until{" "}
        {cancelDeadlineText(view.deadline)}.
      </p>
    </>
  );
  // Closed early: the date is final, so the card only says so.
  if (!view.extend) {
    return (
      <section className="card dash-card" id="deadline" aria-labelledby="deadline-title">
        {head}
        <p className="muted small">{view.closedEarly}</p>
      </section>
    );
  }
  const extend = view.extend;
  const early = view.earlyClose;
  const typed = (form: "extend" | "close-early") => (failed?.form === form ? failed.value : undefined);
  const errorsOf = (form: "extend" | "close-early") => (failed?.form === form ? failed.errors : undefined);
  return (
    <section className="card dash-card" id="deadline" aria-labelledby="deadline-title">
      {head}
      <Form method="post" action={`${action}#deadline`} noValidate className="deadline-form">
        <input type="hidden" name="intent" value="extend" />
        <input type="hidden" name="projectId" value={projectId} />
        <Field
          id="f-extend-deadline"
          name="deadline"
          label="Extend to"
          errors={errorsOf("extend")}
          counted={false}
          hint={`A later day, until ${day(extend.max)}. Every investor is told.`}
        >
          {(c) => (
            <input {...c} type="date" min={extend.min} max={extend.max} required defaultValue={typed("extend")} />
          )}
        </Field>
        <button type="submit" className="btn btn-secondary">
          Extend deadline
        </button>
      </Form>
      {early.blocked !== null ? (
        <p className="muted small">{early.blocked}</p>
      ) : early.confirm ? (
        <ConfirmEarlyClose day={early.confirm} projectId={projectId} action={action} back={`${action}#deadline`} />
      ) : (
        <Form method="get" action={`${action.split("?")[0]}#deadline`} className="deadline-form">
          {query ? <input type="hidden" name="project" value={query} /> : null}
          <Field
            id="f-close-early"
            name="closeEarly"
            label="Close early on"
            errors={
              early.error
                ? { closeEarly: early.error }
                : failed?.form === "close-early" && failed.errors.deadline
                  ? { closeEarly: failed.errors.deadline }
                  : undefined
            }
            counted={false}
            hint={`Your goal is reached: you may close from ${day(early.min)} (five business days' notice).`}
          >
            {(c) => (
              <input
                {...c}
                type="date"
                min={early.min}
                max={early.max}
                required
                defaultValue={typed("close-early") ?? early.asked}
              />
            )}
          </Field>
          <button type="submit" className="btn btn-secondary">
            Close early…
          </button>
        </Form>
      )}
    </section>
  );
}

function ConfirmEarlyClose({
  day: chosen,
  projectId,
  action,
  back,
}: {
  day: string;
  projectId: string;
  action: string;
  back: string;
}) {
  return (
    <ConfirmStep
      id="confirm-close-early"
      action={`${action}#deadline`}
      fields={{ intent: "close-early", projectId, deadline: chosen, confirm: CLOSE_EARLY_CONFIRMED }}
      question={`Close this raise early, on ${day(chosen)}?`}
      submit="Yes, close early"
      busy="Closing..."
      back={back}
      backLabel="Keep the current deadline"
    >
      Every investor is told today, and may cancel until {cancelDeadlineText(chosen)}. The deadline cannot change again.
    </ConfirmStep>
  );
}
