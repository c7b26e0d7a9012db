/**
 * The portfolio page's Performance (ADR 052): what its loader shows of `PortfolioPerformance`
 * (read in the page's one batch, worker/services/money/holdings.ts `readPortfolio`), and the value
 * over time chart drawn here, on the server, and sent as markup (as the founder dashboard's funding
 * chart), so visx never reaches the browser. Server only (the route imports it in its loader alone).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { ValueChart } from "../components/portfolio/ValueChart";
import { irrBlankNote } from "../components/portfolio/Returns";
import { isoDay } from "../../domain/shared/dates";
import type { PortfolioPerformance } from "../../domain/money/performance";
import type { PerformanceView } from "../components/portfolio/Performance";

/** The Performance section's data: the figures, the chart's markup and the breakdowns. */
export function performanceView(p: PortfolioPerformance, now: number = Date.now()): PerformanceView {
  const since = p.series[0]?.day ?? null;
  return {
    invested: p.invested,
    value: p.value,
    realized: p.realized,
    gain: p.gain,
    gainPercent: p.invested > 0 ? (p.gain / p.invested) * 100 : 0,
    tvpi: p.tvpi,
    dpi: p.dpi,
    rvpi: p.rvpi,
    irr: p.irr,
    irrNote: p.irr === null ? irrBlankNote(since, isoDay(now), "your first investment") : null,
    empty: p.invested <= 0,
    chartHtml:
      p.invested > 0 && p.series.length > 0
        ? renderToStaticMarkup(createElement(ValueChart, { series: p.series, realized: p.realized }))
        : "",
    best: p.best,
    worst: p.worst,
    sectors: p.sectors,
    vintages: p.vintages,
  };
}
