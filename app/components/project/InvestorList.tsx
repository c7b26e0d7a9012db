/**
 * The project page's public investor list (Investment tab): names as the public API
 * (`GET /api/projects/{slug}/investors`) gives them, newest first, a page at a time with links
 * (`?tab=investment&investors=2#investors`), so paging works without JavaScript.
 */
import { formatDate, formatMoney, formatNumber } from "../../../domain/shared/format";
import type { InvestorsPage } from "../../../domain/projects/investor-list";
import { Pagination } from "./Pagination";

export function InvestorList({ list, hrefFor }: { list: InvestorsPage; hrefFor: (page: number) => string }) {
  const { investors, total, page, pageCount } = list;
  return (
    <section className="panel-section" aria-labelledby="investors-h" id="investors">
      <h3 id="investors-h">{`Investors (${formatNumber(total)})`}</h3>
      {total === 0 ? (
        <p className="muted">Nobody has invested yet.</p>
      ) : investors.length === 0 ? (
        <p className="muted">No investors on this page.</p>
      ) : (
        <ol className="investor-list">
          {investors.map((inv, i) => (
            <li key={`${inv.investedAt}-${i}`} className="investor-row">
              <span className="investor-name">{inv.name}</span>
              <span className="investor-amount">
                {formatMoney(inv.amountInvested)} · {formatNumber(inv.shares)} shares
              </span>
              <time className="investor-date" dateTime={inv.investedAt}>
                {formatDate(inv.investedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Investor list pages" />
    </section>
  );
}
