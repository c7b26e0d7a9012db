/**
 * A Discussion's moderation through the API (ADR 055): reporting a post (one per person, never
 * one's own, a reason, details for "other" and at most 500 characters, at most ten an hour even sent
 * at once), the admins' queue (grouped by post, oldest first, bounded), hiding with a note (reports
 * resolved, the author told once by bell and mail, the thread count kept), dismissing, restoring,
 * the posting suspension at the third hidden post (then every post is refused with its message),
 * lifting it, and every admin act refused to anyone else. The posts are written straight into D1
 * (tests/workers/others-records.ts `discussionPost`): posting is the Discussion's own service.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES, POSTING_SUSPENSION } from "../../domain/conversation/discussion-rules";
import { MODERATION_MESSAGES, REPORT_QUEUE } from "../../domain/conversation/moderation";
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import { requirePostingAllowed } from "../../worker/services/conversation/posting";
import { adminSession, call, db, json, signup, viewerFor } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { discussionPost, liveProject } from "./others-records";

type Answer = { message?: string; errors?: Record<string, string> };

const report = (postId: string, token: string, body: unknown) =>
  call(`/api/discussion/posts/${postId}/reports`, { token, body });

const threadCount = async (projectId: string) =>
  (await env.DB.prepare("select thread_count from projects where id = ?1")
    .bind(projectId)
    .first<number>("thread_count"))!;

const openReports = async (postId: string) =>
  (await env.DB.prepare("select count(*) as n from discussion_reports where post_id = ?1 and resolved_at is null")
    .bind(postId)
    .first<number>("n"))!;

describe("reporting a post", () => {
  it("files a report once: a second is a 409 with its message, and changes nothing", async () => {
    const post = await discussionPost();
    const me = await signup();
    const first = await report(post.id, me.token, { reason: "spam" });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ message: DISCUSSION_MESSAGES.reported, report: { reason: "spam" } });
    const again = await report(post.id, me.token, { reason: "abuse" });
    expect({
      status: again.status,
      message: (await json<Answer>(again)).message,
      open: await openReports(post.id),
    }).toEqual({
      status: 409,
      message: DISCUSSION_MESSAGES.alreadyReported,
      open: 1,
    });
  });

  it("refuses one's own post (403), a hidden post and an unknown one (404), and a visitor (401)", async () => {
    const post = await discussionPost();
    const author = await signup();
    const mine = await discussionPost({ authorId: author.user.id });
    await env.DB.prepare("update discussion_posts set hidden_at = ?2 where id = ?1").bind(post.id, Date.now()).run();
    await env.DB.prepare("update projects set thread_count = thread_count - 1 where id = ?1")
      .bind(post.projectId)
      .run();
    const someone = await signup();
    const answers = [
      await report(mine.id, author.token, { reason: "spam" }),
      await report(post.id, someone.token, { reason: "spam" }),
      await report("no-such-post", someone.token, { reason: "spam" }),
      await call(`/api/discussion/posts/${mine.id}/reports`, { body: { reason: "spam" } }),
    ];
    expect(await Promise.all(answers.map(async (r) => [r.status, (await json<Answer>(r)).message]))).toEqual([
      [403, DISCUSSION_MESSAGES.ownPost],
      [404, DISCUSSION_MESSAGES.notFound],
      [404, DISCUSSION_MESSAGES.notFound],
      [401, "Authentication required"],
    ]);
  });

  it("needs a reason of the list, details for 'other', and at most 500 characters of details, kept whole", async () => {
    const post = await discussionPost();
    const me = await signup();
    const refusals = [
      await report(post.id, me.token, {}),
      await report(post.id, me.token, { reason: "boring" }),
      await report(post.id, me.token, { reason: "other" }),
      await report(post.id, me.token, { reason: "other", detail: "   " }),
      await report(post.id, me.token, { reason: "spam", detail: "x".repeat(DISCUSSION_LIMITS.reportDetail + 1) }),
    ];
    expect(await Promise.all(refusals.map(async (r) => [r.status, (await json<Answer>(r)).errors]))).toEqual([
      [400, { reason: DISCUSSION_MESSAGES.reasonRequired }],
      [400, { reason: DISCUSSION_MESSAGES.reasonRequired }],
      [400, { detail: DISCUSSION_MESSAGES.detailRequired }],
      [400, { detail: DISCUSSION_MESSAGES.detailRequired }],
      [400, { detail: DISCUSSION_MESSAGES.detailTooLong }],
    ]);
    const detail = `${"é".repeat(DISCUSSION_LIMITS.reportDetail - 1)}!`;
    const filed = await report(post.id, me.token, { reason: "other", detail });
    expect(filed.status).toBe(201);
    const stored = await env.DB.prepare("select detail from discussion_reports where post_id = ?1")
      .bind(post.id)
      .first<string>("detail");
    expect(stored).toBe(detail);
  });

  it("holds the hourly limit under 11 reports sent at once: 10 filed, one 429", async () => {
    const project = (await liveProject()).project._id;
    const posts = [];
    for (let i = 0; i < 11; i++) posts.push(await discussionPost({ projectId: project }));
    const me = await signup();
    const answers = await Promise.all(posts.map((p) => report(p.id, me.token, { reason: "off_topic" })));
    const statuses = answers.map((r) => r.status).sort();
    const refused = answers.find((r) => r.status === 429)!;
    const filed = await env.DB.prepare("select count(*) as n from discussion_reports where reporter_id = ?1")
      .bind(me.user.id)
      .first<number>("n");
    expect({ statuses, message: (await json<Answer>(refused)).message, filed }).toEqual({
      statuses: [...Array(10).fill(201), 429],
      message: DISCUSSION_MESSAGES.tooManyReports,
      filed: DISCUSSION_LIMITS.reportsPerHour,
    });
  });

  it("is open to a person whose posting is suspended", async () => {
    const post = await discussionPost();
    const me = await signup();
    await env.DB.prepare("update users set posting_suspended_until = ?2 where id = ?1")
      .bind(me.user.id, Date.now() + 86_400_000)
      .run();
    expect((await report(post.id, me.token, { reason: "abuse" })).status).toBe(201);
  });
});

type Queue = {
  queue: {
    post: { id: string; body: string; isThread: boolean };
    author: { id: string; name: string };
    project: { title: string };
    reports: number;
    reasons: { reason: string; count: number }[];
    details: string[];
  }[];
  hidden: { id: string; note: string }[];
};

describe("the admins' queue", () => {
  it("groups open reports by post, oldest first, with reasons and counts, and leaves out resolved ones", async () => {
    const token = await adminSession();
    const older = await discussionPost({ reports: 2 });
    const newer = await discussionPost({ body: "You are all fools." });
    const one = await signup();
    await report(newer.id, one.token, { reason: "abuse" });
    await report(newer.id, (await signup()).token, { reason: "other", detail: "Insults the founder." });
    await report(older.id, (await signup()).token, { reason: "misleading" });
    const answer = await json<Queue>(await call("/api/admin/reports", { token }));
    const mine = answer.queue.filter((e) => [older.id as string, newer.id].includes(e.post.id));
    expect(
      mine.map((e) => ({ id: e.post.id, reports: e.reports, reasons: e.reasons.map((r) => [r.reason, r.count]) })),
    ).toEqual([
      {
        id: older.id,
        reports: 3,
        reasons: [
          ["spam", 2],
          ["misleading", 1],
        ],
      },
      {
        id: newer.id,
        reports: 2,
        reasons: [
          ["abuse", 1],
          ["other", 1],
        ],
      },
    ]);
    expect(mine[1]).toMatchObject({
      post: { body: "You are all fools.", isThread: true },
      project: { title: newer.title },
      details: ["Insults the founder."],
    });
    await call(`/api/admin/reports/${older.id}/dismiss`, { method: "POST", token });
    const after = await json<Queue>(await call("/api/admin/reports", { token }));
    expect(after.queue.map((e) => e.post.id)).not.toContain(older.id);
  });

  it(`shows at most ${REPORT_QUEUE.posts} posts, in one statement on the queue's index`, async () => {
    const token = await adminSession();
    const project = (await liveProject()).project._id;
    const reporter = (await signup()).user.id;
    const author = (await signup()).user.id;
    const statements = [];
    const now = Date.now();
    for (let i = 0; i < REPORT_QUEUE.posts + 5; i++) {
      const id = `queue-${now}-${i}`;
      statements.push(
        env.DB.prepare(
          `insert into discussion_posts (id, project_id, thread_id, depth, author_id, body) values (?1, ?2, ?1, 1, ?3, 'Spam')`,
        ).bind(id, project, author),
        env.DB.prepare(
          `insert into discussion_reports (id, post_id, reporter_id, reason, created_at) values (?1, ?1, ?2, 'spam', ?3)`,
        ).bind(id, reporter, now + i),
      );
    }
    await env.DB.batch(statements);
    const answer = await json<Queue>(await call("/api/admin/reports", { token }));
    expect(answer.queue).toHaveLength(REPORT_QUEUE.posts);
    const plan = await env.DB.prepare(
      "explain query plan select post_id from discussion_reports where resolved_at is null order by created_at, id limit 10",
    ).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("; ")).toMatch(/USING INDEX discussion_reports_queue_idx/);
  });
});

type Notice = { kind: string; text: string; link: string };

const noticesOf = async (userId: string) =>
  (
    await env.DB.prepare("select kind, text, link from notifications where user_id = ?1 and kind = 'moderation'")
      .bind(userId)
      .all<Notice>()
  ).results;

describe("hiding a post with a note", () => {
  it("hides it, resolves its reports, keeps the thread count and tells its author once by bell and mail", async () => {
    const token = await adminSession();
    const post = await discussionPost({ reports: 3 });
    await env.DB.prepare("update users set email_verified_at = ?2 where id = ?1").bind(post.authorId, Date.now()).run();
    const before = await threadCount(post.projectId);
    const note = "Advertising is not allowed in discussions.";
    // Sent twice at once: one hide, one 409.
    const [a, b] = await Promise.all([
      call(`/api/admin/reports/${post.id}/hide`, { token, body: { note } }),
      call(`/api/admin/reports/${post.id}/hide`, { token, body: { note } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const notices = await noticesOf(post.authorId);
    const outbox = await env.DB.prepare("select id, subject from mail_outbox where instr(id, ?1) = 1")
      .bind(`notice:moderation:hidden:${post.id}:`)
      .all<{ subject: string }>();
    const row = await env.DB.prepare(
      "select hidden_note, hidden_by is not null as by from discussion_posts where id = ?1",
    )
      .bind(post.id)
      .first();
    expect({
      row,
      open: await openReports(post.id),
      hiddenReports: await env.DB.prepare(
        "select count(*) as n from discussion_reports where post_id = ?1 and resolution = 'hidden'",
      )
        .bind(post.id)
        .first<number>("n"),
      threads: await threadCount(post.projectId),
      notices: notices.length,
      mails: outbox.results.map((m) => m.subject),
    }).toEqual({
      row: { hidden_note: note, by: 1 },
      open: 0,
      hiddenReports: 3,
      threads: before - 1,
      notices: 1,
      mails: ["A moderator hid your post on CampusFund"],
    });
    expect(notices[0]!.text).toBe(`A CampusFund moderator hid your post on “${post.title}”. Their note: “${note}”`);
    expect(notices[0]!.link).toMatch(new RegExp(`\\?tab=discussion#post-${post.id}$`));
  });

  it("needs a note of at most 500 characters, and refuses a hidden post (409)", async () => {
    const token = await adminSession();
    const post = await discussionPost({ reports: 1 });
    const blank = await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "  " } });
    const long = await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "x".repeat(501) } });
    expect([
      [blank.status, (await json<Answer>(blank)).errors],
      [long.status, (await json<Answer>(long)).errors],
    ]).toEqual([
      [400, { note: DISCUSSION_MESSAGES.noteRequired }],
      [400, { note: DISCUSSION_MESSAGES.noteTooLong }],
    ]);
    expect(await openReports(post.id)).toBe(1);
  });

  it("a reply hidden leaves the thread count as it is", async () => {
    const token = await adminSession();
    const thread = await discussionPost();
    const reply = await discussionPost({ projectId: thread.projectId, parentId: thread.id, reports: 1 });
    const before = await threadCount(thread.projectId);
    expect((await call(`/api/admin/reports/${reply.id}/hide`, { token, body: { note: "Rude." } })).status).toBe(200);
    expect(await threadCount(thread.projectId)).toBe(before);
  });
});

describe("dismissing and restoring", () => {
  it("dismiss resolves the reports and the post stays; a second is a 409", async () => {
    const token = await adminSession();
    const post = await discussionPost({ reports: 2 });
    const first = await call(`/api/admin/reports/${post.id}/dismiss`, { method: "POST", token });
    const second = await call(`/api/admin/reports/${post.id}/dismiss`, { method: "POST", token });
    const row = await env.DB.prepare("select hidden_at from discussion_posts where id = ?1").bind(post.id).first();
    expect({
      first: await json(first),
      second: [second.status, (await json<Answer>(second)).message],
      hidden: row?.hidden_at,
      dismissed: await env.DB.prepare(
        "select count(*) as n from discussion_reports where post_id = ?1 and resolution = 'dismissed'",
      )
        .bind(post.id)
        .first<number>("n"),
    }).toEqual({
      first: { success: true, postId: post.id, reportsResolved: 2 },
      second: [409, MODERATION_MESSAGES.noOpenReports],
      hidden: null,
      dismissed: 2,
    });
  });

  it("restore shows a hidden thread again and counts it again; restoring a visible post is a 409", async () => {
    const token = await adminSession();
    const post = await discussionPost({ reports: 1 });
    const before = await threadCount(post.projectId);
    await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "Spam." } });
    const listed = await json<Queue>(await call("/api/admin/reports", { token }));
    expect(listed.hidden.find((h) => h.id === post.id)?.note).toBe("Spam.");
    const restored = await call(`/api/admin/discussion/posts/${post.id}/restore`, { method: "POST", token });
    const again = await call(`/api/admin/discussion/posts/${post.id}/restore`, { method: "POST", token });
    expect({
      restored: restored.status,
      again: [again.status, (await json<Answer>(again)).message],
      threads: await threadCount(post.projectId),
      hidden: (await env.DB.prepare("select hidden_at from discussion_posts where id = ?1").bind(post.id).first())
        ?.hidden_at,
    }).toEqual({ restored: 200, again: [409, MODERATION_MESSAGES.notHidden], threads: before, hidden: null });
  });
});

describe("the posting suspension", () => {
  it("comes with the third hidden post in the window, is told, refuses posting, and an admin lifts it", async () => {
    const token = await adminSession();
    const author = await signup();
    const posts = [];
    for (let i = 0; i < POSTING_SUSPENSION.hiddenPosts; i++) {
      posts.push(await discussionPost({ authorId: author.user.id, reports: 1 }));
    }
    const answers = [];
    for (const p of posts) {
      answers.push(
        await json<{ postingSuspendedUntil: string | null }>(
          await call(`/api/admin/reports/${p.id}/hide`, { token, body: { note: "Spam again." } }),
        ),
      );
    }
    expect(answers.map((a) => a.postingSuspendedUntil === null)).toEqual([true, true, false]);
    const until = Date.parse(answers[2]!.postingSuspendedUntil!);
    const notices = await noticesOf(author.user.id);
    expect(notices.filter((n) => n.text.endsWith(DISCUSSION_MESSAGES.suspended(until)))).toHaveLength(1);
    const viewer = await viewerFor(author.token);
    await expect(requirePostingAllowed(db(), viewer)).rejects.toMatchObject({
      status: 403,
      message: DISCUSSION_MESSAGES.suspended(until),
    });

    const lifted = await call(`/api/admin/users/${author.user.id}/posting-suspension`, { method: "DELETE", token });
    const again = await call(`/api/admin/users/${author.user.id}/posting-suspension`, { method: "DELETE", token });
    expect({
      lifted: await json(lifted),
      again: [again.status, (await json<Answer>(again)).message],
      allowed: (await requirePostingAllowed(db(), viewer)).id,
    }).toEqual({
      lifted: { success: true, userId: author.user.id, postingSuspendedUntil: null },
      again: [409, MODERATION_MESSAGES.notSuspended],
      allowed: author.user.id,
    });
  });

  it("does not count a post hidden before the window", async () => {
    const token = await adminSession();
    const author = await signup();
    const old = [
      await discussionPost({ authorId: author.user.id }),
      await discussionPost({ authorId: author.user.id }),
    ];
    await env.DB.prepare("update discussion_posts set hidden_at = ?2, hidden_note = 'Old.' where id in (?1, ?3)")
      .bind(old[0]!.id, Date.now() - POSTING_SUSPENSION.windowMs - 60_000, old[1]!.id)
      .run();
    for (const p of old) {
      await env.DB.prepare("update projects set thread_count = thread_count - 1 where id = ?1").bind(p.projectId).run();
    }
    const post = await discussionPost({ authorId: author.user.id, reports: 1 });
    const hidden = await json<{ postingSuspendedUntil: string | null }>(
      await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "Spam." } }),
    );
    expect(hidden.postingSuspendedUntil).toBeNull();
  });
});

describe("every admin act", () => {
  it("is refused to anyone who is not an admin (403), changing nothing", async () => {
    const post = await discussionPost({ reports: 1 });
    const person = await signup();
    const suspended = await signup();
    await env.DB.prepare("update users set posting_suspended_until = ?2 where id = ?1")
      .bind(suspended.user.id, Date.now() + 86_400_000)
      .run();
    const token = person.token;
    const answers = [
      await call("/api/admin/reports", { token }),
      await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "Mine now." } }),
      await call(`/api/admin/reports/${post.id}/dismiss`, { method: "POST", token }),
      await call(`/api/admin/discussion/posts/${post.id}/restore`, { method: "POST", token }),
      await call(`/api/admin/users/${suspended.user.id}/posting-suspension`, { method: "DELETE", token }),
    ];
    expect(await Promise.all(answers.map(async (r) => [r.status, (await json<Answer>(r)).message]))).toEqual(
      answers.map(() => [403, REVIEW_MESSAGES.adminOnly]),
    );
    expect(await openReports(post.id)).toBe(1);
  });
});

describe("the reports' invariant (tests/workers/kept-aggregates.ts)", () => {
  it("names an open report of a hidden post, and nothing once it is resolved", async () => {
    const post = await discussionPost({ reports: 1 });
    await env.DB.batch([
      env.DB.prepare("update discussion_posts set hidden_at = ?2 where id = ?1").bind(post.id, Date.now()),
      env.DB.prepare("update projects set thread_count = thread_count - 1 where id = ?1").bind(post.projectId),
    ]);
    const broken = (await keptAggregateProblems(env.DB)).filter((p) => p.startsWith("reports' resolutions"));
    await env.DB.prepare("update discussion_reports set resolved_at = ?2, resolution = 'hidden' where post_id = ?1")
      .bind(post.id, Date.now())
      .run();
    const fixed = (await keptAggregateProblems(env.DB)).filter((p) => p.startsWith("reports' resolutions"));
    expect({ broken: broken.length, fixed }).toEqual({ broken: 1, fixed: [] });
  });
});
