/**
 * Every list bounded (ADR 035), through the page doors: the watchlist, a founder's followers, /notifications and the
 * project page's Updates and Discussion tabs show a page at a time with the project page's pager
 * (links, so paging works without JavaScript): first, middle and last page; past the end the
 * total and "No … on this page."; a page number that is no page is the first page, never a 500.
 * /notifications marks read only what it showed. Each page reads as many statements as before.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { insertProject, page, queries, rows, signup, unique, visibleText } from "./helpers";

const T0 = Date.now() - 10_000_000;

async function text(path: string, token?: string) {
  const res = await page(path, { token });
  expect(res.status, path).toBe(200);
  return visibleText(await res.text());
}

/** `n` published projects `userId` follows, "Watched i" followed at T0 + i. */
async function follow(userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const p = await insertProject({ title: `Watched ${i}` });
    await env.DB.prepare("insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3)")
      .bind(userId, p.id, T0 + i)
      .run();
  }
}

describe("the watchlist pages", () => {
  it("shows 20 a page, most recently followed first, with the total and a pager", async () => {
    const me = await signup();
    await follow(me.user.id, 41);
    const first = await text("/settings?tab=watchlist", me.token);
    expect(first).toContain("Watchlist (41)");
    expect(first).toContain("Watched 40");
    expect(first).not.toContain("Watched 20");
    const middle = await text("/settings?tab=watchlist&watchlist=2", me.token);
    expect([middle.includes("Watched 20"), middle.includes("Watched 1 ")]).toEqual([true, true]);
    const last = await text("/settings/watchlist?watchlist=3", me.token);
    expect(last).toContain("Watched 0");
    expect(last).not.toContain("Watched 1 ");
  });

  it("past the end shows the total and says the page is empty; no page number is the first page", async () => {
    const me = await signup();
    await follow(me.user.id, 2);
    expect(await text("/settings?tab=watchlist&watchlist=5", me.token)).toContain("No projects on this page.");
    for (const bad of ["0", "abc", "-1", "99999999999999999999"]) {
      expect(await text(`/settings?tab=watchlist&watchlist=${bad}`, me.token)).toContain("Watched 1");
    }
  });
});

describe("a founder's followers", () => {
  it("20 a page, newest first, named like the public lists; the total on every page", async () => {
    const founder = await signup("founder");
    const p = await insertProject({ founderId: founder.user.id });
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 21; i++) {
      const id = unique("fan-");
      stmts.push(
        env.DB.prepare(
          `insert into users (id, email, password_hash, first_name, last_name, birth_date)
           values (?1, ?2, 'x', ?3, 'Zed', '1999-01-01')`,
        ).bind(id, `${id}@fans.example.edu`, `Fan${i}`),
        env.DB.prepare("insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3)").bind(
          id,
          p.id,
          T0 + i,
        ),
      );
    }
    await env.DB.batch(stmts);
    const first = await text("/settings?tab=followers", founder.token);
    expect(first).toContain("21 people follow");
    expect(first).toContain("Fan20 Z.");
    expect(first).not.toContain("Fan0 Z.");
    const last = await text("/settings?tab=followers&followers=2", founder.token);
    expect(last).toContain("Fan0 Z.");
    expect(last).not.toContain("Fan1 Z.");
    const past = await text("/settings?tab=followers&followers=3", founder.token);
    expect([past.includes("21 people follow"), past.includes("No followers on this page.")]).toEqual([true, true]);
  });
});

describe("/notifications", () => {
  async function notes(userId: string, n: number) {
    await env.DB.batch(
      Array.from({ length: n }, (_, i) =>
        env.DB.prepare(
          `insert into notifications (id, user_id, kind, event_key, text, link, created_at)
           values (?1, ?2, 'update', ?3, ?4, '/', ?5)`,
        ).bind(`${userId}-${i}`, userId, `e:${i}`, `Note number ${i}.`, T0 + i),
      ),
    );
  }

  it("shows 50 a page and marks read only the page it showed", async () => {
    const me = await signup();
    await notes(me.user.id, 101);
    const res = await page("/notifications", { token: me.token });
    const first = visibleText(await res.text());
    expect([first.includes("Note number 100."), first.includes("Note number 50.")]).toEqual([true, false]);
    expect(await rows("notifications", "user_id = ? and read_at is null", me.user.id)).toBe(51);
    const middle = await text("/notifications?page=2", me.token);
    expect([middle.includes("Note number 50."), middle.includes("Note number 1.")]).toEqual([true, true]);
    expect(await rows("notifications", "user_id = ? and read_at is null", me.user.id)).toBe(1);
    const last = await text("/notifications?page=3", me.token);
    expect(last).toContain("Note number 0.");
    expect(await rows("notifications", "user_id = ? and read_at is null", me.user.id)).toBe(0);
  });

  it("past the end says the page is empty; no page number is the first page", async () => {
    const me = await signup();
    await notes(me.user.id, 3);
    expect(await text("/notifications?page=9", me.token)).toContain("No notifications on this page.");
    expect(await text("/notifications?page=abc", me.token)).toContain("Note number 2.");
  });

  it("reads as many statements as before: the session, the page, the mark and the count", async () => {
    const me = await signup();
    await notes(me.user.id, 2);
    expect(queries(await page("/notifications", { token: me.token }))).toBe(4);
  });
});

describe("the project page's Updates and Discussion tabs", () => {
  async function projectWith21() {
    const founder = await signup("founder");
    const asker = await signup();
    const p = await insertProject({ founderId: founder.user.id });
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 21; i++) {
      stmts.push(
        env.DB.prepare(
          `insert into project_updates (id, project_id, author_id, title, body, created_at, updated_at)
           values (?1, ?2, ?3, ?4, 'Body', ?5, ?5)`,
        ).bind(unique("up-"), p.id, founder.user.id, `Update number ${i}.`, T0 + i),
        env.DB.prepare(
          `insert into discussion_posts (id, project_id, thread_id, author_id, body, created_at, last_activity_at)
           values (?1, ?2, ?1, ?3, ?4, ?5, ?5)`,
        ).bind(unique("q-"), p.id, asker.user.id, `Question number ${i}?`, T0 + i),
      );
    }
    stmts.push(env.DB.prepare("update projects set thread_count = 21 where id = ?1").bind(p.id));
    // The project's kept last update (ADR 055), as a post's batch keeps it.
    stmts.push(
      env.DB.prepare(
        "update projects set last_update_at = (select max(created_at) from project_updates where project_id = ?1 and hidden = 0) where id = ?1",
      ).bind(p.id),
    );
    await env.DB.batch(stmts);
    return p;
  }

  it("Updates: 20 a page, newest first, a pager link to the next; past the end says so", async () => {
    const p = await projectWith21();
    const res = await page(`/project/${p.slug}?tab=updates`);
    expect(queries(res)).toBe(2); // no session: the project, then the page of updates
    const html = await res.text();
    expect(html).toContain(`href="/project/${p.slug}?tab=updates&amp;updates=2"`);
    const first = visibleText(html);
    expect([first.includes("Update number 20."), first.includes("Update number 0.")]).toEqual([true, false]);
    const last = await text(`/project/${p.slug}?tab=updates&updates=2`);
    expect([last.includes("Update number 0."), last.includes("Update number 1.")]).toEqual([true, false]);
    expect(await text(`/project/${p.slug}?tab=updates&updates=3`)).toContain("No updates on this page.");
    expect(await text(`/project/${p.slug}?tab=updates&updates=x`)).toContain("Update number 20.");
  });

  it("Discussion: 20 threads a page, Top (no votes: newest first) and Newest; past the end says so", async () => {
    const p = await projectWith21();
    const res = await page(`/project/${p.slug}?tab=discussion`);
    expect(queries(res)).toBe(3); // no session: the project, the threads, their replies
    const html = await res.text();
    expect(html).toContain(`href="/project/${p.slug}?tab=discussion&amp;page=2"`);
    const first = visibleText(html);
    expect([first.includes("Question number 20?"), first.includes("Question number 0?")]).toEqual([true, false]);
    const last = await text(`/project/${p.slug}?tab=discussion&order=newest&page=2`);
    expect([last.includes("Question number 0?"), last.includes("Question number 1?")]).toEqual([true, false]);
    expect(await text(`/project/${p.slug}?tab=discussion&page=3`)).toContain("No threads on this page.");
  });
});
