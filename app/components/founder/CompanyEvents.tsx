/**
 * The founder dashboard's "Company events" (ADR 052), once the raise is funded: the company's
 * events after its raise (each with where its review stands, an admin's note on one sent back),
 * Withdraw report on the one waiting, and Report a company event (a priced round, an acquisition
 * or a shutdown, with its PDF of evidence). Notices link here (`#company-events`). Plain POST
 * forms: all of it works without JavaScript.
 */
import { Form, href, Link, useNavigation } from "react-router";

import { FOUNDER_EVENT_KINDS, type EventKind } from "../../../domain/money/valuation";
import { formatDate, formatMoney, formatPrice } from "../../../domain/shared/format";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import {
  EVENT_STATUS_BADGE,
  EVENT_STATUS_LABEL,
  EventFields,
  isEventStatus,
  PRICE_LABEL,
  type EventFormValues,
} from "../company-events/EventFields";
import { FormBanner } from "../form/FormBanner";
import { Notice } from "../Notice";

/** An event as the section lists it. */
export interface CompanyEventItem {
  id: string;
  kind: EventKind;
  kindLabel: string;
  status: string;
  effectiveOn: string;
  pricePerShare: number;
  preMoneyValuation: number | null;
  roundName: string;
  reviewNote: string | null;
}

export interface CompanyEventsView {
  /** Newest first: approved, waiting and sent back (a withdrawn report is gone). */
  events: CompanyEventItem[];
  /** Why no event can be reported (the company was acquired or shut down); else null. */
  closed: string | null;
  /** A report is waiting for review: another waits until it is reviewed or withdrawn. */
  pending: boolean;
  dates: { min: string | null; max: string };
  /** The form's starting values: a report sent back, to correct, or an empty form. */
  values: EventFormValues;
  constraints: { statement: InputConstraints; roundName: InputConstraints };
}

/** The section's forms' refusal: which form, its banner, each field's message, what was typed. */
export interface CompanyEventsFailure {
  form: "report-event" | "withdraw-event";
  message: string;
  errors: FieldErrors;
  values: EventFormValues | null;
}

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

export function CompanyEvents({
  view,
  projectId,
  projectSlug,
  action,
  adminView,
  saved,
  failure,
}: {
  view: CompanyEventsView;
  projectId: string;
  projectSlug: string;
  /** The dashboard's own URL (keeps an admin's `?project=`). */
  action: string;
  adminView: boolean;
  saved: string | null;
  failure: CompanyEventsFailure | null;
}) {
  const reportFailed = failure?.form === "report-event" ? failure : null;
  const errorCount = reportFailed ? Object.keys(reportFailed.errors).length : 0;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "report-event";
  return (
    <section className="card dash-card company-events" id="company-events" aria-labelledby="company-events-title">
      <h2 id="company-events-title" className="dash-card-title">
        Company events
      </h2>
      <p className="muted">
        What happens to the company after its raise: a priced round, an acquisition or a shutdown. An admin checks each
        report against its evidence; only then does every holder&apos;s value follow it, and every holder is told.
      </p>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failure && !Object.keys(failure.errors).length ? <Notice tone="error">{failure.message}</Notice> : null}
      <EventList events={view.events} projectId={projectId} action={action} />
      {view.closed ? (
        <p className="muted small">{view.closed}</p>
      ) : view.pending ? (
        <p className="muted small">You can report another event once this one is reviewed or withdrawn.</p>
      ) : adminView ? (
        <p className="small">
          As an admin you record an event, approved at once, from{" "}
          <Link to={`${href("/admin")}?company=${encodeURIComponent(projectSlug)}#record-event`}>
            Record a company event
          </Link>
          .
        </p>
      ) : (
        <>
          <h3 className="dash-card-title dash-subtitle" id="report-event-title">
            Report a company event
          </h3>
          <Form
            method="post"
            action={`${action}#company-events`}
            encType="multipart/form-data"
            noValidate
            className="form event-form"
            aria-labelledby="report-event-title"
          >
            <FormBanner count={errorCount} errors={reportFailed?.errors} id="report-event-errors" />
            <input type="hidden" name="intent" value="report-event" />
            <input type="hidden" name="projectId" value={projectId} />
            <EventFields
              kinds={FOUNDER_EVENT_KINDS}
              values={reportFailed?.values ?? view.values}
              errors={reportFailed?.errors}
              dates={view.dates}
              constraints={view.constraints}
              evidenceRequired
            />
            <p className="small muted">Nobody&apos;s holdings change until an admin has reviewed it.</p>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={sending}>
                {sending ? "Sending..." : "Send for review"}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function EventList({ events, projectId, action }: { events: CompanyEventItem[]; projectId: string; action: string }) {
  if (!events.length) {
    return <p className="muted small">No events yet: every holding is valued at what its investor paid.</p>;
  }
  return (
    <ul className="event-list" role="list">
      {events.map((e) => (
        <li key={e.id}>
          <div className="event-head">
            <strong>{e.roundName ? `${e.kindLabel} (${e.roundName})` : e.kindLabel}</strong>
            {isEventStatus(e.status) ? (
              <span className={`badge ${EVENT_STATUS_BADGE[e.status]}`}>{EVENT_STATUS_LABEL[e.status]}</span>
            ) : null}
          </div>
          <p className="muted small">
            {`${day(e.effectiveOn)} · ${PRICE_LABEL[e.kind]}: ${formatPrice(e.pricePerShare)}`}
            {e.preMoneyValuation !== null ? ` · pre-money valuation ${formatMoney(e.preMoneyValuation)}` : ""}
          </p>
          {e.status === "changes_requested" && e.reviewNote ? (
            <p className="event-note">
              <strong>The admin&apos;s note:</strong> {e.reviewNote}
            </p>
          ) : null}
          {e.status === "pending" ? (
            <Form method="post" action={`${action}#company-events`}>
              <input type="hidden" name="intent" value="withdraw-event" />
              <input type="hidden" name="projectId" value={projectId} />
              <button type="submit" className="btn btn-secondary btn-sm">
                Withdraw report<span className="visually-hidden"> of the {e.kindLabel.toLowerCase()}</span>
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
