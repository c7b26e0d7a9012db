/**
 * /admin's Mail section (ADR 044): the outbox's counts and the newest mails given up on, with the
 * error each last met (worker/services/operator/mail-admin.ts `mailHealth`). Read-only: a failed mail's body
 * is erased an hour after it gave up, so the fix is upstream (the sending domain, the address).
 */
import { formatDateTime } from "../../../domain/shared/format";
import type { MailHealthDTO } from "../../../domain/operator/admin";

export function MailSection({ mail }: { mail: MailHealthDTO }) {
  const figures = [
    ["Waiting to be sent", mail.pending],
    ["Sent in the last day", mail.sentLastDay],
    ["Expired in the last day", mail.expiredLastDay],
    ["Failed in the last 7 days", mail.failedLastWeek],
  ] as const;
  return (
    <section id="mail" className="admin-section" aria-labelledby="mail-title">
      <h2 id="mail-title">Mail</h2>
      <p className="muted">
        Every mail is tried again by the scheduled job until it is sent or has failed 5 times. An expired mail held a
        link that ran out before it could be sent.
      </p>
      <dl className="admin-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {mail.failures.length === 0 ? (
        <p className="card empty-state">No mail has failed in the last 7 days.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="mail-failures-title" tabIndex={0}>
          <table className="admin-table">
            <caption id="mail-failures-title" className="admin-subhead">
              Failed mails, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Written</th>
                <th scope="col">To</th>
                <th scope="col">Mail</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {mail.failures.map((f) => (
                <tr key={f.id}>
                  <td>{formatDateTime(f.createdAt)}</td>
                  <td className="admin-email">{f.to}</td>
                  <td>{f.subject}</td>
                  <td>{f.attempts}</td>
                  <td>{f.lastError ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
