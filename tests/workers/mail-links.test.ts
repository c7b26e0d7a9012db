/**
 * Every link in every mail is built from the configured site address (`APP_ORIGIN`), never from the
 * request's Host (ADR 044): each kind of mail a request writes, asked for with a hostile Host
 * (`evil.example`, in the URL and the header, as a proxy forwarding it would give it), holds only
 * links to `APP_ORIGIN`, or the `%%ORIGIN%%` mark the mailer fills from `APP_ORIGIN` when it sends.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { ORIGIN_MARK, sendQueued } from "../../worker/mail/mailer";
import {
  adminSession,
  call,
  db,
  insertProject,
  json,
  projectBody,
  signup,
  signupBody,
  TEST_PASSWORD,
  unique,
  uniqueIp,
} from "./helpers";

const EVIL = "http://evil.example";

/** A request as a hostile Host would make it: the URL the Worker sees names that host. */
function hostile(path: string, body: unknown, token?: string, more: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = {
    ...more,
    Host: "evil.example",
    "X-Forwarded-Host": "evil.example",
    "CF-Connecting-IP": uniqueIp(),
    "Content-Type": "application/json",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return exports.default.fetch(`${EVIL}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

interface Mail {
  id: string;
  kind: string;
  html: string;
  text: string;
}

/** Every mail written to `email`, oldest first. */
const mailsTo = async (email: string) =>
  (
    await env.DB.prepare("select id, kind, html, text from mail_outbox where to_address = ? order by created_at, rowid")
      .bind(email)
      .all<Mail>()
  ).results;

/** Every link a mail holds: the HTML's href values and the text part's URLs. */
function linksOf(mail: Mail): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const urls = [...mail.text.matchAll(/(?:https?:\/\/|%%ORIGIN%%)[^\s)>\]]+/g)].map((m) => m[0]);
  return [...hrefs, ...urls];
}

/** Each mail's kind, whether it has links at all, and its links that do not start at the site address. */
function summary(mails: Mail[]) {
  const site = [`${env.APP_ORIGIN}/`, `${ORIGIN_MARK}/`];
  return mails.map((m) => {
    const links = linksOf(m);
    return {
      kind: m.kind,
      linked: links.length > 0,
      foreign: links.filter((l) => !site.some((s) => l.startsWith(s))),
      evil: `${m.html}${m.text}`.includes("evil.example"),
    };
  });
}

const clean = (kind: string) => ({ kind, linked: true, foreign: [], evil: false });

/** A signed-up account with a proved address. */
async function proved() {
  const account = await signup();
  await env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(account.user.id).run();
  return account;
}

describe("mail links under a hostile Host", () => {
  it("sign-up's confirmation mail", async () => {
    const body = signupBody();
    expect((await hostile("/api/auth/signup", body)).status).toBe(201);
    expect(summary(await mailsTo(String(body.email)))).toEqual([clean("verify-email")]);
  });

  it("a confirmation mail sent again", async () => {
    const { user, token } = await signup();
    expect((await hostile("/api/auth/verify-email/resend", {}, token)).status).toBe(200);
    expect(summary(await mailsTo(user.email))).toEqual([clean("verify-email"), clean("verify-email")]);
  });

  it("a change of address: the new address's confirmation and the current one's notice", async () => {
    const { user, token } = await proved();
    const next = `${unique("new")}@example.edu`;
    expect((await hostile("/api/me/email", { email: next, currentPassword: TEST_PASSWORD }, token)).status).toBe(200);
    expect([...summary(await mailsTo(next)), ...summary(await mailsTo(user.email))]).toEqual([
      clean("verify-email"),
      clean("verify-email"),
      clean("email-changing"),
    ]);
  });

  it("the password-reset link", async () => {
    const { user } = await signup();
    expect((await hostile("/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind === "password-reset"))).toEqual([
      clean("password-reset"),
    ]);
  });

  it("the password-changed notice after a reset", async () => {
    const { user } = await signup();
    await hostile("/api/auth/forgot-password", { email: user.email });
    const reset = (await mailsTo(user.email)).find((m) => m.kind === "password-reset")!;
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(reset.text)![1];
    const password = "Copper-Lantern-58";
    expect((await hostile("/api/auth/reset-password", { token, password, confirmPassword: password })).status).toBe(
      200,
    );
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind === "password-changed"))).toEqual([
      clean("password-changed"),
    ]);
  });

  it("the deletion notice", async () => {
    const { user, token } = await proved();
    expect((await hostile("/api/me/delete", { password: TEST_PASSWORD }, token)).status).toBe(202);
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind === "deletion-requested"))).toEqual([
      clean("deletion-requested"),
    ]);
  });

  it("the new-sign-in alert and its end link", async () => {
    const { user } = await proved();
    expect((await hostile("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind === "new-sign-in"))).toEqual([
      clean("new-sign-in"),
    ]);
  });

  it("the security alert of a password change", async () => {
    const { user, token } = await proved();
    const password = "Copper-Lantern-58";
    expect(
      (await hostile("/api/auth/password", { currentPassword: TEST_PASSWORD, newPassword: password }, token)).status,
    ).toBe(200);
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind === "security-change"))).toEqual([
      clean("security-change"),
    ]);
  });

  it("a notice mail (the commitment of a purchase)", async () => {
    const project = await insertProject();
    const { user, token } = await proved();
    const res = await hostile(`/api/projects/${project.id}/invest`, { shares: 10, sharePrice: 10 }, token, {
      "Idempotency-Key": unique("k"),
    });
    expect(res.status).toBe(201);
    expect(summary((await mailsTo(user.email)).filter((m) => m.kind.startsWith("notice-")))).toEqual([
      clean("notice-commitment"),
    ]);
  });
});

describe("mail links of an admin's act under a hostile Host", () => {
  it("the review notice of an approval", async () => {
    const founder = await signup("founder");
    await env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(founder.user.id).run();
    const created = await call("/api/projects/create", { body: projectBody(), token: founder.token });
    const { _id: id } = await json<{ _id: string }>(created);
    expect((await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token })).status).toBe(200);
    expect((await hostile(`/api/admin/projects/${id}/approve`, {}, await adminSession())).status).toBe(200);
    expect(summary((await mailsTo(founder.user.email)).filter((m) => m.kind.startsWith("notice-")))).toEqual([
      clean("notice-review"),
    ]);
  });
});

describe("what the mailer sends", () => {
  it("fills the mark with APP_ORIGIN: the links the binding gets start at the site address", async () => {
    const { user } = await proved();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into mail_outbox (id, kind, to_address, subject, html, text, created_at)
       values (?1, 'notice-review', ?2, 'Subject', ?3, ?4, ?5)`,
    )
      .bind(id, user.email, `<a href="${ORIGIN_MARK}/dashboard">Open</a>`, `Open ${ORIGIN_MARK}/dashboard`, Date.now())
      .run();
    const send = vi.fn((message: EmailMessageBuilder) => env.EMAIL.send(message));
    await sendQueued({ ...env, EMAIL: { send } as unknown as SendEmail }, db(), [id]);
    const sent = send.mock.calls[0]![0] as unknown as { html: string; text: string };
    expect(summary([{ id, kind: "notice-review", html: sent.html, text: sent.text }])).toEqual([
      { kind: "notice-review", linked: true, foreign: [], evil: false },
    ]);
  });
});
