/**
 * The project page's History tab (a funded raise's only, ADR 052): what the company's shares are
 * valued at now and why, how we value holdings (a `<details>`: it opens without JavaScript), then
 * the timeline: the raise itself, and each reviewed event in date order with its statement and its
 * evidence. Its founder and the admins also see a report not yet reviewed, marked so. The words
 * are made on the server (domain/money/company-history.ts); loaded with its tab (ADR 041).
 */
import { Prose } from "./DetailPanels";
import type { HistoryView } from "../../../domain/money/company-history";

export function HistoryPanel({ title, history }: { title: string; history: HistoryView }) {
  const events = history.entries.length - 1;
  return (
    <>
      <h2>History</h2>
      <div className="history-standing">
        <p className="history-mark">{history.standing}</p>
        <details className="history-policy">
          <summary>How we value holdings</summary>
          {history.policy.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </details>
      </div>
      <ol className="company-history" aria-label={`${title} since its raise`}>
        {history.entries.map((e) => (
          <li
            key={e.id}
            id={e.kind === "raise" ? undefined : `event-${e.id}`}
            className={`history-item history-${e.kind.replace("_", "-")}${e.unreviewed ? " is-unreviewed" : ""}`}
          >
            <p className="history-date">
              <time dateTime={e.day}>{e.date}</time>
              {e.unreviewed ? <span className="badge badge-warning">{e.unreviewed}</span> : null}
            </p>
            <h3 className="history-title">{e.title}</h3>
            {e.facts.map((s) => (
              <p key={s} className="history-fact">
                {s}
              </p>
            ))}
            {e.statement ? (
              <div className="history-statement">
                <Prose text={e.statement} />
              </div>
            ) : null}
            {e.evidence ? (
              <p className="history-evidence">
                <a href={e.evidence} type="application/pdf" download>
                  Evidence
                  <span className="visually-hidden">
                    : {e.title}, {e.date}
                  </span>
                </a>{" "}
                <span className="doc-type">PDF</span>
              </p>
            ) : null}
            {e.unreviewed ? (
              <p className="muted small">
                Only its founder and CampusFund admins see this report: it changes nobody&apos;s holdings until it is
                approved.
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {events === 0 ? (
        <p className="muted history-none">
          No event since the raise yet. Its founder reports a priced round, an acquisition or a shutdown with its
          evidence, and investors see it here once CampusFund has reviewed it.
        </p>
      ) : null}
    </>
  );
}
