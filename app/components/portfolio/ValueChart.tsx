/**
 * The portfolio's value over time (ADR 052): what was invested and what the holdings were worth at
 * the end of each day shown (`PortfolioPerformance.series`), two step lines drawn on the server as
 * SVG with visx and sent as markup (app/routes/portfolio.server.ts), so no chart code reaches the
 * browser and it reads the same without JavaScript. As the founder's funding chart
 * (app/components/founder/FundingChart.tsx): a fixed viewBox drawn for a narrow and a wide box, CSS
 * showing the one that fits; the chart's text alternative is a sentence (its caption) and a table of
 * the same points in a <details>, so the SVG itself is hidden from assistive technology.
 * Styles: app/styles/portfolio.css (`.value-chart`) and the shared `.chart-` rules (founder.css).
 */
import { Group } from "@visx/group";
import { scaleLinear, scaleUtc } from "@visx/scale";
import { LinePath } from "@visx/shape";

import { DAY_MS } from "../../../domain/shared/dates";
import { formatDate, formatMoney } from "../../../domain/shared/format";
import { AmountAxis } from "../charts/AmountAxis";
import { DateAxis, evenDates } from "../charts/DateAxis";

export interface ValuePointView {
  /** YYYY-MM-DD */
  day: string;
  invested: number;
  value: number;
}

interface Layout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  dates: number;
  amounts: number;
}

const LAYOUTS = {
  wide: { width: 960, height: 300, margin: { top: 20, right: 24, bottom: 40, left: 88 }, dates: 6, amounts: 4 },
  narrow: { width: 360, height: 260, margin: { top: 16, right: 16, bottom: 36, left: 76 }, dates: 3, amounts: 3 },
} satisfies Record<string, Layout>;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The chart's sentence: what was invested and what it is worth at the end, over which days, and the
 * cash paid out (which the value line leaves out: it is the holdings' value).
 */
export function valueChartSummary(series: readonly ValuePointView[], realized: number): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return "";
  const paid = realized > 0 ? `, and ${formatMoney(realized)} has been paid out to you in cash` : "";
  const when =
    first.day === last.day
      ? `on ${formatDate(toTime(last.day))}`
      : `from ${formatDate(toTime(first.day))} to ${formatDate(toTime(last.day))}`;
  return (
    `Value over time, ${when}: you invested ${formatMoney(last.invested)} ` +
    `and your holdings are worth ${formatMoney(last.value)}${paid}.`
  );
}

export function ValueChart({ series, realized }: { series: ValuePointView[]; realized: number }) {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return null;
  // Nothing was invested or worth anything the day before the first purchase: the lines start there.
  const before: ValuePointView = {
    day: new Date(toTime(first.day) - DAY_MS).toISOString().slice(0, 10),
    invested: 0,
    value: 0,
  };
  const points = [before, ...series];
  const summary = valueChartSummary(series, realized);
  return (
    <figure className="value-chart">
      <ul className="value-chart-legend">
        <li>
          <span className="value-chart-key value-chart-key-value" aria-hidden="true" />
          Value of your holdings <strong>{formatMoney(last.value)}</strong>
        </li>
        <li>
          <span className="value-chart-key value-chart-key-invested" aria-hidden="true" />
          Invested <strong>{formatMoney(last.invested)}</strong>
        </li>
      </ul>
      <ChartSvg layout={LAYOUTS.wide} variant="wide" points={points} />
      <ChartSvg layout={LAYOUTS.narrow} variant="narrow" points={points} />
      <figcaption className="value-chart-summary" data-testid="value-chart-summary">
        {summary}
        {realized > 0 ? " Cash paid out is counted in Realized, not in the value line." : ""}
      </figcaption>
      <details className="chart-table">
        <summary>Value over time as a table</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Invested
                </th>
                <th scope="col" className="num">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{formatDate(toTime(p.day))}</th>
                  <td className="num">{formatMoney(p.invested)}</td>
                  <td className="num">{formatMoney(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A cumulative line as steps: flat until the next day shown, then the new amount on that day. */
function steps(points: readonly ValuePointView[], of: (p: ValuePointView) => number) {
  return points.flatMap((p, i) => {
    const previous = points[i - 1];
    const at = { time: toTime(p.day), amount: of(p) };
    return !previous || of(previous) === at.amount ? [at] : [{ time: at.time, amount: of(previous) }, at];
  });
}

function ChartSvg({
  layout,
  variant,
  points,
}: {
  layout: Layout;
  variant: "wide" | "narrow";
  points: ValuePointView[];
}) {
  const { width, height, margin } = layout;
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const start = toTime(points[0]!.day);
  const lastTime = toTime(points.at(-1)!.day);
  const end = lastTime > start ? lastTime : start + DAY_MS;
  const top = Math.max(...points.map((p) => Math.max(p.invested, p.value))) * 1.1 || 1;

  const x = scaleUtc<number>({ domain: [new Date(start), new Date(end)], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: layout.amounts });
  const xOf = (p: { time: number }) => x(new Date(p.time));
  const yOf = (p: { amount: number }) => y(p.amount);

  const invested = steps(points, (p) => p.invested);
  const value = steps(points, (p) => p.value);
  const days = Math.round((end - start) / DAY_MS);
  const dates = evenDates(start, end, layout.dates);
  // Over half a year, months say more than days.
  const dateLabel = (t: number) => (days > 180 ? monthYear : shortDay).format(new Date(t));
  const final = value.at(-1)!;

  return (
    <svg
      className={`value-chart-svg value-chart-${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <Group left={margin.left} top={margin.top}>
        <AmountAxis ticks={y.ticks(layout.amounts)} y={y} width={innerW} label={formatMoney} />
        <LinePath className="value-chart-invested" data={invested} x={xOf} y={yOf} />
        <LinePath className="value-chart-value" data={value} x={xOf} y={yOf} />
        <circle className="value-chart-dot" cx={xOf(final)} cy={yOf(final)} r={variant === "wide" ? 5 : 6} />
        <DateAxis dates={dates} x={x} width={innerW} height={innerH} label={dateLabel} />
      </Group>
    </svg>
  );
}
