/**
 * The admin's Health section (ADR 056): what the site did in the last hour (by minute) and the
 * last day (by hour), its busiest routes, each scheduled job's last run and whether it is late,
 * and the newest captured errors. Read in one batch of seven fixed statements, each an indexed,
 * bounded range whatever the traffic:
 * - per bucket, per span: `metric_buckets`' primary key (span, bucket_start, …) from the window's
 *   first bucket: at most 60 or 24 buckets times the routes and events counted in them;
 * - the top routes, per span: the same range, summed by route, the first HEALTH_ROUTES_SHOWN;
 * - the jobs: for each job of JOBS and each status, its newest run on `job_runs_job_idx`
 *   (job, status, started_at): one index step each;
 * - the errors: the newest HEALTH_ERRORS_SHOWN on `error_events_last_seen_idx`.
 * The caller flushes this isolate's counts first (`flushMetrics`), so its last seconds show.
 */
import type { Database } from "../../../db/client";
import { runBatch } from "../../../db/client";
import {
  HEALTH_ERRORS_SHOWN,
  HEALTH_ROUTES_SHOWN,
  jobIsLate,
  type ErrorEventDTO,
  type EventSeriesDTO,
  type HealthReportDTO,
  type HealthWindowDTO,
  type JobHealthDTO,
  type JobStatus,
  type Percentile,
} from "../../../domain/operator/health";
import type { SessionUser } from "../../../domain/shared/types";
import { DAILY_CRON, FREQUENT_CRON, JOBS } from "../../jobs";
import { EVENT_NAMES, HISTOGRAM_COLUMNS, histogramPercentile } from "../../observability/metrics";
import { requireAdmin } from "../shared/access";

const H = Array.from({ length: HISTOGRAM_COLUMNS }, (_, i) => `h${i}`);
const SUMS = `sum(count) as count, sum(errors) as errors, ${H.map((c) => `sum(${c}) as ${c}`).join(", ")}`;

/** Every route summed per bucket; every event per bucket and name. */
const BUCKETS_SQL =
  `select bucket_start as start, kind, case when kind = 'event' then name else '' end as name, ${SUMS} ` +
  `from metric_buckets where span = ?1 and bucket_start >= ?2 and bucket_start <= ?3 ` +
  `group by bucket_start, kind, 3`;
const ROUTES_SQL =
  `select name, ${SUMS} from metric_buckets ` +
  `where span = ?1 and bucket_start >= ?2 and bucket_start <= ?3 and kind = 'route' ` +
  `group by name order by count desc, name limit ${HEALTH_ROUTES_SHOWN}`;
/**
 * Each job's newest run of each status (the last run is the newest of the three; the last `ok`
 * says whether it is late, by the rule `/api/health` uses: domain/operator/health.ts `jobIsLate`).
 */
const JOBS_SQL = `select j.value as job, s.value as status, r.started_at as startedAt, r.ended_at as endedAt,
    r.summary, r.error
  from json_each(?1) j cross join json_each('["running","ok","failed"]') s
  join job_runs r on r.id = (select id from job_runs where job = j.value and status = s.value
                             order by started_at desc limit 1)`;
/** When the newest migration was applied: a job's allowance runs from it until its first success. */
const MIGRATED_SQL =
  "select cast(unixepoch(applied_at) * 1000 as integer) as applied_ms from d1_migrations order by id desc limit 1";
const ERRORS_SQL = `select fingerprint, name, message, stack, route, count, first_seen_at as firstSeenAt,
    last_seen_at as lastSeenAt, last_request_id as lastRequestId, release
  from error_events order by last_seen_at desc limit ${HEALTH_ERRORS_SHOWN}`;

type Sums = { count: number; errors: number } & Record<string, number>;
type BucketRow = Sums & { start: number; kind: "route" | "event"; name: string };
type RouteRow = Sums & { name: string };
interface JobRow {
  job: string;
  status: JobStatus;
  startedAt: number;
  endedAt: number | null;
  summary: string | null;
  error: string | null;
}
type ErrorRow = Omit<ErrorEventDTO, "firstSeenAt" | "lastSeenAt"> & { firstSeenAt: number; lastSeenAt: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;

const histogramOf = (row: Record<string, number>) => H.map((c) => row[c] ?? 0);

function percentile(histogram: readonly number[], p: number): Percentile {
  const v = histogramPercentile(histogram, p);
  return v === Infinity ? "over" : v;
}

const SCHEDULE: Record<string, string> = {
  [FREQUENT_CRON]: "Every 10 minutes",
  [DAILY_CRON]: "Daily at 00:05 UTC",
};

/** The window's buckets (every one, oldest first), its events and its totals, from its rows. */
function windowOf(
  span: 60 | 3600,
  first: number,
  count: number,
  rows: BucketRow[],
  routes: RouteRow[],
): HealthWindowDTO {
  const size = span * 1000;
  const routeSums = Array.from({ length: count }, () => ({
    requests: 0,
    errors: 0,
    h: new Array<number>(H.length).fill(0),
  }));
  const events: EventSeriesDTO[] = EVENT_NAMES.map((name) => ({
    name,
    counts: new Array<number>(count).fill(0),
    total: 0,
  }));
  const eventIndex = new Map(events.map((e, i) => [e.name, i]));
  for (const row of rows) {
    const i = Math.floor((row.start - first) / size);
    if (i < 0 || i >= count) continue;
    if (row.kind === "route") {
      const b = routeSums[i]!;
      b.requests += row.count;
      b.errors += row.errors;
      histogramOf(row).forEach((n, c) => (b.h[c]! += n));
    } else {
      const e = events[eventIndex.get(row.name) ?? -1];
      if (e) {
        e.counts[i]! += row.count;
        e.total += row.count;
      }
    }
  }
  const all = new Array<number>(H.length).fill(0);
  for (const b of routeSums) b.h.forEach((n, c) => (all[c]! += n));
  return {
    span,
    buckets: routeSums.map((b, i) => ({
      start: first + i * size,
      requests: b.requests,
      errors: b.errors,
      p50: percentile(b.h, 0.5),
      p95: percentile(b.h, 0.95),
    })),
    events,
    routes: routes.map((r) => {
      const h = histogramOf(r);
      return { route: r.name, requests: r.count, errors: r.errors, p50: percentile(h, 0.5), p95: percentile(h, 0.95) };
    }),
    totals: {
      requests: routeSums.reduce((n, b) => n + b.requests, 0),
      errors: routeSums.reduce((n, b) => n + b.errors, 0),
      p50: percentile(all, 0.5),
      p95: percentile(all, 0.95),
    },
  };
}

function jobsOf(rows: JobRow[], migratedAt: number | null, now: number): JobHealthDTO[] {
  return JOBS.map((job) => {
    const runs = rows.filter((r) => r.job === job.name);
    const last = runs.reduce<JobRow | null>((a, r) => (a === null || r.startedAt > a.startedAt ? r : a), null);
    const ok = runs.find((r) => r.status === "ok") ?? null;
    return {
      name: job.name,
      description: job.description,
      schedule: SCHEDULE[job.cron] ?? job.cron,
      lateAfterMs: job.lateAfterMs,
      lastRun: last && {
        status: last.status,
        startedAt: new Date(last.startedAt).toISOString(),
        endedAt: last.endedAt === null ? null : new Date(last.endedAt).toISOString(),
        tookMs: last.endedAt === null ? null : Math.max(0, last.endedAt - last.startedAt),
        summary: last.summary,
        error: last.error,
      },
      lastOkAt: ok ? new Date(ok.startedAt).toISOString() : null,
      late: jobIsLate(ok?.startedAt ?? null, migratedAt, job.lateAfterMs, now),
    };
  });
}

/** The Health section's figures (admins only): one batch, seven statements. */
export async function adminHealthReport(
  db: Database,
  viewer: SessionUser | null,
  now = Date.now(),
): Promise<HealthReportDTO> {
  requireAdmin(viewer);
  const d1 = db.$client;
  // The current minute and hour are the last buckets: 60 minutes and 24 hours, each whole bucket.
  const firstMinute = Math.floor(now / MINUTE) * MINUTE - 59 * MINUTE;
  const firstHour = Math.floor(now / HOUR) * HOUR - 23 * HOUR;
  const [minuteRows, hourRows, hourRoutes, dayRoutes, jobRows, errorRows, migration] = await runBatch(d1, [
    d1.prepare(BUCKETS_SQL).bind(60, firstMinute, now),
    d1.prepare(BUCKETS_SQL).bind(3600, firstHour, now),
    d1.prepare(ROUTES_SQL).bind(60, firstMinute, now),
    d1.prepare(ROUTES_SQL).bind(3600, firstHour, now),
    d1.prepare(JOBS_SQL).bind(JSON.stringify(JOBS.map((j) => j.name))),
    d1.prepare(ERRORS_SQL),
    d1.prepare(MIGRATED_SQL),
  ]);
  return {
    now,
    hour: windowOf(60, firstMinute, 60, minuteRows.results as BucketRow[], hourRoutes.results as RouteRow[]),
    day: windowOf(3600, firstHour, 24, hourRows.results as BucketRow[], dayRoutes.results as RouteRow[]),
    jobs: jobsOf(
      jobRows.results as unknown as JobRow[],
      (migration.results[0] as { applied_ms: number } | undefined)?.applied_ms ?? null,
      now,
    ),
    errors: (errorRows.results as unknown as ErrorRow[]).map((e) => ({
      ...e,
      firstSeenAt: new Date(e.firstSeenAt).toISOString(),
      lastSeenAt: new Date(e.lastSeenAt).toISOString(),
    })),
  };
}
