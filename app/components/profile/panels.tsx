/**
 * The profile's Overview panel (personal information, the category pie, recent investments) and
 * what the other panels share. My Investments and Investment Preferences are in tab-panels.tsx,
 * Financial Info in Financial.tsx: chunks fetched when their tab is shown.
 */
import { href, Link } from "react-router";

import { SlicePie } from "../charts/SlicePie";
import { InvestmentStatus } from "../portfolio/InvestmentStatus";
import { capitalize, formatDate, formatMoney, formatNumber } from "../../../domain/shared/format";
import { type ChartSlice } from "../../../domain/money/portfolio-analysis";
import type { ProfileDTO } from "../../../domain/accounts/profile-form";
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
