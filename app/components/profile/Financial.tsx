/**
 * The demo account and its statement of purchases and refunds: the profile's Financial Info tab and
 * the settings' Cash tab (the same figures: domain/portfolio-account.ts).
 */
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../../domain/format";
import type { DemoAccount } from "../../../domain/portfolio-account";
import { EmptyInvestments, FounderNote, type StatementRow } from "./panels";

export function Financial({
  rows,
  account,
  accountNumber,
  investor,
  headingLevel = 3,
}: {
  /** The statement, newest first (domain/portfolio-account.ts `statementRows`). */
  rows: StatementRow[];
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
        ) : rows.length === 0 ? (
          <EmptyInvestments />
        ) : (
          <div className="table-scroll">
            <table className="holdings profile-statement">
              <caption className="field-hint">
                Your purchases and cancellations, newest first. The running total adds each purchase to the ones before
                it and takes a cancelled one back out.
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
                    <th scope="row">{r.refund ? `${r.projectTitle} (canceled, refunded)` : r.projectTitle}</th>
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
      </div>
    </>
  );
}
