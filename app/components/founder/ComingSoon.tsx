/**
 * The founder dashboard's launch card (ADR 055): before the raise opens, its launch date (set,
 * moved, or cleared before approval); while Coming soon, what has been reserved and "Open for
 * Investment Now". Plain POST forms to the dashboard's action, so it works without JavaScript; a
 * refusal shows beside the date field (or above the card).
 */
import { Form } from "react-router";

import { formatDate, formatMoney, formatNumber } from "../../../domain/shared/format";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import { Field } from "../form/Field";
import { Notice } from "../Notice";

export interface LaunchView {
  status: string;
  /** The launch day (YYYY-MM-DD), or null without one. */
  launchOn: string | null;
  /** The days the date may take: tomorrow to the day before the deadline. */
  min: string;
  max: string;
  reservations: { count: number; amount: number };
}

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

export function ComingSoonCard({
  view,
  projectId,
  action,
  saved,
  failed,
}: {
  view: LaunchView;
  projectId: string;
  action: string;
  saved: string | null;
  failed: { form: string; errors: FieldErrors; message: string; value: string } | null;
}) {
  const comingSoon = view.status === "coming_soon";
  const launchErrors = failed?.form === "set-launch" ? failed.errors : undefined;
  const people = view.reservations.count;
  return (
    <section className="card dash-card" id="launch" aria-labelledby="launch-title">
      <h2 id="launch-title" className="dash-card-title">
        {comingSoon ? "Coming Soon" : "Launch Date"}
      </h2>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failed && !Object.keys(failed.errors).length ? (
        <div className="alert alert-error" role="alert">
          {failed.message}
        </div>
      ) : null}
      {comingSoon ? (
        <>
          <p>
            Your raise opens for investment at 00:00 UTC on <strong>{view.launchOn ? day(view.launchOn) : ""}</strong>.
            Until then people may reserve an amount (no money moves).
          </p>
          <p className="reserved-total">
            <strong>{formatMoney(view.reservations.amount)}</strong> reserved by {formatNumber(people)}{" "}
            {people === 1 ? "person" : "people"}
          </p>
        </>
      ) : (
        <p>
          {view.launchOn ? (
            <>
              Approved, your raise will be <strong>Coming soon</strong> and open on{" "}
              <strong>{day(view.launchOn)}</strong>.
            </>
          ) : (
            "Approved, your raise opens at once. Set a launch date to show it as Coming soon first and take reservations."
          )}
        </p>
      )}
      <Form method="post" action={`${action}#launch`} noValidate className="deadline-form">
        <input type="hidden" name="intent" value="set-launch" />
        <input type="hidden" name="projectId" value={projectId} />
        <Field
          id="f-launch-at"
          name="launchAt"
          label="Launch date"
          errors={launchErrors}
          counted={false}
          hint={`After today and before the funding deadline (${day(view.max)} at the latest).${comingSoon ? "" : " Leave it empty to open on approval."}`}
        >
          {(c) => (
            <input
              {...c}
              type="date"
              min={view.min}
              max={view.max}
              defaultValue={failed?.form === "set-launch" ? failed.value : (view.launchOn ?? "")}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-secondary">
          Save Launch Date
        </button>
      </Form>
      {comingSoon ? (
        <Form method="post" action={`${action}#launch`} className="deadline-form">
          <input type="hidden" name="intent" value="open-raise" />
          <input type="hidden" name="projectId" value={projectId} />
          <p className="muted small">
            Opening now tells everyone who reserved; they have 7 days to confirm their investment.
          </p>
          <button type="submit" className="btn btn-primary">
            Open for Investment Now
          </button>
        </Form>
      ) : null}
    </section>
  );
}
