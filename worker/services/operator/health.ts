/**
 * The site's health (ADR 056), as `GET /api/health` answers it to monitors and the admin's Health
 * section shows it: one D1 batch (one round trip) of three small reads, each on an index.
 *
 * - Database: reachable (the batch answers) and migrated: D1's newest `d1_migrations` row is this
 *   build's newest migration file (`LATEST_MIGRATION`).
 * - Mail: the outbox's pending rows, counted up to PENDING_COUNT_CAP on `mail_outbox_pending_idx`,
 *   and the oldest one's age. Unhealthy past MAIL_MAX_PENDING or MAIL_MAX_AGE_MS.
 * - Jobs: each of `JOBS`, its newest run per status on `job_runs_job_idx` (job, status,
 *   started_at), late when its last success, or with none the newest migration's `applied_at`
 *   (this deployment's schema), is older than the job's `lateAfterMs`.
 *
 * `recentHealthReport` keeps the report for HEALTH_MEMO_MS in the isolate, so a monitor polling
 * every second costs one batch per isolate every few seconds.
 */
import type { Database } from "../../../db/client";
import {
  type HealthReport,
  type JobCheck,
  type JobRunStatus,
  jobIsLate,
  type MailCheck,
} from "../../../domain/operator/health";
import { MINUTE_MS } from "../../../domain/shared/dates";
import { JOBS, type Job } from "../../jobs";
import { DRAIN_ROUNDS, RETRY_BATCH } from "../../mail/mailer";
import { logLine } from "../../observability/log";
import { LATEST_MIGRATION, RELEASE } from "../../observability/release";

/** The frequent mail job's period (worker/jobs.ts FREQUENT_CRON). */
const MAIL_JOB_PERIOD_MS = 10 * MINUTE_MS;
/**
 * A pending mail older than three runs of the mail job: each run sends it or tries it again, so it
 * waits this long only when the job is not running, every send fails, or the backlog is too deep.
 */
export const MAIL_MAX_AGE_MS = 3 * MAIL_JOB_PERIOD_MS;
/** More pending mails than six runs of the mail job send (an hour's sending): 3,000. */
export const MAIL_MAX_PENDING = 6 * DRAIN_ROUNDS * RETRY_BATCH;
/** The pending count stops here (`capped`): the count is a bounded read of the index. */
export const PENDING_COUNT_CAP = 10_000;
/** How long `recentHealthReport` keeps a report (also the answer's `max-age`). */
export const HEALTH_MEMO_MS = 5_000;

interface MigrationRow {
  name: string;
  applied_ms: number | null;
}
interface MailRow {
  pending: number;
  oldest: number | null;
}
interface JobRow {
  job: string;
  ok_at: number | null;
  failed_at: number | null;
  running_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `45 min`, `26 h`, `3 h 5 min`, `2 days 17 h`: an allowance or an age as people read it. */
export function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) {
    const rest = hours % 24;
    return `${Math.floor(hours / 24)} days${rest ? ` ${rest} h` : ""}`;
  }
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The three reads, in one batch. */
function statements(db: Database) {
  const d1 = db.$client;
  return [
    // The rowid's order is the order wrangler applied them in.
    d1.prepare(
      "select name, cast(unixepoch(applied_at) * 1000 as integer) as applied_ms from d1_migrations order by id desc limit 1",
    ),
    d1
      .prepare(
        `select
           (select count(*) from (select 1 from mail_outbox where status = 'pending' limit ?1)) as pending,
           (select min(created_at) from mail_outbox where status = 'pending') as oldest`,
      )
      .bind(PENDING_COUNT_CAP + 1),
    // Each status's newest start is one seek of (job, status, started_at); the newest of the
    // three is the last run.
    d1
      .prepare(
        `select j.value as job,
           (select max(started_at) from job_runs where job = j.value and status = 'ok') as ok_at,
           (select max(started_at) from job_runs where job = j.value and status = 'failed') as failed_at,
           (select max(started_at) from job_runs where job = j.value and status = 'running') as running_at
         from json_each(?1) as j`,
      )
      .bind(JSON.stringify(JOBS.map((j) => j.name))),
  ] as const;
}

function mailCheck(row: MailRow | undefined, now: number): { check: MailCheck; reasons: string[] } {
  const counted = row?.pending ?? 0;
  const capped = counted > PENDING_COUNT_CAP;
  const pending = Math.min(counted, PENDING_COUNT_CAP);
  const oldest = row?.oldest ?? null;
  const age = oldest === null ? null : Math.max(0, now - oldest);
  const reasons: string[] = [];
  if (age !== null && age > MAIL_MAX_AGE_MS) {
    reasons.push(
      `mail queue is stuck: the oldest pending mail is ${duration(age)} old (allowed ${duration(MAIL_MAX_AGE_MS)})`,
    );
  }
  if (counted > MAIL_MAX_PENDING) {
    const shown = capped ? `${PENDING_COUNT_CAP.toLocaleString("en-US")}+` : pending.toLocaleString("en-US");
    reasons.push(`mail queue is too deep: ${shown} pending (allowed ${MAIL_MAX_PENDING.toLocaleString("en-US")})`);
  }
  return {
    check: {
      ok: reasons.length === 0,
      pending,
      capped,
      oldestPendingAt: iso(oldest),
      oldestPendingAgeSeconds: age === null ? null : Math.floor(age / 1000),
      maxPending: MAIL_MAX_PENDING,
      maxAgeSeconds: MAIL_MAX_AGE_MS / 1000,
    },
    reasons,
  };
}

function jobCheck(job: Job, row: JobRow | undefined, migratedAt: number | null, now: number) {
  const runs: [JobRunStatus, number | null][] = [
    ["ok", row?.ok_at ?? null],
    ["failed", row?.failed_at ?? null],
    ["running", row?.running_at ?? null],
  ];
  let last: [JobRunStatus, number] | null = null;
  for (const [status, at] of runs) if (at !== null && (last === null || at > last[1])) last = [status, at];
  const lastOk = row?.ok_at ?? null;
  const late = jobIsLate(lastOk, migratedAt, job.lateAfterMs, now);
  let reason: string | null = null;
  if (late) {
    const allowed = `allowed ${duration(job.lateAfterMs)}`;
    const failed = last?.[0] === "failed" ? `; its last run failed at ${iso(last[1])}` : "";
    reason =
      lastOk !== null
        ? `job ${job.name} is late: last succeeded at ${iso(lastOk)}, ${duration(now - lastOk)} ago (${allowed})${failed}`
        : `job ${job.name} is late: no successful run since the schema was migrated${migratedAt === null ? "" : ` at ${iso(migratedAt)}`} (${allowed})${failed}`;
  }
  const check: JobCheck = {
    name: job.name,
    cron: job.cron,
    ok: !late,
    late,
    lastOkAt: iso(lastOk),
    lastRunAt: iso(last?.[1] ?? null),
    lastRunStatus: last?.[0] ?? null,
    lateAfterSeconds: job.lateAfterMs / 1000,
  };
  return { check, reason };
}

/** The report: never throws (a database that does not answer is a failing check). */
export async function healthReport(db: Database, now: number = Date.now()): Promise<HealthReport> {
  const base = { checkedAt: new Date(now).toISOString(), release: RELEASE };
  let results: [D1Result<MigrationRow>, D1Result<MailRow>, D1Result<JobRow>];
  try {
    results = (await db.$client.batch([...statements(db)])) as typeof results;
  } catch (err) {
    logLine("error", "health check failed", { message: err instanceof Error ? err.message : String(err) });
    return {
      ...base,
      status: "unhealthy",
      reasons: ["database is unreachable: the health statements failed (the Worker's log has the error)"],
      checks: {
        database: { ok: false, migration: null, expectedMigration: LATEST_MIGRATION, appliedAt: null },
        mail: null,
        jobs: null,
      },
    };
  }
  const [migrations, mail, jobRuns] = results;
  const reasons: string[] = [];

  const migration = migrations.results[0] ?? null;
  const applied = migration?.name ?? null;
  const migrated = applied !== null && applied === LATEST_MIGRATION;
  if (!migrated) {
    if (applied === null)
      reasons.push(`migrations are behind: D1 has none applied, this build expects ${LATEST_MIGRATION}`);
    else if (applied < LATEST_MIGRATION) {
      reasons.push(`migrations are behind: D1's newest is ${applied}, this build expects ${LATEST_MIGRATION}`);
    } else {
      reasons.push(`migrations are ahead: D1's newest is ${applied}, newer than this build's ${LATEST_MIGRATION}`);
    }
  }
  const migratedAt = migration?.applied_ms ?? null;

  const mailed = mailCheck(mail.results[0], now);
  reasons.push(...mailed.reasons);

  const byJob = new Map(jobRuns.results.map((r) => [r.job, r]));
  const jobs = JOBS.map((job) => jobCheck(job, byJob.get(job.name), migratedAt, now));
  for (const j of jobs) if (j.reason) reasons.push(j.reason);

  return {
    ...base,
    status: reasons.length ? "unhealthy" : "ok",
    reasons,
    checks: {
      database: { ok: migrated, migration: applied, expectedMigration: LATEST_MIGRATION, appliedAt: iso(migratedAt) },
      mail: mailed.check,
      jobs: jobs.map((j) => j.check),
    },
  };
}

let memo: { at: number; report: HealthReport } | null = null;

/**
 * The report made in this isolate within the last HEALTH_MEMO_MS, or a new one. The finished
 * report is kept, not the promise: a promise of one request's I/O is not awaited by another.
 */
export async function recentHealthReport(db: Database, now: number = Date.now()): Promise<HealthReport> {
  if (memo && now >= memo.at && now - memo.at < HEALTH_MEMO_MS) return memo.report;
  const report = await healthReport(db, now);
  memo = { at: now, report };
  return report;
}

/** Forgets the kept report (a test's next call reads D1). */
export function forgetHealthReport(): void {
  memo = null;
}
