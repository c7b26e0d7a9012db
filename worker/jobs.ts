/**
 * The scheduled jobs (ADR 056): each named, with the trigger that runs it and how late it may be,
 * and each run recorded (`runJob`: a `job_runs` row from start to end, what it did, its error, one
 * log line; an error is captured like a request's). `/api/health` reads this list to say which
 * job is late; the admin's Health section shows their last runs. A new job is one entry here.
 *
 * Triggers (wrangler.toml [triggers]): every ten minutes (mail, digests and the short deadlines)
 * and daily just after 00:00 UTC (when raises close).
 */
import { createDb, type Database } from "../db/client";
import { DRAIN_ROUNDS, retryPendingMail } from "./mail/mailer";
import { recordError } from "./observability/capture";
import { logLine, scrub } from "./observability/log";
import { countEvent, flushMetrics, writeAnalytics } from "./observability/metrics";
import { RELEASE } from "./observability/release";
import { eraseDueAccounts } from "./services/accounts/account-deletion";
import { runDigests } from "./services/conversation/digest";
import { runClosingSoon } from "./services/conversation/notifications";
import { runUpdateReminders } from "./services/conversation/update-reminders";
import { expireOrders } from "./services/market/expiry";
import { lapseReconfirmations } from "./services/money/reconfirmations";
import { applyApprovedEvents } from "./services/money/valuations";
import { purgeExpired, purgeObservability } from "./services/operator/maintenance";
import { deleteUnusedUploads } from "./services/projects/upload-cleanup";
import { refreshTrendScores } from "./services/projects/trending";
import { lapseReservations, openDueRaises } from "./services/raises/reservations";
import { settleDueRaises } from "./services/raises/settlement";

/** wrangler.toml's frequent trigger. */
export const FREQUENT_CRON = "*/10 * * * *";
/** wrangler.toml's daily trigger. */
export const DAILY_CRON = "5 0 * * *";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Job {
  name: string;
  /** Which trigger runs it. */
  cron: typeof FREQUENT_CRON | typeof DAILY_CRON;
  /** What it is for, in the admin's words. */
  description: string;
  /** Late when its last successful run is older than this: three periods for the frequent jobs, a day and two hours for the daily ones. */
  lateAfterMs: number;
  /** Does the work; answers what it did, as a sentence of counts. */
  run: (env: Env, db: Database) => Promise<string>;
}

const FREQUENT = { cron: FREQUENT_CRON, lateAfterMs: 30 * MINUTE } as const;
const DAILY = { cron: DAILY_CRON, lateAfterMs: 26 * HOUR } as const;

export const JOBS: readonly Job[] = [
  {
    ...FREQUENT,
    name: "reconfirmations",
    description: "Investments not reconfirmed by their due time are canceled (ADR 050).",
    run: async (_env, db) => `lapsed ${await lapseReconfirmations(db)} unreconfirmed investments`,
  },
  {
    ...FREQUENT,
    name: "company-events",
    description: "Approved company events are applied to their holders (ADR 052).",
    run: async (_env, db) => {
      const applied = await applyApprovedEvents(db);
      return `applied ${applied.length} company events to ${applied.reduce((n, e) => n + e.holders, 0)} holders`;
    },
  },
  {
    ...FREQUENT,
    name: "reservations",
    description: "Coming-soon raises open at their launch date, then unconfirmed reservations lapse (ADR 055).",
    run: async (_env, db) => {
      const opened = await openDueRaises(db);
      const lapsed = await lapseReservations(db);
      return `opened ${opened} coming-soon raises, lapsed ${lapsed} reservations`;
    },
  },
  {
    ...FREQUENT,
    name: "exchange-orders",
    description: "Exchange orders past their 30 days expire and their owners are told (ADR 053).",
    run: async (_env, db) => `expired ${await expireOrders(db)} exchange orders`,
  },
  {
    ...FREQUENT,
    name: "mail",
    description: "The digests of the day or week are written, then the mail outbox is sent (ADR 044, 045).",
    run: async (env, db) => {
      const d = await runDigests(env, db);
      const m = await retryPendingMail(env, db, Date.now(), DRAIN_ROUNDS);
      return (
        `digests: claimed ${d.claimed}, mailed ${d.mailed}, sent ${d.sent}; ` +
        `mail outbox: sent ${m.sent}, failed ${m.failed}, expired ${m.expired}, erased ${m.erased} bodies, deleted ${m.deleted} old rows`
      );
    },
  },
  {
    ...DAILY,
    name: "settlement",
    description: "Lapsed reconfirmations first, then every raise whose deadline has come is settled (ADR 043).",
    run: async (_env, db) => {
      await lapseReconfirmations(db);
      const settled = await settleDueRaises(db);
      countEvent("settlement", settled.length);
      const investments = settled.reduce((n, r) => n + r.investments, 0);
      return `settled ${settled.length} raises (${investments} investments)`;
    },
  },
  {
    ...DAILY,
    name: "trending",
    description: "The Trending rail's scores decay for the new day (ADR 055).",
    run: async (_env, db) => `trend scores of ${await refreshTrendScores(db)} projects`,
  },
  {
    ...DAILY,
    name: "closing-soon",
    description: "Followers of raises closing within 48 hours are told, once per project and person.",
    run: async (_env, db) => `notified ${await runClosingSoon(db)} followers of projects closing soon`,
  },
  {
    ...DAILY,
    name: "update-reminders",
    description: "Founders of funded companies quiet for 90 days are reminded to post an update (ADR 055).",
    run: async (_env, db) => `reminded ${await runUpdateReminders(db)} founders to post an update`,
  },
  {
    ...DAILY,
    name: "maintenance",
    description:
      "Expired sessions, stale rate-limit rows, device cookies, sign-in networks and username holds are purged; old metrics, job runs and errors too.",
    run: async (_env, db) => {
      const n = await purgeExpired(db);
      const o = await purgeObservability(db);
      return (
        `purged ${n.sessions} expired sessions, ${n.rateLimits} rate-limit rows, ${n.devices} device cookies, ` +
        `${n.networks} sign-in networks, ${n.usernameHolds} username holds, ${o.metrics} metric buckets, ` +
        `${o.jobRuns} job runs, ${o.errors} errors`
      );
    },
  },
  {
    ...DAILY,
    name: "uploads",
    description: "Images no project uses any more are deleted.",
    run: async (env, db) => {
      const n = await deleteUnusedUploads(db, env.IMAGES);
      return `deleted ${n.ledger} unused uploads and ${n.unlisted} unrecorded images (${n.listed} listed)`;
    },
  },
  {
    ...DAILY,
    name: "account-erasure",
    description: "Accounts whose deletion's grace period ran out are erased (ADR 046).",
    run: async (_env, db) => `erased ${(await eraseDueAccounts(db)).length} deleted accounts`,
  },
];

export type JobOutcome = { job: string; runId: number; status: "ok" | "failed"; summary: string | null };

/**
 * Runs `job` and records it: a `running` row first (so a run that never ends is seen), then `ok`
 * with what it did or `failed` with the error's message; one log line; an error captured with
 * the run as its request id (`job-<run id>`). Never throws: one job's failure is not another's.
 */
export async function runJob(env: Env, job: Job): Promise<JobOutcome> {
  const startedAt = Date.now();
  // A run whose row cannot be written (D1 unreachable) still runs, and still logs its line.
  const row = await env.DB.prepare(
    "INSERT INTO job_runs (job, status, started_at, release) VALUES (?, 'running', ?, ?) RETURNING id",
  )
    .bind(job.name, startedAt, RELEASE)
    .first<{ id: number }>()
    .catch(() => null);
  const runId = row?.id ?? 0;
  let outcome: JobOutcome;
  try {
    const summary = await job.run(env, createDb(env.DB));
    await env.DB.prepare("UPDATE job_runs SET status = 'ok', ended_at = ?, summary = ? WHERE id = ?")
      .bind(Date.now(), summary, runId)
      .run();
    outcome = { job: job.name, runId, status: "ok", summary };
    logLine("info", "job", { job: job.name, run: runId, status: "ok", ms: Date.now() - startedAt, summary });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordError(env.DB, err, { requestId: `job-${runId}`, route: `job:${job.name}` }).catch(() => {});
    await env.DB.prepare("UPDATE job_runs SET status = 'failed', ended_at = ?, error = ? WHERE id = ?")
      .bind(Date.now(), scrub(message).slice(0, 1_000), runId)
      .run()
      .catch(() => {});
    outcome = { job: job.name, runId, status: "failed", summary: null };
    logLine("error", "job", { job: job.name, run: runId, status: "failed", ms: Date.now() - startedAt });
  }
  return outcome;
}

/** The jobs a trigger runs, each on its own (concurrently), then this isolate's metrics written. */
export async function runScheduled(env: Env, cron: string): Promise<JobOutcome[]> {
  const due = JOBS.filter((j) => j.cron === (cron === FREQUENT_CRON ? FREQUENT_CRON : DAILY_CRON));
  const outcomes = await Promise.all(due.map((job) => runJob(env, job)));
  writeAnalytics(env.METRICS);
  await flushMetrics(env.DB).catch((e: unknown) => logLine("error", "metrics flush failed", { message: String(e) }));
  return outcomes;
}
