/**
 * Every list bounded (ADR 035) for the operator's lists and the public supporters list: each answers a bounded
 * first page (the review queue its oldest 50 submissions, the supporters their newest 100 with the
 * count of all), whatever the table holds, and reads its index in order.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { SessionUser } from "../../domain/shared/types";
import { ADMIN_LIST_SHOWN, listRecentProjects, listUsersForAdmin } from "../../worker/services/operator/moderation";
import { REVIEW_QUEUE_SHOWN } from "../../worker/services/projects/reviews";
import { SUPPORTERS_LIST_MAX } from "../../worker/services/visitors/supporters";
import { call, db, insertProject, json, makeAdmin, signup, unique } from "./helpers";

async function admin() {
  const a = await signup();
  await makeAdmin(a.user.id);
  return { ...a, viewer: { id: a.user.id, role: "admin" } as SessionUser };
}

describe("the supporters list", () => {
  it("GET /api/supporters answers the newest 100 public supporters and the count of all", async () => {
    const before = (await json<{ count: number }>(await call("/api/supporters"))).count;
    const t0 = Date.now() + 1_000_000;
    const stmts = Array.from({ length: SUPPORTERS_LIST_MAX + 2 }, (_, i) =>
      env.DB.prepare(
        "insert into supporters (id, name, email, show_publicly, created_at) values (?1, ?2, ?3, ?4, ?5)",
      ).bind(unique("s-"), `Supporter ${i}`, `${unique("s")}@example.edu`, i === 0 ? 0 : 1, t0 + i),
    );
    await env.DB.batch(stmts);
    const body = await json<{ supporters: { name: string }[]; count: number }>(await call("/api/supporters"));
    expect({ first: body.supporters[0]!.name, length: body.supporters.length, count: body.count }).toEqual({
      first: `Supporter ${SUPPORTERS_LIST_MAX + 1}`,
      length: SUPPORTERS_LIST_MAX,
      count: before + SUPPORTERS_LIST_MAX + 2,
    });
  });
});

describe("the admin lists", () => {
  it("the review queue answers the oldest 50 submissions, however many wait", async () => {
    const a = await admin();
    const t0 = 1_000;
    for (let i = 0; i < REVIEW_QUEUE_SHOWN + 1; i++) {
      await insertProject({ status: "in_review", submittedAt: t0 + i, title: `Queued ${i}` });
    }
    const body = await json<{ reviews: { project: { title: string } }[] }>(
      await call("/api/admin/reviews", { token: a.token }),
    );
    expect([body.reviews.length, body.reviews[0]!.project.title]).toEqual([REVIEW_QUEUE_SHOWN, "Queued 0"]);
  });

  it("the users and recent projects lists hold at most 20 each", async () => {
    const a = await admin();
    for (let i = 0; i < ADMIN_LIST_SHOWN + 1; i++) await insertProject();
    await env.DB.batch(
      Array.from({ length: ADMIN_LIST_SHOWN + 1 }, () => {
        const id = unique("adm-");
        return env.DB.prepare(
          `insert into users (id, email, password_hash, first_name, last_name, birth_date)
           values (?1, ?2, 'x', 'A', 'B', '1999-01-01')`,
        ).bind(id, `${id}@example.edu`);
      }),
    );
    const [users, projects] = await Promise.all([
      listUsersForAdmin(db(), a.viewer),
      listRecentProjects(db(), a.viewer),
    ]);
    expect([users.length, projects.length]).toEqual([ADMIN_LIST_SHOWN, ADMIN_LIST_SHOWN]);
  });

  const plans: [string, string, string][] = [
    ["users", "select id from users order by created_at desc, rowid desc limit 20", "users_created_idx"],
    [
      "users by email",
      "select id from users where email >= ?1 and email < ?1 || 'z' order by email limit 20",
      "users_email_unique",
    ],
    [
      "recent projects",
      "select id from projects order by updated_at desc, rowid desc limit 20",
      "projects_updated_idx",
    ],
    [
      "review queue",
      "select id from projects where status = 'in_review' order by submitted_at asc, rowid asc limit 50",
      "projects_status_idx",
    ],
    [
      "public supporters",
      "select name from supporters where show_publicly = 1 order by created_at desc, rowid desc limit 100",
      "supporters_public_idx",
    ],
  ];
  for (const [name, sql, index] of plans) {
    it(`${name}: read in the order of ${index}, stopping at the limit`, async () => {
      const statement = env.DB.prepare(`explain query plan ${sql}`);
      const plan = await (sql.includes("?1") ? statement.bind("x") : statement).all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect([details.includes(index), details.includes("TEMP B-TREE")]).toEqual([true, false]);
    });
  }
});
