/**
 * The profile's tab panels: Overview (personal information, the category pie, recent
 * investments), My Investments, Investment Preferences. Financial Info is in Financial.tsx.
 */
import { href, Link } from "react-router";

import { SlicePie } from "../charts/SlicePie";
import { InvestmentStatus } from "../portfolio/InvestmentStatus";
import { OpenCutoff } from "../portfolio/OpenCutoff";
import { groupHoldings } from "../portfolio/holding-groups";
import { Pagination } from "../project/Pagination";
import { capitalize, formatDate, formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import { type ChartSlice } from "../../../domain/money/portfolio-analysis";
import { formatGain, formatMultiple } from "../../../domain/money/returns";
import { toCents } from "../../../domain/shared/money";
import { sectorName } from "../../../domain/money/portfolio-math";
import { TIME_HORIZON_LABELS, type ProfileDTO } from "../../../domain/accounts/profile-form";
import type { InvestmentDTO } from "../../../domain/shared/types";

/** An investment as the profile lists it. */
export type ProfileInvestment = Pick<
  InvestmentDTO,
  | "_id"
  | "projectId"
  | "projectTitle"
  | "projectSlug"
  | "projectCategory"
  | "amountInvested"
  | "shares"
  | "sharePrice"
  | "currentValue"
  | "realized"
  | "gain"
  | "moic"
  | "exit"
  | "riskLevel"
  | "status"
  | "investedAt"
  | "cancelledAt"
  | "cancellable"
> & {
  /** An open investment's cutoff (ms) and as the pages say it in UTC; null once settled or canceled. */
  cancelUntil: { at: number; utc: string } | null;
};

/** A row of the demo bank statement: a purchase, a canceled one's refund or a returned one's return (dollars). */
export type { StatementRow } from "../../../domain/money/portfolio-account";

export function EmptyInvestments() {
  return (
    <div className="empty-state profile-empty">
      <p>You have not invested in any startup yet.</p>
      <Link to="/demo" className="btn btn-primary">
        Explore projects
      </Link>
    </div>
  );
}

export function FounderNote() {
  return (
    <p className="alert alert-info">
      Founder accounts do not invest, so there are no investments here. Follow your raise from{" "}
      <Link to="/my-projects">My Projects</Link>.
    </p>
  );
}

export function Overview({
  profile: p,
  investor,
  active,
  slices,
}: {
  profile: ProfileDTO;
  investor: boolean;
  /** The held investments, Confirmed or Open (returned and canceled ones, history, are on the other tabs), newest first. */
  active: ProfileInvestment[];
  /** The pie of the active investments by category. */
  slices: ChartSlice[];
}) {
  return (
    <>
      <div className="panel-section">
        <h3>Personal information</h3>
        <dl className="meta-list">
          <dt>Name</dt>
          <dd>{`${p.firstName} ${p.lastName}`}</dd>
          <dt>Email</dt>
          <dd>{p.email}</dd>
          <dt>Phone</dt>
          <dd>{p.phoneNumber ?? "Not provided"}</dd>
          <dt>Bio</dt>
          <dd className="profile-bio">{p.bio ?? "No bio provided yet."}</dd>
          <dt>Account type</dt>
          <dd>{capitalize(p.role)}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(p.memberSince)}</dd>
        </dl>
      </div>
      {!investor ? (
        <div className="panel-section">
          <FounderNote />
        </div>
      ) : active.length === 0 ? (
        <div className="panel-section">
          <EmptyInvestments />
        </div>
      ) : (
        <>
          <div className="panel-section">
            <h3>Portfolio diversification</h3>
            <SlicePie
              slices={slices}
              subject="Category"
              summaryPrefix="Investments by category"
              tableLabel="Investments by category as a table"
              testId="category-pie"
            />
          </div>
          <div className="panel-section">
            <h3>Recent investments</h3>
            <ul className="profile-recent">
              {active.slice(0, 3).map((i) => (
                <li key={i._id}>
                  <Link to={href("/project/:slug", { slug: i.projectSlug })}>{i.projectTitle}</Link>{" "}
                  <InvestmentStatus status={i.status} />
                  <span>
                    {formatMoney(i.amountInvested)} · {formatNumber(i.shares)} shares · {formatDate(i.investedAt)}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/portfolio" className="btn btn-secondary">
              View full portfolio
            </Link>
          </div>
        </>
      )}
    </>
  );
}

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
