/**
 * Counters and timings (ADR 056). Two sinks:
 * - **Workers Analytics Engine** in production (the `METRICS` binding, declared only in
 *   wrangler.toml's `[env.production]`, as the other remote bindings are): one data point per
 *   request and per event, written through `writePoint`, which checks the documented limits
 *   itself (locally `writeDataPoint` is a silent no-op that checks nothing);
 * - **the local store**, D1's `metric_buckets` (db/schema-observability.ts), in every environment:
 *   each isolate adds up its requests and events per minute in memory and adds them to the
 *   minute's and the hour's rows in one statement at most every FLUSH_INTERVAL_MS, after the
 *   response (`ctx.waitUntil`), on the binding itself (never the request's counted D1 session).
 *   That is what the admin's Health section charts, so it works the same in local runs and in
 *   production, at one small write per isolate every few seconds whatever the traffic.
 *
 * Events are counted where they happen: `countEvent("purchase")` in the purchase service, and so on
 * (EVENT_NAMES lists them); they need no request or binding.
 */

/** Upper bounds (ms) of the latency histogram's columns h0…h9; h10 counts everything slower. */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;
export const HISTOGRAM_COLUMNS = LATENCY_BOUNDS_MS.length + 1;
export const FLUSH_INTERVAL_MS = 10_000;

export const EVENT_NAMES = [
  "purchase",
  "cancellation",
  "settlement",
  "mail.sent",
  "mail.failed",
  "ai.call",
  "ai.fallback",
  "error",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Analytics Engine's limits per data point and per invocation (developers.cloudflare.com/analytics/analytics-engine/limits). */
export const AE_LIMITS = {
  blobs: 20,
  doubles: 20,
  indexes: 1,
  indexBytes: 96,
  blobBytes: 16_384,
  pointsPerInvocation: 250,
} as const;

export interface Bucket {
  count: number;
  errors: number;
  durationMs: number;
  histogram: number[];
}

type Kind = "route" | "event";
/** minute start (ms) → `${kind}\t${name}` → its sums. */
let pending = new Map<number, Map<string, Bucket>>();
let lastFlush = 0;

const emptyBucket = (): Bucket => ({
  count: 0,
  errors: 0,
  durationMs: 0,
  histogram: new Array<number>(HISTOGRAM_COLUMNS).fill(0),
});

export function histogramColumn(ms: number): number {
  const i = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return i === -1 ? LATENCY_BOUNDS_MS.length : i;
}

function bucketFor(kind: Kind, name: string, at: number): Bucket {
  const minute = Math.floor(at / 60_000) * 60_000;
  let names = pending.get(minute);
  if (!names) pending.set(minute, (names = new Map()));
  const key = `${kind}\t${name}`;
  let bucket = names.get(key);
  if (!bucket) names.set(key, (bucket = emptyBucket()));
  return bucket;
}

/** A request answered: its route (`GET /project/:id`), status and duration, added to its minute. */
export function countRequest(route: string, status: number, durationMs: number, at = Date.now()): void {
  const bucket = bucketFor("route", route, at);
  bucket.count += 1;
  if (status >= 500) bucket.errors += 1;
  const ms = Math.max(0, Math.round(durationMs));
  bucket.durationMs += ms;
  bucket.histogram[histogramColumn(ms)]! += 1;
  queuePoint({ blobs: ["route", route, String(status)], doubles: [ms, status], indexes: [route] });
}

/** Something that happened `n` times (a purchase, a mail that failed …), added to its minute. */
export function countEvent(name: EventName, n = 1, at = Date.now()): void {
  if (n <= 0) return;
  bucketFor("event", name, at).count += n;
  queuePoint({ blobs: ["event", name], doubles: [n], indexes: [name] });
}

// ---------------------------------------------------------------------------------------------
// Analytics Engine

/** The points counted since the last `writeAnalytics`, written by the request or job that ends next. */
let aePending: AnalyticsEngineDataPoint[] = [];
/** Kept for at most this many points between writes (without a binding nothing writes them until a flush lets them go). */
const AE_PENDING_LIMIT = 1_000;

function queuePoint(point: AnalyticsEngineDataPoint) {
  if (aePending.length < AE_PENDING_LIMIT) aePending.push(point);
}

export class DataPointError extends Error {}

/** Why Analytics Engine would refuse `point`, or null when it is within every limit. */
export function dataPointProblem(point: AnalyticsEngineDataPoint): string | null {
  const blobs = point.blobs ?? [];
  const doubles = point.doubles ?? [];
  const indexes = point.indexes ?? [];
  if (blobs.length > AE_LIMITS.blobs) return `${blobs.length} blobs (at most ${AE_LIMITS.blobs})`;
  if (doubles.length > AE_LIMITS.doubles) return `${doubles.length} doubles (at most ${AE_LIMITS.doubles})`;
  if (indexes.length > AE_LIMITS.indexes) return `${indexes.length} indexes (at most ${AE_LIMITS.indexes})`;
  const encoder = new TextEncoder();
  const bytes = (v: ArrayBuffer | string | null) =>
    v === null ? 0 : typeof v === "string" ? encoder.encode(v).byteLength : v.byteLength;
  const index = indexes[0] ?? null;
  if (bytes(index) > AE_LIMITS.indexBytes) return `an index of ${bytes(index)} bytes (at most ${AE_LIMITS.indexBytes})`;
  const blobBytes = blobs.reduce((n: number, b) => n + bytes(b), 0);
  if (blobBytes > AE_LIMITS.blobBytes) return `${blobBytes} bytes of blobs (at most ${AE_LIMITS.blobBytes})`;
  if (doubles.some((d) => !Number.isFinite(d))) return "a double that is not a finite number";
  return null;
}

/** An index longer than Analytics Engine takes is cut at a character boundary (route patterns are ours, never typed by a person). */
function fitIndex(point: AnalyticsEngineDataPoint): AnalyticsEngineDataPoint {
  const index = point.indexes?.[0];
  if (typeof index !== "string" || new TextEncoder().encode(index).byteLength <= AE_LIMITS.indexBytes) return point;
  let cut = index;
  while (new TextEncoder().encode(cut).byteLength > AE_LIMITS.indexBytes) cut = cut.slice(0, -1);
  return { ...point, indexes: [cut] };
}

/**
 * Writes the points counted since the last call to `dataset` (when bound: production), at most
 * AE_LIMITS.pointsPerInvocation per invocation (the rest are dropped and counted in the answer).
 * A point outside the limits is not written (`dataPointProblem`). Without a binding the points are
 * simply let go: the local store has the same counts.
 */
export function writeAnalytics(
  dataset: AnalyticsEngineDataset | undefined,
  budget: { written: number } = { written: 0 },
): { written: number; dropped: number } {
  const points = aePending;
  aePending = [];
  if (!dataset) return { written: 0, dropped: 0 };
  let written = 0;
  let dropped = 0;
  for (const raw of points) {
    const point = fitIndex(raw);
    if (budget.written >= AE_LIMITS.pointsPerInvocation || dataPointProblem(point) !== null) {
      dropped += 1;
      continue;
    }
    dataset.writeDataPoint(point);
    budget.written += 1;
    written += 1;
  }
  return { written, dropped };
}

// ---------------------------------------------------------------------------------------------
// The local store

/** Names per statement: one bound parameter each (D1 takes at most 100 per statement). */
const ROWS_PER_STATEMENT = 90;

function upsertStatements(
  d1: D1Database,
  rows: { span: number; start: number; kind: Kind; name: string; b: Bucket }[],
) {
  const statements: D1PreparedStatement[] = [];
  const h = Array.from({ length: HISTOGRAM_COLUMNS }, (_, i) => `h${i}`);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    // Every number is an integer this module computed; only the name is bound.
    const values = chunk
      .map(
        (r) =>
          `(${r.span}, ${r.start}, '${r.kind}', ?, ${r.b.count}, ${r.b.errors}, ${r.b.durationMs}, ${r.b.histogram.join(", ")})`,
      )
      .join(",\n");
    const sql =
      `INSERT INTO metric_buckets (span, bucket_start, kind, name, count, errors, duration_ms, ${h.join(", ")}) VALUES ${values} ` +
      `ON CONFLICT (span, bucket_start, kind, name) DO UPDATE SET count = count + excluded.count, ` +
      `errors = errors + excluded.errors, duration_ms = duration_ms + excluded.duration_ms, ` +
      h.map((c) => `${c} = ${c} + excluded.${c}`).join(", ");
    statements.push(d1.prepare(sql).bind(...chunk.map((r) => r.name)));
  }
  return statements;
}

function add(into: Bucket, from: Bucket) {
  into.count += from.count;
  into.errors += from.errors;
  into.durationMs += from.durationMs;
  for (let i = 0; i < HISTOGRAM_COLUMNS; i++) into.histogram[i]! += from.histogram[i]!;
}

/**
 * Adds everything counted in this isolate to D1 (the minute's rows and the hour's), in one batch,
 * and empties the buffer. On failure the counts are put back for the next flush.
 */
export function flushMetrics(d1: D1Database, now = Date.now()): Promise<number> {
  // One write at a time per isolate: a flush asked for while another runs waits for it, so a
  // caller that flushes has everything counted before its call written when its promise settles.
  const run = flushing.then(() => flushNow(d1, now));
  flushing = run.catch(() => 0);
  return run;
}

let flushing: Promise<unknown> = Promise.resolve();

async function flushNow(d1: D1Database, now: number): Promise<number> {
  lastFlush = now;
  if (pending.size === 0) return 0;
  const taken = pending;
  pending = new Map();
  const rows: { span: number; start: number; kind: Kind; name: string; b: Bucket }[] = [];
  const hours = new Map<string, { start: number; kind: Kind; name: string; b: Bucket }>();
  for (const [minute, names] of taken) {
    const hour = Math.floor(minute / 3_600_000) * 3_600_000;
    for (const [key, b] of names) {
      const [kind, name] = key.split("\t") as [Kind, string];
      rows.push({ span: 60, start: minute, kind, name, b });
      const hourKey = `${hour}\t${key}`;
      let h = hours.get(hourKey);
      if (!h) hours.set(hourKey, (h = { start: hour, kind, name, b: emptyBucket() }));
      add(h.b, b);
    }
  }
  for (const h of hours.values()) rows.push({ span: 3600, ...h });
  try {
    await d1.batch(upsertStatements(d1, rows));
  } catch (e) {
    // Put them back: counted again next time (a new count for the same minute adds to them).
    for (const [minute, names] of taken) {
      for (const [key, b] of names) {
        const [kind, name] = key.split("\t") as [Kind, string];
        add(bucketFor(kind, name, minute), b);
      }
    }
    throw e;
  }
  return rows.length;
}

/** Whether this isolate's counts are due to be written (FLUSH_INTERVAL_MS since the last write). */
export function metricsDue(now = Date.now()): boolean {
  return pending.size > 0 && now - lastFlush >= FLUSH_INTERVAL_MS;
}

/** Percentile `p` (0–1) of a histogram: the upper bound of the column it falls in (null when empty; the last column reads as "over 5000"). */
export function histogramPercentile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((n, c) => n + c, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * p);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= rank) return i < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[i]! : Infinity;
  }
  return Infinity;
}
