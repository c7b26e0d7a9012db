/**
 * The portfolio's reservations (ADR 055): one's reservations in Coming soon raises, newest first
 * (at most 50), each with its status and what can be done: Confirm (the raise is open: the
 * one-step confirm page) and Cancel (a plain POST to the portfolio's action) while active.
 */
import { Form, Link } from "react-router";

import { formatDate, formatDateTime, formatMoney, formatNumber } from "../../../domain/shared/format";
import type { ReservationDTO } from "../../../domain/raises/reservations";
import { Notice } from "../Notice";

/** What a reservation's row says about where it stands. */
export function reservationStatusText(r: ReservationDTO): string {
  switch (r.status) {
    case "active":
      if (!r.raiseOpen) return r.launchAt ? `Reserved: opens ${formatDate(r.launchAt)}` : "Reserved";
      return r.lapsesAt ? `Open: confirm by ${formatDateTime(r.lapsesAt)}` : "Open: confirm now";
    case "confirmed":
      return "Confirmed";
    case "canceled":
      return "Canceled";
    default:
      return "Lapsed";
  }
}

export function Reservations({
  reservations,
  saved,
  failed,
}: {
  reservations: ReservationDTO[];
  saved: string | null;
  failed: string | null;
}) {
  if (!reservations.length && !saved) return null;
  return (
    <section className="card dash-card reservations" id="reservations" aria-labelledby="reservations-title">
      <h2 id="reservations-title">Your Reservations</h2>
      <p className="muted small">Non-binding amounts reserved in raises before they open: no money has moved.</p>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failed ? <Notice tone="error">{failed}</Notice> : null}
      {reservations.length ? (
        <div className="table-scroll" role="region" aria-labelledby="reservations-caption" tabIndex={0}>
          <table className="holdings">
            <caption id="reservations-caption" className="visually-hidden">
              Each reservation: its amount and status
            </caption>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Shares at today&apos;s price
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reservations.map((r) => (
                <tr key={r.id} id={`reservation-${r.id}`}>
                  <td data-label="Project">
                    <Link to={`/project/${r.projectSlug}`}>{r.projectTitle}</Link>
                  </td>
                  <td data-label="Amount" className="num">
                    {formatMoney(r.amount)}
                  </td>
                  <td data-label="Shares" className="num">
                    {formatNumber(r.shares)}
                  </td>
                  <td data-label="Status">{reservationStatusText(r)}</td>
                  <td data-label="Actions">
                    {r.status === "active" ? (
                      <div className="cluster">
                        {r.raiseOpen ? (
                          <Link className="btn btn-primary btn-sm" to={`/reservations/${r.id}/confirm`}>
                            Confirm
                          </Link>
                        ) : null}
                        <Form method="post" action="/portfolio#reservations">
                          <input type="hidden" name="intent" value="cancel-reservation" />
                          <input type="hidden" name="projectId" value={r.projectId} />
                          <button type="submit" className="btn btn-secondary btn-sm">
                            Cancel<span className="visually-hidden"> the reservation in {r.projectTitle}</span>
                          </button>
                        </Form>
                      </div>
                    ) : r.status === "confirmed" && r.investmentId ? (
                      <Link to={`/portfolio/investments/${r.investmentId}`}>Investment</Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
