/**
 * What `GET /api/health` answers and the admin's Health section shows (ADR 056): the database and
 * its migrations, the mail queue, and each scheduled job's last runs. Read by
 * worker/services/operator/health.ts `healthReport`. Nothing personal: counts, names and times.
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
