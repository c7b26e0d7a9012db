/**
 * Every list bounded (ADR 035): the watchlist, notifications, updates and threads answer a
 * page at a time through the API (`?page=`), newest first, with the paging fields
 * `GET /api/projects` has (total, page, pageCount, pageSize). First, middle and last page; a page
 * past the end answers the total and no rows; a page number that is no page is a 400 that says so;
 * a list exactly at the page size is one page. Each statement reads its index in order (no
 * full scan, no sort).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { LIST_PAGE_MESSAGE } from "../../worker/services/shared/list-page";
import { call, insertProject, json, signup, unique } from "./helpers";

type Paged = { total: number; page: number; pageCount: number; pageSize: number };

const T0 = Date.now() - 10_000_000;

/** `n` published projects that `userId` follows, the i-th followed at T0 + i (so the last is newest). */
async function follow(userId: string, n: number): Promise<string[]> {
  const titles: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await insertProject({ title: `Watched ${i}` });
    titles.push(p.title);
    await env.DB.prepare("insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3)")
      .bind(userId, p.id, T0 + i)
      .run();
  }
  return titles;
}

/** `n` notifications for `userId`, the i-th created at T0 + i, text `Note i`. */
async function notes(userId: string, n: number) {
  const stmts = Array.from({ length: n }, (_, i) =>
    env.DB.prepare(
      `insert into notifications (id, user_id, kind, event_key, text, link, created_at)
       values (?1, ?2, 'update', ?3, ?4, '/', ?5)`,
    ).bind(unique("n-"), userId, `e:${i}`, `Note ${i}`, T0 + i),
  );
  await env.DB.batch(stmts);
}

async function getPage<T>(path: string, token?: string): Promise<T & Paged> {
  const res = await call(path, { token });
  expect(res.status, path).toBe(200);
  return json<T & Paged>(res);
}

const newestFirst = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${from - i}`);

describe("GET /api/users/me/watchlist", () => {
  it("answers 20 a page, most recently followed first: first, middle and last page", async () => {
    const me = await signup();
    await follow(me.user.id, 41);
    const first = await getPage<{ projects: { title: string }[] }>("/api/users/me/watchlist", me.token);
    expect({ ...first, projects: first.projects.map((p) => p.title) }).toEqual({
      projects: newestFirst("Watched", 40, 20),
      total: 41,
      page: 1,
      pageCount: 3,
      pageSize: 20,
    });
    const middle = await getPage<{ projects: { title: string }[] }>("/api/users/me/watchlist?page=2", me.token);
    expect(middle.projects.map((p) => p.title)).toEqual(newestFirst("Watched", 20, 20));
    const last = await getPage<{ projects: { title: string }[] }>("/api/users/me/watchlist?page=3", me.token);
    expect(last.projects.map((p) => p.title)).toEqual(["Watched 0"]);
  });

  it("past the end answers the total and no projects", async () => {
    const me = await signup();
    await follow(me.user.id, 3);
    const past = await getPage<{ projects: unknown[] }>("/api/users/me/watchlist?page=2", me.token);
    expect(past).toEqual({ projects: [], total: 3, page: 2, pageCount: 1, pageSize: 20 });
  });

  it("exactly 20 followed projects are one page", async () => {
    const me = await signup();
    await follow(me.user.id, 20);
    const one = await getPage<{ projects: unknown[] }>("/api/users/me/watchlist", me.token);
    expect([one.projects.length, one.total, one.pageCount]).toEqual([20, 20, 1]);
  });

  it("a page that is no page number is a 400 that says what is accepted", async () => {
    const me = await signup();
    for (const bad of ["0", "-1", "abc", "2.5", "1001", "99999999999999999999"]) {
      const res = await call(`/api/users/me/watchlist?page=${bad}`, { token: me.token });
      expect(res.status, bad).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(LIST_PAGE_MESSAGE);
    }
  });

  it("asks a visitor to sign in, whatever the page", async () => {
    expect((await call("/api/users/me/watchlist?page=abc")).status).toBe(401);
  });
});

describe("GET /api/notifications", () => {
  it("answers 50 a page, newest first, with the unread count of every page", async () => {
    const me = await signup();
    await notes(me.user.id, 101);
    type Page = { notifications: { text: string }[]; unread: number };
    const first = await getPage<Page>("/api/notifications", me.token);
    expect(first.notifications.map((n) => n.text)).toEqual(newestFirst("Note", 100, 50));
    expect([first.total, first.unread, first.page, first.pageCount, first.pageSize]).toEqual([101, 101, 1, 3, 50]);
    const middle = await getPage<Page>("/api/notifications?page=2", me.token);
    expect(middle.notifications.map((n) => n.text)).toEqual(newestFirst("Note", 50, 50));
    const last = await getPage<Page>("/api/notifications?page=3", me.token);
    expect(last.notifications.map((n) => n.text)).toEqual(["Note 0"]);
    const past = await getPage<Page>("/api/notifications?page=4", me.token);
    expect(past).toEqual({ notifications: [], unread: 101, total: 101, page: 4, pageCount: 3, pageSize: 50 });
  });

  it("exactly 50 are one page; a bad page is a 400", async () => {
    const me = await signup();
    await notes(me.user.id, 50);
    const one = await getPage<{ notifications: unknown[] }>("/api/notifications", me.token);
    expect([one.notifications.length, one.total, one.pageCount]).toEqual([50, 50, 1]);
    expect((await call("/api/notifications?page=0", { token: me.token })).status).toBe(400);
  });
});

describe("GET /api/projects/{id}/updates and /discussion", () => {
  async function projectWith41() {
    const founder = await signup("founder");
    const asker = await signup();
    const p = await insertProject({ founderId: founder.user.id });
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 41; i++) {
      stmts.push(
        env.DB.prepare(
          `insert into project_updates (id, project_id, author_id, title, body, created_at, updated_at)
           values (?1, ?2, ?3, ?4, 'Body', ?5, ?5)`,
        ).bind(unique("up-"), p.id, founder.user.id, `Update ${i}`, T0 + i),
        env.DB.prepare(
          `insert into discussion_posts (id, project_id, thread_id, author_id, body, created_at, last_activity_at)
           values (?1, ?2, ?1, ?3, ?4, ?5, ?5)`,
        ).bind(unique("q-"), p.id, asker.user.id, `Thread ${i}`, T0 + i),
      );
    }
    stmts.push(env.DB.prepare("update projects set thread_count = 41 where id = ?1").bind(p.id));
    // The project's kept last update (ADR 055), as a post's batch keeps it.
    stmts.push(
      env.DB.prepare(
        "update projects set last_update_at = (select max(created_at) from project_updates where project_id = ?1 and hidden = 0) where id = ?1",
      ).bind(p.id),
    );
    await env.DB.batch(stmts);
    return p;
  }

  it("pages updates 20 at a time, newest first, and answers the total past the end", async () => {
    const p = await projectWith41();
    type Page = { updates: { title: string }[] };
    const first = await getPage<Page>(`/api/projects/${p.slug}/updates`);
    expect(first.updates.map((u) => u.title)).toEqual(newestFirst("Update", 40, 20));
    expect([first.total, first.page, first.pageCount, first.pageSize]).toEqual([41, 1, 3, 20]);
    const middle = await getPage<Page>(`/api/projects/${p.slug}/updates?page=2`);
    expect(middle.updates.map((u) => u.title)).toEqual(newestFirst("Update", 20, 20));
    const last = await getPage<Page>(`/api/projects/${p.slug}/updates?page=3`);
    expect(last.updates.map((u) => u.title)).toEqual(["Update 0"]);
    const past = await getPage<Page>(`/api/projects/${p.slug}/updates?page=4`);
    expect(past).toEqual({ updates: [], total: 41, page: 4, pageCount: 3, pageSize: 20 });
  });

  it("pages threads 20 at a time, newest first, and answers the total past the end", async () => {
    const p = await projectWith41();
    type Page = { threads: { body: string }[] };
    const first = await getPage<Page>(`/api/projects/${p.slug}/discussion?order=newest`);
    expect(first.threads.map((q) => q.body)).toEqual(newestFirst("Thread", 40, 20));
    expect([first.total, first.page, first.pageCount, first.pageSize]).toEqual([41, 1, 3, 20]);
    const middle = await getPage<Page>(`/api/projects/${p.slug}/discussion?order=newest&page=2`);
    expect(middle.threads.map((q) => q.body)).toEqual(newestFirst("Thread", 20, 20));
    const last = await getPage<Page>(`/api/projects/${p.slug}/discussion?order=newest&page=3`);
    expect(last.threads.map((q) => q.body)).toEqual(["Thread 0"]);
    const past = await getPage<Page>(`/api/projects/${p.slug}/discussion?order=newest&page=4`);
    expect(past).toEqual({ order: "newest", threads: [], total: 41, page: 4, pageCount: 3, pageSize: 20 });
  });

  it("a bad page is a 400, for updates and the discussion alike", async () => {
    const p = await insertProject();
    for (const list of ["updates", "discussion"]) {
      const res = await call(`/api/projects/${p.slug}/${list}?page=x`);
      expect(res.status, list).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(LIST_PAGE_MESSAGE);
    }
  });

  it("a hidden update counts for nobody but its founder and admins", async () => {
    const p = await projectWith41();
    await env.DB.batch([
      env.DB.prepare("update project_updates set hidden = 1 where project_id = ?1 and title = 'Update 40'").bind(p.id),
      env.DB.prepare(
        "update projects set last_update_at = (select max(created_at) from project_updates where project_id = ?1 and hidden = 0) where id = ?1",
      ).bind(p.id),
    ]);
    const page = await getPage<{ updates: { title: string }[] }>(`/api/projects/${p.slug}/updates`);
    expect([page.total, page.updates[0]!.title]).toEqual([40, "Update 39"]);
  });
});

describe("the lists' statements read their index in order", () => {
  const plans: [string, string, string][] = [
    [
      "watchlist",
      `select f.project_id from project_follows f join projects p on p.id = f.project_id
       where f.user_id = ?1 and p.status not in ('draft', 'in_review')
       order by f.created_at desc, f.project_id desc limit 20 offset 0`,
      "project_follows_user_idx",
    ],
    [
      "followers",
      `select u.first_name from project_follows f join users u on u.id = f.user_id where f.project_id = ?1
       order by f.created_at desc, f.user_id desc limit 20 offset 0`,
      "project_follows_project_idx",
    ],
    [
      "notifications",
      `select id from notifications where user_id = ?1 order by created_at desc, id desc limit 50 offset 0`,
      "notifications_user_idx",
    ],
    ["unread", `select count(*) from notifications where user_id = ?1 and read_at is null`, "notifications_unread_idx"],
    [
      "an update's notifications, deleted with it",
      `delete from notifications where event_key = ?1`,
      "notifications_event_unique",
    ],
    [
      "updates",
      `select u.id from project_updates u where u.project_id = ?1 order by u.created_at desc, u.id desc limit 20 offset 0`,
      "project_updates_project_idx",
    ],
    [
      "threads, top",
      `select p.id from discussion_posts p join users u on u.id = p.author_id
       where p.project_id = ?1 and p.depth = 0 and p.pinned_at is null
       order by p.vote_count desc, p.created_at desc, p.id desc limit 20 offset 0`,
      "discussion_threads_top_idx",
    ],
    [
      "threads, newest",
      `select p.id from discussion_posts p join users u on u.id = p.author_id where p.project_id = ?1 and p.depth = 0
       order by p.created_at desc, p.id desc limit 20 offset 0`,
      "discussion_threads_new_idx",
    ],
  ];
  for (const [name, sql, index] of plans) {
    it(`${name}: ${index}, no sort`, async () => {
      const plan = await env.DB.prepare(`explain query plan ${sql}`).bind("x").all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details).toContain(index);
      expect(details).not.toMatch(/TEMP B-TREE|SCAN (p|u|f|q|notifications)$/m);
    });
  }
});
