/**
 * /admin's "Updates overdue" (ADR 055): funded companies whose founder has posted no update for 90
 * days or more (counted from the funding when there is none), oldest first, at most 20, with the
 * days since and when the founder was last reminded (the daily run reminds them by bell and mail).
 */
import { href } from "react-router";

import { formatDate, formatNumber } from "../../../domain/shared/format";

export interface OverdueRow {
  id: string;
  slug: string;
  title: string;
  lastUpdateAt: string | null;
  daysQuiet: number;
  remindedAt: string | null;
}

export function UpdatesOverdue({ companies }: { companies: OverdueRow[] }) {
  return (
    <section id="updates-overdue" className="admin-section" aria-labelledby="updates-overdue-title">
      <h2 id="updates-overdue-title">Updates overdue</h2>
      <p className="muted small">
        Funded companies with no update for 90 days or more, oldest first. Their founders are reminded by the daily run.
      </p>
      {companies.length === 0 ? (
        <p className="card empty-state">Every funded company has posted an update in the last 90 days.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="updates-overdue-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Last update</th>
                <th scope="col">Days since</th>
                <th scope="col">Founder reminded</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <a href={href("/project/:slug", { slug: c.slug })}>{c.title}</a>
                  </th>
                  <td>{c.lastUpdateAt ? formatDate(c.lastUpdateAt) : "None since funding"}</td>
                  <td>{formatNumber(c.daysQuiet)}</td>
                  <td>{c.remindedAt ? formatDate(c.remindedAt) : "Not yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
