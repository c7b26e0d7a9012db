/**
 * /reservations/:id/confirm (ADR 055): the one step from a reservation to an investment. GET shows
 * the terms (the whole shares the reserved amount buys at the raise's price, rounded down, and
 * what they cost); the POST buys them through the purchase service with the reservation's own
 * idempotency key, so a double submit buys once, then goes to the portfolio. Every purchase rule
 * applies: a refusal (sold out, closed, a limit) is shown here and the reservation stays active.
 * The reserver only (someone else's is not found); a signed-out visitor signs in first.
 */
import { Form, Link, redirect } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import { Notice } from "../components/Notice";
import { pageMeta } from "../components/meta";
import { formatDateTime, formatMoney, formatNumber, formatPrice } from "../../domain/shared/format";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { readForm } from "../server/form.server";
import { getApp, requireUser } from "../server/guards.server";
import { formFailed, refusedBy } from "../server/form-result";
import { mailerFor } from "../../worker/mail/mailer";
import { confirmProblem, confirmReservation, getMyReservation } from "../../worker/services/raises/reservations";
import type { Route } from "./+types/reservation-confirm";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Confirm Your Reservation"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  let r;
  try {
    r = await getMyReservation(db, user, params.id);
  } catch (e) {
    return refusedBy(e);
  }
  const problem = r.status === "confirmed" ? null : confirmProblem(r, Date.now());
  return {
    reservation: r,
    total: Math.round(r.shares * r.sharePrice * 100) / 100,
    /** Why it cannot be confirmed now (not open yet, lapsed, canceled…), or null. */
    problem: problem?.message ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  await readForm(request, FORM_LIMITS.portfolio);
  const { db, env, ctx } = getApp(context);
  try {
    const { purchase } = await confirmReservation(db, user, params.id, mailerFor(env, ctx, db));
    return redirect(`/portfolio?invested=${encodeURIComponent(purchase.investment._id)}`);
  } catch (e) {
    return formFailed(e, {}, {});
  }
}

export default function ConfirmReservation({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    return (
      <ErrorPanel
        title="Confirm Your Reservation"
        message={loaderData.message}
        alert
        to="/portfolio"
        linkLabel="Back to Portfolio"
      />
    );
  }
  const { reservation: r, total, problem } = loaderData;
  const error = actionData && !actionData.ok ? actionData.message : null;
  return (
    <div className="container invest-page">
      <header className="page-head">
        <h1>Confirm Your Reservation</h1>
        <p className="page-lead">
          <Link to={`/project/${r.projectSlug}`}>{r.projectTitle}</Link>: you reserved {formatMoney(r.amount)}.
        </p>
      </header>
      <section className="card dash-card" aria-labelledby="terms-title">
        <h2 id="terms-title">The Terms</h2>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {r.status === "confirmed" ? (
          <Notice tone="success">
            This reservation is confirmed.{" "}
            {r.investmentId ? <Link to={`/portfolio/investments/${r.investmentId}`}>See your investment</Link> : null}
          </Notice>
        ) : problem ? (
          <Notice tone="warning">{problem}</Notice>
        ) : null}
        <dl className="side-list">
          <div>
            <dt>Shares</dt>
            <dd>{formatNumber(r.shares)}</dd>
          </div>
          <div>
            <dt>Share price</dt>
            <dd>{formatPrice(r.sharePrice)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatPrice(total)}</dd>
          </div>
          {r.lapsesAt && r.status === "active" ? (
            <div>
              <dt>Confirm by</dt>
              <dd>{formatDateTime(r.lapsesAt)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="muted small">
          Your reserved amount buys whole shares at the raise&apos;s price, rounded down. Confirming is a purchase like
          any other: you may cancel it until 48 hours before the raise closes.
        </p>
        {r.status === "active" && !problem ? (
          <Form method="post" className="reserve-form">
            <button type="submit" className="btn btn-primary">
              Confirm Investment of {formatPrice(total)}
            </button>
          </Form>
        ) : null}
        <p className="reserve-form">
          <Link to="/portfolio#reservations">Back to your reservations</Link>
        </p>
      </section>
    </div>
  );
}
