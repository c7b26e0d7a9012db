/**
 * Cumulative funding over time, drawn on the server as SVG with visx (no measuring in the browser,
 * so it looks the same with JavaScript off). The SVG has a fixed viewBox and takes the width of
 * its box through CSS. Text inside an SVG scales with it, so the chart is drawn twice, for a
 * narrow and a wide box, and CSS shows the one that fits (the hidden one is `display: none`, out
 * of the accessibility tree too). A table of the same points follows in a <details> for anyone
 * who prefers numbers or cannot see the chart.
 */
import { Group } from "@visx/group";
import { scaleLinear, scaleUtc } from "@visx/scale";
import { AreaClosed, Line, LinePath } from "@visx/shape";

import { formatDate, formatMoney } from "../../../domain/shared/format";
import { DAY_MS } from "../../../domain/shared/dates";
import type { FundingPoint } from "../../../domain/projects/founder-dashboard";
import { AmountAxis } from "../charts/AmountAxis";
import { DateAxis, evenDates } from "../charts/DateAxis";

interface Layout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** How many dates label the x axis (at most). */
  dates: number;
  /** Roughly how many amounts label the y axis. */
  amounts: number;
}

const LAYOUTS = {
  wide: { width: 960, height: 320, margin: { top: 28, right: 24, bottom: 40, left: 88 }, dates: 6, amounts: 4 },
  narrow: { width: 480, height: 300, margin: { top: 28, right: 16, bottom: 40, left: 100 }, dates: 3, amounts: 3 },
} satisfies Record<string, Layout>;

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const toTime = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
/** "Nov 21" */
const dayLabel = (time: number) => shortDay.format(new Date(time));
/** The day before a YYYY-MM-DD day. */
const dayBefore = (isoDay: string) => new Date(toTime(isoDay) - DAY_MS).toISOString().slice(0, 10);

/**
 * `until` (YYYY-MM-DD) extends the line flat to that day when it is later than the last
 * investment (today, or the deadline of a closed raise), so a quiet spell shows as one.
 */
export function FundingChart({
  series,
  goal,
  title,
  until,
}: {
  series: FundingPoint[];
  goal: number;
  title: string;
  until?: string;
}) {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) {
    return (
      <p className="chart-empty">
        No investments yet. The chart of your funding over time appears after the first purchase.
      </p>
    );
  }
  // The raise stood at $0 the day before its first investment: starting there, one investment
  // reads as a step up from nothing (never a lone dot on an axis that ends tomorrow).
  const before = first.cumulative > 0 ? [{ date: dayBefore(first.date), cumulative: 0 }] : [];
  const extended = [
    ...before,
    ...series,
    ...(until && until > last.date ? [{ date: until, cumulative: last.cumulative }] : []),
  ];
  // Drawn as steps: the total stays flat between investment days and rises on the day itself
  // (a straight line from one day to the next would suggest money trickling in between).
  const points = extended.flatMap((p, i) => {
    const previous = extended[i - 1];
    return !previous || previous.cumulative === p.cumulative ? [p] : [{ ...p, cumulative: previous.cumulative }, p];
  });
  const summary =
    `Cumulative funding of ${title}: ${formatMoney(last.cumulative)} raised of a ${formatMoney(goal)} goal, ` +
    `from ${formatDate(toTime(first.date))} to ${formatDate(toTime(last.date))}.`;

  return (
    <figure className="funding-chart">
      <ChartSvg layout={LAYOUTS.wide} variant="wide" points={points} goal={goal} summary={summary} />
      <ChartSvg layout={LAYOUTS.narrow} variant="narrow" points={points} goal={goal} summary={summary} />
      <details className="chart-table">
        <summary>Funding over time as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Raised to date
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((p, i) => (
              <tr key={`${p.date}-${i}`}>
                <th scope="row">{formatDate(toTime(p.date))}</th>
                <td className="num">{formatMoney(p.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function ChartSvg({
  layout,
  variant,
  points,
  goal,
  summary,
}: {
  layout: Layout;
  variant: "wide" | "narrow";
  points: FundingPoint[];
  goal: number;
  summary: string;
}) {
  const { width, height, margin } = layout;
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;

  const first = points[0];
  const final = points.at(-1);
  if (!first || !final) return null;
  const start = toTime(first.date);
  const lastTime = toTime(final.date);
  // The points always span a day at least (they start the day before the first investment).
  const end = lastTime > start ? lastTime : start + DAY_MS;
  const top = Math.max(goal, ...points.map((p) => p.cumulative)) * 1.1 || 1;

  const x = scaleUtc<number>({ domain: [new Date(start), new Date(end)], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: layout.amounts });
  const xOf = (p: FundingPoint) => x(new Date(toTime(p.date)));
  const yOf = (p: FundingPoint) => y(p.cumulative);

  const amounts = y.ticks(layout.amounts);
  const dates = evenDates(start, end, layout.dates);
  const goalY = y(goal);

  return (
    <svg
      className={`funding-chart-svg funding-chart-${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={summary}
    >
      <Group left={margin.left} top={margin.top}>
        <AmountAxis ticks={amounts} y={y} width={innerW} label={formatMoney} />
        <AreaClosed className="chart-area" data={points} x={xOf} y={yOf} yScale={y} />
        <LinePath className="chart-line" data={points} x={xOf} y={yOf} />
        <Line className="chart-goal" from={{ x: 0, y: goalY }} to={{ x: innerW, y: goalY }} />
        <text className="chart-goal-label" x={8} y={goalY} dy="-0.5em">
          Goal {formatMoney(goal)}
        </text>
        <circle className="chart-dot" cx={xOf(final)} cy={yOf(final)} r={variant === "wide" ? 5 : 6} />
        <DateAxis dates={dates} x={x} width={innerW} height={innerH} label={dayLabel} />
      </Group>
    </svg>
  );
}
