/** The founder dashboard's summary: raised of goal, investors, shares sold, days left, the average investment. */
import { ProgressBar } from "../project/FundingProgress";
import { formatDate, formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import { daysLeftText } from "../../../domain/projects/project-status";
import { raiseProgress } from "../../../domain/raises/settlement";
import type { FounderDashboardProject } from "../../../domain/projects/founder-dashboard";

export function DashboardStats({ project }: { project: FounderDashboardProject }) {
  const pct = Math.round(project.percent);
  const shown = raiseProgress(project);
  const daysLeft = daysLeftText(project);
  const deadline = formatDate(`${project.fundingDeadline}T00:00:00Z`);
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      <ul className="stat-grid founder-stats">
        <li className="stat-card stat-raised">
          <span className="stat-label">{shown.returned ? "Committed, returned" : "Raised"}</span>
          <span className="stat-value">{formatMoney(shown.amount)}</span>
          <span className="stat-progress">
            <ProgressBar percent={project.percent} label={`Funding progress of ${project.title}`} />
            <span className="stat-note">
              <strong>{pct}%</strong> of {formatMoney(project.fundingGoal)} goal
            </span>
          </span>
        </li>
        <li className="stat-card">
          <span className="stat-label">Investors</span>
          <span className="stat-value">{formatNumber(project.investors)}</span>
          <span className="stat-note">
            {formatNumber(project.investments)} {project.investments === 1 ? "investment" : "investments"}
          </span>
        </li>
        <li className="stat-card">
          <span className="stat-label">Shares sold</span>
          <span className="stat-value">{formatNumber(project.sharesSold)}</span>
          <span className="stat-note">
            {formatNumber(project.sharesRemaining)} remaining of {formatNumber(project.totalShares)}
          </span>
        </li>
        <li className="stat-card">
          <span className="stat-label">Days left</span>
          {typeof daysLeft === "number" ? (
            <span className="stat-value">{formatNumber(daysLeft)}</span>
          ) : (
            <span className="stat-value stat-value-text">{daysLeft}</span>
          )}
          <span className="stat-note">Deadline {deadline}</span>
        </li>
        <li className="stat-card">
          <span className="stat-label">Average investment</span>
          <span className="stat-value">{formatMoney(project.averageInvestment)}</span>
          <span className="stat-note">at {formatPrice(project.sharePrice)} a share</span>
        </li>
      </ul>
    </section>
  );
}
