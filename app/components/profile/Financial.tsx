/**
 * The demo account and its statement of purchases, refunds and returns: the profile's Financial Info tab and
 * the settings' Cash tab (the same figures: domain/money/portfolio-account.ts).
 */
import { Link } from "react-router";

import { formatDate, formatMoney, formatNumber, formatPercent } from "../../../domain/shared/format";
import { statementLineTitle, type DemoAccount } from "../../../domain/money/portfolio-account";
import { Pagination } from "../project/Pagination";
import { EmptyInvestments, FounderNote, type StatementRow } from "./panels";

/** Which page of the statement is shown, of how many lines. */
export interface StatementPaging {
  total: number;
  page: number;
  pageCount: number;
}

/** The profile's Financial Info tab, where the whole statement pages. */
const STATEMENT_HREF = "/profile?tab=financial";

export function Financial({
  rows,
  account,
  accountNumber,
  investor,
  headingLevel = 3,
  paging,
  hrefFor,
}: {
  /** A page of the statement, newest first (worker/services/money/statement.ts). */
  rows: StatementRow[];
  paging: StatementPaging;
  /** The link to another page of the statement; without it, only the newest page is shown, with a link to the rest. */
  hrefFor?: (page: number) => string;
  account: DemoAccount;
  headingLevel?: 2 | 3;
  accountNumber: string;
  investor: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <p className="alert alert-warning profile-disclaimer">
        Demo account: every figure here is simulated. No real money is held, moved or paid out, and the account has
        unlimited virtual funds.
      </p>
      <dl className="kv-grid">
        <div>
          <dt>Account number</dt>
          <dd>
            <span aria-hidden="true">•••• •••• </span>
            <span className="visually-hidden">ending in </span>
            {accountNumber.slice(-4)}
          </dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>Unlimited (virtual)</dd>
        </div>
        <div>
          <dt>Invested so far</dt>
          <dd data-testid="account-invested">{formatMoney(account.invested)}</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>{formatPercent(account.interestRate, 2)}</dd>
        </div>
      </dl>
      <div className="panel-section">
        <Heading>Demo bank statement</Heading>
        {!investor ? (
          <FounderNote />
        ) : paging.total === 0 ? (
          <EmptyInvestments />
        ) : rows.length === 0 ? (
          <p className="muted">
            No statement lines on this page.{" "}
            <Link to={hrefFor ? hrefFor(1) : STATEMENT_HREF}>Back to the first page</Link>
          </p>
        ) : (
          <div className="table-scroll">
            <table className="holdings profile-statement">
              <caption className="field-hint">
                Your purchases, cancellations and returns, newest first. The running total adds each purchase to the
                ones before it and takes one that was canceled, or returned when its raise closed below its goal, back
                out.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Project</th>
                  <th scope="col" className="num">
                    Shares
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Running total
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key}>
                    <td>{formatDate(r.at)}</td>
                    <th scope="row">{statementLineTitle(r)}</th>
                    <td className="num">{r.refund ? `−${formatNumber(r.shares)}` : formatNumber(r.shares)}</td>
                    <td className="num">
                      {r.refund ? "+" : "−"}
                      {formatMoney(r.amount)}
                    </td>
                    <td className="num">{formatMoney(r.runningTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {investor && hrefFor ? (
          <Pagination page={paging.page} pageCount={paging.pageCount} hrefFor={hrefFor} label="Statement pages" />
        ) : investor && paging.pageCount > 1 ? (
          <p className="field-hint">
            {`The latest ${formatNumber(rows.length)} of ${formatNumber(paging.total)} lines. `}
            <Link to={STATEMENT_HREF}>See the whole statement</Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
