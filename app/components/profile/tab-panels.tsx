/**
 * The profile's My Investments and Investment Preferences panels: a chunk /profile fetches when one
 * of those tabs is shown (app/routes/profile.tsx); the Overview is in panels.tsx.
 */
import { href, Link } from "react-router";

import { InvestmentStatus } from "../portfolio/InvestmentStatus";
import { OpenCutoff } from "../portfolio/OpenCutoff";
import { groupHoldings } from "../portfolio/holding-groups";
import { Pagination } from "../project/Pagination";
import { capitalize, formatDate, formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import { formatGain, formatMultiple } from "../../../domain/money/returns";
import { toCents } from "../../../domain/shared/money";
import { sectorName } from "../../../domain/money/portfolio-math";
import { TIME_HORIZON_LABELS, type ProfileDTO } from "../../../domain/accounts/profile-form";
import { EmptyInvestments, FounderNote, type ProfileInvestment } from "./panels";

export function Investments({
  investor,
  investments,
  list,
}: {
  investor: boolean;
  /** One page of them, newest first. */
  investments: ProfileInvestment[];
  list: { total: number; page: number; pageCount: number };
}) {
  if (!investor) return <FounderNote />;
  if (list.total === 0) return <EmptyInvestments />;
  const hrefFor = (n: number) => (n === 1 ? "/profile?tab=investments" : `/profile?tab=investments&page=${n}`);
  return (
    <>
      {investments.length === 0 ? (
        <p className="muted">
          No investments on this page. <Link to={hrefFor(1)}>Back to the first page</Link>
        </p>
      ) : (
        groupHoldings(investments).map((g) => (
          <section key={g.id} className="profile-investment-group" aria-labelledby={`investments-${g.id}`}>
            <h3 id={`investments-${g.id}`} className="profile-group-title">
              {g.label}
            </h3>
            <p className="field-hint">{g.hint}</p>
            <InvestmentCards investments={g.rows} />
          </section>
        ))
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Investment pages" />
    </>
  );
}

/** A held investment's value (ADR 052), and how an exit ended it: the portfolio's words. */
function currentValueText(i: ProfileInvestment): string {
  const paid = i.realized > 0 ? `: ${formatMoney(i.realized)} paid out` : "";
  if (i.exit === "acquired") return `Acquired${paid}`;
  if (i.exit === "shut_down") return `Shut down${paid || ": $0"}`;
  return formatMoney(i.currentValue);
}

function InvestmentCards({ investments }: { investments: ProfileInvestment[] }) {
  return (
    <ul className="profile-investments">
      {investments.map((i) => (
        <li key={i._id} className="profile-investment">
          <div className="profile-investment-head">
            <h4>{i.projectTitle}</h4>
            <InvestmentStatus status={i.status} />
          </div>
          <OpenCutoff as="p" cutoff={i.cancelUntil} cancellable={i.cancellable} />
          <dl className="kv-grid">
            <div>
              <dt>Invested</dt>
              <dd>{formatMoney(i.amountInvested)}</dd>
            </div>
            <div>
              <dt>Current value</dt>
              <dd>
                {i.status === "cancelled"
                  ? "None (canceled)"
                  : i.status === "returned"
                    ? "None (returned)"
                    : currentValueText(i)}
              </dd>
            </div>
            {i.status === "cancelled" || i.status === "returned" ? null : (
              <div>
                <dt>Gain</dt>
                <dd>{`${formatGain(toCents(i.gain))} (${formatMultiple(i.moic)})`}</dd>
              </div>
            )}
            <div>
              <dt>Shares</dt>
              <dd>
                {formatNumber(i.shares)} at {formatPrice(i.sharePrice)}
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{sectorName(i.projectCategory)}</dd>
            </div>
            <div>
              <dt>Risk</dt>
              <dd>{capitalize(i.riskLevel)}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDate(i.investedAt)}</dd>
            </div>
          </dl>
          <Link
            to={href("/project/:slug", { slug: i.projectSlug })}
            className="btn btn-secondary btn-sm profile-investment-link"
          >
            View project<span className="visually-hidden">: {i.projectTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Preferences({ profile: p }: { profile: ProfileDTO }) {
  const prefs = p.investmentPreferences;
  return (
    <>
      <dl className="meta-list">
        <dt>Risk tolerance</dt>
        <dd>{capitalize(prefs.riskTolerance)}</dd>
        <dt>Time horizon</dt>
        <dd>{TIME_HORIZON_LABELS[prefs.timeHorizon]}</dd>
        <dt>Preferred sectors</dt>
        <dd>{prefs.preferredSectors.length ? prefs.preferredSectors.join(", ") : "None chosen"}</dd>
        <dt>Investment goals</dt>
        <dd>{prefs.investmentGoals.length ? prefs.investmentGoals.join(", ") : "None chosen"}</dd>
      </dl>
      <p className="panel-section">
        <Link to="/profile?edit=1" className="btn btn-secondary">
          Edit preferences
        </Link>
      </p>
    </>
  );
}
