/**
 * A market's price chart (ADR 053): each day's closing trade price as a line, and the latest
 * valuation as a dashed line beside it, labelled, so the two are never read as one (trading never
 * marks a holding). Drawn on the server with visx and sent as markup (app/server/market-tab.server.ts),
 * so no chart code reaches the browser and it reads the same without JavaScript. As the portfolio's
 * value chart: a wide and a narrow drawing, CSS showing the one that fits; the text alternative is
 * the caption and a table of the days in a <details>, so the SVG is hidden from assistive technology.
 */
import { Group } from "@visx/group";
import { scaleLinear, scaleUtc } from "@visx/scale";
import { Line, LinePath } from "@visx/shape";

import { DAY_MS } from "../../../domain/shared/dates";
import { formatDate, formatNumber, formatPrice } from "../../../domain/shared/format";
import { AmountAxis } from "../charts/AmountAxis";
import { DateAxis, evenDates } from "../charts/DateAxis";

export interface PriceDay {
  /** YYYY-MM-DD */
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
  shares: number;
}

interface Layout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  dates: number;
  prices: number;
}

const LAYOUTS = {
  wide: { width: 960, height: 280, margin: { top: 20, right: 24, bottom: 40, left: 72 }, dates: 6, prices: 4 },
  narrow: { width: 360, height: 240, margin: { top: 16, right: 16, bottom: 36, left: 60 }, dates: 3, prices: 3 },
} satisfies Record<string, Layout>;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** The chart's sentence: the days it covers, the first and last close, the valuation apart. */
export function priceChartSummary(days: readonly PriceDay[], valuation: number): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "";
  const span =
    first.day === last.day
      ? `on ${formatDate(toTime(last.day))}`
      : `from ${formatDate(toTime(first.day))} to ${formatDate(toTime(last.day))}`;
  const traded = days.reduce((n, d) => n + d.shares, 0);
  return (
    `Trade prices ${span}: ${formatNumber(traded)} shares traded on ${formatNumber(days.length)} ` +
    `${days.length === 1 ? "day" : "days"}, closing at ${formatPrice(first.close)} on the first and ` +
    `${formatPrice(last.close)} on the last. The latest valuation, ${formatPrice(valuation)} a share, is drawn apart: trading does not change it.`
  );
}

export function PriceChart({ days, valuation }: { days: PriceDay[]; valuation: number }) {
  if (days.length === 0) return null;
  return (
    <figure className="price-chart">
      <ul className="value-chart-legend">
        <li>
          <span className="value-chart-key" aria-hidden="true" />
          Last trade each day <strong>{formatPrice(days.at(-1)!.close)}</strong>
        </li>
        <li>
          <span className="value-chart-key value-chart-key-invested" aria-hidden="true" />
          Valuation <strong>{formatPrice(valuation)}</strong>
        </li>
      </ul>
      <ChartSvg layout={LAYOUTS.wide} variant="wide" days={days} valuation={valuation} />
      <ChartSvg layout={LAYOUTS.narrow} variant="narrow" days={days} valuation={valuation} />
      <figcaption className="value-chart-summary">{priceChartSummary(days, valuation)}</figcaption>
      <details className="chart-table">
        <summary>Daily prices as a table</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Open
                </th>
                <th scope="col" className="num">
                  High
                </th>
                <th scope="col" className="num">
                  Low
                </th>
                <th scope="col" className="num">
                  Close
                </th>
                <th scope="col" className="num">
                  Shares
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDate(toTime(d.day))}</th>
                  <td className="num">{formatPrice(d.open)}</td>
                  <td className="num">{formatPrice(d.high)}</td>
                  <td className="num">{formatPrice(d.low)}</td>
                  <td className="num">{formatPrice(d.close)}</td>
                  <td className="num">{formatNumber(d.shares)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function ChartSvg({
  layout,
  variant,
  days,
  valuation,
}: {
  layout: Layout;
  variant: "wide" | "narrow";
  days: PriceDay[];
  valuation: number;
}) {
  const { width, height, margin } = layout;
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const start = toTime(days[0]!.day);
  const lastTime = toTime(days.at(-1)!.day);
  const end = lastTime > start ? lastTime : start + DAY_MS;
  const prices = [...days.flatMap((d) => [d.low, d.high]), valuation];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const pad = (high - low) * 0.1 || high * 0.1 || 1;

  const x = scaleUtc<number>({ domain: [new Date(start), new Date(end)], range: [0, innerW] });
  const y = scaleLinear<number>({
    domain: [Math.max(0, low - pad), high + pad],
    range: [innerH, 0],
    nice: layout.prices,
  });
  const points = days.map((d) => ({ time: toTime(d.day), price: d.close }));
  const xOf = (p: { time: number }) => x(new Date(p.time));
  const yOf = (p: { price: number }) => y(p.price);
  const dates = evenDates(start, end, layout.dates);
  const final = points.at(-1)!;

  return (
    <svg
      className={`value-chart-svg value-chart-${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <Group left={margin.left} top={margin.top}>
        <AmountAxis ticks={y.ticks(layout.prices)} y={y} width={innerW} label={formatPrice} />
        <Line className="value-chart-invested" from={{ x: 0, y: y(valuation) }} to={{ x: innerW, y: y(valuation) }} />
        <LinePath className="value-chart-value" data={points} x={xOf} y={yOf} />
        <circle className="value-chart-dot" cx={xOf(final)} cy={yOf(final)} r={variant === "wide" ? 5 : 6} />
        <DateAxis dates={dates} x={x} width={innerW} height={innerH} label={(t) => shortDay.format(new Date(t))} />
      </Group>
    </svg>
  );
}
