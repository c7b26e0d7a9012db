/**
 * A chart's left axis (the founder's funding chart, the portfolio's value over time, a market's
 * price history): a grid line across the chart at each tick and its label beside it.
 */
import { Line } from "@visx/shape";

export function AmountAxis({
  ticks,
  y,
  width,
  label,
}: {
  ticks: readonly number[];
  y: (value: number) => number;
  width: number;
  label: (value: number) => string;
}) {
  return (
    <>
      {ticks.map((a) => (
        <g key={a}>
          <Line className="chart-grid" from={{ x: 0, y: y(a) }} to={{ x: width, y: y(a) }} />
          <text className="chart-label" x={-10} y={y(a)} dy="0.32em" textAnchor="end">
            {label(a)}
          </text>
        </g>
      ))}
    </>
  );
}
