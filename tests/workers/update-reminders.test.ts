/**
 * Keeping investors informed (ADR 055; worker/services/conversation/update-reminders.ts):
 * `projects.last_update_at` follows every post, hide, restore and deletion through the API; the
 * daily run reminds the founder of a funded company quiet for 90 days (bell and mail) once per quiet
 * stretch, never a raise still open, a company that posted lately or one that exited; the admin's
 * list of companies overdue is oldest first.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import { overdueCompanies, runUpdateReminders } from "../../worker/services/conversation/update-reminders";
import { adminSession, call, db, insertProject, json, signup } from "./helpers";

const lastUpdateAt = async (projectId: string) =>
  (await env.DB.prepare("select last_update_at from projects where id = ?1").bind(projectId).first<{
    last_update_at: number | null;
  }>())!.last_update_at;

/** A funded company (its raise settled `daysAgo` days ago), its founder's account with a proved address. */
async function fundedCompany(daysAgo: number, overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder");
  await env.DB.prepare("update users set email_verified_at = ?2 where id = ?1").bind(founder.user.id, Date.now()).run();
  const project = await insertProject({
    founderId: founder.user.id,
    status: "funded",
    settledAt: Date.now() - daysAgo * DAY_MS,
    settledCents: 0,
    settledShares: 0,
    ...overrides,
  });
  return { founder, project };
}

/** An update posted `daysAgo` days ago, written as the post's batch writes it (the update and the kept time). */
async function pastUpdate(projectId: string, authorId: string, daysAgo: number) {
  const at = Date.now() - daysAgo * DAY_MS;
  await env.DB.batch([
    env.DB.prepare(
      `insert into project_updates (id, project_id, author_id, title, body, created_at, updated_at)
       values (?1, ?2, ?3, 'News', 'Some news.', ?4, ?4)`,
    ).bind(crypto.randomUUID(), projectId, authorId, at),
    env.DB.prepare("update projects set last_update_at = ?2 where id = ?1").bind(projectId, at),
  ]);
}

async function reminders(projectId: string) {
  const { results } = await env.DB.prepare(
    `select n.user_id, n.text, (select count(*) from mail_outbox m where m.id = 'notice:' || n.event_key || ':' || n.user_id) as mails
     from notifications n where n.project_id = ?1 and n.kind = 'update_reminder' order by n.created_at`,
  )
    .bind(projectId)
    .all<{ user_id: string; text: string; mails: number }>();
  return results;
}

describe("the last update's time", () => {
  it("follows a post, a hide, a restore and a deletion", async () => {
    const { founder, project } = await fundedCompany(10);
    expect(await lastUpdateAt(project.id)).toBeNull();
    const posted = await call(`/api/projects/${project.id}/updates`, {
      token: founder.token,
      body: { title: "Shipping", body: "We shipped the first version." },
    });
    const update = await json<{ id: string; createdAt: string }>(posted);
    expect(await lastUpdateAt(project.id)).toBe(Date.parse(update.createdAt));
    const admin = await adminSession();
    await call(`/api/admin/updates/${update.id}/hide`, { token: admin, body: {} });
    expect(await lastUpdateAt(project.id)).toBeNull();
    await call(`/api/admin/updates/${update.id}/hide`, { token: admin, body: { hidden: false } });
    expect(await lastUpdateAt(project.id)).toBe(Date.parse(update.createdAt));
    await call(`/api/projects/${project.id}/updates/${update.id}`, { method: "DELETE", token: founder.token });
    expect(await lastUpdateAt(project.id)).toBeNull();
  });
});

describe("the update reminder", () => {
  it("reminds a funded company's founder after 90 quiet days, once, by bell and mail", async () => {
    const { founder, project } = await fundedCompany(100);
    const now = Date.now();
    await runUpdateReminders(db(), now);
    await runUpdateReminders(db(), now + 1_000);
    const sent = await reminders(project.id);
    expect(sent).toEqual([
      {
        user_id: founder.user.id,
        text: `${project.title} was funded 100 days ago and has no update yet. Your investors are waiting to hear how it is going: post an update.`,
        mails: 1,
      },
    ]);
    // Still quiet 90 days later: reminded again.
    await runUpdateReminders(db(), now + 91 * DAY_MS);
    expect((await reminders(project.id)).length).toBe(2);
  });

  it("counts from the last update, and leaves alone open raises, companies that posted lately and exited ones", async () => {
    const quiet = await fundedCompany(400);
    await pastUpdate(quiet.project.id, quiet.founder.user.id, 95);
    const recent = await fundedCompany(400);
    await pastUpdate(recent.project.id, recent.founder.user.id, 10);
    const open = await fundedCompany(100, {
      status: "active",
      settledAt: null,
      settledCents: null,
      settledShares: null,
    });
    const exited = await fundedCompany(100, { exitedAt: Date.now() - 5 * DAY_MS });
    await runUpdateReminders(db());
    expect((await reminders(quiet.project.id)).map((r) => r.text)).toEqual([
      `Your last update on ${quiet.project.title} was 95 days ago. Your investors are waiting to hear how it is going: post an update.`,
    ]);
    for (const p of [recent, open, exited]) expect(await reminders(p.project.id)).toEqual([]);
  });

  it("lists the companies overdue for the admin, oldest first, with the days since their last update", async () => {
    const older = await fundedCompany(300);
    const newer = await fundedCompany(300);
    await pastUpdate(newer.project.id, newer.founder.user.id, 120);
    const listed = (await overdueCompanies(db(), Date.now(), 1_000)).filter((c) =>
      [older.project.id, newer.project.id].includes(c.id),
    );
    expect(listed.map((c) => [c.id, c.daysQuiet])).toEqual([
      [older.project.id, 300],
      [newer.project.id, 120],
    ]);
  });
});
