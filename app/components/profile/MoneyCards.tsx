/**
 * The profile's demo balance and credit cards, and its stat cards. The figures are the demo
 * account's (domain/money/portfolio-account.ts), the same ones Financial Info and the settings' Cash and
 * Banks & Cards show.
 */
import { formatMoney, formatPercent } from "../../../domain/shared/format";
import type { DemoAccount } from "../../../domain/money/portfolio-account";

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <li className="stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
    </li>
  );
}

/** The demo credit line (spec: a credit card with 0.5% APR and a limit), plainly simulated. */
export function CreditCard({ account, headingLevel = 2 }: { account: DemoAccount; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { credit } = account;
  return (
    <section className="card card-body profile-credit" aria-labelledby="credit-title">
      <Heading id="credit-title" className="card-title">
        Demo credit card
      </Heading>
      <dl className="kv-grid">
        <div>
          <dt>Credit limit</dt>
          <dd>{formatMoney(credit.limit)}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>{formatMoney(credit.used)}</dd>
        </div>
        <div>
          <dt>Available credit</dt>
          <dd>{formatMoney(credit.available)}</dd>
        </div>
        <div>
          <dt>APR</dt>
          <dd>{formatPercent(credit.apr, 1)}</dd>
        </div>
      </dl>
      <p className="field-hint">
        Simulated, like the rest of this account: purchases are paid from the virtual balance, so nothing is ever
        borrowed on this card.
      </p>
    </section>
  );
}

/**
 * The balance card, and the spec's demo credit card (its APR and limit) only for an account that
 * has invested (`withCredit`): a new account is not shown a credit line it never asked for.
 */
export function MoneyCards({ account, withCredit }: { account: DemoAccount; withCredit: boolean }) {
  return (
    <div className="profile-money">
      <section className="card card-body profile-balance" aria-labelledby="balance-title">
        <h2 id="balance-title" className="card-title">
          Demo balance
        </h2>
        <p className="profile-amount">Unlimited (virtual)</p>
        <dl className="kv-grid">
          <div>
            <dt>Invested so far</dt>
            <dd data-testid="account-invested">{formatMoney(account.invested)}</dd>
          </div>
        </dl>
        <div className="cluster">
          <button type="button" className="btn btn-secondary btn-sm" disabled aria-describedby="funds-note">
            Deposit
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled aria-describedby="funds-note">
            Withdraw
          </button>
        </div>
        <p className="field-hint" id="funds-note">
          Deposit and Withdraw are not needed: this demo account has unlimited virtual funds, and no real money moves.
        </p>
      </section>
      {withCredit ? <CreditCard account={account} /> : null}
    </div>
  );
}
