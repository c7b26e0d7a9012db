/**
 * A time chart's bottom axis (the founder's funding chart, the portfolio's value over time): the
 * line, and each date's label under it, the first aligned to its start and the last to its end.
 */
import { Line } from "@visx/shape";

import { DAY_MS } from "../../../domain/shared/dates";

/** Whole days evenly spaced from `start` to `end` (ms), at most `max` of them, each once. */
export function evenDates(start: number, end: number, max: number): number[] {
  const days = Math.round((end - start) / DAY_MS);
  const labels = Math.min(max, days + 1);
  return [
    ...new Set(Array.from({ length: labels }, (_, i) => start + Math.round((days * i) / (labels - 1 || 1)) * DAY_MS)),
  ];
}

export function DateAxis<T extends string | number>({
  dates,
  x,
  width,
  height,
  label,
}: {
  /** ISO strings or milliseconds: whatever `new Date` reads. */
  dates: readonly T[];
  x: (d: Date) => number;
  width: number;
  height: number;
  label: (date: T) => string;
}) {
  return (
    <>
      <Line className="chart-axis" from={{ x: 0, y: height }} to={{ x: width, y: height }} />
      {dates.map((t, i) => (
        <text
          key={t}
          className="chart-label"
          x={x(new Date(t))}
          y={height + 26}
          textAnchor={i === 0 && dates.length > 1 ? "start" : i === dates.length - 1 ? "end" : "middle"}
        >
          {label(t)}
        </text>
      ))}
    </>
  );
}
