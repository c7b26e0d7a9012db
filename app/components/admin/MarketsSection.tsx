/**
 * /admin's Markets section (ADR 053): the markets trading or halted (at most 50), each with its
 * status and a Halt form (a reason, shown on the company's market) or a Resume form (a reason, for
 * the audit log). Plain forms posting to the page's action: they work without JavaScript.
 */
import { Form, href } from "react-router";

import type { AdminMarketDTO } from "../../../domain/market/halts";
import { formatDateTime } from "../../../domain/shared/format";
import { ReasonField, useBusy, type AdminFailure } from "./sections";

function MarketActions({ m, failure }: { m: AdminMarketDTO; failure: AdminFailure | null }) {
  const action = m.status === "halted" ? "resume-market" : "halt-market";
  const form = `${action}:${m.projectId}`;
  const busy = useBusy(form);
  const halting = action === "halt-market";
  return (
    <details className="admin-suspend" open={failure?.form === form || undefined}>
      <summary>
        {halting ? "Halt" : "Resume"}
        <span className="visually-hidden"> trading in {m.title}</span>
      </summary>
      <Form method="post">
        <input type="hidden" name="id" value={m.projectId} />
        <ReasonField
          id={`${action}-${m.projectId}`}
          label={halting ? "Reason (shown on the company's market)" : "Reason"}
          failure={failure}
          form={form}
        />
        {halting ? (
          <p className="muted small">Every open order is canceled and its owner told; the market refuses orders.</p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={action}
          className={halting ? "btn btn-danger btn-sm" : "btn btn-secondary btn-sm"}
          disabled={busy}
        >
          {halting ? (busy ? "Halting..." : "Halt trading") : busy ? "Resuming..." : "Resume trading"}
        </button>
      </Form>
    </details>
  );
}

export function MarketsSection({ markets, failure }: { markets: AdminMarketDTO[]; failure: AdminFailure | null }) {
  return (
    <section id="markets" className="admin-section" aria-labelledby="markets-title">
      <h2 id="markets-title">Markets</h2>
      {markets.length === 0 ? (
        <p className="card empty-state">No company's shares trade yet.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="markets-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Status</th>
                <th scope="col">Last trade</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {markets.map((m) => (
                <tr key={m.projectId}>
                  <th scope="row">
                    <a href={href("/project/:slug", { slug: m.slug })}>{m.title}</a>
                  </th>
                  <td>
                    {m.status === "halted" ? (
                      <>
                        {`Halted${m.haltedAt ? ` since ${formatDateTime(m.haltedAt)}` : ""}: `}
                        <span className="admin-halt-reason">{m.haltReason}</span>
                      </>
                    ) : (
                      "Trading"
                    )}
                  </td>
                  <td>
                    {m.lastTradeAt
                      ? `${formatDateTime(m.lastTradeAt)} (${m.trades.toLocaleString("en-US")} trades)`
                      : "None yet"}
                  </td>
                  <td>
                    <MarketActions m={m} failure={failure} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
