/**
 * What the site's health is made of (ADR 056). First, what `GET /api/health` answers: the
 * database and its migrations, the mail queue, and each scheduled job's last runs (read by
 * worker/services/operator/health.ts `healthReport`; nothing personal: counts, names and times).
 * Then the admin's Health section, as its service reads it (worker/services/operator/
 * health-report.ts) and its page shows it (app/routes/admin-health.tsx): the last hour by minute
 * and the last day by hour, the busiest routes of each, the scheduled jobs' last runs and the
 * newest captured errors. `jobIsLate` is the one rule of lateness for both.
 */

export interface DatabaseCheck {
  ok: boolean;
  /** D1's newest applied migration (`d1_migrations`), or null when none could be read. */
  migration: string | null;
  /** The newest migration this build was made with. */
  expectedMigration: string;
  /** When D1 applied its newest migration (ISO), or null. */
  appliedAt: string | null;
}

export interface MailCheck {
  ok: boolean;
  /** Pending mails, counted up to `pendingCap`; `capped` when there are more. */
  pending: number;
  capped: boolean;
  /** The oldest pending mail's creation (ISO) and age, or null when none waits. */
  oldestPendingAt: string | null;
  oldestPendingAgeSeconds: number | null;
  /** Unhealthy past these. */
  maxPending: number;
  maxAgeSeconds: number;
}

export type JobRunStatus = "running" | "ok" | "failed";

export interface JobCheck {
  name: string;
  cron: string;
  /** Not late. */
  ok: boolean;
  late: boolean;
  /** The start of its last successful run (ISO), or null when none is recorded. */
  lastOkAt: string | null;
  /** The start and status of its last run of any status, or null. */
  lastRunAt: string | null;
  lastRunStatus: JobRunStatus | null;
  /** Late when its last success (or, with none, the newest migration) is older than this. */
  lateAfterSeconds: number;
}

export interface HealthReport {
  status: "ok" | "unhealthy";
  /** Why it is unhealthy, one sentence per failing check; empty when healthy. */
  reasons: string[];
  checkedAt: string;
  /** The build's commit. */
  release: string;
  checks: {
    database: DatabaseCheck;
    /** Null when the database could not be read. */
    mail: MailCheck | null;
    jobs: JobCheck[] | null;
  };
}

/**
 * A latency percentile read from a histogram: the upper bound (ms) of the band it falls in,
 * "over" when it is above the last bound, null when there were no requests.
 */
export type Percentile = number | "over" | null;

/** One bucket of a window: all routes summed. */
export interface TrafficBucketDTO {
  /** The bucket's start, ms since the epoch. */
  start: number;
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  p50: Percentile;
  p95: Percentile;
}

/** One event's count in each bucket of a window (aligned with its `buckets`). */
export interface EventSeriesDTO {
  /** `purchase`, `mail.failed` … (worker/observability/metrics.ts EVENT_NAMES) */
  name: string;
  counts: number[];
  total: number;
}

/** One route's figures over a window. */
export interface RouteFiguresDTO {
  /** A route pattern: `GET /project/:slug`. */
  route: string;
  requests: number;
  errors: number;
  p50: Percentile;
  p95: Percentile;
}

export interface HealthWindowDTO {
  /** 60 (the last hour, by minute) or 3600 (the last day, by hour). */
  span: 60 | 3600;
  /** Every bucket of the window, oldest first, zero where nothing was counted: 60 minutes or 24 hours. */
  buckets: TrafficBucketDTO[];
  /** Every event name, in EVENT_NAMES' order, each with a count per bucket. */
  events: EventSeriesDTO[];
  /** The busiest routes (at most HEALTH_ROUTES_SHOWN), most requests first. */
  routes: RouteFiguresDTO[];
  totals: { requests: number; errors: number; p50: Percentile; p95: Percentile };
}

export type JobStatus = "running" | "ok" | "failed";

export interface JobRunDTO {
  status: JobStatus;
  startedAt: string;
  endedAt: string | null;
  /** How long it took (null while it runs, or when it never ended). */
  tookMs: number | null;
  summary: string | null;
  error: string | null;
}

export interface JobHealthDTO {
  name: string;
  description: string;
  /** Its trigger, in words: "Every 10 minutes", "Daily at 00:05 UTC". */
  schedule: string;
  /** Late when its last successful run started longer ago than this. */
  lateAfterMs: number;
  lastRun: JobRunDTO | null;
  lastOkAt: string | null;
  late: boolean;
}

export interface ErrorEventDTO {
  fingerprint: string;
  name: string;
  message: string;
  stack: string;
  /** A route pattern, or `job:<name>`. */
  route: string;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
  lastRequestId: string;
  release: string;
}

export interface HealthReportDTO {
  /** When it was read (ms since the epoch). */
  now: number;
  hour: HealthWindowDTO;
  day: HealthWindowDTO;
  jobs: JobHealthDTO[];
  errors: ErrorEventDTO[];
}

/** Routes listed per window. */
export const HEALTH_ROUTES_SHOWN = 20;
/** Captured errors listed. */
export const HEALTH_ERRORS_SHOWN = 20;

/** The share of requests that failed, 0 when there were none. */
export function errorRate(requests: number, errors: number): number {
  return requests > 0 ? errors / requests : 0;
}

/**
 * Whether a job is late: its last successful run, or with none the newest migration's
 * `applied_at` (this deployment's schema: a job gets its allowance after a deploy), is older
 * than the job may be. With neither, it is late.
 */
export function jobIsLate(
  lastOkAt: number | null,
  migratedAt: number | null,
  lateAfterMs: number,
  now: number,
): boolean {
  const since = lastOkAt ?? migratedAt;
  return since === null || now - since > lateAfterMs;
}

/** "25 ms", "2.5 s", "over 5 s" (the last bound), "—" without requests. */
export function formatLatency(p: Percentile, lastBoundMs = 5_000): string {
  if (p === null) return "—";
  if (p === "over") return `over ${formatMs(lastBoundMs)}`;
  return formatMs(p);
}

function formatMs(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${ms / 1_000} s`;
}

/** "3.2%": an error rate to one decimal, "0%" when none failed. */
export function formatErrorRate(requests: number, errors: number): string {
  const rate = errorRate(requests, errors) * 100;
  return rate === 0 ? "0%" : `${rate < 0.1 ? "<0.1" : rate.toFixed(1)}%`;
}

/** What each counted event is called on the page (worker/observability/metrics.ts EVENT_NAMES). */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  purchase: "Purchases",
  cancellation: "Cancellations",
  settlement: "Settlements",
  "mail.sent": "Mails sent",
  "mail.failed": "Mails failed",
  "ai.call": "AI calls",
  "ai.fallback": "AI fallbacks",
  error: "Errors captured",
};

export const eventLabel = (name: string): string => EVENT_LABELS[name] ?? name;
