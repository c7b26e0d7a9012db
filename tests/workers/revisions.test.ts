/**
 * A live raise changes only through review, and investors reconfirm material changes (ADR 050,
 * Reg CF 17 CFR 227.304(c)), through the real Worker and real D1: what a founder's save of a live
 * project writes at once and what waits; what the public sees before and after approval; the
 * reconfirmations an approval asks for; reconfirming, canceling past the usual cutoff, and the
 * lapse after five business days with the money returned; the settlement waiting meanwhile.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { reconfirmDueAt, RECONFIRM_MESSAGES, REVISION_MESSAGES } from "../../domain/projects/revisions";
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import type { ProjectDTO } from "../../domain/shared/types";
import { lapseReconfirmations } from "../../worker/services/money/reconfirmations";
import { settleDueRaises } from "../../worker/services/raises/settlement";
import { adminSession, call, db, json, saveLiveProject, signup } from "./helpers";
import { sectorForCategory } from "../../domain/projects/categories";
import { investmentIn, liveProject, pendingRevision } from "./others-records";

const publicProject = async (slug: string) => json<ProjectDTO>(await call(`/api/projects/${slug}`));

const approve = async (revisionId: string) =>
  call(`/api/admin/revisions/${revisionId}/approve`, { method: "POST", token: await adminSession() });

const reconfirmationsOf = async (projectId: string) =>
  (
    await env.DB.prepare(
      "select investment_id, status, due_at, fields from reconfirmations where project_id = ?1 order by investment_id",
    )
      .bind(projectId)
      .all<{ investment_id: string; status: string; due_at: number; fields: string }>()
  ).results;

/** The money invariant: the project's sums are its active investments' (DESIGN §3). */
const sums = async (projectId: string) =>
  env.DB.prepare(
    `select p.shares_sold as sold, p.funding_current_cents as current,
       (select coalesce(sum(shares), 0) from investments where project_id = p.id and status in ('active', 'confirmed')) as held,
       (select coalesce(sum(amount_cents), 0) from investments where project_id = p.id and status in ('active', 'confirmed')) as heldCents
     from projects p where p.id = ?1`,
  )
    .bind(projectId)
    .first<{ sold: number; current: number; held: number; heldCents: number }>();

describe("a founder's save of a live project", () => {
  it("keeps a material change off the public page until approved, and writes tags at once", async () => {
    const { founder, project, body } = await liveProject();
    const res = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: { ...body, title: "Send your money to payouts.example", tags: ["locks", "dorms"] },
    });
    const shown = await publicProject(project.slug);
    const pending = await env.DB.prepare("select status, fields from project_revisions where project_id = ?1")
      .bind(project._id)
      .all<{ status: string; fields: string }>();
    expect({
      status: res.status,
      title: shown.title,
      tags: shown.tags,
      revisions: pending.results.map((r) => ({ status: r.status, fields: JSON.parse(r.fields) as string[] })),
    }).toEqual({
      status: 200,
      title: project.title,
      tags: ["locks", "dorms"],
      revisions: [{ status: "pending", fields: ["title"] }],
    });
  });

  it("a second save replaces the pending copy; a save back to the live version withdraws it", async () => {
    const { founder, project, body } = await liveProject();
    const save = (overrides: Record<string, unknown>) =>
      call(`/api/projects/${project._id}`, { method: "PUT", token: founder.token, body: { ...body, ...overrides } });
    await save({ shortDescription: "First try." });
    await save({ shortDescription: "Second try.", description: "Longer story." });
    const afterTwo = await env.DB.prepare(
      "select status, fields, json_extract(body, '$.shortDescription') as short from project_revisions where project_id = ?1",
    )
      .bind(project._id)
      .all();
    await save({});
    const afterBack = await env.DB.prepare("select status from project_revisions where project_id = ?1")
      .bind(project._id)
      .all();
    expect({ afterTwo: afterTwo.results, afterBack: afterBack.results }).toEqual({
      afterTwo: [
        { status: "pending", fields: JSON.stringify(["shortDescription", "description"]), short: "Second try." },
      ],
      afterBack: [{ status: "withdrawn" }],
    });
  });
});

describe("reviewing a revision", () => {
  it("approval makes it public and asks each investor with an open commitment to reconfirm, once, in the bell and by mail", async () => {
    const { project, revisionId, investor, investmentId } = await pendingRevision();
    const other = await investmentIn(project._id);
    const before = Date.now();
    const res = await approve(revisionId);
    const shown = await publicProject(project.slug);
    const asked = await reconfirmationsOf(project._id);
    const notices = await env.DB.prepare(
      "select user_id, link from notifications where kind = 'reconfirm' and project_id = ?1 order by user_id",
    )
      .bind(project._id)
      .all<{ user_id: string; link: string }>();
    const mails = await env.DB.prepare("select count(*) as n from mail_outbox where id > ?1 and id < ?2")
      .bind(`notice:reconfirm:${revisionId}:`, `notice:reconfirm:${revisionId};`)
      .first<number>("n");
    expect({
      status: res.status,
      short: shown.shortDescription,
      asked: asked.map((a) => ({ id: a.investment_id, status: a.status, fields: a.fields })),
      dueWithin: asked.every((a) => a.due_at >= reconfirmDueAt(before) && a.due_at <= reconfirmDueAt(Date.now())),
      notices: notices.results,
      // Mail only to proved addresses: these investors signed up without proving theirs.
      mails,
    }).toEqual({
      status: 200,
      short: "Smart locks for every dorm room.",
      asked: [investmentId, other.investmentId]
        .sort()
        .map((id) => ({ id, status: "pending", fields: JSON.stringify(["shortDescription"]) })),
      dueWithin: true,
      notices: [
        { user_id: investor.user.id, link: `/portfolio/investments/${investmentId}` },
        { user_id: other.investor.user.id, link: `/portfolio/investments/${other.investmentId}` },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
      mails: 0,
    });
  });

  it("an investor with a proved address is mailed what changed and until when, with a link to reconfirm", async () => {
    const { revisionId, investor, investmentId, project } = await pendingRevision();
    await env.DB.prepare("update users set email_verified_at = ?2 where id = ?1")
      .bind(investor.user.id, Date.now())
      .run();
    await approve(revisionId);
    const mail = await env.DB.prepare("select to_address, subject, text from mail_outbox where id = ?1")
      .bind(`notice:reconfirm:${revisionId}:${investor.user.id}`)
      .first<{ to_address: string; subject: string; text: string }>();
    expect({
      to: mail?.to_address,
      subject: mail?.subject,
      says: mail?.text.includes(`changed its Short description: reconfirm your investment by`),
      names: mail?.text.includes(project.title),
      links: mail?.text.includes(`/portfolio/investments/${investmentId}`),
    }).toEqual({
      to: investor.user.email,
      subject: "Please reconfirm your CampusFund investment",
      says: true,
      names: true,
      links: true,
    });
  });

  it("request changes: the live version stays, the founder has the note; approving it afterwards is refused", async () => {
    const { project, revisionId } = await pendingRevision();
    const token = await adminSession();
    const res = await call(`/api/admin/revisions/${revisionId}/request-changes`, {
      token,
      body: { reason: "Say what changed in the locks." },
    });
    const again = await approve(revisionId);
    expect({
      status: res.status,
      short: (await publicProject(project.slug)).shortDescription,
      again: again.status,
      message: (await json(again)).message,
      asked: await reconfirmationsOf(project._id),
    }).toEqual({
      status: 200,
      short: project.shortDescription,
      again: 409,
      message: REVISION_MESSAGES.notPending,
      asked: [],
    });
  });

  it("a missing or too long note is a 400 even once the changes were sent back; a good note is then a 409", async () => {
    const { revisionId } = await pendingRevision();
    const token = await adminSession();
    const send = (body: unknown) => call(`/api/admin/revisions/${revisionId}/request-changes`, { token, body });
    expect((await send({ reason: "Say what changed in the locks." })).status).toBe(200);
    const answer = async (res: Response) => [res.status, (await json(res)).message];
    expect([
      await answer(await send({})),
      await answer(await send({ reason: "x".repeat(1001) })),
      await answer(await send({ reason: "Again." })),
    ]).toEqual([
      [400, REVIEW_MESSAGES.reasonRequired],
      [400, REVIEW_MESSAGES.reasonTooLong],
      [409, REVISION_MESSAGES.notPending],
    ]);
  });

  it("two approvals sent at once: one applies it, the other is refused", async () => {
    const { project, revisionId } = await pendingRevision();
    const statuses = (await Promise.all([approve(revisionId), approve(revisionId)])).map((r) => r.status).sort();
    expect({ statuses, asked: (await reconfirmationsOf(project._id)).length }).toEqual({
      statuses: [200, 409],
      asked: 1,
    });
  });

  it("an approved change of category moves the project to its category's browse filter", async () => {
    const { founder, project, body } = await liveProject();
    await saveLiveProject(project._id, founder.token, { ...body, category: "Education" });
    const row = await env.DB.prepare("select category, sector from projects where id = ?1")
      .bind(project._id)
      .first<{ category: string; sector: string }>();
    expect(row).toEqual({ category: "education", sector: sectorForCategory("education") });
  });

  it("the revision queue shows each field live and as proposed", async () => {
    const { project, revisionId } = await pendingRevision();
    const res = await call("/api/admin/revisions", { token: await adminSession() });
    const entry = (await json<{ revisions: { revision: { id: string }; changes: unknown[] }[] }>(res)).revisions.find(
      (r) => r.revision.id === revisionId,
    );
    expect(entry?.changes).toEqual([
      { field: "shortDescription", before: project.shortDescription, after: "Smart locks for every dorm room." },
    ]);
  });
});

describe("reconfirming", () => {
  it("the investor reconfirms: it stands; again is 409; someone else's investment is 404", async () => {
    const { revisionId, investor, investmentId } = await pendingRevision();
    await approve(revisionId);
    const stranger = await signup();
    const first = await call(`/api/investments/${investmentId}/reconfirm`, { method: "POST", token: investor.token });
    const second = await call(`/api/investments/${investmentId}/reconfirm`, { method: "POST", token: investor.token });
    const theirs = await call(`/api/investments/${investmentId}/reconfirm`, { method: "POST", token: stranger.token });
    expect({
      first: [first.status, (await json(first)).message],
      second: [second.status, (await json(second)).message],
      theirs: theirs.status,
      status: await env.DB.prepare("select status from reconfirmations where investment_id = ?1")
        .bind(investmentId)
        .first<string>("status"),
    }).toEqual({
      first: [200, RECONFIRM_MESSAGES.reconfirmed],
      second: [409, RECONFIRM_MESSAGES.notPending],
      theirs: 404,
      status: "reconfirmed",
    });
  });

  it("the investor may cancel past the usual cutoff while it waits: the money goes back, the sums hold", async () => {
    const { project, revisionId, investor, investmentId } = await pendingRevision();
    await approve(revisionId);
    // The usual 48-hour window has closed.
    await env.DB.prepare("update investments set cancel_cutoff_at = ?2 where id = ?1")
      .bind(investmentId, Date.now() - 1000)
      .run();
    const before = await sums(project._id);
    const res = await call(`/api/investments/${investmentId}/cancel`, { method: "POST", token: investor.token });
    const after = await sums(project._id);
    expect({
      status: res.status,
      reconfirmation: await env.DB.prepare("select status from reconfirmations where investment_id = ?1")
        .bind(investmentId)
        .first<string>("status"),
      returnedCents: (before?.current ?? 0) - (after?.current ?? 0),
      invariant: after?.sold === after?.held && after?.current === after?.heldCents,
    }).toEqual({ status: 200, reconfirmation: "canceled", returnedCents: 10_000, invariant: true });
  });

  it("unanswered after five business days: the job cancels it, returns the money and tells the investor, once however many runs", async () => {
    const { project, revisionId, investor, investmentId } = await pendingRevision();
    await approve(revisionId);
    const due = (await reconfirmationsOf(project._id))[0]!.due_at;
    await lapseReconfirmations(db(), due - 1);
    const early = await env.DB.prepare("select status from investments where id = ?1")
      .bind(investmentId)
      .first<string>("status");
    await Promise.all([lapseReconfirmations(db(), due), lapseReconfirmations(db(), due)]);
    const after = await sums(project._id);
    expect({
      early,
      investment: await env.DB.prepare("select status from investments where id = ?1")
        .bind(investmentId)
        .first<string>("status"),
      reconfirmation: (await reconfirmationsOf(project._id))[0]!.status,
      told: await env.DB.prepare("select count(*) as n from notifications where user_id = ?1 and event_key = ?2")
        .bind(investor.user.id, `lapsed:${investmentId}`)
        .first<number>("n"),
      current: after?.current,
      invariant: after?.sold === after?.held && after?.current === after?.heldCents,
    }).toEqual({
      early: "active",
      investment: "cancelled",
      reconfirmation: "lapsed",
      told: 1,
      current: 0,
      invariant: true,
    });
  });

  it("a raise whose deadline comes while a reconfirmation waits is settled only after it resolves", async () => {
    const { project, revisionId } = await pendingRevision();
    await approve(revisionId);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare("update projects set funding_deadline = ?2 where id = ?1").bind(project._id, yesterday).run();
    const waiting = (await settleDueRaises(db())).filter((r) => r.projectId === project._id);
    const due = (await reconfirmationsOf(project._id))[0]!.due_at;
    await lapseReconfirmations(db(), due);
    const settled = (await settleDueRaises(db())).filter((r) => r.projectId === project._id);
    expect({ waiting: waiting.length, settled: settled.map((r) => r.outcome) }).toEqual({
      waiting: 0,
      settled: ["closed"],
    });
  });
});

describe("an admin's own material edit of a live project", () => {
  it("is public at once, on the record as an approved revision, and asks investors to reconfirm", async () => {
    const { project, body } = await liveProject();
    const { investmentId } = await investmentIn(project._id);
    const res = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: await adminSession(),
      body: { ...body, description: "Corrected by CampusFund: the kiosks are a pilot." },
    });
    expect({
      status: res.status,
      description: (await publicProject(project.slug)).description,
      revisions: (
        await env.DB.prepare("select status from project_revisions where project_id = ?1").bind(project._id).all()
      ).results,
      asked: (await reconfirmationsOf(project._id)).map((a) => [a.investment_id, a.status]),
    }).toEqual({
      status: 200,
      description: "Corrected by CampusFund: the kiosks are a pilot.",
      revisions: [{ status: "approved" }],
      asked: [[investmentId, "pending"]],
    });
  });
});
