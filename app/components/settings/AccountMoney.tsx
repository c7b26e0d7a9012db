/**
 * The settings entries about the demo account's money: the Portfolio, Cash and
 * Tax Docs tabs and the Banks & Cards and VIP sections. Each shows what fits a simulated-money
 * account, with the same figures as the profile (domain/money/portfolio-account.ts); none is a
 * placeholder. Links and plain downloads: they work without JavaScript.
 */
import { Link } from "react-router";

import { formatMoney, formatNumber } from "../../../domain/shared/format";
import type { DemoAccount, StatementRow } from "../../../domain/money/portfolio-account";
import { Financial, type StatementPaging } from "../profile/Financial";
import { CreditCard } from "../profile/MoneyCards";

/** Who the tab is for: an investor's account, or a founder's (who cannot invest, spec section 6). */
export interface MoneyView {
  investor: boolean;
  account: DemoAccount;
  /** The statement's newest page (the profile's Financial Info tab pages the rest). */
  statement: StatementRow[];
  statementPaging: StatementPaging;
  accountNumber: string;
  years: number[];
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card card-body stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

const FOUNDER = "A founder's account does not invest, so it has no purchases to show here.";

export function PortfolioTab({ view }: { view: MoneyView }) {
  return (
    <Card id="portfolio" title="Portfolio">
      {!view.investor ? (
        <p>{FOUNDER}</p>
      ) : (
        <>
          <dl className="kv-grid">
            <div>
              <dt>Invested so far</dt>
              <dd data-testid="account-invested">{formatMoney(view.account.invested)}</dd>
            </div>
            <div>
              <dt>Investments</dt>
              <dd>{formatNumber(view.account.purchases)}</dd>
            </div>
          </dl>
          <p className="cluster">
            <Link to="/portfolio" className="btn btn-primary btn-sm">
              Open your portfolio
            </Link>
            <Link to="/settings?tab=watchlist" className="btn btn-secondary btn-sm">
              Watchlist
            </Link>
          </p>
        </>
      )}
    </Card>
  );
}

export function CashTab({ view }: { view: MoneyView }) {
  return (
    <Card id="cash" title="Cash">
      <Financial
        rows={view.statement}
        paging={view.statementPaging}
        account={view.account}
        accountNumber={view.accountNumber}
        investor={view.investor}
      />
    </Card>
  );
}

export function TaxDocsTab({ view }: { view: MoneyView }) {
  return (
    <Card id="tax-docs" title="Tax Docs">
      <p>
        No tax forms are issued here: the money is simulated. You can download a yearly statement of your investments
        (purchases, refunds and returns) as a CSV file.
      </p>
      {!view.investor ? (
        <p>{FOUNDER}</p>
      ) : view.years.length === 0 ? (
        <p className="muted">You have no investments yet, so there is no statement to download.</p>
      ) : (
        <ul className="stack">
          {view.years.map((y) => (
            <li key={y}>
              <a href={`/settings/tax-statement.csv?year=${y}`} download>
                {`Statement of investments ${y} (CSV)`}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function BanksCardsSection({ view }: { view: MoneyView }) {
  return (
    <Card id="section" title="Banks & Cards">
      <p>
        No bank account or card can be linked: this account&apos;s funds are virtual and unlimited, and no real money
        moves in or out.
      </p>
      <CreditCard account={view.account} headingLevel={3} />
    </Card>
  );
}

export function VipSection() {
  return (
    <Card id="section" title="VIP">
      <p>There is no VIP tier: every CampusFund account has the same features, and nothing here is paid for.</p>
    </Card>
  );
}
