/**
 * What the site counts and what its jobs leave behind (ADR 056): requests and events added up per
 * minute and hour in metric_buckets (worker/observability/metrics.ts), Analytics Engine's points
 * within its limits, and every scheduled job's run in job_runs (worker/jobs.ts).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { DAILY_CRON, FREQUENT_CRON, JOBS, runJob } from "../../worker/jobs";
import {
  AE_LIMITS,
  countEvent,
  countRequest,
  dataPointProblem,
  flushMetrics,
  histogramPercentile,
  writeAnalytics,
} from "../../worker/observability/metrics";
import { RELEASE } from "../../worker/observability/release";
import { outboxStatement, sendQueued } from "../../worker/mail/mailer";
import { createDb } from "../../db/client";
import worker from "../../worker/index";
import { buyShares, call, insertProject, signup } from "./helpers";

interface BucketSums {
  count: number;
  errors: number;
  histogram: number[];
}

/** The sums of one name's buckets of `span` since `since` (a request may cross a minute's edge). */
async function sums(span: 60 | 3600, kind: "route" | "event", name: string, since: number): Promise<BucketSums> {
  const floor = Math.floor(since / (span * 1000)) * span * 1000;
  const row = await env.DB.prepare(
    `select coalesce(sum(count), 0) as count, coalesce(sum(errors), 0) as errors,
       coalesce(sum(h0), 0) as h0, coalesce(sum(h1), 0) as h1, coalesce(sum(h2), 0) as h2, coalesce(sum(h3), 0) as h3,
       coalesce(sum(h4), 0) as h4, coalesce(sum(h5), 0) as h5, coalesce(sum(h6), 0) as h6, coalesce(sum(h7), 0) as h7,
       coalesce(sum(h8), 0) as h8, coalesce(sum(h9), 0) as h9, coalesce(sum(h10), 0) as h10
     from metric_buckets where span = ? and bucket_start >= ? and kind = ? and name = ?`,
  )
    .bind(span, floor, kind, name)
    .first<Record<string, number>>();
  return {
    count: row!.count!,
    errors: row!.errors!,
    histogram: Array.from({ length: 11 }, (_, i) => row![`h${i}`]!),
  };
}

/**
 * What `names` gain from now on, in the minute's rows and the hour's: their buckets may already
 * hold counts from this file's earlier tests in the same minute.
 */
async function gains(kind: "route" | "event", names: string[]) {
  const since = Date.now();
  const read = async () => {
    const out = new Map<string, BucketSums>();
    for (const name of names) {
      out.set(`60 ${name}`, await sums(60, kind, name, since));
      out.set(`3600 ${name}`, await sums(3600, kind, name, since));
    }
    return out;
  };
  const before = await read();
  return async (name: string, span: 60 | 3600 = 60): Promise<BucketSums> => {
    const now = (await read()).get(`${span} ${name}`)!;
    const was = before.get(`${span} ${name}`)!;
    return {
      count: now.count - was.count,
      errors: now.errors - was.errors,
      histogram: now.histogram.map((n, k) => n - was.histogram[k]!),
    };
  };
}

/** Lets the answers' after-response work finish (mail sends, the middleware's writes), then writes this isolate's counts. */
async function settle() {
  await new Promise((r) => setTimeout(r, 50));
  await flushMetrics(env.DB);
}

beforeEach(async () => {
  // Whatever earlier files counted in this isolate is written now, not into this test's figures.
  await flushMetrics(env.DB);
});

describe("requests and events, added up per minute and hour", () => {
  it("counts each request under its route pattern, in the minute's row and the hour's, cache hits too", async () => {
    const project = await insertProject();
    const gained = await gains("route", ["GET /api/projects/:id", `GET /api/projects/${project.id}`]);
    const answers: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(`/api/projects/${project.id}`);
      answers.push(`${res.status} ${res.headers.get("X-Edge-Cache")}`);
    }
    answers.push(String((await call(`/api/projects/no-such-project`)).status));
    await settle();
    const minute = await gained("GET /api/projects/:id");
    expect({
      answers,
      minute: minute.count,
      hour: (await gained("GET /api/projects/:id", 3600)).count,
      errors: minute.errors,
      inHistogram: minute.histogram.reduce((a, b) => a + b, 0),
      rawPath: (await gained(`GET /api/projects/${project.id}`)).count,
    }).toEqual({
      answers: ["200 MISS", "200 HIT", "200 HIT", "404"],
      minute: 4,
      hour: 4,
      errors: 0,
      inHistogram: 4,
      rawPath: 0,
    });
  });

  it("a 5xx counts as an error; durations land in their histogram columns; a second write adds to the first", async () => {
    const name = `GET /test-only-route-${crypto.randomUUID()}`;
    const since = Date.now();
    countRequest(name, 200, 3);
    countRequest(name, 500, 30);
    await flushMetrics(env.DB);
    countRequest(name, 200, 3_000);
    countRequest(name, 200, 60_000);
    await flushMetrics(env.DB);
    const minute = await sums(60, "route", name, since);
    expect(minute).toEqual({ count: 4, errors: 1, histogram: [1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1] });
    expect(histogramPercentile(minute.histogram, 0.5)).toBe(50);
    expect(histogramPercentile(minute.histogram, 0.95)).toBe(Infinity);
    expect(histogramPercentile([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.5)).toBeNull();
  });

  it("a purchase, a cancellation and the AI's fallback (no binding here) are counted as events", async () => {
    const gained = await gains("event", ["purchase", "cancellation", "ai.call", "ai.fallback"]);
    const project = await insertProject();
    const investor = await signup();
    const investmentId = await buyShares(project.id, investor.token, 10);
    const cancel = await call(`/api/investments/${investmentId}/cancel`, { method: "POST", token: investor.token });
    expect(cancel.status).toBe(200);
    await buyShares(project.id, investor.token, 10);
    const insights = await call("/api/analytics/direct-insights", {
      body: { forceRefresh: true },
      token: investor.token,
    });
    expect(insights.status).toBe(200);
    await settle();
    const counted = async (name: string) => (await gained(name)).count;
    expect({
      purchases: await counted("purchase"),
      cancellations: await counted("cancellation"),
      aiCalls: await counted("ai.call"),
      aiFallbacks: await counted("ai.fallback"),
    }).toEqual({ purchases: 2, cancellations: 1, aiCalls: 0, aiFallbacks: 1 });
  });
});

describe("mail sends, counted where each is tried", () => {
  it("a send the mail service takes counts as mail.sent, one it refuses as mail.failed", async () => {
    const db = createDb(env.DB);
    // Earlier tests' mails (a purchase's confirmation …) are sent after their answers: wait until
    // none is left pending, so the counts below are this test's sends alone.
    for (let i = 0; i < 150; i++) {
      const left = await env.DB.prepare("select count(*) as n from mail_outbox where status = 'pending'").first<{
        n: number;
      }>();
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await settle();
    const gained = await gains("event", ["mail.sent", "mail.failed"]);
    const now = Date.now();
    const mail = (to: string) => ({ kind: "test", subject: "Counted", html: "<p>Counted</p>", text: "Counted", to });
    const rows = [mail("taken-1@example.edu"), mail("refused@example.edu"), mail("taken-2@example.edu")].map((m) => ({
      id: crypto.randomUUID(),
      ...m,
    }));
    await env.DB.batch(rows.map((r) => outboxStatement(db, r.id, r.to, r, { now })));
    const mailService = {
      EMAIL: {
        send: async (message: { to: string }) => {
          if (message.to.startsWith("refused")) throw new Error("the address was refused");
          return { messageId: `sent-${message.to}` };
        },
      } as unknown as SendEmail,
      MAIL_FROM: "no-reply@campusfund.example",
      MAIL_FROM_NAME: "CampusFund",
      APP_ORIGIN: "http://localhost",
    };

    const outcome = await sendQueued(
      mailService,
      db,
      rows.map((r) => r.id),
      now,
    );
    await settle();

    const statuses = await env.DB.prepare(
      `select to_address, status, last_error from mail_outbox where id in (?1, ?2, ?3) order by to_address`,
    )
      .bind(...rows.map((r) => r.id))
      .all();
    expect({
      outcome,
      sent: (await gained("mail.sent")).count,
      failed: (await gained("mail.failed")).count,
      rows: statuses.results,
    }).toEqual({
      outcome: { sent: 2, failed: 1 },
      sent: 2,
      failed: 1,
      rows: [
        { to_address: "refused@example.edu", status: "pending", last_error: "Error: the address was refused" },
        { to_address: "taken-1@example.edu", status: "sent", last_error: null },
        { to_address: "taken-2@example.edu", status: "sent", last_error: null },
      ],
    });
  });
});

describe("Analytics Engine's points (a fake dataset: locally writeDataPoint does nothing)", () => {
  function fakeDataset() {
    const points: AnalyticsEngineDataPoint[] = [];
    return { points, dataset: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) } };
  }

  it("writes one point per request and per event, with the route pattern as the index", () => {
    writeAnalytics(undefined); // let go of what earlier tests queued
    const { points, dataset } = fakeDataset();
    countRequest("GET /project/:id", 200, 12);
    countEvent("purchase", 2);
    expect(writeAnalytics(dataset)).toEqual({ written: 2, dropped: 0 });
    expect(points).toEqual([
      { blobs: ["route", "GET /project/:id", "200"], doubles: [12, 200], indexes: ["GET /project/:id"] },
      { blobs: ["event", "purchase"], doubles: [2], indexes: ["purchase"] },
    ]);
  });

  it("holds to the limits: at most 250 points an invocation, an index cut to 96 bytes, a point over a limit not written", () => {
    writeAnalytics(undefined);
    const { points, dataset } = fakeDataset();
    for (let i = 0; i < 260; i++) countEvent("mail.sent");
    expect(writeAnalytics(dataset)).toEqual({ written: 250, dropped: 10 });
    countRequest(`GET /${"é".repeat(80)}`, 200, 1);
    writeAnalytics(dataset, { written: 0 });
    expect(new TextEncoder().encode(points.at(-1)!.indexes![0] as string).byteLength).toBeLessThanOrEqual(96);
    expect(dataPointProblem({ blobs: new Array(21).fill("x") })).toBe("21 blobs (at most 20)");
    expect(dataPointProblem({ doubles: new Array(21).fill(1) })).toBe("21 doubles (at most 20)");
    expect(dataPointProblem({ blobs: ["x".repeat(AE_LIMITS.blobBytes + 1)] })).toBe(
      `${AE_LIMITS.blobBytes + 1} bytes of blobs (at most ${AE_LIMITS.blobBytes})`,
    );
    expect(dataPointProblem({ doubles: [Number.NaN] })).toBe("a double that is not a finite number");
  });
});

describe("every scheduled job's run is recorded", () => {
  const runsOf = async (since: number) =>
    (
      await env.DB.prepare(
        "select job, status, summary, error, release, ended_at is not null as ended from job_runs where started_at >= ? order by job",
      )
        .bind(since)
        .all<{
          job: string;
          status: string;
          summary: string | null;
          error: string | null;
          release: string;
          ended: number;
        }>()
    ).results;

  it("the ten-minute trigger runs its jobs, each recorded ok with what it did", async () => {
    const since = Date.now();
    const ctx = createExecutionContext();
    worker.scheduled({ cron: FREQUENT_CRON, scheduledTime: Date.now(), noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    const runs = await runsOf(since);
    expect(runs.map((r) => [r.job, r.status, r.ended, r.release])).toEqual(
      JOBS.filter((j) => j.cron === FREQUENT_CRON)
        .map((j) => [j.name, "ok", 1, RELEASE])
        .sort(),
    );
    expect(runs.find((r) => r.job === "exchange-orders")!.summary).toBe("expired 0 exchange orders");
  });

  it("the daily trigger runs the daily jobs", async () => {
    const since = Date.now();
    const ctx = createExecutionContext();
    worker.scheduled({ cron: DAILY_CRON, scheduledTime: Date.now(), noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await runsOf(since)).map((r) => [r.job, r.status])).toEqual(
      JOBS.filter((j) => j.cron === DAILY_CRON)
        .map((j) => [j.name, "ok"])
        .sort(),
    );
  });

  it("a job that fails is recorded failed with its error, captured once, and does not stop the others", async () => {
    const since = Date.now();
    const failing = {
      ...JOBS[0]!,
      name: `failing-${crypto.randomUUID().slice(0, 8)}`,
      run: () => Promise.reject(new Error("the ledger for ada@example.com did not add up at row 42")),
    };
    const outcome = await runJob(env, failing);
    const [run] = await runsOf(since);
    const captured = await env.DB.prepare(
      "select count, route, last_request_id, message from error_events where route = ?",
    )
      .bind(`job:${failing.name}`)
      .all();
    expect({ outcome: outcome.status, run, captured: captured.results }).toEqual({
      outcome: "failed",
      run: {
        job: failing.name,
        status: "failed",
        summary: null,
        error: "the ledger for [email] did not add up at row 42",
        release: RELEASE,
        ended: 1,
      },
      captured: [
        {
          count: 1,
          route: `job:${failing.name}`,
          last_request_id: `job-${outcome.runId}`,
          message: "the ledger for [email] did not add up at row 42",
        },
      ],
    });
  });
});

describe("an error outside the API and the pages", () => {
  it("a file route whose store fails answers a bare 500 naming the request id, and is captured once", async () => {
    vi.spyOn(env.IMAGES, "get").mockRejectedValue(new Error("R2 is unreachable"));
    const res = await call(`/uploads/${crypto.randomUUID()}.png`);
    const id = res.headers.get("X-Request-Id");
    await settle();
    const captured = await env.DB.prepare(
      "select count, route, last_request_id, message from error_events where last_request_id = ?",
    )
      .bind(id)
      .all();
    expect({ status: res.status, text: await res.text(), captured: captured.results }).toEqual({
      status: 500,
      text: `Something went wrong. Request ID: ${id}`,
      captured: [{ count: 1, route: "GET /uploads/*", last_request_id: id, message: "R2 is unreachable" }],
    });
  });
});
