/**
 * The operator's view of the mail (ADR 044): `GET /api/admin/mail` counts what waits, went out and
 * gave up in their windows, lists the newest failures with their last error, and is for admins only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MAIL_FAILURES_SHOWN } from "../../worker/services/operator/mail-admin";
import { adminSession, call, json, signup, unique } from "./helpers";

const HOUR = 60 * 60 * 1000;

interface Health {
  pending: number;
  sentLastDay: number;
  expiredLastDay: number;
  failedLastWeek: number;
  failures: { id: string; to: string; attempts: number; lastError: string | null; createdAt: string }[];
}

async function health(token: string): Promise<Health> {
  const res = await call("/api/admin/mail", { token });
  expect(res.status).toBe(200);
  return json<Health>(res);
}

function mail(status: string, createdAt: number, extra: { error?: string; to?: string } = {}) {
  const id = unique("mail-");
  return env.DB.prepare(
    `insert into mail_outbox (id, kind, to_address, subject, html, text, status, attempts, last_error, created_at)
     values (?1, 'password-reset', ?2, 'Reset your CampusFund password', '', '', ?3, ?4, ?5, ?6)`,
  ).bind(id, extra.to ?? `${id}@example.edu`, status, status === "failed" ? 5 : 1, extra.error ?? null, createdAt);
}

describe("the mail's health", () => {
  it("counts each status in its window and lists the newest failures with their last error", async () => {
    const admin = await adminSession();
    const before = await health(admin);
    const now = Date.now();
    await env.DB.batch([
      mail("pending", now - 2 * HOUR),
      mail("sent", now - HOUR),
      mail("sent", now - 30 * HOUR), // older than a day: not counted
      mail("expired", now - HOUR),
      mail("failed", now - 3 * HOUR, {
        error: "destination address is not verified",
        to: "newest-failure@example.edu",
      }),
      mail("failed", now - 8 * 24 * HOUR, { error: "old" }), // older than a week: not counted
    ]);
    const after = await health(admin);
    expect({
      pending: after.pending - before.pending,
      sent: after.sentLastDay - before.sentLastDay,
      expired: after.expiredLastDay - before.expiredLastDay,
      failed: after.failedLastWeek - before.failedLastWeek,
    }).toEqual({ pending: 1, sent: 1, expired: 1, failed: 1 });
    const listed = after.failures.find((f) => f.to === "newest-failure@example.edu");
    expect(listed).toMatchObject({ attempts: 5, lastError: "destination address is not verified" });
    expect(after.failures.some((f) => f.lastError === "old")).toBe(false);
    expect(after.failures.length).toBeLessThanOrEqual(MAIL_FAILURES_SHOWN);
  });

  it("lists at most the newest 20 failures, newest first", async () => {
    const admin = await adminSession();
    const now = Date.now();
    await env.DB.batch(Array.from({ length: MAIL_FAILURES_SHOWN + 5 }, (_, i) => mail("failed", now - i * 1000)));
    const { failures } = await health(admin);
    expect(failures).toHaveLength(MAIL_FAILURES_SHOWN);
    const times = failures.map((f) => f.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(Date.parse(times[0] ?? "")).toBeGreaterThanOrEqual(now - 1000);
  });

  it("is for admins only", async () => {
    const investor = await signup("investor");
    expect((await call("/api/admin/mail", { token: investor.token })).status).toBe(403);
    expect((await call("/api/admin/mail")).status).toBe(401);
  });
});
