/** The health check's answers (worker/api/health.ts, domain/operator/health.ts), with their examples (ADR 042, 056). */
import * as v from "valibot";

import { open } from "../openapi";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const DatabaseCheck = v.object({
  ok: v.boolean(),
  migration: v.pipe(v.nullable(v.string()), v.description("D1's newest applied migration")),
  expectedMigration: v.pipe(v.string(), v.description("The newest migration this build was made with")),
  appliedAt: v.nullable(isoTimestamp),
});

const MailCheck = v.object({
  ok: v.boolean(),
  pending: v.pipe(count, v.description("Mails waiting to be sent, counted up to 10,000")),
  capped: v.pipe(v.boolean(), v.description("More are pending than `pending` says")),
  oldestPendingAt: v.nullable(isoTimestamp),
  oldestPendingAgeSeconds: v.nullable(count),
  maxPending: v.pipe(count, v.description("Unhealthy past this many pending")),
  maxAgeSeconds: v.pipe(count, v.description("Unhealthy when the oldest pending mail is older")),
});

const JobCheck = v.object({
  name: v.string(),
  cron: v.string(),
  ok: v.boolean(),
  late: v.boolean(),
  lastOkAt: v.pipe(v.nullable(isoTimestamp), v.description("The start of its last successful run")),
  lastRunAt: v.nullable(isoTimestamp),
  lastRunStatus: v.nullable(v.picklist(["running", "ok", "failed"])),
  lateAfterSeconds: v.pipe(
    count,
    v.description("Late when its last success (or, with none, the newest migration) is older than this"),
  ),
});

const checks = {
  checkedAt: isoTimestamp,
  release: v.pipe(v.string(), v.description("The build's commit")),
  checks: v.object({
    database: DatabaseCheck,
    mail: v.pipe(v.nullable(MailCheck), v.description("Null when the database could not be read")),
    jobs: v.pipe(v.nullable(v.array(JobCheck)), v.description("Null when the database could not be read")),
  }),
};

export const HealthyAnswer = v.object({ status: v.literal("ok"), ...checks });

/** A 503 of the API passes the observe middleware, which adds the request's id to it. */
export const UnhealthyAnswer = open(
  v.looseObject({
    status: v.literal("unhealthy"),
    reasons: v.pipe(v.array(v.string()), v.description("One sentence per failing check")),
    ...checks,
    requestId: v.optional(v.string()),
  }),
);

const JOB_EXAMPLE = {
  name: "mail",
  cron: "*/10 * * * *",
  ok: true,
  late: false,
  lastOkAt: "2026-12-03T17:40:00.012Z",
  lastRunAt: "2026-12-03T17:40:00.012Z",
  lastRunStatus: "ok",
  lateAfterSeconds: 1800,
} as const;

const healthyChecks = {
  checkedAt: "2026-12-03T17:44:52.000Z",
  release: "6ef7991e25e5",
  checks: {
    database: {
      ok: true,
      migration: "0039_observability.sql",
      expectedMigration: "0039_observability.sql",
      appliedAt: "2026-12-01T09:12:03.000Z",
    },
    mail: {
      ok: true,
      pending: 2,
      capped: false,
      oldestPendingAt: "2026-12-03T17:44:10.000Z",
      oldestPendingAgeSeconds: 42,
      maxPending: 3000,
      maxAgeSeconds: 1800,
    },
    jobs: [
      JOB_EXAMPLE,
      {
        name: "settlement",
        cron: "5 0 * * *",
        ok: true,
        late: false,
        lastOkAt: "2026-12-03T00:05:00.020Z",
        lastRunAt: "2026-12-03T00:05:00.020Z",
        lastRunStatus: "ok",
        lateAfterSeconds: 93600,
      },
    ],
  },
};

export const EXAMPLES = {
  healthy: { status: "ok", ...healthyChecks },
  unhealthy: {
    status: "unhealthy",
    reasons: [
      "job settlement is late: last succeeded at 2026-12-01T00:05:00.020Z, 2 days 17 h ago (allowed 26 h); its last run failed at 2026-12-03T00:05:00.018Z",
    ],
    ...healthyChecks,
    checks: {
      ...healthyChecks.checks,
      jobs: [
        JOB_EXAMPLE,
        {
          name: "settlement",
          cron: "5 0 * * *",
          ok: false,
          late: true,
          lastOkAt: "2026-12-01T00:05:00.020Z",
          lastRunAt: "2026-12-03T00:05:00.018Z",
          lastRunStatus: "failed",
          lateAfterSeconds: 93600,
        },
      ],
    },
    requestId: "8e3f2b6c1d0a4e57",
  },
} as const;
