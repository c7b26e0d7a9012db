/**
 * The Health section's charts (ADR 056), drawn on the server as SVG with visx and sent as markup
 * (app/routes/admin-health.server.ts), as the portfolio's value over time: no chart code reaches
 * the browser and they read the same without JavaScript. Each has a fixed viewBox drawn for a wide
 * and a narrow box (CSS shows the one that fits; the SVG is hidden from assistive technology), a
 * title naming it, a sentence saying what it shows, and the same figures as a table in a <details>.
 * Styles: app/styles/admin.css (`.health-`) and the shared `.chart-` rules (founder.css).
 */
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Line, LinePath } from "@visx/shape";

import {
  eventLabel,
  formatErrorRate,
  formatLatency,
  type HealthWindowDTO,
  type Percentile,
  type TrafficBucketDTO,
} from "../../../domain/operator/health";
import { formatNumber } from "../../../domain/shared/format";
import { AmountAxis } from "../charts/AmountAxis";
import { BucketTable, clock, unit } from "./BucketTable";

interface Layout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** Roughly how many values label the y axis. */
  values: number;
}

const LAYOUTS = {
  wide: { width: 960, height: 260, margin: { top: 16, right: 20, bottom: 40, left: 64 }, values: 4 },
  narrow: { width: 360, height: 240, margin: { top: 14, right: 22, bottom: 36, left: 80 }, values: 3 },
} satisfies Record<string, Layout>;

/** "17:45" (UTC): a bucket's start. */

const dayAndClock = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
/** A window's edge: "17:45" within the hour, "Dec 2, 18:00" across a day. */
const edge = (w: HealthWindowDTO, ms: number) => (w.span === 60 ? clock(ms) : dayAndClock.format(new Date(ms)));
const windowStart = (w: HealthWindowDTO) => w.buckets[0]!.start;
const windowEnd = (w: HealthWindowDTO) => w.buckets.at(-1)!.start + w.span * 1000;

/** The window in words: "the last hour (17:01 to 18:01 UTC)", "the last day (Dec 2, 18:00 to Dec 3, 18:00 UTC)". */
function windowWords(w: HealthWindowDTO): string {
  const name = w.span === 60 ? "the last hour" : "the last day";
  return `${name} (${edge(w, windowStart(w))} to ${edge(w, windowEnd(w))} UTC)`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The buckets labeled on the x axis: on the quarter hour (minutes) or every six hours, twice as far apart when narrow. */
function labeledStarts(w: HealthWindowDTO, variant: "wide" | "narrow"): number[] {
  const every = (w.span === 60 ? 15 : 6) * (variant === "narrow" ? 2 : 1);
  return w.buckets.map((b) => b.start).filter((t) => Math.round(t / (w.span * 1000)) % every === 0);
}

/** The time axis: the line, and each labeled bucket's start under its middle. */
function TimeAxis({
  starts,
  x,
  width,
  height,
}: {
  starts: readonly number[];
  x: (start: number) => number;
  width: number;
  height: number;
}) {
  return (
    <>
      <Line className="chart-axis" from={{ x: 0, y: height }} to={{ x: width, y: height }} />
      {starts.map((t) => (
        <text key={t} className="chart-label" x={x(t)} y={height + 26} textAnchor="middle">
          {clock(t)}
        </text>
      ))}
    </>
  );
}

/** Whole-number ticks only: a count of 0.5 requests says nothing. */
const wholeTicks = (ticks: number[]) => ticks.filter((t) => Number.isInteger(t));

// ---------------------------------------------------------------------------------------------
// Requests and errors per bucket

export function trafficSummary(w: HealthWindowDTO): string {
  const { requests, errors } = w.totals;
  const busiest = w.buckets.reduce((a, b) => (b.requests > a.requests ? b : a), w.buckets[0]!);
  return (
    `In ${windowWords(w)}: ${plural(requests, "request")}, ${plural(errors, "server error")} ` +
    `(${formatErrorRate(requests, errors)}); the busiest ${unit(w)} began at ${edge(w, busiest.start)} UTC ` +
    `with ${plural(busiest.requests, "request")}.`
  );
}

export function TrafficChart({ window: w, title, id }: { window: HealthWindowDTO; title: string; id: string }) {
  const shown = w.buckets.filter((b) => b.requests > 0);
  return (
    <figure className="health-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="health-chart-title">
        {title}
      </h3>
      <ul className="health-legend">
        <li>
          <span className="health-key health-key-requests" aria-hidden="true" />
          Requests <strong>{formatNumber(w.totals.requests)}</strong>
        </li>
        <li>
          <span className="health-key health-key-errors" aria-hidden="true" />
          Server errors (5xx) <strong>{formatNumber(w.totals.errors)}</strong>
        </li>
      </ul>
      <TrafficSvg w={w} layout={LAYOUTS.wide} variant="wide" />
      <TrafficSvg w={w} layout={LAYOUTS.narrow} variant="narrow" />
      <figcaption className="health-chart-summary">{trafficSummary(w)}</figcaption>
      <BucketTable
        title={title}
        window={w}
        what="requests"
        columns={["Requests", "Server errors", "Error rate"]}
        rows={shown.map((b) => ({
          start: b.start,
          cells: [formatNumber(b.requests), formatNumber(b.errors), formatErrorRate(b.requests, b.errors)],
        }))}
      />
    </figure>
  );
}

function TrafficSvg({ w, layout, variant }: { w: HealthWindowDTO; layout: Layout; variant: "wide" | "narrow" }) {
  const { width, height, margin } = layout;
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const starts = w.buckets.map((b) => b.start);
  const x = scaleBand<number>({ domain: starts, range: [0, innerW], padding: 0.2 });
  const top = Math.max(1, ...w.buckets.map((b) => b.requests));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: layout.values });
  const bar = x.bandwidth();
  const mid = (t: number) => (x(t) ?? 0) + bar / 2;
  // A minute with a few errors among many requests still shows a sliver of red.
  const errorTop = (b: TrafficBucketDTO) => Math.min(y(b.errors), innerH - 2);
  return (
    <svg
      className={`health-svg health-svg-${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <Group left={margin.left} top={margin.top}>
        <AmountAxis ticks={wholeTicks(y.ticks(layout.values))} y={y} width={innerW} label={formatNumber} />
        {w.buckets.map((b) =>
          b.requests > 0 ? (
            <g key={b.start}>
              <rect
                className="health-bar-requests"
                x={x(b.start)}
                y={y(b.requests)}
                width={bar}
                height={innerH - y(b.requests)}
              />
              {b.errors > 0 ? (
                <rect
                  className="health-bar-errors"
                  x={x(b.start)}
                  y={errorTop(b)}
                  width={bar}
                  height={innerH - errorTop(b)}
                />
              ) : null}
            </g>
          ) : null,
        )}
        <TimeAxis starts={labeledStarts(w, variant)} x={mid} width={innerW} height={innerH} />
      </Group>
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// p50 and p95 latency per bucket

/** A percentile's place on the chart: the index of its histogram band (0 for the first bound). */
function band(p: Percentile, bounds: readonly number[]): number | null {
  if (p === null) return null;
  if (p === "over") return bounds.length;
  const i = bounds.indexOf(p);
  return i === -1 ? bounds.length : i;
}

export function latencySummary(w: HealthWindowDTO, lastBound: number): string {
  const slowest = w.buckets.reduce<TrafficBucketDTO | null>((a, b) => {
    if (b.p95 === null) return a;
    if (a === null || a.p95 === null) return b;
    const rank = (p: Percentile) => (p === "over" ? Infinity : (p ?? -1));
    return rank(b.p95) > rank(a.p95) ? b : a;
  }, null);
  const slow = slowest
    ? `; the slowest ${unit(w)}, from ${edge(w, slowest.start)} UTC, had a p95 of ${formatLatency(slowest.p95, lastBound)}`
    : "";
  return (
    `In ${windowWords(w)}, half of all requests were answered in ${formatLatency(w.totals.p50, lastBound)} or less ` +
    `(p50) and 95% in ${formatLatency(w.totals.p95, lastBound)} or less (p95)${slow}. ` +
    `Each figure is the upper bound of a band of the latency histogram.`
  );
}

export function LatencyChart({
  window: w,
  bounds,
  title,
  id,
}: {
  window: HealthWindowDTO;
  /** The histogram's upper bounds, ms (worker/observability/metrics.ts LATENCY_BOUNDS_MS). */
  bounds: readonly number[];
  title: string;
  id: string;
}) {
  const last = bounds.at(-1)!;
  const shown = w.buckets.filter((b) => b.requests > 0);
  return (
    <figure className="health-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="health-chart-title">
        {title}
      </h3>
      <ul className="health-legend">
        <li>
          <span className="health-key health-key-p50" aria-hidden="true" />
          p50 <strong>{formatLatency(w.totals.p50, last)}</strong>
        </li>
        <li>
          <span className="health-key health-key-p95" aria-hidden="true" />
          p95 <strong>{formatLatency(w.totals.p95, last)}</strong>
        </li>
      </ul>
      <LatencySvg w={w} bounds={bounds} layout={LAYOUTS.wide} variant="wide" />
      <LatencySvg w={w} bounds={bounds} layout={LAYOUTS.narrow} variant="narrow" />
      <figcaption className="health-chart-summary">{latencySummary(w, last)}</figcaption>
      <BucketTable
        title={title}
        window={w}
        what="requests"
        columns={["p50", "p95"]}
        rows={shown.map((b) => ({ start: b.start, cells: [formatLatency(b.p50, last), formatLatency(b.p95, last)] }))}
      />
    </figure>
  );
}

function LatencySvg({
  w,
  bounds,
  layout,
  variant,
}: {
  w: HealthWindowDTO;
  bounds: readonly number[];
  layout: Layout;
  variant: "wide" | "narrow";
}) {
  const { width, height, margin } = layout;
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const points = w.buckets.map((b, i) => ({ i, start: b.start, p50: band(b.p50, bounds), p95: band(b.p95, bounds) }));
  // The y axis is the histogram's bands, evenly spaced (5 ms to over 5 s), up to one above the slowest p95.
  const topBand = Math.min(bounds.length, Math.max(3, ...points.map((p) => (p.p95 ?? 0) + 1)));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, w.buckets.length - 1)], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [0, topBand], range: [innerH, 0] });
  const step = variant === "narrow" && topBand > 6 ? 2 : 1;
  const ticks = Array.from({ length: topBand + 1 }, (_, i) => i).filter((i) => i % step === 0 || i === topBand);
  const tickLabel = (i: number) =>
    i >= bounds.length ? `>${formatLatency(bounds.at(-1)!)}` : formatLatency(bounds[i]!);
  const startIndex = new Map(w.buckets.map((b, i) => [b.start, i]));
  const xOfTime = (t: number) => x(startIndex.get(t) ?? 0);
  // Narrow, a dot a minute would crowd the lines: only a minute alone between gaps gets one.
  const dotted = (key: "p50" | "p95", i: number) =>
    points[i]![key] !== null && (variant === "wide" || (points[i - 1]?.[key] == null && points[i + 1]?.[key] == null));
  const r = variant === "wide" ? 3 : 4;
  const series = [
    { key: "p50" as const, className: "health-line-p50", dot: "health-dot-p50" },
    { key: "p95" as const, className: "health-line-p95", dot: "health-dot-p95" },
  ];
  return (
    <svg
      className={`health-svg health-svg-${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <Group left={margin.left} top={margin.top}>
        <AmountAxis ticks={ticks} y={y} width={innerW} label={tickLabel} />
        {series.map((s) => (
          <g key={s.key}>
            <LinePath
              className={s.className}
              data={points}
              defined={(p) => p[s.key] !== null}
              x={(p) => x(p.i)}
              y={(p) => y(p[s.key] ?? 0)}
            />
            {points.map((p) =>
              dotted(s.key, p.i) ? <circle key={p.i} className={s.dot} cx={x(p.i)} cy={y(p[s.key]!)} r={r} /> : null,
            )}
          </g>
        ))}
        <TimeAxis starts={labeledStarts(w, variant)} x={xOfTime} width={innerW} height={innerH} />
      </Group>
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// Events per bucket: one small bar chart per event, each on its own scale

export function eventsSummary(w: HealthWindowDTO): string {
  // "purchases", "AI calls": lower case but for an acronym
  const lower = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);
  const counted = w.events.map((e) => `${formatNumber(e.total)} ${lower(eventLabel(e.name))}`);
  return `In ${windowWords(w)}: ${counted.join(", ")}.`;
}

const SPARK = { width: 480, height: 48, gap: 0.25 };

export function EventsChart({ window: w, title, id }: { window: HealthWindowDTO; title: string; id: string }) {
  const shown = w.buckets.map((b, i) => ({ b, i })).filter(({ i }) => w.events.some((e) => e.counts[i]! > 0));
  const x = scaleBand<number>({
    domain: w.buckets.map((_, i) => i),
    range: [0, SPARK.width],
    padding: SPARK.gap,
  });
  const first = windowStart(w);
  const end = windowEnd(w);
  return (
    <figure className="health-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="health-chart-title">
        {title}
      </h3>
      <ul className="health-events">
        {w.events.map((e) => {
          const peak = Math.max(...e.counts);
          return (
            <li key={e.name} className="health-event">
              <span className="health-event-name">
                {eventLabel(e.name)} <strong>{formatNumber(e.total)}</strong>
              </span>
              <svg
                className="health-spark"
                viewBox={`0 0 ${SPARK.width} ${SPARK.height}`}
                preserveAspectRatio="none"
                aria-hidden="true"
                focusable="false"
              >
                <Line
                  className="chart-axis"
                  from={{ x: 0, y: SPARK.height }}
                  to={{ x: SPARK.width, y: SPARK.height }}
                />
                {e.counts.map((n, i) =>
                  n > 0 ? (
                    <rect
                      key={i}
                      className={
                        e.name === "mail.failed" || e.name === "error" || e.name === "ai.fallback"
                          ? "health-bar-errors"
                          : "health-bar-requests"
                      }
                      x={x(i)}
                      y={SPARK.height - (n / peak) * (SPARK.height - 4)}
                      width={x.bandwidth()}
                      height={(n / peak) * (SPARK.height - 4)}
                    />
                  ) : null,
                )}
              </svg>
              <span className="health-event-peak small muted">
                {peak > 0 ? `peak ${formatNumber(peak)} an ${unit(w)}` : "none"}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="health-spark-axis small muted" aria-hidden="true">
        <span>{edge(w, first)}</span>
        <span>{edge(w, end)} UTC</span>
      </p>
      <figcaption className="health-chart-summary">
        {eventsSummary(w)} Each bar is one {unit(w)}, each row on its own scale.
      </figcaption>
      <BucketTable
        title={title}
        window={w}
        what="events"
        columns={w.events.map((e) => eventLabel(e.name))}
        rows={shown.map(({ b, i }) => ({ start: b.start, cells: w.events.map((e) => formatNumber(e.counts[i]!)) }))}
      />
    </figure>
  );
}
