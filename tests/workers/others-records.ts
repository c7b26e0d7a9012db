/**
 * Someone else's records for an admin to act on (ADR 049), each made the way the product makes
 * it: a founder's live project (created, submitted, approved), a draft, an update, an investor's
 * question, a funded raise open 30 days, an investor's investment. Shared by the audit walks of
 * both doors (tests/workers/admin-audit-walk.test.ts, tests/app/admin-audit-pages.test.ts).
 */
import { env } from "cloudflare:workers";

import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { settleProject } from "../../worker/services/raises/settlement";
import type { ProjectDTO } from "../../domain/shared/types";
import { call, db, inDays, json, projectBody, signup, submitAndApprove, unique } from "./helpers";

/** A founder's live project, created and reviewed the way the product does it. */
export async function liveProject(overrides: Record<string, unknown> = {}) {
  const founder = await signup("founder");
  const body = projectBody({ title: `Walk ${unique()}`, ...overrides });
  const created = await json<ProjectDTO>(await call("/api/projects/create", { body, token: founder.token }));
  const project = await submitAndApprove<ProjectDTO>(created._id, founder.token);
  return { founder, project, body };
}

/** A founder's raise approved as Coming soon (ADR 055): its launch date 10 days ahead. */
export async function comingSoonProject() {
  const founder = await signup("founder");
  const body = projectBody({ title: `Soon ${unique()}` });
  const created = await json<ProjectDTO>(await call("/api/projects/create", { body, token: founder.token }));
  await call(`/api/projects/${created._id}/launch`, { token: founder.token, body: { launchAt: inDays(10) } });
  const project = await submitAndApprove<ProjectDTO>(created._id, founder.token);
  return { founder, project };
}

/** A founder's draft, optionally submitted for review. */
export async function draft(submit: boolean) {
  const founder = await signup("founder");
  const body = projectBody({ title: `Draft ${unique()}` });
  const created = await json<ProjectDTO>(await call("/api/projects/create", { body, token: founder.token }));
  if (submit) await call(`/api/projects/${created._id}/publish`, { method: "POST", token: founder.token });
  return { founder, project: created };
}

export async function founderUpdate() {
  const { founder, project } = await liveProject();
  const res = await call(`/api/projects/${project._id}/updates`, {
    body: { title: "First kiosk installed", body: "The library has one." },
    token: founder.token,
  });
  const update = await json<{ id: string }>(res);
  return { founder, project, updateId: update.id };
}

/** A live raise that reached its goal and has been open 30 days: it may close early or extend. */
export async function fundedRaise() {
  const { founder, project } = await liveProject({ fundingGoal: 5_000, sharePrice: 50, fundingDeadline: inDays(60) });
  for (const investor of [await signup(), await signup()]) {
    await call(`/api/projects/${project._id}/invest`, {
      body: { shares: 50, sharePrice: 50 },
      token: investor.token,
      headers: { "Idempotency-Key": unique("k") },
    });
  }
  await env.DB.prepare("update projects set published_at = ?2 where id = ?1")
    .bind(project._id, Date.now() - 30 * DAY_MS)
    .run();
  return { founder, project };
}

export async function investment() {
  const { project } = await liveProject();
  const investor = await signup();
  const res = await call(`/api/projects/${project._id}/invest`, {
    body: { shares: 10, sharePrice: 10 },
    token: investor.token,
    headers: { "Idempotency-Key": unique("k") },
  });
  const bought = await json<{ investment: { _id: string } }>(res);
  return { investor, project, investmentId: bought.investment._id };
}

/** A live project with one investor, and its founder's pending material change (a new short description). */
export async function pendingRevision() {
  const { founder, project, body } = await liveProject();
  const { investor, investmentId } = await investmentIn(project._id);
  await call(`/api/projects/${project._id}`, {
    method: "PUT",
    token: founder.token,
    body: { ...body, shortDescription: "Smart locks for every dorm room." },
  });
  const revision = await env.DB.prepare("select id from project_revisions where project_id = ?1 and status = 'pending'")
    .bind(project._id)
    .first<string>("id");
  if (!revision) throw new Error("no pending revision");
  return { founder, project, body, investor, investmentId, revisionId: revision };
}

/** An investor's 10 shares of `projectId`. */
export async function investmentIn(projectId: string) {
  const investor = await signup();
  const res = await call(`/api/projects/${projectId}/invest`, {
    body: { shares: 10, sharePrice: 10 },
    token: investor.token,
    headers: { "Idempotency-Key": unique("k") },
  });
  const bought = await json<{ investment: { _id: string } }>(res);
  return { investor, investmentId: bought.investment._id };
}

/** A PDF in the uploads ledger, owned by `ownerId` (as the document upload leaves it). */
export async function evidence(ownerId: string): Promise<string> {
  const name = `${crypto.randomUUID()}.pdf`;
  await env.DB.prepare(
    "insert into uploads (key, owner_id, size_bytes, content_type, created_at) values (?1, ?2, 100, 'application/pdf', ?3)",
  )
    .bind(`projects/${name}`, ownerId, Date.now())
    .run();
  return `/uploads/${name}`;
}

/**
 * A raise funded and settled yesterday: `holders` investors bought `shares` each at $50 (goal
 * $50 × shares × holders, at least the form's $5,000: 100 shares in all); answers its founder, its
 * id and the holders.
 */
export async function fundedCompany(
  opts: {
    holders?: number;
    shares?: number;
    overrides?: Record<string, unknown>;
    /** Investors who buy first (signed up before); the rest of `holders` are signed up here. */
    buyers?: Awaited<ReturnType<typeof signup>>[];
  } = {},
) {
  const holders = opts.holders ?? 2;
  const shares = opts.shares ?? Math.ceil(100 / holders);
  const founder = await signup("founder");
  const body = projectBody({
    title: `Company ${unique()}`,
    fundingGoal: 50 * shares * holders,
    sharePrice: 50,
    fundingDeadline: inDays(60),
    ...opts.overrides,
  });
  const created = await json<ProjectDTO>(await call("/api/projects/create", { body, token: founder.token }));
  const project = await submitAndApprove<ProjectDTO>(created._id, founder.token);
  const investors = [];
  for (let i = 0; i < holders; i++) {
    const investor = opts.buyers?.[i] ?? (await signup());
    const res = await call(`/api/projects/${project._id}/invest`, {
      body: { shares, sharePrice: 50 },
      token: investor.token,
      headers: { "Idempotency-Key": unique("k") },
    });
    if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
    investors.push(investor);
  }
  await env.DB.prepare("update projects set funding_deadline = ?2 where id = ?1")
    .bind(project._id, isoDay(Date.now() - DAY_MS))
    .run();
  await settleProject(db(), project._id, Date.now() - 1000);
  return { founder, id: project._id, investors };
}

/** A funded company's founder report waiting for review (ADR 052): a priced round at $75. */
export async function pendingCompanyEvent() {
  const company = await fundedCompany();
  const res = await call(`/api/projects/${company.id}/events`, {
    token: company.founder.token,
    body: {
      kind: "round",
      effectiveOn: isoDay(Date.now()),
      pricePerShare: 75,
      preMoneyValuation: 8_000_000,
      statement: "We closed a seed round at $75 a share.",
      evidence: await evidence(company.founder.user.id),
    },
  });
  const event = await json<{ id: string }>(res);
  return { ...company, eventId: event.id };
}

/**
 * A post in a live project's Discussion, written straight into D1 (the posting service is the
 * Discussion's own), with `reports` open reports by other people: a thread (keeping the project's
 * thread count, which counts visible threads) unless `parentId` names its thread.
 */
export async function discussionPost(
  opts: { projectId?: string; authorId?: string; body?: string; reports?: number; parentId?: string } = {},
) {
  const projectId = opts.projectId ?? (await liveProject()).project._id;
  const authorId = opts.authorId ?? (await signup()).user.id;
  const id = crypto.randomUUID();
  const body = opts.body ?? "Buy my course first: a guaranteed 10x, DM me.";
  const now = Date.now();
  const statements = [
    env.DB.prepare(
      `insert into discussion_posts (id, project_id, thread_id, parent_id, depth, author_id, body, created_at, last_activity_at)
       values (?1, ?2, coalesce(?3, ?1), ?3, ?4, ?5, ?6, ?7, ?7)`,
    ).bind(id, projectId, opts.parentId ?? null, opts.parentId ? 1 : 0, authorId, body, now),
  ];
  if (!opts.parentId) {
    statements.push(
      env.DB.prepare("update projects set thread_count = thread_count + 1 where id = ?1").bind(projectId),
    );
  } else {
    // The thread's kept figures, as the Discussion's reply writes them.
    statements.push(
      env.DB.prepare(
        "update discussion_posts set reply_count = reply_count + 1, last_activity_at = max(last_activity_at, ?2) where id = ?1",
      ).bind(opts.parentId, now),
    );
  }
  const reporters: string[] = [];
  for (let i = 0; i < (opts.reports ?? 0); i++) {
    const reporter = (await signup()).user.id;
    reporters.push(reporter);
    statements.push(
      env.DB.prepare(
        `insert into discussion_reports (id, post_id, reporter_id, reason, created_at) values (?1, ?2, ?3, 'spam', ?4)`,
      ).bind(crypto.randomUUID(), id, reporter, now + i),
    );
  }
  await env.DB.batch(statements);
  const title = (await env.DB.prepare("select title from projects where id = ?1")
    .bind(projectId)
    .first<string>("title"))!;
  return { id, projectId, authorId, body, title, reporters };
}
