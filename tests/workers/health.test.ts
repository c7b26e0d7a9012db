/**
 * GET /api/health (ADR 056): what a monitor reads. Each test starts from a healthy site (freshly
 * migrated, no job late, no mail waiting) and no kept report, and breaks one thing.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { JOBS } from "../../worker/jobs";
import { LATEST_MIGRATION } from "../../worker/observability/release";
import { forgetHealthReport } from "../../worker/services/operator/health";
import { call, json } from "./helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface JobCheck {
  name: string;
  late: boolean;
  lastOkAt: string | null;
  lastRunAt: string | null;
  lastRunStatus: string | null;
}
interface Health {
  status: string;
  reasons?: string[];
  checkedAt: string;
  checks: {
    database: { ok: boolean; migration: string | null; expectedMigration: string };
    mail: { ok: boolean; pending: number; capped: boolean; oldestPendingAt: string | null };
    jobs: JobCheck[];
  };
}

const health = async () => {
  const res = await call("/api/health");
  return { status: res.status, body: await json<Health>(res) };
};

const jobRun = (job: string, status: "ok" | "failed" | "running", startedAt: number) =>
  env.DB.prepare(
    "insert into job_runs (job, status, started_at, ended_at, release) values (?1, ?2, ?3, ?3, 'test')",
  ).bind(job, status, startedAt);

const pendingMail = (createdAt: number) =>
  env.DB.prepare(
    `insert into mail_outbox (id, kind, to_address, subject, html, text, created_at)
     values (?1, 'notice-review', 'someone@example.edu', 'Subject', '<p>Hi</p>', 'Hi', ?2)`,
  ).bind(crypto.randomUUID(), createdAt);

/** The newest migration's row, to move or remove and put back. */
const newestMigration = () =>
  env.DB.prepare("select id, name, applied_at from d1_migrations order by id desc limit 1").first<{
    id: number;
    name: string;
    applied_at: string;
  }>();

let migration: { id: number; name: string; applied_at: string };

beforeEach(async () => {
  forgetHealthReport();
  migration = (await newestMigration())!;
});

afterEach(async () => {
  await env.DB.batch([
    env.DB.prepare("delete from job_runs"),
    env.DB.prepare("delete from mail_outbox"),
    env.DB.prepare("insert or replace into d1_migrations (id, name, applied_at) values (?1, ?2, ?3)").bind(
      migration.id,
      migration.name,
      migration.applied_at,
    ),
  ]);
});

describe("GET /api/health", () => {
  it("answers 200 with the migration, the mail queue's depth and oldest mail, and each job's last runs", async () => {
    const now = Date.now();
    await env.DB.batch([
      jobRun("mail", "ok", now - 20 * MINUTE),
      jobRun("mail", "failed", now - 10 * MINUTE),
      jobRun("settlement", "ok", now - 20 * HOUR),
      pendingMail(now - 2 * MINUTE),
      pendingMail(now - MINUTE),
    ]);
    const { status, body } = await health();
    const job = (name: string) => body.checks.jobs.find((j) => j.name === name);
    expect({
      status,
      answer: body.status,
      database: body.checks.database,
      mail: {
        ok: body.checks.mail.ok,
        pending: body.checks.mail.pending,
        capped: body.checks.mail.capped,
        oldestPendingAt: body.checks.mail.oldestPendingAt,
      },
      jobs: body.checks.jobs.length,
      mailJob: job("mail"),
      settlement: job("settlement"),
      erasure: job("account-erasure"),
    }).toEqual({
      status: 200,
      answer: "ok",
      database: expect.objectContaining({ ok: true, migration: LATEST_MIGRATION, expectedMigration: LATEST_MIGRATION }),
      mail: { ok: true, pending: 2, capped: false, oldestPendingAt: new Date(now - 2 * MINUTE).toISOString() },
      jobs: JOBS.length,
      mailJob: expect.objectContaining({
        late: false,
        lastOkAt: new Date(now - 20 * MINUTE).toISOString(),
        lastRunAt: new Date(now - 10 * MINUTE).toISOString(),
        lastRunStatus: "failed",
      }),
      settlement: expect.objectContaining({
        late: false,
        lastOkAt: new Date(now - 20 * HOUR).toISOString(),
        lastRunStatus: "ok",
      }),
      // never run, but the schema was migrated moments ago
      erasure: expect.objectContaining({ late: false, lastOkAt: null, lastRunAt: null, lastRunStatus: null }),
    });
  });

  it("answers 503 naming a job whose last success is older than its allowance", async () => {
    const lastOk = Date.now() - 27 * HOUR;
    await env.DB.batch([jobRun("settlement", "ok", lastOk)]);
    const { status, body } = await health();
    expect({ status, answer: body.status, reasons: body.reasons }).toEqual({
      status: 503,
      answer: "unhealthy",
      reasons: [`job settlement is late: last succeeded at ${new Date(lastOk).toISOString()}, 27 h ago (allowed 26 h)`],
    });
  });

  it("answers 503 naming each frequent job that has not succeeded since the schema was migrated over 30 minutes ago", async () => {
    await env.DB.prepare("update d1_migrations set applied_at = datetime('now', '-2 hours') where id = ?1")
      .bind(migration.id)
      .run();
    // a run that succeeded keeps its job on time; a failed one does not
    await env.DB.batch([jobRun("mail", "ok", Date.now() - 5 * MINUTE), jobRun("reservations", "failed", Date.now())]);
    const { status, body } = await health();
    expect({ status, late: body.reasons?.map((r) => r.replace(/: .*/, "")) }).toEqual({
      status: 503,
      late: [
        "job reconfirmations is late",
        "job company-events is late",
        "job reservations is late",
        "job exchange-orders is late",
      ],
    });
  });

  it("answers 503 when the oldest pending mail has waited over 30 minutes", async () => {
    await env.DB.batch([pendingMail(Date.now() - 31 * MINUTE), pendingMail(Date.now())]);
    const { status, body } = await health();
    expect({ status, reasons: body.reasons }).toEqual({
      status: 503,
      reasons: ["mail queue is stuck: the oldest pending mail is 31 min old (allowed 30 min)"],
    });
  });

  it("answers 503 past 3,000 pending mails, counting up to 10,000", async () => {
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 10001)
       insert into mail_outbox (id, kind, to_address, subject, html, text, created_at)
       select 'bulk-' || i, 'notice-review', 'someone@example.edu', 'Subject', '', '', ?1 from n`,
    )
      .bind(Date.now())
      .run();
    const { status, body } = await health();
    expect({
      status,
      reasons: body.reasons,
      pending: body.checks.mail.pending,
      capped: body.checks.mail.capped,
    }).toEqual({
      status: 503,
      reasons: ["mail queue is too deep: 10,000+ pending (allowed 3,000)"],
      pending: 10_000,
      capped: true,
    });
  });

  it("answers 503 when D1's newest migration is older than this build's", async () => {
    await env.DB.prepare("delete from d1_migrations where id = ?1").bind(migration.id).run();
    const behind = (await newestMigration())!.name;
    const { status, body } = await health();
    expect({ status, reasons: body.reasons, database: body.checks.database.ok }).toEqual({
      status: 503,
      reasons: [`migrations are behind: D1's newest is ${behind}, this build expects ${LATEST_MIGRATION}`],
      database: false,
    });
  });

  it("may be cached for 5 seconds, and HEAD answers the same status without a body", async () => {
    const get = await call("/api/health");
    const head = await call("/api/health", { method: "HEAD" });
    expect({
      get: [get.status, get.headers.get("Cache-Control")],
      head: [head.status, head.headers.get("Cache-Control"), await head.text()],
    }).toEqual({ get: [200, "public, max-age=5"], head: [200, "public, max-age=5", ""] });
  });

  it("checks D1 once in 5 seconds: a second call answers the same report without a statement", async () => {
    const first = await call("/api/health");
    await env.DB.batch([pendingMail(Date.now() - HOUR)]);
    const second = await call("/api/health");
    expect({
      statements: [first.headers.get("Server-Timing"), second.headers.get("Server-Timing")],
      same: (await first.text()) === (await second.text()),
      status: second.status,
    }).toEqual({ statements: ['d1;desc="1 queries"', 'd1;desc="0 queries"'], same: true, status: 200 });
  });
});
