/**
 * What the site did (ADR 056): the per-minute and per-hour metric buckets the admin's Health
 * section charts, the unexpected errors captured with their request id and release, and every
 * scheduled job's runs. Part of the one schema (db/schema.ts re-exports every table).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { now } from "./schema-columns";

/**
 * Counters and timings, aggregated in each isolate and added here in one batch at most every few
 * seconds (worker/observability/metrics.ts): one row per (span, bucket, kind, name). `span` is 60
 * (a minute: the last hour's charts) or 3600 (an hour: the last day's), so a chart reads at most
 * 60 or 24 buckets per name, whatever the traffic. `kind` is `route` (name: `GET /project/:id`,
 * a route pattern, never a raw path) or `event` (name: `purchase`, `mail.failed` …). Latency is
 * a histogram over fixed upper bounds (LATENCY_BOUNDS_MS), so p50 and p95 of any set of buckets
 * are read from the sums of their columns. Rows older than 8 days are deleted by the daily job.
 */
export const metricBuckets = sqliteTable(
  "metric_buckets",
  {
    span: integer("span").notNull(),
    /** The bucket's start, ms since the epoch (a multiple of span × 1000). */
    bucketStart: integer("bucket_start").notNull(),
    kind: text("kind", { enum: ["route", "event"] }).notNull(),
    name: text("name").notNull(),
    count: integer("count").notNull().default(0),
    /** Answers with a 5xx status (routes). */
    errors: integer("errors").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    /** Counts of requests at or under 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000 ms, and above. */
    h0: integer("h0").notNull().default(0),
    h1: integer("h1").notNull().default(0),
    h2: integer("h2").notNull().default(0),
    h3: integer("h3").notNull().default(0),
    h4: integer("h4").notNull().default(0),
    h5: integer("h5").notNull().default(0),
    h6: integer("h6").notNull().default(0),
    h7: integer("h7").notNull().default(0),
    h8: integer("h8").notNull().default(0),
    h9: integer("h9").notNull().default(0),
    h10: integer("h10").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.bucketStart, t.kind, t.name] }),
    check("metric_buckets_span", sql`${t.span} in (60, 3600)`),
    check("metric_buckets_kind", sql`${t.kind} in ('route', 'event')`),
  ],
);

/**
 * Unexpected errors (worker/observability/capture.ts), one row per fingerprint (the error's name,
 * message and first frames): how often, first and last seen, and the last occurrence's request id,
 * route, release and stack. Messages and stacks are scrubbed of addresses and tokens before they are
 * written. The admin's Health section lists the most recent; the daily job deletes those unseen
 * for 30 days.
 */
export const errorEvents = sqliteTable(
  "error_events",
  {
    fingerprint: text("fingerprint").primaryKey(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    stack: text("stack").notNull(),
    /** Where: a route pattern (`POST /api/investments`), or `job:<name>` for a scheduled job. */
    route: text("route").notNull(),
    count: integer("count").notNull().default(1),
    firstSeenAt: integer("first_seen_at").notNull().default(now),
    lastSeenAt: integer("last_seen_at").notNull().default(now),
    lastRequestId: text("last_request_id").notNull(),
    release: text("release").notNull(),
  },
  (t) => [index("error_events_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Every scheduled job's runs (worker/jobs.ts `runJob`): started, ended, `ok` or `failed` (or
 * `running` while it runs, and if the isolate died in it), what it did, its error. `/api/health`
 * reads each job's last successful run; the daily job deletes runs older than 30 days.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull(),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at"),
    /** What it did, as a sentence of counts ("settled 2 raises (9 investments)"). */
    summary: text("summary"),
    error: text("error"),
    release: text("release").notNull(),
  },
  (t) => [
    index("job_runs_job_idx").on(t.job, t.status, t.startedAt),
    index("job_runs_started_idx").on(t.startedAt),
    check("job_runs_status", sql`${t.status} in ('running', 'ok', 'failed')`),
  ],
);
