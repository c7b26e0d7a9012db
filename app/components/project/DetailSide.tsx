/** The project page's sidebar: funding progress, share information, the investment summary and the calculator. */
import type { ReactNode } from "react";

import { ProgressBar } from "./FundingProgress";
import { ShareCalculator } from "./ShareCalculator";
import type { useShareInput } from "./hooks";
import { formatDate, formatMoney, formatNumber, formatPercent, formatPrice } from "../../../domain/shared/format";
import { fundingState, minimumShares, purchasePresets } from "../../../domain/projects/project";
import { daysLeftText } from "../../../domain/projects/project-status";
import { raiseTotals } from "../../../domain/raises/settlement";
import type { Allowance } from "../../../domain/money/reg-cf";
import type { ProjectDTO } from "../../../domain/shared/types";

export function DetailSide({
  project,
  progress: pct,
  valuation,
  concentration,
  input,
  tab,
  base,
  hrefForShares,
  allowance,
  ownedShares,
  investButton,
  closedCompany = null,
  reserve = null,
}: {
  project: ProjectDTO;
  /** Percent of the goal raised. */
  progress: number;
  valuation: number;
  /** How concentrated the raise is ("The largest investor holds …"), or null. */
  concentration: string | null;
  input: ReturnType<typeof useShareInput>;
  tab: string;
  /** The page's path, without a query. */
  base: string;
  hrefForShares: (n: number) => string;
  allowance: Allowance | null;
  ownedShares: number;
  /** The Invest button for the chosen shares (none for a closed company). */
  investButton: ReactNode;
  /** An acquired or shut-down company: how it ended ("Acquired on … at $120 a share."), said instead. */
  closedCompany?: string | null;
  /** A Coming soon raise's Reserve card (ADR 055), shown instead of the calculator. */
  reserve?: ReactNode;
}) {
  const terms = project.investmentTerms;
  const shown = raiseTotals(project);
  const funding = fundingState(project);
  return (
    <aside className="detail-side" aria-label="Funding and investment">
      <section className="side-card" aria-labelledby="funding-title">
        <h2 id="funding-title">Funding Progress</h2>
        <p className="side-raised">
          <strong>{formatMoney(shown.amount)}</strong>
          <span>
            {" "}
            {shown.returned ? "committed" : "raised"} of {formatMoney(project.fundingGoal)} goal
          </span>
        </p>
        {shown.returned ? (
          <p className="side-note">
            The goal was not reached by the deadline: every investment was returned to its investor.
          </p>
        ) : project.closedEarlyAt && project.daysLeft > 0 ? (
          <p className="side-note">
            The goal was reached and the founder closed this raise early: it now closes on{" "}
            {formatDate(`${project.fundingDeadline}T00:00:00Z`)}.
          </p>
        ) : null}
        <ProgressBar percent={pct} label="Funding progress" />
        <dl className="side-stats">
          <div>
            <dt>Funded</dt>
            <dd>{Math.round(pct)}%</dd>
          </div>
          <div>
            <dt>Investors</dt>
            <dd>{formatNumber(shown.investors)}</dd>
          </div>
          <div>
            <dt>Days left</dt>
            {/* A raise closed below its goal: one word in the stat (the note above says how it ended). */}
            <dd>{daysLeftText(project, "Funding completed", "Closed")}</dd>
          </div>
        </dl>
        {concentration ? <p className="side-concentration">{concentration}</p> : null}
      </section>

      <section className="side-card" aria-labelledby="shares-title">
        <h2 id="shares-title">Share Information</h2>
        <dl className="side-list">
          <div>
            <dt>Share price</dt>
            <dd>{formatPrice(project.sharePrice)}</dd>
          </div>
          <div>
            <dt>Total shares</dt>
            <dd>{formatNumber(project.totalShares)}</dd>
          </div>
          <div>
            <dt>Shares sold</dt>
            <dd>{formatNumber(project.sharesSold)}</dd>
          </div>
          <div>
            <dt>Shares remaining</dt>
            <dd>{formatNumber(Math.max(0, project.sharesRemaining))}</dd>
          </div>
        </dl>
      </section>

      <section className="side-card" aria-labelledby="summary-title">
        <h2 id="summary-title">Investment Summary</h2>
        <dl className="side-list">
          <div>
            <dt>Valuation</dt>
            <dd>{formatMoney(valuation)}</dd>
          </div>
          <div>
            <dt>Equity offered</dt>
            <dd>{formatPercent(terms.equityPercentage, 2)}</dd>
          </div>
          <div>
            <dt>Minimum investment</dt>
            <dd>{formatMoney(terms.minInvestment)}</dd>
          </div>
        </dl>
      </section>

      {reserve ? (
        reserve
      ) : funding !== "open" && (funding === "sold-out" || project.daysLeft <= 0) ? (
        // Nothing left to calculate: no calculator, only the state.
        <section className="side-card calculator" aria-labelledby="calc-title" id="calculator">
          <h2 id="calc-title">Invest</h2>
          <p className="muted">
            {closedCompany
              ? `${closedCompany} Its holdings are closed: no shares can be bought.`
              : funding === "sold-out"
                ? "Every share of this offering has been sold."
                : "This raise has ended."}
          </p>
          {investButton}
        </section>
      ) : (
        <ShareCalculator
          input={input}
          sharePrice={project.sharePrice}
          totalShares={project.totalShares}
          sharesRemaining={project.sharesRemaining}
          equityPercentage={terms.equityPercentage}
          tab={tab}
          action={`${base}#calculator`}
          hrefForShares={hrefForShares}
          presets={purchasePresets(terms.minInvestment, project.sharePrice, project.sharesRemaining)}
          minShares={minimumShares(terms.minInvestment, project.sharePrice)}
          allowance={allowance}
          ownedShares={ownedShares}
          title={project.title}
        >
          {investButton}
        </ShareCalculator>
      )}
    </aside>
  );
}
