/**
 * The portfolio's Performance (ADR 052): the figures as cards (Total Invested, Current Value,
 * Realized, Total Gain, TVPI, DPI, IRR, Total Shares), each with how it was computed; the value over
 * time chart (server-rendered markup, app/routes/portfolio.server.ts); "How we value your
 * holdings"; and, under the holdings, the best and worst holdings and the sums by sector and by
 * vintage. Everything is plain markup and <details>: it all works without JavaScript.
 */
import { href, Link } from "react-router";

import { formatMoney, formatNumber } from "../../../domain/shared/format";
import { RETURNS_EXPLAINED, formatGain, formatIrr, formatMultiple } from "../../../domain/money/returns";
import type { GroupPerformance, HoldingPerformance } from "../../../domain/money/performance";
import { toCents } from "../../../domain/shared/money";
import { FigureCard, toneOf, ValuationPolicy } from "./Returns";

/** What the page shows of `PortfolioPerformance` (app/routes/portfolio.server.ts `performanceView`). */
export interface PerformanceView {
  invested: number;
  value: number;
  realized: number;
  gain: number;
  /** The gain as a percentage of what was invested. */
  gainPercent: number;
  tvpi: number | null;
  dpi: number | null;
  rvpi: number | null;
  irr: number | null;
  /** Why the IRR is blank, when it is. */
  irrNote: string | null;
  /** Nothing held (every investment canceled or returned): no chart, no breakdowns. */
  empty: boolean;
  /** The value over time chart, drawn on the server (empty: none). */
  chartHtml: string;
  best: HoldingPerformance[];
  worst: HoldingPerformance[];
  sectors: GroupPerformance[];
  vintages: GroupPerformance[];
}

const INVESTED_EXPLAINED =
  "Total invested: what you paid for the investments you hold, confirmed or in a raise still open. Canceled and returned money came back to you and is not counted.";

/** "+50.00%" */
function percentText(percent: number): string {
  const p = Math.round(percent * 100) / 100 || 0;
  return `${p > 0 ? "+" : ""}${p.toFixed(2)}%`;
}

export function PerformanceFigures({
  p,
  shares,
  policy,
}: {
  p: PerformanceView;
  shares: number;
  policy: readonly string[];
}) {
  return (
    <section className="returns" aria-labelledby="performance-title">
      <h2 id="performance-title" className="returns-title">
        Performance
      </h2>
      <ul className="stat-grid returns-grid">
        <FigureCard label="Total Invested" value={formatMoney(p.invested)} explain={INVESTED_EXPLAINED} />
        <FigureCard label="Current Value" value={formatMoney(p.value)} explain={RETURNS_EXPLAINED.value} />
        <FigureCard
          label="Realized"
          value={formatMoney(p.realized)}
          note="Cash paid out to you"
          explain={RETURNS_EXPLAINED.realizedGain}
        />
        <FigureCard
          label="Total Gain"
          value={formatGain(toCents(p.gain))}
          tone={toneOf(p.gain)}
          note={p.invested > 0 ? `${percentText(p.gainPercent)} on what you invested` : null}
          explain={RETURNS_EXPLAINED.totalGain}
          testId="total-gain"
        />
        <FigureCard
          label="TVPI"
          value={formatMultiple(p.tvpi)}
          note={`Paid out ${formatMultiple(p.dpi)} + still held ${formatMultiple(p.rvpi)}`}
          explain={`${RETURNS_EXPLAINED.tvpi} ${RETURNS_EXPLAINED.rvpi}`}
        />
        <FigureCard label="DPI" value={formatMultiple(p.dpi)} explain={RETURNS_EXPLAINED.dpi} />
        <FigureCard label="IRR" value={formatIrr(p.irr)} note={p.irrNote} explain={RETURNS_EXPLAINED.irr} />
        <FigureCard label="Total Shares" value={formatNumber(shares)} />
      </ul>
      {p.chartHtml ? (
        <div className="returns-panel card">
          <h3 className="returns-subtitle">Value over time</h3>
          <div className="value-chart-host" dangerouslySetInnerHTML={{ __html: p.chartHtml }} />
        </div>
      ) : null}
      <ValuationPolicy policy={policy} />
    </section>
  );
}

/** Best and worst holdings, by sector, by vintage: under the holdings table. */
export function PerformanceBreakdown({ p }: { p: PerformanceView }) {
  if (p.empty) return null;
  return (
    <section className="returns returns-breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title" className="returns-title">
        Where your returns come from
      </h2>
      <p className="field-hint returns-lead">
        Multiple: current value plus cash paid out, divided by what you invested. 1.00× is break-even.
      </p>
      <div className="returns-tables">
        <HoldingsPerformance title="Best holdings" id="best" rows={p.best} />
        {p.worst.length > 0 ? <HoldingsPerformance title="Worst holdings" id="worst" rows={p.worst} /> : null}
        <GroupTable
          title="By sector"
          subject="Sector"
          count={["investment", "investments"]}
          id="sectors"
          rows={p.sectors}
        />
        <GroupTable
          title="By vintage"
          subject="Year"
          count={["holding", "holdings"]}
          id="vintages"
          rows={p.vintages}
          hint="The year of each holding's first purchase."
        />
      </div>
    </section>
  );
}

function MoneyCells({ r }: { r: { invested: number; value: number; realized: number; moic: number | null } }) {
  return (
    <>
      <td className="num" data-label="Invested">
        {formatMoney(r.invested)}
      </td>
      <td className="num" data-label="Value">
        {formatMoney(r.value)}
      </td>
      <td className="num" data-label="Realized">
        {formatMoney(r.realized)}
      </td>
      <td className="num" data-label="Multiple">
        {formatMultiple(r.moic)}
      </td>
    </>
  );
}

function MoneyHeads() {
  return (
    <>
      <th scope="col" className="num">
        Invested
      </th>
      <th scope="col" className="num">
        Value
      </th>
      <th scope="col" className="num">
        Realized
      </th>
      <th scope="col" className="num">
        Multiple
      </th>
    </>
  );
}

function HoldingsPerformance({ title, id, rows }: { title: string; id: string; rows: HoldingPerformance[] }) {
  return (
    <div className="returns-panel card">
      <table className="returns-table" aria-labelledby={`returns-${id}`}>
        <caption id={`returns-${id}`}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.projectId}>
              <th scope="row">
                <Link to={href("/project/:slug", { slug: r.projectSlug })}>{r.projectTitle}</Link>
              </th>
              <MoneyCells r={r} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GroupTable({
  title,
  subject,
  count,
  id,
  rows,
  hint,
}: {
  title: string;
  subject: string;
  /** What `count` counts, singular and plural ("investment", "investments"). */
  count: [string, string];
  id: string;
  rows: GroupPerformance[];
  hint?: string;
}) {
  return (
    <div className="returns-panel card">
      <table
        className="returns-table"
        aria-labelledby={`returns-${id}`}
        aria-describedby={hint ? `returns-${id}-hint` : undefined}
      >
        <caption>
          <span id={`returns-${id}`}>{title}</span>
          {hint ? (
            <span id={`returns-${id}-hint`} className="returns-caption-hint">
              {hint}
            </span>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">{subject}</th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">
                {r.name}
                <span className="returns-count">{`${formatNumber(r.count)} ${r.count === 1 ? count[0] : count[1]}`}</span>
              </th>
              <MoneyCells r={r} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
