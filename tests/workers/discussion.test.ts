/**
 * A project's Discussion (ADR 055) through the API: threads, replies and their depth, one vote per
 * person under concurrent clicks, the founder's pin, the orders, the hourly limits under concurrent
 * requests, a suspended poster, hidden posts, notifications, the moved questions and erasure.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { DAY_MS } from "../../domain/shared/dates";
import { DELETED_AUTHOR, DELETED_BODY } from "../../worker/services/conversation/discussion";
import { eraseAccount } from "../../worker/services/accounts/account-deletion";
import { call, insertProject, json, makeAdmin, signup } from "./helpers";

type Post = {
  id: string;
  threadId: string;
  parentId: string | null;
  depth: number;
  body: string;
  authorName: string;
  byFounder: boolean;
  byAdmin: boolean;
  voteCount: number;
  replyCount: number;
  pinned: boolean;
  hidden: boolean;
  voted: boolean;
};
type Thread = Post & { replies: Post[] };
type Page = { threads: Thread[]; total: number; pageCount: number };
type Note = { kind: string; text: string; link: string };

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

async function startThread(projectId: string, token: string, body: string) {
  const res = await call(`/api/projects/${projectId}/discussion`, { body: { body }, token });
  expect(res.status).toBe(201);
  return json<Post>(res);
}

async function reply(postId: string, token: string, body: string) {
  const res = await call(`/api/discussion/posts/${postId}/replies`, { body: { body }, token });
  expect(res.status).toBe(201);
  return json<Post>(res);
}

const pageOf = async (projectId: string, token?: string, order = "top") =>
  json<Page>(await call(`/api/projects/${projectId}/discussion?order=${order}`, { token }));

async function notesOf(token: string) {
  return (await json<{ notifications: Note[] }>(await call("/api/notifications", { token }))).notifications;
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("threads and replies", () => {
  it("starts a thread, nests replies two levels deep, and marks the founder's", async () => {
    const { founder, project } = await founderWithProject();
    const ada = await signup();
    const thread = await startThread(project.id, ada.token, "  How will you keep the data accurate?  ");
    expect(thread).toMatchObject({
      depth: 0,
      parentId: null,
      threadId: thread.id,
      body: "How will you keep the data accurate?",
    });

    const answer = await reply(thread.id, founder.token, "Readings expire after 30 minutes.");
    expect(answer).toMatchObject({ depth: 1, parentId: thread.id, byFounder: true });
    const second = await reply(answer.id, ada.token, "Thanks, and at night?");
    expect(second).toMatchObject({ depth: 2, parentId: answer.id });
    // A reply to the deepest level sits beside it, under the same parent.
    const third = await reply(second.id, founder.token, "The same.");
    expect(third).toMatchObject({ depth: 2, parentId: answer.id, threadId: thread.id });

    const page = await pageOf(project.slug);
    expect(page.total).toBe(1);
    expect(page.threads[0]).toMatchObject({ id: thread.id, replyCount: 3 });
    expect(page.threads[0]!.replies.map((r) => [r.id, r.depth])).toEqual([
      [answer.id, 1],
      [second.id, 2],
      [third.id, 2],
    ]);
    const read = await json<Thread>(await call(`/api/discussion/threads/${thread.id}`));
    expect(read.replies).toHaveLength(3);
    expect(await count("select thread_count as n from projects where id = ?", project.id)).toBe(1);
  });

  it("shows the first replies on the page and every reply in the thread's own read", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const thread = await startThread(project.id, ada.token, "Many replies");
    const extra = DISCUSSION_LIMITS.repliesShown + 2;
    for (let i = 0; i < extra; i++) await reply(thread.id, ada.token, `Reply ${i}`);
    const page = await pageOf(project.id);
    expect(page.threads[0]!.replies).toHaveLength(DISCUSSION_LIMITS.repliesShown);
    expect(page.threads[0]!.replyCount).toBe(extra);
    const read = await json<Thread>(await call(`/api/discussion/threads/${thread.id}`));
    expect(read.replies.map((r) => r.body)).toEqual(Array.from({ length: extra }, (_, i) => `Reply ${i}`));
  });

  it("refuses an empty or too long body, a draft project and a visitor, and keeps a long post whole", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const empty = await call(`/api/projects/${project.id}/discussion`, { body: { body: "   " }, token: ada.token });
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe(DISCUSSION_MESSAGES.bodyRequired);
    const long = await call(`/api/projects/${project.id}/discussion`, {
      body: { body: "x".repeat(DISCUSSION_LIMITS.body + 1) },
      token: ada.token,
    });
    expect(long.status).toBe(400);
    expect((await json(long)).message).toBe(DISCUSSION_MESSAGES.bodyTooLong);
    const whole = await startThread(project.id, ada.token, "y".repeat(DISCUSSION_LIMITS.body));
    expect(whole.body).toHaveLength(DISCUSSION_LIMITS.body);
    expect((await call(`/api/projects/${project.id}/discussion`, { body: { body: "hi" } })).status).toBe(401);
    const founder = await signup("founder");
    const draft = await insertProject({ founderId: founder.user.id, status: "draft", publishedAt: null });
    const drafted = await call(`/api/projects/${draft.id}/discussion`, { body: { body: "hi" }, token: founder.token });
    expect(drafted.status).toBe(409);
    expect((await json(drafted)).message).toBe(DISCUSSION_MESSAGES.draft);
  });
});

describe("votes", () => {
  it("counts 10 votes sent at once by one person as one, and undoes it", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const bob = await signup();
    const thread = await startThread(project.id, ada.token, "Vote for me");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(`/api/discussion/posts/${thread.id}/vote`, { method: "PUT", token: bob.token }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const page = await pageOf(project.id, bob.token);
    expect(page.threads[0]).toMatchObject({ voteCount: 1, voted: true });
    const undo = await call(`/api/discussion/posts/${thread.id}/vote`, { method: "DELETE", token: bob.token });
    expect(await json(undo)).toEqual({ voted: false, voteCount: 0 });
    expect((await pageOf(project.id, bob.token)).threads[0]).toMatchObject({ voteCount: 0, voted: false });
  });

  it("orders Top by pin, then votes, then newest; Newest by date", async () => {
    const { founder, project } = await founderWithProject();
    const [ada, bob, cy] = [await signup(), await signup(), await signup()];
    const first = await startThread(project.id, ada.token, "First");
    const second = await startThread(project.id, ada.token, "Second");
    const third = await startThread(project.id, ada.token, "Third");
    for (const who of [bob, cy])
      await call(`/api/discussion/posts/${first.id}/vote`, { method: "PUT", token: who.token });
    await call(`/api/discussion/posts/${second.id}/vote`, { method: "PUT", token: bob.token });
    expect((await pageOf(project.id)).threads.map((t) => t.body)).toEqual(["First", "Second", "Third"]);
    expect((await pageOf(project.id, undefined, "newest")).threads.map((t) => t.body)).toEqual([
      "Third",
      "Second",
      "First",
    ]);

    // The founder pins one thread: it goes first; pinning another moves the pin.
    const pin = await call(`/api/discussion/threads/${third.id}/pin`, { method: "PUT", token: founder.token });
    expect(await json(pin)).toEqual({ pinned: true });
    const pinned = await pageOf(project.id);
    expect(pinned.threads.map((t) => [t.body, t.pinned])).toEqual([
      ["Third", true],
      ["First", false],
      ["Second", false],
    ]);
    expect(pinned.total).toBe(3);
    await call(`/api/discussion/threads/${second.id}/pin`, { method: "PUT", token: founder.token });
    expect((await pageOf(project.id)).threads.map((t) => t.body)).toEqual(["Second", "First", "Third"]);
    expect(
      await count(
        "select count(*) as n from discussion_posts where project_id = ? and pinned_at is not null",
        project.id,
      ),
    ).toBe(1);

    const refused = await call(`/api/discussion/threads/${first.id}/pin`, { method: "PUT", token: ada.token });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(DISCUSSION_MESSAGES.onlyFounderPins);
    const r = await reply(first.id, ada.token, "a reply");
    const notThread = await call(`/api/discussion/threads/${r.id}/pin`, { method: "PUT", token: founder.token });
    expect(notThread.status).toBe(409);
    expect((await json(notThread)).message).toBe(DISCUSSION_MESSAGES.onlyThreadsPin);
    await call(`/api/discussion/threads/${second.id}/pin`, { method: "DELETE", token: founder.token });
    expect((await pageOf(project.id)).threads.map((t) => t.body)).toEqual(["First", "Second", "Third"]);
  });
});

describe("limits and suspension", () => {
  it("writes 5 of 6 threads sent at once", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(`/api/projects/${project.id}/discussion`, { body: { body: `Thread ${i}` }, token: ada.token }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await count("select count(*) as n from discussion_posts where author_id = ?", ada.user.id)).toBe(5);
    expect(await count("select thread_count as n from projects where id = ?", project.id)).toBe(5);
  });

  it("refuses a suspended poster's thread and reply, with the date", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const bob = await signup();
    const thread = await startThread(project.id, bob.token, "Open thread");
    const until = Date.now() + 3 * DAY_MS;
    await env.DB.prepare("update users set posting_suspended_until = ? where id = ?").bind(until, ada.user.id).run();
    const refused = await call(`/api/projects/${project.id}/discussion`, { body: { body: "hi" }, token: ada.token });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(DISCUSSION_MESSAGES.suspended(until));
    const replied = await call(`/api/discussion/posts/${thread.id}/replies`, {
      body: { body: "hi" },
      token: ada.token,
    });
    expect(replied.status).toBe(403);
    expect(await count("select count(*) as n from discussion_posts where author_id = ?", ada.user.id)).toBe(0);
  });
});

describe("hidden posts", () => {
  it("shows a hidden thread and its replies only to its author, the founder and admins", async () => {
    const { founder, project } = await founderWithProject();
    const [ada, bob, admin] = [await signup(), await signup(), await signup()];
    await makeAdmin(admin.user.id);
    const thread = await startThread(project.id, ada.token, "Hidden soon");
    await reply(thread.id, bob.token, "A reply under it");
    const shown = await startThread(project.id, bob.token, "Shown");
    const hiddenReply = await reply(shown.id, ada.token, "A hidden reply");
    // Moderation (another part of the console) sets hidden_at and keeps thread_count of visible roots.
    await env.DB.batch([
      env.DB.prepare("update discussion_posts set hidden_at = ? where id in (?, ?)").bind(
        Date.now(),
        thread.id,
        hiddenReply.id,
      ),
      env.DB.prepare("update projects set thread_count = thread_count - 1 where id = ?").bind(project.id),
    ]);

    const visitor = await pageOf(project.id);
    expect(visitor.threads.map((t) => [t.body, t.replies.length])).toEqual([["Shown", 0]]);
    expect(visitor.total).toBe(1);
    expect((await call(`/api/discussion/threads/${thread.id}`, { token: bob.token })).status).toBe(404);
    const replyUnder = await call(`/api/discussion/posts/${thread.id}/replies`, {
      body: { body: "x" },
      token: bob.token,
    });
    expect(replyUnder.status).toBe(404);
    for (const who of [ada, founder, admin]) {
      const page = await pageOf(project.id, who.token);
      expect(page.total).toBe(2);
      expect(page.threads.find((t) => t.id === thread.id)).toMatchObject({ hidden: true, replyCount: 1 });
      expect(page.threads.find((t) => t.id === shown.id)!.replies.map((r) => r.hidden)).toEqual([true]);
    }
  });
});

describe("notifications", () => {
  it("tells the author replied to, the founder of a thread and of a mention, never oneself", async () => {
    const { founder, project } = await founderWithProject();
    await env.DB.prepare("insert into public_profiles (user_id, username) values (?, ?)")
      .bind(founder.user.id, `maya${Date.now().toString(36)}`)
      .run();
    const username = (await env.DB.prepare("select username from public_profiles where user_id = ?")
      .bind(founder.user.id)
      .first<{ username: string }>())!.username;
    const ada = await signup();
    const bob = await signup();
    const thread = await startThread(project.id, ada.token, "A question for the team");
    expect((await notesOf(founder.token)).map((n) => n.kind)).toEqual(["question"]);

    await reply(thread.id, ada.token, "Adding to my own thread");
    expect(await notesOf(ada.token)).toEqual([]);

    const r = await reply(thread.id, bob.token, `Good point, @${username} what do you think?`);
    const adaNotes = await notesOf(ada.token);
    expect(adaNotes.map((n) => [n.kind, n.link])).toEqual([
      ["reply", `/project/${project.slug}?tab=discussion#post-${r.id}`],
    ]);
    expect((await notesOf(founder.token)).map((n) => n.kind)).toEqual(["mention", "question"]);

    await reply(r.id, bob.token, "@founder also this");
    expect((await notesOf(founder.token)).map((n) => n.kind)).toEqual(["mention", "mention", "question"]);
    // A reply to one's own post tells nobody.
    expect((await notesOf(bob.token)).length).toBe(0);
    const founderReply = await reply(r.id, founder.token, "@founder is me");
    expect(founderReply.byFounder).toBe(true);
    expect((await notesOf(founder.token)).length).toBe(3);
    expect((await notesOf(bob.token)).map((n) => n.kind)).toEqual(["reply"]);
  });

  it("mails a reply unless the replies preference is off", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const bob = await signup();
    await env.DB.prepare("update users set email_verified_at = ? where id = ?").bind(Date.now(), ada.user.id).run();
    const thread = await startThread(project.id, ada.token, "Mail me");
    await reply(thread.id, bob.token, "First reply");
    const mails = () =>
      count("select count(*) as n from mail_outbox where to_address = ? and kind = 'notice-reply'", ada.user.email);
    expect(await mails()).toBe(1);
    const off = await call("/api/notifications/preferences", {
      method: "PUT",
      body: { replies: false },
      token: ada.token,
    });
    expect(off.status).toBe(200);
    await reply(thread.id, bob.token, "Second reply");
    expect(await mails()).toBe(1);
    expect((await notesOf(ada.token)).length).toBe(2);
  });
});

describe("erasure", () => {
  it("keeps an erased account's posts in place as a deleted account's", async () => {
    const { project } = await founderWithProject();
    const ada = await signup();
    const bob = await signup();
    const thread = await startThread(project.id, ada.token, "Soon deleted");
    await reply(thread.id, bob.token, "A reply stays");
    const requested = Date.now() - 31 * DAY_MS;
    await env.DB.prepare("update users set deletion_requested_at = ? where id = ?").bind(requested, ada.user.id).run();
    const { createDb } = await import("../../db/client");
    expect(
      await eraseAccount(
        createDb(env.DB),
        { id: ada.user.id, requestedAt: requested, email: ada.user.email, firstName: "Ada", lastName: "Lovelace" },
        Date.now(),
      ),
    ).toBe(true);
    const page = await pageOf(project.id);
    expect(page.threads[0]).toMatchObject({
      id: thread.id,
      authorName: DELETED_AUTHOR,
      body: DELETED_BODY,
      replyCount: 1,
    });
    expect(page.threads[0]!.replies[0]!.body).toBe("A reply stays");
    expect(
      (await env.DB.prepare("select body from discussion_posts where id = ?")
        .bind(thread.id)
        .first<{ body: string }>())!.body,
    ).toBe(DELETED_BODY);
  });
});

describe("questions moved in (migrations/0037)", () => {
  it("turns a question and its answer into a thread and the founder's reply, a hidden question into a hidden thread", async () => {
    const { founder, project } = await founderWithProject();
    const ada = await signup();
    const bob = await signup();
    // The questions' table as it stood before the migration, with two questions in it.
    await env.DB.prepare(
      `create table project_questions (id text primary key, project_id text not null, asker_id text not null,
         question text not null, answer text, answered_at integer, hidden integer not null default 0, created_at integer not null)`,
    ).run();
    const asked = Date.now() - 5 * DAY_MS;
    await env.DB.batch([
      env.DB.prepare(
        "insert into project_questions values ('q-moved', ?, ?, 'Is it open source?', 'Yes, MIT.', ?, 0, ?)",
      ).bind(project.id, ada.user.id, asked + DAY_MS, asked),
      env.DB.prepare("insert into project_questions values ('q-hidden', ?, ?, 'Spam', null, null, 1, ?)").bind(
        project.id,
        bob.user.id,
        asked,
      ),
    ]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0037_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();

    const page = await pageOf(project.id);
    expect(page.total).toBe(1);
    expect(page.threads[0]).toMatchObject({
      id: "q-moved",
      body: "Is it open source?",
      replyCount: 1,
      authorName: "Ada L.",
    });
    expect(page.threads[0]!.replies[0]).toMatchObject({
      id: "q-moved-answer",
      parentId: "q-moved",
      depth: 1,
      body: "Yes, MIT.",
      byFounder: true,
    });
    expect((await pageOf(project.id, founder.token)).threads.map((t) => [t.id, t.hidden])).toEqual([
      ["q-moved", false],
      ["q-hidden", true],
    ]);
    expect(await count("select count(*) as n from sqlite_master where name = 'project_questions'")).toBe(0);
  });
});
