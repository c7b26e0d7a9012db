/**
 * Delete my account (ADR 046): the request needs the password, ends every other session and keeps
 * this one; "Keep my account" and signing in cancel it; the daily job erases only past the grace
 * period, in one guarded batch per account, bounded per run, leaving nothing personal in any table
 * while investments and project totals stay; public content then shows "a former member"; a
 * deleted address can sign up again.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DELETION_GRACE_MS, DELETION_MESSAGES } from "../../domain/accounts/account-deletion";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import type { Mailer } from "../../worker/mail/mailer";
import {
  dueAccounts,
  eraseAccount,
  eraseDueAccounts,
  requestAccountDeletion,
} from "../../worker/services/accounts/account-deletion";
import { login } from "../../worker/services/accounts/auth";
import { getPublicInvestor } from "../../worker/services/accounts/public-profile";
import { call, db, insertProject, json, signup, unique, uniqueIp, withPrice } from "./helpers";

const DAY = 86_400_000;

async function signIn(email: string, password: string) {
  const res = await call("/api/auth/login", { body: { email, password } });
  return (await json<{ token: string }>(res)).token;
}

const askDeletion = (token: string, password: string) => call("/api/me/delete", { body: { password }, token });

async function me(token: string) {
  const res = await call("/api/me", { token });
  return {
    status: res.status,
    body: res.status === 200 ? await json<{ deletionScheduledFor: string | null }>(res) : null,
  };
}

/** Puts the account's request `days` days in the past (as if asked then). */
async function requestedDaysAgo(userId: string, days: number, now = Date.now()) {
  await env.DB.prepare("update users set deletion_requested_at = ?2 where id = ?1")
    .bind(userId, now - days * DAY)
    .run();
}

async function userRow(id: string) {
  return env.DB.prepare("select * from users where id = ?").bind(id).first<Record<string, unknown>>();
}

/** Every table's every row, as text, that contains one of `needles` (case-insensitive). */
async function personalLeft(needles: string[]): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`select * from "${name}"`).all<Record<string, unknown>>();
    for (const row of results) {
      const text = JSON.stringify(row).toLowerCase();
      for (const n of needles) if (text.includes(n.toLowerCase())) found.push(`${name}: ${n}`);
    }
  }
  return found;
}

describe("asking for deletion", () => {
  it("a wrong password is refused with the password change's message, and nothing is asked", async () => {
    const { token } = await signup();
    const res = await askDeletion(token, "Not-The-Password-1");
    expect({
      status: res.status,
      message: (await json(res)).message,
      me: (await me(token)).body?.deletionScheduledFor,
    }).toEqual({
      status: 400,
      message: PASSWORD_MESSAGES.wrongCurrent,
      me: null,
    });
  });

  it("the right password schedules it 30 days later (202) and GET /api/me says when", async () => {
    const { token, password } = await signup();
    const res = await askDeletion(token, password);
    const body = await json<{ deletionDate: string }>(res);
    expect({ status: res.status, scheduled: (await me(token)).body?.deletionScheduledFor }).toEqual({
      status: 202,
      scheduled: body.deletionDate,
    });
  });

  it("ends every other session and keeps the one that asked", async () => {
    const { token, password, user } = await signup();
    const other = await signIn(user.email, password);
    await askDeletion(token, password);
    expect([(await me(token)).status, (await me(other)).status]).toEqual([200, 401]);
  });

  it("asking twice is a 409 that names the date", async () => {
    const { token, password } = await signup();
    const first = await json<{ deletionDate: string }>(await askDeletion(token, password));
    const res = await askDeletion(token, password);
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 409,
      message: DELETION_MESSAGES.alreadyScheduled(Date.parse(first.deletionDate)),
    });
  });

  it("concurrent requests schedule it once: one 202, the rest refused", async () => {
    const { token, password } = await signup();
    const answers = await Promise.all(Array.from({ length: 4 }, () => askDeletion(token, password)));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
  });

  it("a proved address gets the 'we received your request' mail in the outbox", async () => {
    const { token, password, user } = await signup();
    await env.DB.prepare("update users set email_verified_at = 1 where id = ?").bind(user.id).run();
    await askDeletion(token, password);
    // Sign-up's own confirmation mail aside (ADR 045).
    const row = await env.DB.prepare("select kind from mail_outbox where to_address = ? and kind <> 'verify-email'")
      .bind(user.email)
      .first<{ kind: string }>();
    expect(row?.kind).toBe("deletion-requested");
  });

  it("an investor with a cancellable investment is warned before confirming", async () => {
    const { token, password, user } = await signup();
    const project = await insertProject({ title: "Warned Raise" });
    await call(`/api/projects/${project.id}/invest`, {
      body: await withPrice(project.id, { shares: 10 }),
      token,
      headers: { "Idempotency-Key": unique("k") },
    });
    const mailer: Mailer = { origin: "http://localhost", sendLater: () => {} };
    const out = await requestAccountDeletion(
      db(),
      {
        ...user,
        firstName: "Ada",
        lastName: "L",
        birthDate: "",
        role: "investor",
        ownedProject: null,
        ownedProjectSlug: null,
      },
      token,
      { password },
      { mailer },
    );
    expect(out.warnings[0]).toMatch(
      /^You can cancel 1 investment \(in “Warned Raise”\) until .+; once your account is deleted it can no longer be canceled/,
    );
  });
});

describe("keeping the account", () => {
  it("POST /api/me/delete/cancel keeps it", async () => {
    const { token, password } = await signup();
    await askDeletion(token, password);
    const res = await call("/api/me/delete/cancel", { method: "POST", token });
    expect({ status: res.status, scheduled: (await me(token)).body?.deletionScheduledFor }).toEqual({
      status: 200,
      scheduled: null,
    });
  });

  it("cancelling when nothing is asked is a 409", async () => {
    const { token } = await signup();
    const res = await call("/api/me/delete/cancel", { method: "POST", token });
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 409,
      message: DELETION_MESSAGES.notScheduled,
    });
  });

  it("signing in within the grace period cancels it and says so", async () => {
    const { token, password, user } = await signup();
    await askDeletion(token, password);
    const out = await login(db(), { email: user.email, password }, { clientIp: uniqueIp() });
    expect({
      canceled: "token" in out && out.deletionCanceled,
      row: (await userRow(user.id))?.deletion_requested_at,
    }).toEqual({
      canceled: true,
      row: null,
    });
  });
});

describe("the daily erasure", () => {
  it("does nothing before 30 days", async () => {
    const { token, password, user } = await signup();
    await askDeletion(token, password);
    await requestedDaysAgo(user.id, 29);
    await eraseDueAccounts(db());
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it("after 30 days leaves nothing personal in any table, keeps investments and totals, and shows 'a former member'", async () => {
    const first = `Zephyrine${unique("n")}`;
    const last = `Quillfeather${unique("n")}`;
    const phone = "+1 555 0199 4321";
    const bio = `Bio of ${unique("bio")}`;
    const birthDate = "1994-03-21";
    const { token, password, user } = await signup("investor", { firstName: first, lastName: last, birthDate });
    await env.DB.prepare("update users set phone_number = ?2, bio = ?3 where id = ?1").bind(user.id, phone, bio).run();
    await env.DB.prepare("insert into public_profiles (user_id, username, bio) values (?1, ?2, ?3)")
      .bind(user.id, unique("zq").toLowerCase(), bio)
      .run();
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id });
    await call(`/api/projects/${project.id}/invest`, {
      body: await withPrice(project.id, { shares: 10 }),
      token,
      headers: { "Idempotency-Key": unique("k") },
    });
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token });
    await call(`/api/projects/${project.id}/discussion`, { body: { body: "When do you ship?" }, token });
    const totals = "select funding_current_cents, shares_sold, investor_count from projects where id = ?";
    const before = await env.DB.prepare(totals).bind(project.id).first();
    await askDeletion(token, password);
    await requestedDaysAgo(user.id, 31);
    await eraseDueAccounts(db());

    const discussion = await json<{ threads: { authorName: string; body: string }[] }>(
      await call(`/api/projects/${project.id}/discussion`),
    );
    const investments = await env.DB.prepare("select count(*) as n from investments where investor_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect({
      left: await personalLeft([user.email, first, last, phone, bio, birthDate]),
      totals: await env.DB.prepare(totals).bind(project.id).first(),
      investments: investments?.n,
      posts: discussion.threads.map((t) => [t.authorName, t.body]),
    }).toEqual({ left: [], totals: before, investments: 1, posts: [["Deleted account", "[deleted]"]] });
  });

  it("a cancel racing the job, committed first: the job's batch, guarded by the request it read, keeps the account", async () => {
    const { token, password, user } = await signup();
    await askDeletion(token, password);
    await requestedDaysAgo(user.id, 31);
    await env.DB.prepare("insert into public_profiles (user_id, username) values (?1, ?2)")
      .bind(user.id, unique("race").toLowerCase())
      .run();
    const due = (await dueAccounts(db(), Date.now(), 1000)).find((a) => a.id === user.id)!;
    const cancel = call("/api/me/delete/cancel", { method: "POST", token });
    const [, erased] = await Promise.all([cancel, cancel.then(() => eraseAccount(db(), due, Date.now()))]);
    const held = await env.DB.prepare("select count(*) as n from released_usernames where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect({ erased, email: (await userRow(user.id))?.email, held: held?.n }).toEqual({
      erased: false,
      email: user.email,
      held: 0,
    });
  });

  it("erases at most `limit` accounts a run, oldest request first", async () => {
    const accounts = await Promise.all([signup(), signup(), signup()]);
    // The oldest requests of the whole database, so no other test's request comes first.
    for (const [i, a] of accounts.entries()) {
      await env.DB.prepare("update users set deletion_requested_at = ?2 where id = ?1")
        .bind(a.user.id, 1 + i)
        .run();
    }
    const erased = await eraseDueAccounts(db(), Date.now(), 2);
    expect(erased).toEqual([accounts[0].user.id, accounts[1].user.id]);
  });

  it("a deleted address can sign up again as a new account", async () => {
    const { token, password, user } = await signup();
    await askDeletion(token, password);
    await requestedDaysAgo(user.id, DELETION_GRACE_MS / DAY + 1);
    await eraseDueAccounts(db());
    const res = await call("/api/auth/signup", {
      body: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: user.email,
        password,
        birthDate: "1995-05-17",
        role: "investor",
      },
    });
    expect(res.status).toBe(201);
  });

  it("an erased founder's project stays and names its creator 'A former member'", async () => {
    const founder = await signup("founder", { firstName: "Theodora", lastName: "Vance" });
    const project = await insertProject({
      founderId: founder.user.id,
      creatorInfo: { name: "Theodora Vance", bio: "Me" },
    });
    await askDeletion(founder.token, founder.password);
    await requestedDaysAgo(founder.user.id, 31);
    await eraseDueAccounts(db());
    const res = await call(`/api/projects/${project.id}`);
    expect((await json<{ creator: string }>(res)).creator).toBe("A former member");
  });

  it("an erased investor's public profile page is gone (404)", async () => {
    const { token, password, user } = await signup();
    const username = unique("gone").toLowerCase();
    await env.DB.prepare("insert into public_profiles (user_id, username) values (?1, ?2)")
      .bind(user.id, username)
      .run();
    await askDeletion(token, password);
    await requestedDaysAgo(user.id, 31);
    await eraseDueAccounts(db());
    expect(await getPublicInvestor(db(), username)).toBeNull();
  });
});
