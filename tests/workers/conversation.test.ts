/**
 * The conversation (ADR 022) through the API: following, founder updates, notifications and the fan-out (the Discussion: discussion.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { UPDATE_MESSAGES } from "../../domain/conversation/update-form";
import { MESSAGES } from "../../domain/shared/messages";
import { runClosingSoon } from "../../worker/services/conversation/notifications";
import { call, db, inDays, insertProject, json, makeAdmin, signup, withPrice } from "./helpers";

type Note = { id: string; kind: string; text: string; link: string; read: boolean };
type Update = { id: string; title: string | null; body: string | null; investorsOnly: boolean; readable: boolean };

const invest = async (id: string, token: string, shares = 10) =>
  call(`/api/projects/${id}/invest`, {
    body: await withPrice(id, { shares }),
    token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

/** A founder with a published project (inserted straight into D1 and owned by them). */
async function founderWithProject(overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now(), ...overrides });
  return { founder, project };
}

async function notesOf(token: string) {
  const res = await call("/api/notifications", { token });
  expect(res.status).toBe(200);
  return json<{ notifications: Note[]; unread: number }>(res);
}

const post = (path: string, token: string | undefined, body: unknown) => call(path, { body, token });

/** A user's notifications but their own commitment notices (one per purchase: ADR 043). */
async function othersOf(token: string) {
  return (await notesOf(token)).notifications.filter((n) => n.kind !== "commitment");
}

describe("following", () => {
  it("follows once however often, counts followers, and lists the watchlist", async () => {
    const { project } = await founderWithProject();
    const a = await signup();
    const b = await signup();
    for (let i = 0; i < 2; i++) {
      const res = await call(`/api/projects/${project.id}/follow`, { method: "POST", token: a.token });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ following: true, followers: 1 });
    }
    const both = await json(await call(`/api/projects/${project.slug}/follow`, { method: "POST", token: b.token }));
    expect(both).toMatchObject({ following: true, followers: 2 });
    const list = await json<{ projects: { _id: string }[] }>(await call("/api/users/me/watchlist", { token: a.token }));
    expect(list.projects.map((p) => p._id)).toEqual([project.id]);

    const off = await call(`/api/projects/${project.id}/follow`, { method: "DELETE", token: a.token });
    expect(await json(off)).toMatchObject({ following: false, followers: 1 });
    const again = await call(`/api/projects/${project.id}/follow`, { method: "DELETE", token: a.token });
    expect(await json(again)).toMatchObject({ following: false, followers: 1 });
    expect(
      (await json<{ projects: unknown[] }>(await call("/api/users/me/watchlist", { token: a.token }))).projects,
    ).toEqual([]);
  });

  it("asks a visitor to sign in, and does not find drafts or unknown projects", async () => {
    const { project } = await founderWithProject();
    const visitor = await call(`/api/projects/${project.id}/follow`, { method: "POST" });
    expect(visitor.status).toBe(401);
    expect((await json(visitor)).message).toBe(MESSAGES.authRequired);
    const draft = await insertProject({ status: "draft", publishedAt: null });
    const a = await signup();
    expect((await call(`/api/projects/${draft.id}/follow`, { method: "POST", token: a.token })).status).toBe(404);
    expect((await call(`/api/projects/nope/follow`, { method: "POST", token: a.token })).status).toBe(404);
    const rows = await env.DB.prepare("select count(*) n from project_follows where user_id = ?")
      .bind(a.user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("founder updates", () => {
  it("refuses an empty or too long update with the form's messages, and writes nothing", async () => {
    const { founder, project } = await founderWithProject();
    const empty = await post(`/api/projects/${project.id}/updates`, founder.token, {});
    expect(empty.status).toBe(400);
    expect((await json(empty)).errors).toEqual({
      title: UPDATE_MESSAGES.titleRequired,
      body: UPDATE_MESSAGES.bodyRequired,
    });
    const long = await post(`/api/projects/${project.id}/updates`, founder.token, {
      title: "x".repeat(121),
      body: "y".repeat(10_001),
    });
    expect((await json(long)).errors).toEqual({
      title: UPDATE_MESSAGES.titleTooLong,
      body: UPDATE_MESSAGES.bodyTooLong,
    });
    // The limits count characters as people do: 120 emoji are a 120-character title.
    const emoji = await post(`/api/projects/${project.id}/updates`, founder.token, {
      title: "🚀".repeat(120),
      body: "ok",
    });
    expect(emoji.status).toBe(201);
    const n = await env.DB.prepare("select count(*) n from project_updates where project_id = ?")
      .bind(project.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("lets only the project's founder (or an admin) post, edit and delete", async () => {
    const { founder, project } = await founderWithProject();
    const other = await signup("founder");
    const investor = await signup();
    const body = { title: "Pilot", body: "We shipped." };
    for (const who of [other, investor]) {
      const res = await post(`/api/projects/${project.id}/updates`, who.token, body);
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe(UPDATE_MESSAGES.onlyFounder);
    }
    expect((await post(`/api/projects/${project.id}/updates`, undefined, body)).status).toBe(401);
    const created = await json<Update>(await post(`/api/projects/${project.id}/updates`, founder.token, body));
    const edit = (token: string) =>
      call(`/api/projects/${project.id}/updates/${created.id}`, {
        method: "PUT",
        token,
        body: { title: "Pilot 2", body: "Edited." },
      });
    expect((await edit(other.token)).status).toBe(403);
    const edited = await edit(founder.token);
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ title: "Pilot 2", body: "Edited." });
    const admin = await signup();
    await makeAdmin(admin.user.id);
    const del = await call(`/api/projects/${project.id}/updates/${created.id}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(del.status).toBe(200);
    const gone = await call(`/api/projects/${project.id}/updates/${created.id}`, {
      method: "DELETE",
      token: founder.token,
    });
    expect(gone.status).toBe(404);
    expect((await json(gone)).message).toBe(UPDATE_MESSAGES.notFound);
  });

  it("shows investors-only updates to investors, the founder and admins, and a note without content to others", async () => {
    const { founder, project } = await founderWithProject();
    const investor = await signup();
    const stranger = await signup();
    const admin = await signup();
    await makeAdmin(admin.user.id);
    expect((await invest(project.id, investor.token)).status).toBe(201);
    await post(`/api/projects/${project.id}/updates`, founder.token, { title: "Public", body: "For all." });
    await post(`/api/projects/${project.id}/updates`, founder.token, {
      title: "Secret",
      body: "Numbers.",
      investorsOnly: true,
    });
    const read = async (token?: string) =>
      (await json<{ updates: Update[] }>(await call(`/api/projects/${project.id}/updates`, { token }))).updates;
    for (const token of [investor.token, founder.token, admin.token]) {
      expect((await read(token)).map((u) => u.title)).toEqual(["Secret", "Public"]);
    }
    for (const token of [stranger.token, undefined]) {
      const seen = await read(token);
      expect(seen.map((u) => [u.title, u.body, u.investorsOnly, u.readable])).toEqual([
        [null, null, true, false],
        ["Public", "For all.", false, true],
      ]);
    }
  });

  it("keeps markup and javascript: links as text", async () => {
    const { founder, project } = await founderWithProject();
    const body = "<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>";
    const res = await post(`/api/projects/${project.id}/updates`, founder.token, { title: "<b>Bold</b>", body });
    expect(await json(res)).toMatchObject({ title: "<b>Bold</b>", body });
  });
});

describe("the fan-out", () => {
  it("tells investors and followers of a public update once, honours preferences, and skips the author", async () => {
    const { founder, project } = await founderWithProject();
    const investor = await signup();
    const follower = await signup();
    const both = await signup();
    const muted = await signup();
    expect((await invest(project.id, investor.token)).status).toBe(201);
    expect((await invest(project.id, both.token)).status).toBe(201);
    for (const u of [follower, both, muted]) {
      await call(`/api/projects/${project.id}/follow`, { method: "POST", token: u.token });
    }
    const pref = await call("/api/notifications/preferences", {
      method: "PUT",
      token: muted.token,
      body: { updates: false },
    });
    expect(await json(pref)).toMatchObject({ updates: false, answers: true });

    const created = await json<Update>(
      await post(`/api/projects/${project.id}/updates`, founder.token, { title: "Launch", body: "Live." }),
    );
    for (const u of [investor, follower, both]) {
      const notes = await othersOf(u.token);
      expect(notes.filter((n) => !n.read)).toHaveLength(1);
      expect(notes).toMatchObject([
        {
          kind: "update",
          text: `“${project.title}” posted an update: “Launch”`,
          link: `/project/${project.slug}?tab=updates#update-${created.id}`,
          read: false,
        },
      ]);
    }
    expect((await notesOf(muted.token)).notifications).toEqual([]);
    // The author hears of the two investments, not of their own update.
    expect((await notesOf(founder.token)).notifications.map((n) => n.kind)).toEqual(["investment", "investment"]);
  });

  it("tells only investors of an investors-only update", async () => {
    const { founder, project } = await founderWithProject();
    const investor = await signup();
    const follower = await signup();
    expect((await invest(project.id, investor.token)).status).toBe(201);
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: follower.token });
    await post(`/api/projects/${project.id}/updates`, founder.token, {
      title: "Q3",
      body: "Numbers.",
      investorsOnly: true,
    });
    expect((await othersOf(investor.token)).map((n) => n.kind)).toEqual(["update"]);
    expect((await notesOf(follower.token)).unread).toBe(0);
  });

  it("reaches 500 followers in one statement", async () => {
    const { founder, project } = await founderWithProject();
    const d1 = env.DB;
    const now = Date.now();
    const ids = Array.from({ length: 500 }, (_, i) => `bulk-${project.id}-${i}`);
    await d1.batch(
      ids.flatMap((id) => [
        d1
          .prepare(
            "insert into users (id, email, password_hash, first_name, last_name, birth_date, role) values (?1, ?2, 'x', 'Bulk', 'User', '1990-01-01', 'investor')",
          )
          .bind(id, `${id}@example.edu`),
        d1
          .prepare("insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3)")
          .bind(id, project.id, now),
      ]),
    );
    const res = await post(`/api/projects/${project.id}/updates`, founder.token, { title: "To all", body: "Hello." });
    expect(res.status).toBe(201);
    const { id } = await json<Update>(res);
    const n = await d1
      .prepare("select count(*) n, count(distinct user_id) d from notifications where event_key = ?")
      .bind(`update:${id}`)
      .first<{ n: number; d: number }>();
    expect(n).toEqual({ n: 500, d: 500 });
  });

  it("removes an update's notifications with the update", async () => {
    const { founder, project } = await founderWithProject();
    const follower = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: follower.token });
    const created = await json<Update>(
      await post(`/api/projects/${project.id}/updates`, founder.token, { title: "Oops", body: "Typo." }),
    );
    expect((await notesOf(follower.token)).unread).toBe(1);
    await call(`/api/projects/${project.id}/updates/${created.id}`, { method: "DELETE", token: founder.token });
    expect((await notesOf(follower.token)).notifications).toEqual([]);
  });

  it("tells a follower once when a project closes within 48 hours (the daily cron)", async () => {
    const { project: soon } = await founderWithProject({ fundingDeadline: inDays(1) });
    const { project: later } = await founderWithProject({ fundingDeadline: inDays(5) });
    const follower = await signup();
    for (const p of [soon, later])
      await call(`/api/projects/${p.id}/follow`, { method: "POST", token: follower.token });
    await runClosingSoon(db());
    await runClosingSoon(db());
    const notes = await notesOf(follower.token);
    expect(notes.notifications.map((n) => [n.kind, n.text])).toEqual([
      ["closing", `“${soon.title}” closes within 48 hours`],
    ]);
  });
});

describe("notifications", () => {
  it("marks the listed ids read, then all, and never someone else's", async () => {
    const { founder, project } = await founderWithProject();
    const follower = await signup();
    const other = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: follower.token });
    for (const title of ["One", "Two", "Three"]) {
      await post(`/api/projects/${project.id}/updates`, founder.token, { title, body: "." });
    }
    const before = await notesOf(follower.token);
    expect(before.unread).toBe(3);
    const [newest] = before.notifications;
    expect((await json(await post("/api/notifications/read", other.token, { ids: [newest!.id] }))).unread).toBe(0);
    expect((await notesOf(follower.token)).unread).toBe(3);
    expect(await json(await post("/api/notifications/read", follower.token, { ids: [newest!.id] }))).toEqual({
      unread: 2,
    });
    const after = await notesOf(follower.token);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false, false]);
    // An empty list names no notification: nothing is marked.
    expect(await json(await post("/api/notifications/read", follower.token, { ids: [] }))).toEqual({ unread: 2 });
    expect((await notesOf(follower.token)).notifications.map((n) => n.read)).toEqual([true, false, false]);
    expect(await json(await post("/api/notifications/read", follower.token, {}))).toEqual({ unread: 0 });
    const bad = await post("/api/notifications/read", follower.token, { ids: [1, 2] });
    expect(bad.status).toBe(400);
    const tooMany = await post("/api/notifications/read", follower.token, {
      ids: Array.from({ length: 51 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).message).toBe("ids must be a list of at most 50 notification ids");
    // A full page of ids (50, the most D1 can bind here with the user) is answered.
    const page = await post("/api/notifications/read", follower.token, {
      ids: Array.from({ length: 50 }, (_, i) => `id-${i}`),
    });
    expect(await json(page)).toEqual({ unread: 0 });
    expect((await call("/api/notifications")).status).toBe(401);
  });
});

describe("purchase notifications", () => {
  it("tells the founder of each new investment, in the purchase's own batch", async () => {
    const { founder, project } = await founderWithProject();
    const investor = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
    expect((await invest(project.id, investor.token, 12)).status).toBe(201);
    const notes = await notesOf(founder.token);
    expect(notes.notifications.map((n) => [n.kind, n.text, n.link])).toEqual([
      ["investment", `“Grace H.” invested $120 in “${project.title}”`, "/founder-dashboard"],
    ]);
    // A refused purchase (above the shares left) tells nobody.
    expect((await invest(project.id, investor.token, 5_000)).status).toBe(409);
    expect((await notesOf(founder.token)).notifications).toHaveLength(1);
  });

  it("honours a founder who switched investment notifications off", async () => {
    const { founder, project } = await founderWithProject();
    await call("/api/notifications/preferences", { method: "PUT", token: founder.token, body: { investments: false } });
    const investor = await signup();
    expect((await invest(project.id, investor.token)).status).toBe(201);
    expect((await notesOf(founder.token)).notifications).toEqual([]);
  });

  it("tells investors and followers once when the goal is reached, but not the buyer who reached it", async () => {
    // $10,000 goal at $10 a share: 1,000 shares.
    const { project } = await founderWithProject({ totalShares: 2_000 });
    const early = await signup();
    const follower = await signup();
    const closer = await signup();
    const late = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: follower.token });
    expect((await invest(project.id, early.token, 600)).status).toBe(201);
    const before = await othersOf(early.token);
    expect(before, JSON.stringify(before)).toEqual([]);
    expect((await invest(project.id, closer.token, 400)).status).toBe(201);
    expect((await invest(project.id, late.token, 10)).status).toBe(201);
    const goal = `“${project.title}” reached its funding goal`;
    for (const u of [early, follower]) {
      expect((await othersOf(u.token)).map((n) => [n.kind, n.text])).toEqual([["goal", goal]]);
    }
    expect(await othersOf(closer.token)).toEqual([]);
    // `late` invested after the goal was reached: the event had already happened.
    expect(await othersOf(late.token)).toEqual([]);
    const n = await env.DB.prepare("select count(*) n from notifications where event_key = ?")
      .bind(`goal:${project.id}`)
      .first<{ n: number }>();
    expect(n!.n).toBe(2);
  });
});
