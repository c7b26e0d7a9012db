/**
 * Notice mails: the mail twin of a purchase's commitment notice, of a settlement's
 * confirmations, returns and outcome, and of a review's outcome, each written in the batch of the
 * notification it mirrors, to proved addresses only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { sendQueued } from "../../worker/mail/mailer";
import { noticeMailId } from "../../worker/mail/notices";
import { purchaseShares } from "../../worker/services/money/purchases";
import { settleProject } from "../../worker/services/raises/settlement";
import { call, db, insertProject, json, projectBody, recordPurchase, signup, viewerFor, withPrice } from "./helpers";

interface MailRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
}

const prove = (userId: string) =>
  env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(userId).run();

/** The mails to `email` but sign-up's own "Confirm your CampusFund email address" (ADR 045). */
const mailsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "select * from mail_outbox where to_address = ? and kind <> 'verify-email' order by created_at",
    )
      .bind(email)
      .all<MailRow>()
  ).results;

const buy = async (projectId: string, token: string, shares: number) =>
  call(`/api/projects/${projectId}/invest`, {
    body: await withPrice(projectId, { shares }),
    token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

describe("the commitment mail", () => {
  it("a purchase writes exactly one mail to a proved investor, with the notice's facts and why it came", async () => {
    const project = await insertProject({ title: "Campus <Keys> & Co" });
    const investor = await signup();
    await prove(investor.user.id);
    expect((await buy(project.id, investor.token, 50)).status).toBe(201);
    const mails = await mailsTo(investor.user.email);
    const note = await env.DB.prepare("select text, link from notifications where user_id = ? and kind = 'commitment'")
      .bind(investor.user.id)
      .first<{ text: string; link: string }>();
    expect(
      mails.map((m) => [
        m.kind,
        m.subject,
        m.text.includes(note!.text),
        m.html.includes("Campus &lt;Keys&gt; &amp; Co"),
        m.text.includes(`%%ORIGIN%%${note!.link}`),
        m.html.includes("You received this mail because you invested"),
      ]),
    ).toEqual([["notice-commitment", "Your CampusFund investment commitment", true, true, true, true]]);
  });

  it("a purchase writes no mail to an unproved investor", async () => {
    const project = await insertProject();
    const investor = await signup();
    expect((await buy(project.id, investor.token, 50)).status).toBe(201);
    expect(await mailsTo(investor.user.email)).toEqual([]);
  });

  it("a failed send changes nothing the purchase did: the investment stands and the mail stays pending", async () => {
    const project = await insertProject();
    const investor = await signup();
    await prove(investor.user.id);
    // The door's service, then the send with a binding that refuses: a double handed to the
    // mailer (a spy on the shared binding misses sends once another request has used it).
    const { investment } = await purchaseShares(db(), await viewerFor(investor.token), {
      project: project.id,
      shares: 50,
      sharePrice: 10,
      idempotencyKey: crypto.randomUUID(),
    });
    const send = vi.fn().mockRejectedValue(new Error("sending domain not verified"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = noticeMailId(`commitment:${investment._id}`, investor.user.id);
    await sendQueued({ ...env, EMAIL: { send } }, db(), [id]);
    expect(send).toHaveBeenCalledTimes(1);
    const held = await env.DB.prepare(
      "select i.status, p.shares_sold from investments i join projects p on p.id = i.project_id where i.id = ?",
    )
      .bind(investment._id)
      .first();
    expect({
      held,
      mail: (await mailsTo(investor.user.email)).map((m) => [m.status, m.attempts > 0]),
    }).toEqual({ held: { status: "active", shares_sold: 50 }, mail: [["pending", true]] });
  });
});

describe("settlement mails", () => {
  it.each([
    ["funded", 500_000, "notice-settled", "is confirmed"],
    ["closed", 100_000_000, "notice-settled", "was returned to you"],
  ] as const)(
    "a %s raise writes one mail per proved investor and one to the founder",
    async (_o, goal, kind, words) => {
      const founder = await signup("founder");
      await prove(founder.user.id);
      const project = await insertProject({
        founderId: founder.user.id,
        fundingGoalCents: goal,
        fundingDeadline: isoDay(Date.now() - DAY_MS),
      });
      const a = await signup();
      const b = await signup();
      const unproved = await signup();
      await prove(a.user.id);
      await prove(b.user.id);
      await recordPurchase(project.id, a.user.id, 200);
      await recordPurchase(project.id, a.user.id, 100);
      await recordPurchase(project.id, b.user.id, 300);
      await recordPurchase(project.id, unproved.user.id, 300);
      await settleProject(db(), project.id);
      const summary = async (email: string) =>
        (await mailsTo(email)).map((m) => [m.kind, m.text.includes(words) || m.text.includes("Your raise")]);
      expect({
        a: await summary(a.user.email),
        b: await summary(b.user.email),
        unproved: await summary(unproved.user.email),
        founder: await summary(founder.user.email),
      }).toEqual({
        a: [
          [kind, true],
          [kind, true],
        ],
        b: [[kind, true]],
        unproved: [],
        founder: [["notice-outcome", true]],
      });
    },
  );
});

describe("review mails", () => {
  const admin = async () => {
    const a = await signup();
    await env.DB.prepare("update users set role = 'admin' where id = ?").bind(a.user.id).run();
    return a.token;
  };
  const submitted = async () => {
    const founder = await signup("founder");
    await prove(founder.user.id);
    const created = await json<{ _id: string }>(
      await call("/api/projects/create", { body: projectBody(), token: founder.token }),
    );
    const id = created._id;
    expect((await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token })).status).toBe(200);
    return { founder, id };
  };

  it("approving writes the founder's mail", async () => {
    const { founder, id } = await submitted();
    expect((await call(`/api/admin/projects/${id}/approve`, { method: "POST", token: await admin() })).status).toBe(
      200,
    );
    expect((await mailsTo(founder.user.email)).map((m) => m.kind)).toEqual(["notice-review"]);
  });

  it("sending back writes the founder's mail with the reviewer's note", async () => {
    const { founder, id } = await submitted();
    const res = await call(`/api/admin/projects/${id}/request-changes`, {
      method: "POST",
      token: await admin(),
      body: { reason: "Please add the team's <bios> & costs." },
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo(founder.user.email);
    expect(
      mails.map((m) => [
        m.kind,
        m.text.includes("Please add the team's <bios> & costs."),
        m.html.includes("&lt;bios&gt; &amp; costs"),
      ]),
    ).toEqual([["notice-review", true, true]]);
  });
});
