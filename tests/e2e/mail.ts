/**
 * The mails a local run sent, read as a developer would (README "Email"): wrangler's local
 * explorer API lists every message the simulated `send_email` binding kept, with its bodies. One
 * way for every browser test that follows a mailed link.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect } from "./fixtures";

const EXPLORER = "/cdn-cgi/local/explorer/api/local/email/sending?worker=campusfund";

interface SentMail {
  messageId: string;
  to: string[];
  subject: string;
  sentAt?: string;
}

/**
 * The newest mail to `email` with `subject`, with its text and HTML parts. Polled: a mail is sent
 * after its request's response (or by the job, which `eachPoll` may run again).
 */
export async function newestMail(
  request: APIRequestContext,
  email: string,
  subject: string,
  options: { eachPoll?: () => Promise<unknown>; timeout?: number } = {},
): Promise<{ text: string; html: string }> {
  let id = "";
  await expect
    .poll(
      async () => {
        await options.eachPoll?.();
        const list = (await (await request.get(`${EXPLORER}&per_page=100`)).json()) as { result: SentMail[] };
        const mine = list.result
          .filter((m) => m.to.includes(email) && m.subject === subject)
          .sort((a, b) => (b.sentAt ?? "").localeCompare(a.sentAt ?? ""));
        id = mine[0]?.messageId ?? "";
        return id;
      },
      { message: `a mail "${subject}" to ${email}`, ...(options.timeout ? { timeout: options.timeout } : {}) },
    )
    .not.toBe("");
  const one = (await (await request.get(`${EXPLORER}&email_id=${encodeURIComponent(id)}`)).json()) as {
    result: { text: string; html: string };
  };
  return one.result;
}
