/**
 * Portfolio: /portfolio and /portfolio-page. Investors and admins see their holdings (one D1
 * statement); a founder gets the spec's message and is sent to /my-projects after 3 seconds: with
 * JavaScript by a timer, without it by a meta refresh inside <noscript> (so browsers running
 * scripts never see an unconditional timed refresh).
 */
import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";

import { HoldingsTable } from "../components/project/HoldingsTable";
import { LinkTabs } from "../components/project/LinkTabs";
import { formatMoney, formatNumber } from "../lib/format";
import { portfolioTotals } from "../lib/project";
import { homeFor } from "../lib/roles";
import { MESSAGES } from "../lib/schemas";
import investCss from "../styles/invest.css?url";

import { getApp, requireUser } from "../server/guards.server";
import { isServiceError } from "../../worker/services/errors";
import { listInvestments, portfolioMessage } from "../../worker/services/investments";
import type { Route } from "./+types/portfolio";

const FOUNDER_REDIRECT = homeFor({ role: "founder" });
const FOUNDER_REDIRECT_SECONDS = 3;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: investCss }];

export const meta: Route.MetaFunction = () => [{ title: "Portfolio | CampusFund" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  let investments;
  try {
    investments = await listInvestments(db, user, user.id);
  } catch (e) {
    // The service's rule: a founder has no portfolio (the API answers the same 403).
    if (isServiceError(e) && e.code === "founder_no_portfolio")
      return data({ kind: "founder" as const }, { status: 403 });
    throw e;
  }
  const url = new URL(request.url);
  const invested = url.searchParams.get("invested");
  const fresh = invested ? investments.find((i) => i._id === invested) : undefined;
  const newUser = url.searchParams.get("newUser");
  return {
    kind: "investor" as const,
    tab: url.searchParams.get("tab") === "ai" ? ("ai" as const) : ("overview" as const),
    firstName: user.firstName,
    newUser: newUser === "1" || newUser === "true",
    invested: fresh?._id ?? null,
    successMessage: fresh ? portfolioMessage(fresh.projectTitle, fresh.shares, fresh.amountInvested) : null,
    holdings: investments.map((i) => ({
      _id: i._id,
      projectTitle: i.projectTitle,
      projectSlug: i.projectSlug,
      shares: i.shares,
      sharePrice: i.sharePrice,
      amountInvested: i.amountInvested,
      currentValue: i.currentValue,
      investmentDate: i.investmentDate,
    })),
  };
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "founder") return <FounderNotice />;
  const { tab, holdings, successMessage, newUser, firstName, invested } = loaderData;
  const totals = portfolioTotals(holdings);
  const tone = totals.gain > 0 ? "gain" : totals.gain < 0 ? "loss" : "flat";
  const sign = totals.gain > 0 ? "+" : totals.gain < 0 ? "−" : "";

  return (
    <div className="container invest-page portfolio-page">
      <header className="page-head">
        <h1>Portfolio</h1>
        <p className="page-lead">Track your startup investments. All money on CampusFund is simulated.</p>
      </header>

      {newUser ? (
        <div className="alert alert-info welcome" role="status">
          <strong>Welcome to CampusFund, {firstName}!</strong> Your investor account is ready: browse student startups
          and make your first (simulated) investment.
        </div>
      ) : null}
      {successMessage ? (
        <div className="alert alert-success" role="status">
          {successMessage}
        </div>
      ) : null}

      <LinkTabs
        label="Portfolio sections"
        active={tab}
        tabs={[
          { id: "overview", label: "Overview", href: "/portfolio" },
          { id: "ai", label: "AI Tools", href: "/portfolio?tab=ai" },
        ]}
      />

      {tab === "overview" ? (
        <section className="tab-panel" aria-labelledby="overview-title">
          <h2 id="overview-title" className="visually-hidden">
            Overview
          </h2>
          {holdings.length === 0 ? (
            <div className="empty-state card">
              <h3>You haven&apos;t made any investments yet</h3>
              <p>Back a student startup to start building your portfolio.</p>
              <div className="empty-actions">
                <Link className="btn btn-primary" to="/demo">
                  Browse Projects
                </Link>
              </div>
            </div>
          ) : (
            <>
              <ul className="stat-grid">
                <li className="stat-card">
                  <span className="stat-label">Total Invested</span>
                  <span className="stat-value">{formatMoney(totals.totalInvested)}</span>
                </li>
                <li className="stat-card">
                  <span className="stat-label">Current Value</span>
                  <span className="stat-value">{formatMoney(totals.currentValue)}</span>
                  <span className={`stat-delta ${tone}`}>
                    {tone === "flat"
                      ? "No change"
                      : `${sign}${formatMoney(Math.abs(totals.gain))} (${sign}${Math.abs(totals.gainPercent).toFixed(2)}%)`}
                    <span className="visually-hidden">
                      {tone === "gain" ? " gain" : tone === "loss" ? " loss" : ""}
                    </span>
                  </span>
                </li>
                <li className="stat-card">
                  <span className="stat-label">Total Shares</span>
                  <span className="stat-value">{formatNumber(totals.totalShares)}</span>
                </li>
              </ul>
              <HoldingsTable holdings={holdings} highlight={invested} />
            </>
          )}
        </section>
      ) : (
        <section className="tab-panel card ai-placeholder" aria-labelledby="ai-title">
          <h2 id="ai-title">AI Tools</h2>
          <p>
            AI insights arrive in a later release: a diversification score, sector recommendations, market trends and a
            generated analysis report of your portfolio.
          </p>
          <p className="muted">Until then, the Overview tab shows your holdings and totals.</p>
          <Link className="btn btn-secondary" to="/portfolio">
            Back to Overview
          </Link>
        </section>
      )}
    </div>
  );
}

function FounderNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate(FOUNDER_REDIRECT, { replace: true }), FOUNDER_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div className="container invest-page">
      <noscript>
        <meta httpEquiv="refresh" content={`${FOUNDER_REDIRECT_SECONDS};url=${FOUNDER_REDIRECT}`} />
      </noscript>
      <div className="error-panel card">
        <h1>Portfolio</h1>
        <p role="alert">{MESSAGES.founderNoPortfolio}</p>
        <p className="muted">Taking you to your projects in {FOUNDER_REDIRECT_SECONDS} seconds…</p>
        <Link className="btn btn-primary" to={FOUNDER_REDIRECT}>
          Go to My Projects
        </Link>
      </div>
    </div>
  );
}
