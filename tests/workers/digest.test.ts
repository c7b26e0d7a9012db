/**
 * The email digest of unread notifications and its one-click unsubscribe (RFC 8058): at most one
 * a period per person, only with unread notifications, bounded per run, read by its index; the
 * unsubscribe link works without a session on POST only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import {
  CLAIM_SQL,
  DIGEST_ITEMS,
  digestPeriod,
  runDigests,
  unsubscribeSecret,
  unsubscribeToken,
} from "../../worker/services/conversation/digest";
import { call, db, json, signup } from "./helpers";
import { fullScans } from "./query-plans";

/** A fixed clock per test, far from any other test's periods (each test its own day). */
let day = 0;
const clock = () => Date.UTC(2031, 0, 6) + ++day * 8 * 86_400_000 + 3_600_000;

async function person(digest: "off" | "daily" | "weekly" | null, unread: number, at: number) {
  const { user, token } = await signup();
  await env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(user.id).run();
  if (digest) {
    expect((await call("/api/notifications/preferences", { method: "PUT", token, body: { digest } })).status).toBe(200);
  }
  for (let i = 0; i < unread; i++) {
    await env.DB.prepare(
      `insert into notifications (id, user_id, kind, event_key, text, link, created_at)
       values (?1, ?2, 'update', ?1, ?3, '/notifications', ?4)`,
    )
      .bind(crypto.randomUUID(), user.id, `Note <${i}> & more`, at - 60_000 * (i + 1))
      .run();
  }
  return { user, token };
}

const digestsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "select id, subject, html, text, headers from mail_outbox where to_address = ? and kind = 'digest'",
    )
      .bind(email)
      .all<{ id: string; subject: string; html: string; text: string; headers: string }>()
  ).results;

/** Runs until nobody else is due, so other tests' people never bound this test's run. */
const drain = async (now: number, mailEnv: typeof env = env) => {
  for (;;) if ((await runDigests(mailEnv, db(), now)).claimed === 0) return;
};

describe("the digest", () => {
  it("is off by default: nobody who did not choose it gets one", async () => {
    const now = clock();
    const { user } = await person(null, 3, now);
    await drain(now);
    expect(await digestsTo(user.email)).toEqual([]);
  });

  it("is sent at most once a period, even with two runs at once", async () => {
    const now = clock();
    const { user } = await person("daily", 2, now);
    await Promise.all([runDigests(env, db(), now), runDigests(env, db(), now)]);
    await drain(now + 60_000);
    expect((await digestsTo(user.email)).map((m) => m.id)).toEqual([`digest:${user.id}:${digestPeriod("daily", now)}`]);
  });

  it("is not sent when there is nothing unread", async () => {
    const now = clock();
    const { user } = await person("daily", 0, now);
    await drain(now);
    expect(await digestsTo(user.email)).toEqual([]);
  });

  it("weekly: one for the ISO week, none again later that week, the next week's after", async () => {
    const now = clock();
    const { user } = await person("weekly", 1, now);
    await drain(now);
    await drain(now + 86_400_000);
    await env.DB.prepare(
      `insert into notifications (id, user_id, kind, event_key, text, link, created_at) values (?1, ?2, 'update', ?1, 'Later', '/notifications', ?3)`,
    )
      .bind(crypto.randomUUID(), user.id, now + 7 * 86_400_000 - 1000)
      .run();
    await drain(now + 7 * 86_400_000);
    expect((await digestsTo(user.email)).map((m) => m.subject)).toEqual([
      "Your CampusFund digest for this week",
      "Your CampusFund digest for this week",
    ]);
  });

  it("lists the newest 20, HTML-escaped, and says how many more", async () => {
    const now = clock();
    const { user } = await person("daily", DIGEST_ITEMS + 3, now);
    await drain(now);
    const [mail] = await digestsTo(user.email);
    expect([
      (mail!.html.match(/<li /g) ?? []).length,
      mail!.html.includes("Note &lt;0&gt; &amp; more"),
      mail!.text.includes("and 3 more"),
    ]).toEqual([DIGEST_ITEMS, true, true]);
  });

  it("is bounded per run", async () => {
    const now = clock();
    await drain(now);
    await person("daily", 1, now);
    await person("daily", 1, now);
    await person("daily", 1, now);
    expect((await runDigests(env, db(), now, 2)).claimed).toBe(2);
  });

  it("finds who is due by the (digest, digest_period) index", async () => {
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${CLAIM_SQL}`).bind("daily", "2031-01-01", 200).all<{ detail: string }>()
    ).results;
    expect(plan.map((r) => r.detail)).toContain(
      "SEARCH notification_preferences USING INDEX notification_preferences_digest_idx (digest=? AND digest_period<?)",
    );
  });

  it("no plan of the claim reads a whole table", async () => {
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${CLAIM_SQL}`).bind("daily", "2031-01-01", 200).all<{ detail: string }>()
    ).results;
    expect(fullScans(CLAIM_SQL, plan)).toEqual([]);
  });

  it("carries the one-click unsubscribe headers to the binding's send", async () => {
    const now = clock();
    const { user } = await person("daily", 1, now);
    // The binding behind a recording `send`, handed to the job: a spy on the shared binding misses
    // sends once another request has used it (password-reset.test.ts `recordingEnv`).
    const send = vi.fn((message: EmailMessageBuilder) => env.EMAIL.send(message));
    await drain(now, { ...env, EMAIL: { send } as unknown as SendEmail });
    const message = send.mock.calls
      .map((c) => c[0] as unknown as Record<string, unknown>)
      .find((m) => m.to === user.email);
    const token = await unsubscribeToken(unsubscribeSecret(env), user.id);
    expect(message?.headers).toEqual({
      "List-Unsubscribe": `<${env.APP_ORIGIN}/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("the digest choice in the API", () => {
  it("answers the saved choice", async () => {
    const { token } = await signup();
    await call("/api/notifications/preferences", { method: "PUT", token, body: { digest: "weekly" } });
    expect((await json<{ digest: string }>(await call("/api/notifications/preferences", { token }))).digest).toBe(
      "weekly",
    );
  });

  it("refuses a digest that is not a choice", async () => {
    const { token } = await signup();
    const res = await call("/api/notifications/preferences", { method: "PUT", token, body: { digest: "hourly" } });
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 400,
      message: "digest must be off, daily or weekly",
    });
  });
});
