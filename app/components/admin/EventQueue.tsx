/**
 * Company events to review (ADR 052), beside the other queues: each founder's report with its
 * company, what it says (kind, date, price, a round's pre-money valuation, the statement), its PDF
 * of evidence, the company's current value per share against its raise's price, and the two
 * answers: Approve (every holder's value follows it) and Send back (with a note for the founder).
 */
import { Fragment } from "react";
import { Form, href, Link } from "react-router";

import type { EventKind } from "../../../domain/money/valuation";
import { formatDate, formatMoney, formatPrice } from "../../../domain/shared/format";
import { PRICE_LABEL } from "../company-events/EventFields";
import { FormError, ReasonField, useBusy, type AdminFailure } from "./sections";

export interface EventCard {
  id: string;
  kind: EventKind;
  kindLabel: string;
  effectiveOn: string;
  pricePerShare: number;
  preMoneyValuation: number | null;
  roundName: string;
  statement: string;
  evidence: string;
  createdAt: string;
  project: { slug: string; title: string; regulationType: string; mark: number | null; sharePrice: number };
}

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

/** What the report says, and the company's value now against its raise's price. */
function facts(e: EventCard): [string, string][] {
  const { mark, sharePrice, regulationType } = e.project;
  const unit = regulationType === "SAFE" ? " per SAFE unit" : "";
  return [
    ["Date", day(e.effectiveOn)],
    [PRICE_LABEL[e.kind], formatPrice(e.pricePerShare)],
    ...(e.preMoneyValuation === null
      ? []
      : ([["Pre-money valuation", formatMoney(e.preMoneyValuation)]] as [string, string][])),
    [
      "Value per share now",
      mark === null
        ? `${formatPrice(sharePrice)}, at cost: the raise's price${unit}`
        : `${formatPrice(mark)} (the raise's price: ${formatPrice(sharePrice)}${unit})`,
    ],
  ];
}

function EventItem({ e, failure }: { e: EventCard; failure: AdminFailure | null }) {
  const approveForm = `approve-event:${e.id}`;
  const changesForm = `event-changes:${e.id}`;
  const approving = useBusy(approveForm);
  const sending = useBusy(changesForm);
  const titleId = `event-${e.id}`;
  const what = `${e.kindLabel.toLowerCase()} of ${e.project.title}`;
  return (
    <article className="card admin-review" aria-labelledby={titleId}>
      <div className="admin-review-head">
        <h3 id={titleId}>
          {`${e.roundName ? `${e.kindLabel} (${e.roundName})` : e.kindLabel}: `}
          <Link to={href("/project/:slug", { slug: e.project.slug })}>{e.project.title}</Link>
        </h3>
        <p className="muted small">Reported {formatDate(e.createdAt)}</p>
      </div>
      <dl className="meta-list">
        {facts(e).map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="event-statement">{e.statement}</p>
      <p className="small">
        {e.evidence ? (
          <a href={e.evidence} target="_blank" rel="noreferrer">
            Evidence (PDF)<span className="visually-hidden"> of the {what}</span>
          </a>
        ) : (
          <span className="muted">No evidence attached.</span>
        )}
      </p>
      <div className="admin-review-actions">
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="id" value={e.id} />
          <button type="submit" name="intent" value="approve-event" className="btn btn-primary" disabled={approving}>
            {approving ? "Approving..." : "Approve"}
            <span className="visually-hidden"> the {what}</span>
          </button>
          <FormError failure={failure} form={approveForm} id={`approve-event-${e.id}-error`} />
        </Form>
        <Form method="post" className="admin-changes-form">
          <input type="hidden" name="id" value={e.id} />
          <ReasonField id={`event-changes-${e.id}`} label="Note for the founder" failure={failure} form={changesForm} />
          <button type="submit" name="intent" value="event-changes" className="btn btn-secondary" disabled={sending}>
            {sending ? "Sending..." : "Send back"}
            <span className="visually-hidden"> the {what}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}

export function EventQueue({ events, failure }: { events: EventCard[]; failure: AdminFailure | null }) {
  return (
    <section id="company-events" className="admin-section" aria-labelledby="company-events-title">
      <h2 id="company-events-title">Company events to review</h2>
      <p className="muted">
        Oldest report first. Nothing changes until you approve: then every holder&apos;s value follows the event, an
        acquisition or a shutdown pays them, and every holder is told.
      </p>
      {events.length === 0 ? (
        <p className="card empty-state">No company events waiting for review.</p>
      ) : (
        <div className="stack">
          {events.map((e) => (
            <EventItem key={e.id} e={e} failure={failure} />
          ))}
        </div>
      )}
    </section>
  );
}
