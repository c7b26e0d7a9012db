/**
 * /admin/health (ADR 056), as the admin reads it: the figures of rows written to metric_buckets,
 * job_runs and error_events, shown in the page's tables (the charts' text equivalents included);
 * the same refusal as /admin for anyone else; and a fixed number of statements whatever the
 * number of metric rows.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { adminSession, page, queries, signup, unique, visibleText } from "./helpers";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** One metric_buckets row: `histogram` is h0…h10 (bounds 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000 ms, above). */
async function bucket(
  span: 60 | 3600,
  start: number,
  kind: "route" | "event",
  name: string,
  count: number,
  errors = 0,
  histogram: number[] = [],
) {
  const h = Array.from({ length: 11 }, (_, i) => histogram[i] ?? 0);
  await env.DB.prepare(
    `insert into metric_buckets (span, bucket_start, kind, name, count, errors, duration_ms,
       h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10)
     values (?, ?, ?, ?, ?, ?, 0, ${h.join(", ")})`,
  )
    .bind(span, start, kind, name, count, errors)
    .run();
}

async function jobRun(job: string, status: "ok" | "failed", startedAt: number, tookMs: number, text: string) {
  await env.DB.prepare(
    `insert into job_runs (job, status, started_at, ended_at, summary, error, release) values (?, ?, ?, ?, ?, ?, 'test')`,
  )
    .bind(job, status, startedAt, startedAt + tookMs, status === "ok" ? text : null, status === "failed" ? text : null)
    .run();
}

const textOf = async (res: Response) => visibleText(await res.text());

describe("/admin/health", () => {
  it("shows the last hour's and day's figures, the jobs' last runs and the captured errors", async () => {
    const now = Date.now();
    // Half an hour and five hours back: buckets no request of this test counts into.
    const minute = Math.floor(now / MINUTE) * MINUTE - 30 * MINUTE;
    const hour = Math.floor(now / HOUR) * HOUR - 5 * HOUR;
    const route = `GET /${unique("probe")}/:id`;
    // 40 requests: 30 within 25 ms, 8 within 250 ms, 2 within 1 s: p50 25 ms, p95 250 ms; 2 failed.
    await bucket(60, minute, "route", route, 40, 2, [0, 0, 30, 0, 0, 8, 0, 2]);
    // 400 in the hour: 100 within 10 ms, 300 within 50 ms, 0 slower: p50 50 ms, p95 50 ms; 4 failed.
    await bucket(3600, hour, "route", route, 400, 4, [0, 100, 0, 300]);
    await bucket(3600, hour, "event", "purchase", 7);
    await bucket(3600, hour, "event", "mail.failed", 3);
    await jobRun("settlement", "ok", now - 2 * HOUR, 1_500, "settled 2 raises (9 investments)");
    await jobRun("mail", "ok", now - 2 * HOUR, 300, "digests: claimed 0");
    await jobRun("mail", "failed", now - 5 * MINUTE, 200, "destination refused the connection");
    const requestId = unique("req-");
    await env.DB.prepare(
      `insert into error_events (fingerprint, name, message, stack, route, count, first_seen_at, last_seen_at,
         last_request_id, release)
       values (?, 'TypeError', 'probe exploded', 'TypeError: probe exploded\n    at probe (probe.ts:1:1)', ?, 3, ?, ?, ?, 'abc123')`,
    )
      .bind(unique("fp-"), route, now - 3 * HOUR, now - 10 * MINUTE, requestId)
      .run();

    const res = await page("/admin/health", { token: await adminSession() });
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect({
      hourRoute: text.includes(`${route} 40 5.0% 25 ms 250 ms`),
      dayRoute: text.includes(`${route} 400 1.0% 50 ms 50 ms`),
      minuteRow: text.includes(`${clock(minute)} 40 2 5.0%`),
      latencyRow: text.includes(`${clock(minute)} 25 ms 250 ms`),
      // purchases, cancellations, settlements, mails sent, mails failed, AI calls, AI fallbacks, errors
      eventsRow: text.includes(`${clock(hour)} 7 0 0 0 3 0 0 0`),
      settlement: /settlement Daily at 00:05 UTC .+? On time OK .+? 1\.5 s settled 2 raises \(9 investments\)/.test(
        text,
      ),
      mail: /mail Every 10 minutes .+? Late last succeeded .+? Failed .+? 200 ms destination refused the connection/.test(
        text,
      ),
      error: text.includes(`TypeError probe exploded Where ${route} Times 3`),
      requestId: text.includes(`Last request id ${requestId} Release abc123`),
      stack: text.includes("Stack of TypeError TypeError: probe exploded at probe (probe.ts:1:1)"),
    }).toEqual({
      hourRoute: true,
      dayRoute: true,
      minuteRow: true,
      latencyRow: true,
      eventsRow: true,
      settlement: true,
      mail: true,
      error: true,
      requestId: true,
      stack: true,
    });
  });

  it("is linked from /admin's sections", async () => {
    const html = await (await page("/admin", { token: await adminSession() })).text();
    expect(html).toMatch(/<nav aria-label="Admin sections"[\s\S]*?<a[^>]*href="\/admin\/health"[^>]*>Health<\/a>/);
  });

  it("a visitor signs in first; an investor and a founder get the access-denied page, as on /admin", async () => {
    const investor = await signup("investor");
    const founder = await signup("founder");
    const visitor = await page("/admin/health");
    const a = await page("/admin/health", { token: investor.token });
    const b = await page("/admin/health", { token: founder.token });
    expect([
      visitor.status,
      visitor.headers.get("Location"),
      a.status,
      a.headers.get("Location"),
      b.headers.get("Location"),
    ]).toEqual([
      302,
      "/signin?redirectTo=%2Fadmin%2Fhealth",
      302,
      "/access-denied?notice=no-permission",
      "/access-denied?notice=no-permission",
    ]);
  });

  it("reads in the same statements with 10 metric rows and with 500, and lists the busiest 20 routes", async () => {
    const token = await adminSession();
    const now = Date.now();
    const first = Math.floor(now / MINUTE) * MINUTE - 50 * MINUTE;
    const write = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const span = i % 2 === 0 ? 60 : 3600;
        const start = span === 60 ? first + (i % 40) * MINUTE : Math.floor(now / HOUR) * HOUR - (i % 20) * HOUR;
        await bucket(span, start, "route", `GET /load-${i}`, 1 + (i % 7), i % 3 === 0 ? 1 : 0, [i % 5, 1, 2]);
      }
    };
    await write(0, 10);
    const few = await page("/admin/health", { token });
    await write(10, 500);
    const many = await page("/admin/health", { token });
    // The last hour's routes: the busiest 20, most requests first.
    const table = /<caption id="routes-hour"[\s\S]*?<\/table>/.exec(await many.text())?.[0] ?? "";
    const requests = [...table.matchAll(/<\/th><td class="num">([\d,]+)<\/td>/g)].map((m) =>
      Number(m[1]!.replace(/,/g, "")),
    );
    expect({
      status: many.status,
      queries: [queries(few), queries(many)],
      routes: requests.length,
      sorted: requests.every((n, i) => i === 0 || n <= requests[i - 1]!),
    }).toEqual({ status: 200, queries: [2, 2], routes: 20, sorted: true });
  });
});
