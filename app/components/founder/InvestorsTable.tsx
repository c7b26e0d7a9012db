/** The founder dashboard's investors: the newest ones as a table, the CSV of them all, or how to get the first. */
import { href, Link } from "react-router";

import { formatDate, formatNumber, formatPrice } from "../../../domain/format";
import { isListedStatus } from "../../../domain/review";
import type { FounderDashboardProject, PublicInvestor } from "../../../domain/founder-dashboard";

export function InvestorsTable({
  project,
  investors,
  csvHref,
}: {
  project: FounderDashboardProject;
  /** The newest investments shown (`project.investments` counts them all). */
  investors: PublicInvestor[];
  csvHref: string;
}) {
  const isDraft = !isListedStatus(project.status);
  // Not a landmark itself: the table's scrolling region below carries the name.
  return (
    <section className="dash-investors">
      <div className="dash-section-head">
        <h2 id="investors-title">Investors</h2>
        {investors.length > 0 ? (
          <a className="btn btn-secondary btn-sm" href={csvHref} download>
            Download CSV
          </a>
        ) : null}
      </div>
      {investors.length === 0 ? (
        <div className="empty-state card">
          <p>No investors yet. Share your project page to get your first backers.</p>
          {isDraft ? (
            <p className="muted small">
              {project.status === "in_review"
                ? "Your project is in review: investors can find it once it is approved."
                : "Submit your project for review from its edit page: once approved, investors can find it."}
            </p>
          ) : (
            <div className="empty-actions">
              <Link className="btn btn-primary" to={href("/project/:slug", { slug: project.slug })}>
                View Public Page
              </Link>
            </div>
          )}
        </div>
      ) : (
        <>
          <div className="table-scroll" role="region" aria-labelledby="investors-title" tabIndex={0}>
            <table className="holdings investor-table">
              <thead>
                <tr>
                  <th scope="col">Investor</th>
                  <th scope="col" className="num">
                    Shares
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {investors.map((inv, i) => (
                  <tr key={`${inv.investedAt}-${i}`}>
                    <th scope="row">{inv.name}</th>
                    <td className="num" data-label="Shares">
                      {formatNumber(inv.shares)}
                    </td>
                    <td className="num" data-label="Amount">
                      {formatPrice(inv.amountInvested)}
                    </td>
                    <td data-label="Date">{formatDate(inv.investedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {project.investments > investors.length ? (
            <p className="muted small dash-more">
              Showing the {formatNumber(investors.length)} most recent of {formatNumber(project.investments)}{" "}
              investments. The CSV lists them all.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
