/**
 * The pages' door of ADR 044's mail-link rule: a form posted through a hostile Host (`evil.example`, in
 * the URL, the Host header and a matching Origin, as a proxy forwarding it would give them) writes
 * a mail whose every link starts at the configured site address (`APP_ORIGIN`). The API's door and
 * every kind of mail: tests/workers/mail-links.test.ts.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { signup, signupForm, uniqueIp } from "./helpers";

const EVIL = "http://evil.example";

/** A form posted as a browser sent to the hostile host would post it. */
const hostileForm = (path: string, form: Record<string, string>) =>
  exports.default.fetch(`${EVIL}${path}`, {
    method: "POST",
    headers: {
      Host: "evil.example",
      Origin: EVIL,
      "CF-Connecting-IP": uniqueIp(),
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });

/** The links (href values and the text part's URLs) of the mails of `kind` to `email`. */
async function linksTo(email: string, kind: string): Promise<string[]> {
  const { results } = await env.DB.prepare("select html, text from mail_outbox where to_address = ? and kind = ?")
    .bind(email, kind)
    .all<{ html: string; text: string }>();
  return results.flatMap((m) => [
    ...[...m.html.matchAll(/href="([^"]*)"/g)].map((x) => x[1]!),
    ...[...m.text.matchAll(/https?:\/\/[^\s)>\]]+/g)].map((x) => x[0]),
  ]);
}

/** Whether there are links, and those that do not start at the site address. */
const verdict = (links: string[]) => ({
  linked: links.length > 0,
  foreign: links.filter((l) => !l.startsWith(`${env.APP_ORIGIN}/`)),
});

describe("mail links from the pages under a hostile Host", () => {
  it("/signup's confirmation mail", async () => {
    const form = signupForm();
    expect((await hostileForm("/signup", form)).status).toBe(302);
    expect(verdict(await linksTo(form.email!, "verify-email"))).toEqual({ linked: true, foreign: [] });
  });

  it("/forgot-password's reset link", async () => {
    const { user } = await signup();
    expect((await hostileForm("/forgot-password", { email: user.email })).status).toBe(200);
    expect(verdict(await linksTo(user.email, "password-reset"))).toEqual({ linked: true, foreign: [] });
  });
});
