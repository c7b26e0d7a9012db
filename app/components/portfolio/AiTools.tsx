/**
 * The portfolio's AI Tools tab (spec section 2). Every number is computed by the loader from the
 * investments (domain/money/portfolio-math.ts) and renders at once; only the worded insights and the
 * recommended sectors may arrive later, streamed into <Suspense>. Modals are URLs
 * (`&view=trends`, `&view=report`), so they work without JavaScript.
 */
import { Suspense } from "react";
import { Await, Form, Link, useNavigation } from "react-router";

import { formatMoney } from "../../../domain/shared/format";
import { formatPercent1, MARKET_TRENDS, type ChartSlice, type WhatIf } from "../../../domain/money/portfolio-analysis";
import { sectorHref } from "../../../domain/money/portfolio-view";
import type { RiskLevel } from "../../../domain/shared/types";
import { SlicePie } from "../charts/SlicePie";
import { InsightsCarousel } from "./InsightsCarousel";
import { ScoreRing } from "./ScoreRing";
import { formatDiversification } from "../../../domain/money/portfolio-math";
import { UrlDialog } from "./UrlDialog";

export const AI_TAB = "/portfolio?tab=ai";
export const INSIGHTS_FAILED = "Failed to load AI insights. Please try again later.";

export interface InsightsView {
  insights: string[];
  recommendedSectors: { name: string; reason: string }[];
  source: "model" | "fallback";
  /** The insights could not be loaded (an error, or too slow): these are the fallback's. */
  failed: boolean;
}

export interface AiToolsData {
  slices: ChartSlice[];
  score: number;
  label: "Low" | "Moderate" | "High";
  risk: { score: number; level: RiskLevel };
  effectiveHoldings: number;
  largestShare: number;
  whatIf: WhatIf[];
  view: "trends" | "report" | null;
  reportLines: string[] | null;
  /** The insights when they were ready at once (a cache hit): rendered into the page, no JS needed. */
  insightsNow: InsightsView | null;
  /** Otherwise the promise, streamed into <Suspense>. */
  insights: Promise<InsightsView> | null;
  /** What shows when the insights are not in the page (`insightsNow` is null): the fallback's. */
  fallback: InsightsView | null;
}

const RISK_LABEL: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High" };

export function AiTools({ data }: { data: AiToolsData }) {
  return (
    <div className="pf-ai">
      {data.view === "trends" ? (
        <UrlDialog id="pf-trends-dialog" title="Market sector trends: full report" closeHref={AI_TAB}>
          <TrendsTable />
          <p className="muted small">
            Static sample scores (0 to 100, higher is stronger) and their change in points. Not investment advice.
          </p>
        </UrlDialog>
      ) : null}
      {data.view === "report" && data.reportLines ? (
        <UrlDialog id="pf-report-dialog" title="Portfolio analysis report" closeHref={AI_TAB}>
          <ul className="pf-report">
            {data.reportLines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </UrlDialog>
      ) : null}
      <div className="pf-grid">
        <section className="card pf-card" aria-labelledby="pf-dist-title">
          <h2 id="pf-dist-title">Diversification by sector</h2>
          <SlicePie
            slices={data.slices}
            donut
            subject="Sector"
            summaryPrefix="Portfolio by sector"
            tableLabel="Sectors as a table"
            testId="sector-donut"
          />
        </section>

        <section className="card pf-card" aria-labelledby="pf-score-title">
          <h2 id="pf-score-title">Diversification score</h2>
          <div className="pf-score">
            <ScoreRing score={data.score} label={data.label} />
            <dl className="pf-facts">
              <div>
                <dt>Score</dt>
                <dd>
                  {formatDiversification(data.score)} <span className="pf-label">{data.label}</span>
                </dd>
              </div>
              <div>
                <dt>Risk profile</dt>
                <dd>
                  {RISK_LABEL[data.risk.level]} risk, score {data.risk.score} / 100
                </dd>
              </div>
              <div>
                <dt>Effective number of holdings</dt>
                <dd>{data.effectiveHoldings.toFixed(1)}</dd>
              </div>
              <div>
                <dt>Largest position</dt>
                <dd>{formatPercent1(data.largestShare)} of your portfolio</dd>
              </div>
            </dl>
          </div>
          <WhatIfTable rows={data.whatIf} />
        </section>
      </div>

      <section className="card pf-card" aria-labelledby="pf-insights-title">
        <div className="pf-card-head">
          <h2 id="pf-insights-title">Insights</h2>
          <RegenerateButton />
        </div>
        {data.insightsNow || !data.insights ? (
          <InsightsBody view={data.insightsNow ?? { ...data.fallback!, failed: true }} />
        ) : (
          <Suspense fallback={<InsightsLoading />}>
            <Await resolve={data.insights} errorElement={<InsightsBody view={{ ...data.fallback!, failed: true }} />}>
              {(view) => <InsightsBody view={view} />}
            </Await>
          </Suspense>
        )}
      </section>

      <div className="pf-grid">
        <section className="card pf-card" aria-labelledby="pf-trends-title">
          <h2 id="pf-trends-title">Market sector trends</h2>
          <TrendsList />
          <p className="muted small">Sample scores out of 100, with their recent change.</p>
          <Link className="btn btn-secondary" to={`${AI_TAB}&view=trends#pf-trends-dialog`} preventScrollReset>
            View full report
          </Link>
        </section>
        <section className="card pf-card" aria-labelledby="pf-report-title">
          <h2 id="pf-report-title">Analysis report</h2>
          <p>A short report on your positions: the largest one, concentration and how recent your investments are.</p>
          <Link className="btn btn-primary" to={`${AI_TAB}&view=report#pf-report-dialog`} preventScrollReset>
            Generate Analysis Report
          </Link>
        </section>
      </div>
    </div>
  );
}

function WhatIfTable({ rows }: { rows: WhatIf[] }) {
  return (
    <div className="table-scroll pf-whatif" role="region" aria-labelledby="pf-whatif-title" tabIndex={0}>
      <table className="pf-table">
        <caption id="pf-whatif-title">What if one company fails?</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col" className="num">
              You would lose
            </th>
            <th scope="col" className="num">
              Share of portfolio
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.projectId}>
              <th scope="row">{r.projectTitle}</th>
              <td className="num">{formatMoney(r.loss)}</td>
              <td className="num">{formatPercent1(r.shareOfPortfolio)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RegenerateButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "regenerate";
  return (
    <Form method="post" action={AI_TAB} preventScrollReset>
      <button type="submit" name="intent" value="regenerate" className="btn btn-secondary btn-sm" disabled={busy}>
        {busy ? "Regenerating..." : "Regenerate"}
      </button>
    </Form>
  );
}

function InsightsLoading() {
  return (
    <div className="pf-insights-loading" role="status">
      <p>Generating insights from your numbers…</p>
      <noscript>
        <p>
          This takes a few seconds. <Link to={AI_TAB}>Reload the page</Link> to see them.
        </p>
      </noscript>
    </div>
  );
}

function InsightsBody({ view }: { view: InsightsView }) {
  return (
    <>
      {view.failed ? (
        <p className="alert alert-warning" role="alert">
          {INSIGHTS_FAILED}
        </p>
      ) : null}
      <p className={`pf-source pf-source-${view.source}`}>
        {view.source === "model" ? "Generated by AI from your numbers" : "General guidance (AI unavailable)"}
      </p>
      <InsightsCarousel insights={view.insights} />
      <h3 className="pf-subhead">Recommended sectors</h3>
      <ul className="pf-sectors">
        {view.recommendedSectors.map((s) => (
          <li key={s.name} className="pf-sector">
            <Link to={sectorHref(s.name)} className="pf-sector-link">
              {s.name}
            </Link>
            <p>{s.reason}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function Trend({ change }: { change: number }) {
  const up = change >= 0;
  return (
    <span className={`pf-trend ${up ? "pf-up" : "pf-down"}`}>
      <span aria-hidden="true">{up ? "↑" : "↓"}</span> {up ? "+" : "−"}
      {Math.abs(change).toFixed(1)}
      <span className="visually-hidden">{up ? " points, rising" : " points, falling"}</span>
    </span>
  );
}

function TrendsList() {
  return (
    <ul className="pf-trends">
      {MARKET_TRENDS.map((t) => (
        <li key={t.sector}>
          <span className="pf-trend-name">{t.sector}</span>
          <span className="pf-trend-bar" aria-hidden="true">
            <span style={{ width: `${t.score}%` }} />
          </span>
          <span className="pf-trend-score">{t.score}</span>
          <Trend change={t.change} />
        </li>
      ))}
    </ul>
  );
}

function TrendsTable() {
  return (
    <div className="table-scroll">
      <table className="pf-table">
        <caption className="visually-hidden">Market sector trends</caption>
        <thead>
          <tr>
            <th scope="col">Sector</th>
            <th scope="col" className="num">
              Score
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col">Browse</th>
          </tr>
        </thead>
        <tbody>
          {MARKET_TRENDS.map((t) => (
            <tr key={t.sector}>
              <th scope="row">{t.sector}</th>
              <td className="num">{t.score}</td>
              <td className="num">
                <Trend change={t.change} />
              </td>
              <td>
                <Link to={sectorHref(t.sector)}>
                  Browse<span className="visually-hidden"> {t.sector} projects</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
