/**
 * Download my data (ADR 046): the JSON document and the zip of CSV files hold what the
 * product keeps about the caller and nobody else's; every list is complete past a page; the limit of
 * five an hour holds under concurrent requests; a signed-out call is refused. (Every
 * statement is checked for whole-table reads after the file, tests/workers/query-plans.ts.)
 */
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { EXPORT_PAGE } from "../../worker/services/accounts/internal/data-export-datasets";
import { EXPORT_LIMIT, EXPORT_MESSAGES } from "../../worker/services/accounts/data-export";
import { buyShares, call, insertProject, json, signup, unique } from "./helpers";

interface ExportDoc {
  format: string;
  profile: { email: string; firstName: string };
  investments: { id: string; project: string; amount: number; notices: { text: string }[] }[];
  follows: { projectId: string }[];
  posts: { body: string }[];
  votes: { postId: string }[];
  notifications: { kind: string }[];
  [key: string]: unknown;
}

async function download(token: string, path = "/api/me/export") {
  return call(path, { token });
}

describe("Download my data", () => {
  it("answers the caller's own profile, investments with their notices, follows, Discussion posts and votes, and notifications", async () => {
    const me = await signup("investor", { firstName: "Grace" });
    const other = await signup("investor");
    const project = await insertProject({ title: `Export ${unique()}` });
    const mine = await buyShares(project.id, me.token, 12);
    await buyShares(project.id, other.token, 10);
    expect((await call(`/api/projects/${project.id}/follow`, { method: "POST", token: me.token })).status).toBe(200);
    const asked = await call(`/api/projects/${project.id}/discussion`, {
      token: me.token,
      body: { body: "When will the first units ship?" },
    });
    expect(asked.status).toBe(201);
    const thread = await json<{ id: string }>(asked);
    expect((await call(`/api/discussion/posts/${thread.id}/vote`, { method: "PUT", token: me.token })).status).toBe(
      200,
    );

    const res = await download(me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="campusfund-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const doc = await json<ExportDoc>(res);
    expect(doc.format).toBe("CampusFund data export, version 1");
    expect(doc.profile).toMatchObject({ email: me.user.email, firstName: "Grace" });
    expect(doc.profile).not.toHaveProperty("passwordHash");
    expect(doc.investments.map((i) => i.id)).toEqual([mine]);
    expect(doc.investments.at(0)).toMatchObject({ project: project.title, shares: 12, status: "active" });
    const notices = doc.investments.at(0)?.notices ?? [];
    expect(notices.map((n) => n.text)).toEqual([expect.stringContaining(project.title)]);
    expect(doc.follows.map((f) => f.projectId)).toEqual([project.id]);
    expect(doc.posts.map((p) => p.body)).toEqual(["When will the first units ship?"]);
    expect(doc.votes.map((v) => v.postId)).toEqual([thread.id]);
    expect(doc.notifications.map((n) => n.kind)).toEqual(["commitment"]);
    expect(JSON.stringify(doc)).not.toContain(other.user.email);
  });

  it("gives the same datasets as CSV files in a zip, with a header row each", async () => {
    const me = await signup("investor");
    const project = await insertProject({ title: `Zip, "quoted" ${unique()}` });
    const bought = await buyShares(project.id, me.token, 14);
    const res = await download(me.token, "/api/me/export.zip");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "exchangeOrders.csv",
        "exchangeTrades.csv",
        "follows.csv",
        "investments.csv",
        "investorFinancials.csv",
        "notificationPreferences.csv",
        "notifications.csv",
        "payouts.csv",
        "profile.csv",
        "projects.csv",
        "publicProfile.csv",
        "reservations.csv",
        "posts.csv",
        "votes.csv",
        "updates.csv",
      ].sort(),
    );
    const investments = strFromU8(files["investments.csv"] ?? new Uint8Array()).split("\r\n");
    expect(investments[0]).toBe(
      "id,projectId,project,shares,sharePrice,amount,status,createdAt,cancellableUntil,cancelledAt,settledAt,notices",
    );
    expect(investments[1]).toMatch(
      new RegExp(`^${bought},${project.id},"Zip, ""quoted"" [a-z0-9]+",14,10,140,active,`),
    );
    expect(strFromU8(files["profile.csv"] ?? new Uint8Array()).split("\r\n")[1]).toContain(me.user.email);
  });

  it("holds every investment and notification of a long history, a page at a time", async () => {
    const me = await signup("investor");
    const project = await insertProject();
    const count = EXPORT_PAGE + 7;
    const base = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: count }, (_, i) => i);
    for (let from = 0; from < count; from += 90) {
      await env.DB.batch(
        rows.slice(from, from + 90).flatMap((i) => [
          env.DB.prepare(
            `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status,
               idempotency_key, created_at, cancel_cutoff_at)
             select ?1, ?2, p.id, 1, p.share_price_cents, p.share_price_cents, 'cancelled', ?1, ?4, ?4
               from projects p where p.id = ?3`,
          ).bind(`${me.user.id}-inv-${i}`, me.user.id, project.id, base + i),
          env.DB.prepare(
            `insert into notifications (id, user_id, kind, event_key, project_id, text, link, created_at)
             values (?1, ?2, 'update', ?1, ?3, 'An update', '/project/x', ?4)`,
          ).bind(`${me.user.id}-n-${i}`, me.user.id, project.id, base + i),
        ]),
      );
    }
    const doc = await json<ExportDoc>(await download(me.token));
    expect(doc.investments).toHaveLength(count);
    expect(new Set(doc.investments.map((i) => i.id)).size).toBe(count);
    expect(doc.notifications).toHaveLength(count);
    const zip = unzipSync(new Uint8Array(await (await download(me.token, "/api/me/export.zip")).arrayBuffer()));
    // A header row, one line per investment, and the final line end.
    expect(strFromU8(zip["investments.csv"] ?? new Uint8Array()).split("\r\n")).toHaveLength(count + 2);
  });

  it(`allows ${EXPORT_LIMIT.max} downloads an hour, JSON and zip together, however many are sent at once`, async () => {
    const me = await signup("investor");
    const answers = await Promise.all(
      Array.from({ length: EXPORT_LIMIT.max + 3 }, (_, i) =>
        download(me.token, i % 2 ? "/api/me/export.zip" : "/api/me/export"),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(EXPORT_LIMIT.max);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    const [first] = refused;
    if (!first) throw new Error("no refusal");
    expect(await json(first)).toMatchObject({ success: false, message: EXPORT_MESSAGES.tooMany });
    expect(Number(first.headers.get("Retry-After"))).toBeGreaterThan(0);
    await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
  });

  it("refuses a caller who is not signed in", async () => {
    const res = await call("/api/me/export");
    expect(res.status).toBe(401);
    expect((await call("/api/me/export.zip")).status).toBe(401);
  });
});
