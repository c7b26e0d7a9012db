/**
 * A Coming soon raise's sidebar card (ADR 055), in place of the share calculator: when it opens,
 * what has been reserved, and the Reserve form (a plain POST to the project page's action): an
 * amount in whole dollars, reserving again changes it; Cancel Reservation takes it back. The
 * founder sees the totals and a link to open the raise from their dashboard; a visitor is asked
 * to sign in.
 */
import { Form, Link } from "react-router";

import { formatDate, formatMoney, formatNumber } from "../../../domain/shared/format";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import type { ProjectDTO } from "../../../domain/shared/types";
import { RESERVATION_CONFIRM_DAYS } from "../../../domain/raises/reservations";
import { Field } from "../form/Field";
import { Notice } from "../Notice";

/** The viewer's reservation in this raise, as the card shows it. */
export interface MyReservation {
  id: string;
  amount: number;
  status: string;
}

export interface ReserveFailure {
  form: string;
  message: string;
  errors: FieldErrors;
  value: string;
}

export function ReservePanel({
  project,
  mine,
  signedIn,
  isOwner,
  action,
  signInHref,
  saved,
  failure,
}: {
  project: ProjectDTO;
  mine: MyReservation | null;
  signedIn: boolean;
  isOwner: boolean;
  /** The project page (the form's action). */
  action: string;
  signInHref: string;
  saved: string | null;
  failure: ReserveFailure | null;
}) {
  const opens = project.launchAt ? formatDate(project.launchAt) : null;
  const { count, amount } = project.reservations;
  const active = mine?.status === "active" ? mine : null;
  const min = Math.max(project.investmentTerms.minInvestment, project.sharePrice);
  return (
    <section className="side-card calculator" aria-labelledby="reserve-title" id="reserve">
      <h2 id="reserve-title">Reserve</h2>
      <p>
        <strong>Coming Soon</strong>
        {opens ? <> · opens for investment on {opens}</> : null}
      </p>
      <p className="reserved-total">
        {count === 0
          ? "Nobody has reserved yet."
          : `${formatNumber(count)} ${count === 1 ? "person has" : "people have"} reserved ${formatMoney(amount)}`}
      </p>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failure && !Object.keys(failure.errors).length ? <Notice tone="error">{failure.message}</Notice> : null}
      {isOwner ? (
        <p className="muted small">
          This is your raise: people reserve here until it opens. <Link to="/founder-dashboard#launch">Open it</Link>{" "}
          from your dashboard at any time.
        </p>
      ) : !signedIn ? (
        <Link className="btn btn-primary btn-block" to={signInHref}>
          Sign In to Reserve
        </Link>
      ) : (
        <>
          {active ? (
            <p>
              You reserved <strong>{formatMoney(active.amount)}</strong>.
            </p>
          ) : null}
          <Form method="post" action={`${action}#reserve`} noValidate className="reserve-form">
            <input type="hidden" name="intent" value="reserve" />
            <Field
              id="f-reserve-amount"
              name="amount"
              label={active ? "New amount (USD)" : "Amount (USD)"}
              errors={failure?.form === "reserve" ? failure.errors : undefined}
              counted={false}
              hint={`Whole dollars, at least ${formatMoney(min)}. Non-binding: no money moves now.`}
            >
              {(c) => (
                <input
                  {...c}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={failure?.form === "reserve" ? failure.value : active ? String(active.amount) : ""}
                />
              )}
            </Field>
            <button type="submit" className="btn btn-primary btn-block">
              {active ? "Change Reservation" : "Reserve"}
            </button>
          </Form>
          {active ? (
            <Form method="post" action={`${action}#reserve`} className="reserve-form">
              <input type="hidden" name="intent" value="cancel-reservation" />
              <button type="submit" className="btn btn-secondary btn-block">
                Cancel Reservation
              </button>
            </Form>
          ) : null}
          <p className="muted small">
            When the raise opens we will tell you, and you will have {RESERVATION_CONFIRM_DAYS} days to confirm your
            investment at its terms.
          </p>
        </>
      )}
    </section>
  );
}
