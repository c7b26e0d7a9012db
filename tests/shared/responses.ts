/**
 * What a test reads off an answer, the same way in every suite: Fetch's `Response` (the Workers
 * tests) or Playwright's `APIResponse` (the browser tests' HTTP-level checks).
 */
import { alertTexts } from "./html";

/** Either kind of answer: Fetch's has `status` and `headers` as values, Playwright's as methods. */
export interface AnyResponse {
  status: number | (() => number);
  headers: Headers | (() => Record<string, string>);
  text(): Promise<string>;
}

const statusOf = (res: AnyResponse) => (typeof res.status === "function" ? res.status() : res.status);

function headerOf(res: AnyResponse, name: string): string | undefined {
  return typeof res.headers === "function" ? res.headers()[name.toLowerCase()] : (res.headers.get(name) ?? undefined);
}

/**
 * Asserts a re-rendered page answered with `status` and shows `message` in one of its
 * role="alert" elements: a string is an alert's whole text, a RegExp matches part of one. Returns
 * the HTML for further checks.
 */
export async function expectAlert(res: AnyResponse, status: number, message: string | RegExp): Promise<string> {
  const html = await res.text();
  const alerts = alertTexts(html);
  const got = statusOf(res);
  const shown = (a: string) => (typeof message === "string" ? a === message : message.test(a));
  if (got !== status) {
    throw new Error(`status for '${message}': expected ${status}, got ${got} (alerts: ${JSON.stringify(alerts)})`);
  }
  if (!alerts.some(shown)) {
    throw new Error(`no alert ${message} on the re-rendered page; its alerts: ${JSON.stringify(alerts)}`);
  }
  return html;
}

/** How many D1 queries the answer took, as its `Server-Timing` header says, or undefined without one. */
export function queries(res: AnyResponse): number | undefined {
  const m = /d1;desc="(\d+) queries"/.exec(headerOf(res, "Server-Timing") ?? "");
  return m ? Number(m[1]) : undefined;
}
