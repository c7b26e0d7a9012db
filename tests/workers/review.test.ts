/**
 * Review before listing and the operator's tools (ADR 030), through the real Worker and real D1:
 * submit, withdraw, approve, request changes; who may do each; a project in review is invisible
 * and unpurchasable everywhere; the notices; suspension; moderation; the audit log.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import type { ProjectDTO } from "../../domain/shared/types";
import {
  adminSession,
  call,
  inDays,
  insertProject,
  json,
  makeAdmin,
  projectBody,
  signup,
  unique,
  withPrice,
} from "./helpers";

const publish = (id: string, token: string | undefined) =>
  call(`/api/projects/${id}/publish`, { method: "POST", token });
const approve = (id: string, token: string | undefined) =>
  call(`/api/admin/projects/${id}/approve`, { method: "POST", token });
const requestChanges = (id: string, token: string | undefined, body: unknown) =>
  call(`/api/admin/projects/${id}/request-changes`, { method: "POST", token, body });
const suspend = (id: string, token: string | undefined, body: unknown) =>
  call(`/api/admin/users/${id}/suspend`, { method: "POST", token, body });
const reinstate = (id: string, token: string | undefined) =>
  call(`/api/admin/users/${id}/reinstate`, { method: "POST", token, body: {} });

type Row = Record<string, unknown>;
const rowOf = (id: string) => env.DB.prepare("select * from projects where id = ?").bind(id).first<Row>();
const auditOf = async (targetId: string) =>
  (
    await env.DB.prepare("select action, reason, admin_id from admin_audit where target_id = ? order by created_at")
      .bind(targetId)
      .all<{ action: string; reason: string | null; admin_id: string }>()
  ).results;
const noticesOf = async (userId: string) =>
  (
    await env.DB.prepare(
      "select kind, text, link from notifications where user_id = ? and kind = 'review' order by created_at",
    )
      .bind(userId)
      .all<{ kind: string; text: string; link: string }>()
  ).results;

async function founderWithDraft(overrides: Record<string, unknown> = {}) {
  const founder = await signup("founder");
  const res = await call("/api/projects/create", { body: projectBody(overrides), token: founder.token });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return { founder, project: await json<ProjectDTO>(res) };
}

async function inReview(overrides: Record<string, unknown> = {}) {
  const made = await founderWithDraft({ title: `Review ${unique("t")}`, ...overrides });
  const res = await publish(made.project._id, made.founder.token);
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
  return made;
}

async function admin() {
  const a = await signup("investor");
  await makeAdmin(a.user.id);
  return a;
}

describe("submitting for review", () => {
  it("a founder's submission answers status 'in_review' and nobody but its founder and admins can find it", async () => {
    const { founder, project } = await inReview();
    const investor = await signup("investor");
    const other = await signup("founder");
    const adminToken = await adminSession();
    const status = async (path: string, token?: string) => (await call(path, { token })).status;
    const listed = async (path: string, token?: string) =>
      ((await json<{ projects: ProjectDTO[] }>(await call(path, { token }))).projects ?? []).some(
        (p) => p._id === project._id,
      );
    expect({
      byIdVisitor: await status(`/api/projects/${project._id}`),
      byIdInvestor: await status(`/api/projects/${project._id}`, investor.token),
      byIdOtherFounder: await status(`/api/projects/${project._id}`, other.token),
      byIdFounder: await status(`/api/projects/${project._id}`, founder.token),
      byIdAdmin: await status(`/api/projects/${project._id}`, adminToken),
      investors: await status(`/api/projects/${project._id}/investors`),
      updates: await status(`/api/projects/${project._id}/updates`, investor.token),
      discussion: await status(`/api/projects/${project._id}/discussion`, investor.token),
      listed: await listed("/api/projects"),
      searched: await listed(`/api/projects?q=${encodeURIComponent(project.title)}`),
      sector: await listed(`/api/projects?sector=${project.sector}`),
    }).toEqual({
      byIdVisitor: 404,
      byIdInvestor: 404,
      byIdOtherFounder: 404,
      byIdFounder: 200,
      byIdAdmin: 200,
      investors: 404,
      updates: 404,
      discussion: 404,
      listed: false,
      searched: false,
      sector: false,
    });
  });

  it("a project in review cannot be bought, followed or asked about; nothing is written", async () => {
    const { project } = await inReview();
    const investor = await signup("investor");
    const buy = await call(`/api/projects/${project._id}/invest`, {
      method: "POST",
      token: investor.token,
      body: { shares: 10, amount: 10 * project.sharePrice },
      headers: { "Idempotency-Key": unique("k") },
    });
    const follow = await call(`/api/projects/${project._id}/follow`, { method: "POST", token: investor.token });
    const ask = await call(`/api/projects/${project._id}/discussion`, {
      method: "POST",
      token: investor.token,
      body: { body: "When do you open?" },
    });
    const counts = await env.DB.prepare(
      `select (select count(*) from investments where project_id = ?1) as investments,
              (select count(*) from project_follows where project_id = ?1) as follows,
              (select count(*) from discussion_posts where project_id = ?1) as posts`,
    )
      .bind(project._id)
      .first();
    expect({ statuses: [buy.status, follow.status, ask.status], counts }).toEqual({
      statuses: [404, 404, 404],
      counts: { investments: 0, follows: 0, posts: 0 },
    });
  });

  it("every missing required field refuses the submission; the project stays a draft", async () => {
    const { founder, project } = await founderWithDraft();
    // Saved earlier under looser rules: an empty description and a past deadline in D1.
    await env.DB.prepare("update projects set description = '', funding_deadline = ? where id = ?")
      .bind(inDays(-1), project._id)
      .run();
    const res = await publish(project._id, founder.token);
    const body = await json<{ message: string; errors: Record<string, string> }>(res);
    expect({
      status: res.status,
      fields: Object.keys(body.errors).sort(),
      stored: (await rowOf(project._id))?.status,
    }).toEqual({ status: 400, fields: ["description", "fundingDeadline"], stored: "draft" });
  });

  it("a project in review is read-only for its founder: PUT → 409, D1 unchanged", async () => {
    const { founder, project } = await inReview();
    const res = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: projectBody({ title: "Changed in review" }),
    });
    expect({
      status: res.status,
      message: (await json(res)).message,
      title: (await rowOf(project._id))?.title,
    }).toEqual({
      status: 409,
      message: REVIEW_MESSAGES.inReviewReadOnly,
      title: project.title,
    });
  });

  it("submitting twice → 409 'Only a draft can be submitted for review'", async () => {
    const { founder, project } = await inReview();
    const res = await publish(project._id, founder.token);
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 409,
      message: REVIEW_MESSAGES.notDraft,
    });
  });

  it("another founder and an investor cannot submit someone's draft (404), and a visitor gets 401", async () => {
    const { project } = await founderWithDraft();
    const other = await signup("founder");
    const investor = await signup("investor");
    const statuses = [
      (await publish(project._id, other.token)).status,
      (await publish(project._id, investor.token)).status,
      (await publish(project._id, undefined)).status,
    ];
    expect({ statuses, stored: (await rowOf(project._id))?.status }).toEqual({
      statuses: [404, 404, 401],
      stored: "draft",
    });
  });
});

describe("reviewing", () => {
  it("GET /api/admin/reviews lists projects in review oldest first, each with its checklist", async () => {
    const first = await inReview();
    const second = await inReview();
    const res = await call("/api/admin/reviews", { token: await adminSession() });
    const body = await json<{ reviews: { project: ProjectDTO; checklist: { id: string; ok: boolean }[] }[] }>(res);
    const ids = body.reviews
      .map((r) => r.project._id)
      .filter((id) => id === first.project._id || id === second.project._id);
    const mine = body.reviews.find((r) => r.project._id === first.project._id);
    expect({
      status: res.status,
      order: ids,
      checklist: mine?.checklist.map((i) => i.id),
      required: mine?.checklist.find((i) => i.id === "required")?.ok,
    }).toEqual({
      status: 200,
      order: [first.project._id, second.project._id],
      checklist: ["required", "image", "team", "deck", "faq", "deadline"],
      required: true,
    });
  });

  it("approve makes it live with a slug, tells its founder once, and writes one audit entry", async () => {
    const { founder, project } = await inReview();
    const a = await admin();
    const res = await approve(project._id, a.token);
    const out = await json<ProjectDTO>(res);
    const listed = (
      await json<{ projects: ProjectDTO[] }>(await call(`/api/projects?q=${encodeURIComponent(project.title)}`))
    ).projects.map((p) => p._id);
    expect({
      status: res.status,
      answered: out.status,
      listed,
      notices: (await noticesOf(founder.user.id)).map((n) => [n.text, n.link]),
      audit: await auditOf(project._id),
    }).toEqual({
      status: 200,
      answered: "active",
      listed: [project._id],
      notices: [[`“${project.title}” was approved and is now live`, `/project/${out.slug}`]],
      audit: [{ action: "approve", reason: null, admin_id: a.user.id }],
    });
  });

  it("two approvals sent at once: one goes live, one 409, one audit entry, one notice", async () => {
    const { founder, project } = await inReview();
    const a = await admin();
    const b = await admin();
    const [x, y] = await Promise.all([approve(project._id, a.token), approve(project._id, b.token)]);
    expect({
      statuses: [x.status, y.status].sort(),
      audit: (await auditOf(project._id)).length,
      notices: (await noticesOf(founder.user.id)).length,
    }).toEqual({ statuses: [200, 409], audit: 1, notices: 1 });
  });

  it("request changes returns it to draft with the note, tells its founder with the note, and is audited", async () => {
    const { founder, project } = await inReview();
    const a = await admin();
    const note = "Please add your investor deck.";
    const res = await requestChanges(project._id, a.token, { reason: note });
    const row = await rowOf(project._id);
    expect({
      status: res.status,
      answered: [(await json<ProjectDTO>(res)).status],
      stored: [row?.status, row?.review_note, row?.published_at],
      notices: (await noticesOf(founder.user.id)).map((n) => [n.text, n.link]),
      audit: await auditOf(project._id),
    }).toEqual({
      status: 200,
      answered: ["draft"],
      stored: ["draft", note, null],
      notices: [
        [`“${project.title}” needs changes before it can go live: “${note}”`, `/my-projects/edit/${project._id}`],
      ],
      audit: [{ action: "request_changes", reason: note, admin_id: a.user.id }],
    });
  });

  it("request changes without a note → 400 with the field's message; a note over 1000 characters → 400; nothing changes", async () => {
    const { project } = await inReview();
    const token = await adminSession();
    const empty = await requestChanges(project._id, token, { reason: "   " });
    const long = await requestChanges(project._id, token, { reason: "x".repeat(1001) });
    expect({
      empty: [empty.status, await json(empty)],
      long: [long.status, (await json(long)).message],
      stored: (await rowOf(project._id))?.status,
      audit: (await auditOf(project._id)).length,
    }).toEqual({
      empty: [
        400,
        { success: false, message: REVIEW_MESSAGES.reasonRequired, errors: { reason: REVIEW_MESSAGES.reasonRequired } },
      ],
      long: [400, REVIEW_MESSAGES.reasonTooLong],
      stored: "in_review",
      audit: 0,
    });
  });

  it("the founder fixes and resubmits: the note is cleared; the admin approves", async () => {
    const { founder, project } = await inReview();
    const token = await adminSession();
    await requestChanges(project._id, token, { reason: "Add a FAQ." });
    const edited = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: projectBody({ title: project.title, faqs: [{ question: "Who?", answer: "Us." }] }),
    });
    const again = await publish(project._id, founder.token);
    const noteAfterResubmit = (await rowOf(project._id))?.review_note;
    const approved = await approve(project._id, token);
    expect([
      edited.status,
      again.status,
      noteAfterResubmit,
      approved.status,
      (await rowOf(project._id))?.status,
    ]).toEqual([200, 200, null, 200, "active"]);
  });

  it("the founder withdraws a project from review: a draft again, editable", async () => {
    const { founder, project } = await inReview();
    // The API has no withdraw route: the page's action calls the service; here through D1's effect.
    const { withdrawFromReview } = await import("../../worker/services/projects/reviews");
    const { validateSessionToken } = await import("../../worker/services/accounts/sessions");
    const { createDb } = await import("../../db/client");
    const session = await validateSessionToken(createDb(env.DB), founder.token);
    const out = await withdrawFromReview(createDb(env.DB), session!.user, project._id);
    const edit = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: projectBody({ title: "Edited after withdrawing" }),
    });
    expect([out.status, edit.status, (await rowOf(project._id))?.title]).toEqual([
      "draft",
      200,
      "Edited after withdrawing",
    ]);
  });

  it("only admins review: founder, investor → 403; visitor → 401; the project stays in review", async () => {
    const { founder, project } = await inReview();
    const investor = await signup("investor");
    const statuses = [
      (await approve(project._id, founder.token)).status,
      (await approve(project._id, investor.token)).status,
      (await approve(project._id, undefined)).status,
      (await requestChanges(project._id, founder.token, { reason: "x" })).status,
      (await call("/api/admin/reviews", { token: investor.token })).status,
      (await call("/api/admin/reviews")).status,
      (await call("/api/admin/audit", { token: founder.token })).status,
      (await call("/api/admin/audit")).status,
    ];
    expect({ statuses, stored: (await rowOf(project._id))?.status }).toEqual({
      statuses: [403, 403, 401, 403, 403, 401, 403, 401],
      stored: "in_review",
    });
  });

  it("a reason over 1000 characters is a 400 whatever the project's state (approve, an admin's and a founder's publish)", async () => {
    const { founder, project } = await inReview();
    const token = await adminSession();
    const long = { reason: "x".repeat(1001) };
    const post = (path: string, as: string, body?: unknown) => call(path, { method: "POST", token: as, body });
    // in review: a founder's publish is refused (only a draft is submitted), but the body first
    const submitted = await post(`/api/projects/${project._id}/publish`, founder.token, long);
    expect((await approve(project._id, token)).status).toBe(200);
    // live: neither approving nor publishing it applies, but the body is still read first
    const approved = await post(`/api/admin/projects/${project._id}/approve`, token, long);
    const published = await post(`/api/projects/${project._id}/publish`, token, long);
    const plain = await post(`/api/admin/projects/${project._id}/approve`, token);
    const answer = async (res: Response) => [
      res.status,
      (await json<{ errors?: { reason?: string } }>(res)).errors?.reason,
    ];
    expect({
      submitted: await answer(submitted),
      approved: await answer(approved),
      published: await answer(published),
      plain: [plain.status, (await json(plain)).message],
      audit: (await auditOf(project._id)).map((a) => a.action),
    }).toEqual({
      submitted: [400, REVIEW_MESSAGES.overrideTooLong],
      approved: [400, REVIEW_MESSAGES.overrideTooLong],
      published: [400, REVIEW_MESSAGES.overrideTooLong],
      plain: [409, REVIEW_MESSAGES.notInReview],
      audit: ["approve"],
    });
  });

  it("an admin's publish lists a draft directly, audited as 'publish'", async () => {
    const { project } = await founderWithDraft({ title: `Direct ${unique("t")}` });
    const a = await admin();
    const res = await publish(project._id, a.token);
    expect({
      status: res.status,
      answered: (await json<ProjectDTO>(res)).status,
      audit: await auditOf(project._id),
    }).toEqual({
      status: 200,
      answered: "active",
      audit: [{ action: "publish", reason: null, admin_id: a.user.id }],
    });
  });
});

describe("suspending accounts", () => {
  it("ends the account's sessions at once, refuses sign-in with the message, and leaves its investments alone", async () => {
    const investor = await signup("investor");
    const project = await insertProject();
    const bought = await call(`/api/projects/${project.id}/invest`, {
      method: "POST",
      token: investor.token,
      body: await withPrice(project.id, { shares: 10 }),
      headers: { "Idempotency-Key": unique("k") },
    });
    const a = await admin();
    const res = await suspend(investor.user.id, a.token, { reason: "Fraud report" });
    const me = await call("/api/auth/me", { token: investor.token });
    const login = await call("/api/auth/login", { body: { email: investor.user.email, password: investor.password } });
    const money = await env.DB.prepare(
      `select (select count(*) from investments where investor_id = ?1 and status = 'active') as active,
              (select shares_sold from projects where id = ?2) as sold`,
    )
      .bind(investor.user.id, project.id)
      .first();
    expect({
      bought: bought.status,
      suspended: res.status,
      me: me.status,
      login: [login.status, (await json(login)).message],
      sessions: (
        await env.DB.prepare("select count(*) as n from sessions where user_id = ?").bind(investor.user.id).first()
      )?.n,
      money,
      audit: await auditOf(investor.user.id),
    }).toEqual({
      bought: 201,
      suspended: 200,
      me: 401,
      login: [403, "This account is suspended. Contact support."],
      sessions: 0,
      money: { active: 1, sold: 10 },
      audit: [{ action: "suspend", reason: "Fraud report", admin_id: a.user.id }],
    });
  });

  it("a wrong password for a suspended account still says only 'Invalid credentials'", async () => {
    const investor = await signup("investor");
    await suspend(investor.user.id, await adminSession(), { reason: "Spam" });
    const login = await call("/api/auth/login", {
      body: { email: investor.user.email, password: "Wrong-password-1!" },
    });
    expect([login.status, (await json(login)).message]).toEqual([401, "Invalid credentials"]);
  });

  it("hides a suspended author's threads from everyone but the founder and admins; reinstating shows them again", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
    const asker = await signup("investor");
    await call(`/api/projects/${project.id}/discussion`, {
      method: "POST",
      token: asker.token,
      body: { body: "Is it safe?" },
    });
    const token = await adminSession();
    const count = async (t?: string) =>
      (await json<{ threads: unknown[] }>(await call(`/api/projects/${project.id}/discussion`, { token: t }))).threads
        .length;
    await suspend(asker.user.id, token, { reason: "Spam" });
    const whileSuspended = [await count(), await count(founder.token)];
    const back = await reinstate(asker.user.id, token);
    expect({
      whileSuspended,
      reinstated: back.status,
      after: await count(),
      audit: (await auditOf(asker.user.id)).map((e) => e.action),
    }).toEqual({
      whileSuspended: [0, 1],
      reinstated: 200,
      after: 1,
      audit: ["suspend", "reinstate"],
    });
  });

  it("refuses a suspension without a reason (400), of an admin (409), twice (409), by a non-admin (403)", async () => {
    const target = await signup("investor");
    const other = await admin();
    const founder = await signup("founder");
    const token = await adminSession();
    const noReason = await suspend(target.user.id, token, {});
    const ofAdmin = await suspend(other.user.id, token, { reason: "x" });
    const byFounder = await suspend(target.user.id, founder.token, { reason: "x" });
    await suspend(target.user.id, token, { reason: "first" });
    const twice = await suspend(target.user.id, token, { reason: "second" });
    expect({
      noReason: [noReason.status, (await json(noReason)).message],
      ofAdmin: [ofAdmin.status, (await json(ofAdmin)).message],
      byFounder: byFounder.status,
      twice: [twice.status, (await json(twice)).message],
      audit: (await auditOf(target.user.id)).map((e) => e.reason),
    }).toEqual({
      noReason: [400, REVIEW_MESSAGES.suspendReasonRequired],
      ofAdmin: [409, REVIEW_MESSAGES.cannotSuspendAdmin],
      byFounder: 403,
      twice: [409, REVIEW_MESSAGES.alreadySuspended],
      audit: ["first"],
    });
  });

  it("two reinstatements sent at once write one audit entry", async () => {
    const target = await signup("investor");
    const token = await adminSession();
    await suspend(target.user.id, token, { reason: "x" });
    const [a, b] = await Promise.all([reinstate(target.user.id, token), reinstate(target.user.id, token)]);
    expect({
      statuses: [a.status, b.status].sort(),
      audit: (await auditOf(target.user.id)).map((e) => e.action),
    }).toEqual({ statuses: [200, 409], audit: ["suspend", "reinstate"] });
  });
});

describe("moderating content", () => {
  it("an admin hides an update from investors and visitors, shows it again; both audited; a founder cannot", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
    const posted = await call(`/api/projects/${project.id}/updates`, {
      method: "POST",
      token: founder.token,
      body: { title: "Week 1", body: "We shipped." },
    });
    const update = await json<{ id: string }>(posted);
    const token = await adminSession();
    const count = async () =>
      (await json<{ updates: unknown[] }>(await call(`/api/projects/${project.id}/updates`))).updates.length;
    const byFounder = await call(`/api/admin/updates/${update.id}/hide`, {
      method: "POST",
      token: founder.token,
      body: {},
    });
    const hidden = await call(`/api/admin/updates/${update.id}/hide`, { method: "POST", token, body: {} });
    const whileHidden = await count();
    const founderSees = (
      await json<{ updates: { hidden: boolean }[] }>(
        await call(`/api/projects/${project.id}/updates`, { token: founder.token }),
      )
    ).updates.map((u) => u.hidden);
    await call(`/api/admin/updates/${update.id}/hide`, { method: "POST", token, body: { hidden: false } });
    expect({
      byFounder: byFounder.status,
      hidden: hidden.status,
      whileHidden,
      founderSees,
      after: await count(),
      audit: (await auditOf(update.id)).map((e) => e.action),
    }).toEqual({
      byFounder: 403,
      hidden: 200,
      whileHidden: 0,
      founderSees: [true],
      after: 1,
      audit: ["hide_update", "restore_update"],
    });
  });
});

describe("the audit log", () => {
  it("is listed newest first and cannot be changed or deleted, even in SQL", async () => {
    const target = await signup("investor");
    const token = await adminSession();
    await suspend(target.user.id, token, { reason: "x" });
    const res = await call("/api/admin/audit", { token });
    const entries = (await json<{ entries: { targetId: string; action: string }[] }>(res)).entries;
    const update = await env.DB.prepare("update admin_audit set reason = 'changed' where target_id = ?")
      .bind(target.user.id)
      .run()
      .then(
        () => "changed",
        (e: Error) => e.message,
      );
    const remove = await env.DB.prepare("delete from admin_audit where target_id = ?")
      .bind(target.user.id)
      .run()
      .then(
        () => "deleted",
        (e: Error) => e.message,
      );
    expect({
      status: res.status,
      first: entries[0] && [entries[0].targetId, entries[0].action],
      update,
      remove,
      kept: (await auditOf(target.user.id)).map((e) => e.reason),
    }).toEqual({
      status: 200,
      first: [target.user.id, "suspend"],
      update: expect.stringContaining("admin_audit is append-only"),
      remove: expect.stringContaining("admin_audit is append-only"),
      kept: ["x"],
    });
  });
});

describe("approving a project that fails its checklist", () => {
  /** In review with a blank short description and no main image: two required items fail. */
  const failing = () => insertProject({ status: "in_review", shortDescription: "", image: "" });

  it("the queue names each failing field in the form's words", async () => {
    const project = await failing();
    const res = await call("/api/admin/reviews", { token: await adminSession() });
    const reviews = (
      await json<{ reviews: { project: ProjectDTO; checklist: { id: string; ok: boolean; problems?: string[] }[] }[] }>(
        res,
      )
    ).reviews;
    const mine = reviews.find((r) => r.project._id === project.id);
    expect(mine?.checklist.filter((i) => !i.ok && (i.id === "required" || i.id === "image"))).toEqual([
      expect.objectContaining({
        id: "required",
        problems: [PROJECT_MESSAGES.shortDescriptionRequired, PROJECT_MESSAGES.imageRequired],
      }),
      expect.objectContaining({ id: "image" }),
    ]);
  });

  it("refuses without a written reason (400 on the field), and changes nothing", async () => {
    const project = await failing();
    const res = await approve(project.id, await adminSession());
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: REVIEW_MESSAGES.overrideRequired,
        errors: { reason: REVIEW_MESSAGES.overrideRequired },
      }),
    });
    expect({ status: (await rowOf(project.id))?.status, audit: await auditOf(project.id) }).toEqual({
      status: "in_review",
      audit: [],
    });
  });

  it("approves with a reason, which the audit log keeps with the items it overrode", async () => {
    const project = await failing();
    const token = await adminSession();
    const res = await call(`/api/admin/projects/${project.id}/approve`, {
      method: "POST",
      token,
      body: { reason: "The founder mailed us the image; it goes up today." },
    });
    expect(res.status).toBe(200);
    expect((await auditOf(project.id)).map((a) => ({ action: a.action, reason: a.reason }))).toEqual([
      {
        action: "approve",
        reason: `Checklist overridden: Every required field is filled in and valid (${PROJECT_MESSAGES.shortDescriptionRequired}; ${PROJECT_MESSAGES.imageRequired}); A main image. Reason: The founder mailed us the image; it goes up today.`,
      },
    ]);
  });
});
