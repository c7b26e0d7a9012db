/**
 * The founder dashboard's investors: a page of them as a table, newest first, with links to the
 * other pages (`?investors=2#dash-investors`, so paging works without JavaScript), the CSV of them
 * all, or how to get the first.
 */
import { href, Link } from "react-router";

import { formatDate, formatNumber, formatPrice } from "../../../domain/shared/format";
import { INVESTORS_PAGE_SIZE } from "../../../domain/projects/investor-list";
import { isListedStatus } from "../../../domain/projects/listed";
import type { FounderDashboardProject } from "../../../domain/projects/founder-dashboard";
import type { InvestorsPage } from "../../../domain/projects/investor-list";
import { Pagination } from "../project/Pagination";

export function InvestorsTable({
  project,
  list,
  csvHref,
  hrefFor,
}: {
  project: FounderDashboardProject;
  /** The page of investments shown (`list.total` counts them all). */
  list: InvestorsPage;
  csvHref: string;
  hrefFor: (page: number) => string;
}) {
  const { investors, total, page, pageCount } = list;
  const isDraft = !isListedStatus(project.status);
  const from = (page - 1) * INVESTORS_PAGE_SIZE + 1;
  // Not a landmark itself: the table's scrolling region below carries the name.
  return (
    <section className="dash-investors" id="dash-investors">
      <div className="dash-section-head">
        <h2 id="investors-title">Investors</h2>
        {total > 0 ? (
          <a className="btn btn-secondary btn-sm" href={csvHref} download>
            Download CSV
          </a>
        ) : null}
      </div>
      {total === 0 ? (
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
      ) : investors.length === 0 ? (
        <>
          <p className="muted">No investors on this page.</p>
          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Investor table pages" />
        </>
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
          {total > investors.length ? (
            <p className="muted small dash-more">
              {`Investments ${formatNumber(from)}–${formatNumber(from + investors.length - 1)} of ${formatNumber(total)}, newest first. The CSV lists them all.`}
            </p>
          ) : null}
          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Investor table pages" />
        </>
      )}
    </section>
  );
}
