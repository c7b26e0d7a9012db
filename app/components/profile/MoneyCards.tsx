/** The profile's demo balance and credit cards, and its stat cards. */
import { formatMoney } from "../../../domain/format";

/** Spec section 9: the demo account's figures. */
const DEMO_BALANCE = 10_000_000;
const DEMO_AVAILABLE_CREDIT = 25_000_000;
const CREDIT_LIMIT = 100_000_000;

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <li className="stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
    </li>
  );
}

export function MoneyCards() {
  return (
    <div className="profile-money">
      <section className="card card-body profile-balance" aria-labelledby="balance-title">
        <h2 id="balance-title" className="card-title">
          Demo balance
        </h2>
        <p className="profile-amount">{formatMoney(DEMO_BALANCE)}</p>
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
      <section className="card card-body profile-credit" aria-labelledby="credit-title">
        <h2 id="credit-title" className="card-title">
          CampusFund credit
        </h2>
        <dl className="kv-grid">
          <div>
            <dt>Credit limit</dt>
            <dd>{formatMoney(CREDIT_LIMIT)}</dd>
          </div>
          <div>
            <dt>Available credit</dt>
            <dd>{formatMoney(DEMO_AVAILABLE_CREDIT)}</dd>
          </div>
          <div>
            <dt>APR</dt>
            <dd>0.5%</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
