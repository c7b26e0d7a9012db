/**
 * The check that no secret or personal data reaches a log line (ADR 056), run over every JSON line
 * a Workers or app test file made the Worker write (tests/workers/setup.ts, after the file) and,
 * for the browser suite, over the e2e server's output (tests/e2e/global-teardown.ts, with the same
 * rules: tests/shared/log-rules.ts). A line breaks the rules when it holds:
 * - an email address;
 * - any secret the tests handed to or received from the Worker in this file (tests/workers/secrets-seen.ts);
 * - a field named like a body, a password, a token, an address, a cookie or an authorization;
 * - a `route` that is a raw path (an id in it) instead of a pattern (`GET /project/:slug`);
 * - an IP address.
 * Pure: tests/unit/log-check.test.ts feeds it lines that break each rule.
 */
import { EMAIL, FORBIDDEN_FIELD, ipAddressIn, rawRouteProblem } from "./log-rules";

export interface LogLineLike {
  text: string;
  fields: Record<string, unknown>;
}

function forbiddenFields(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => forbiddenFields(v, `${path}[${i}]`, out));
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_FIELD.test(key)) out.push(`a field named ${at}`);
    forbiddenFields(v, at, out);
  }
}

/** What is wrong with one line (empty when nothing). */
export function lineProblems(line: LogLineLike, secrets: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const email = line.text.match(EMAIL);
  if (email) out.push(`an email address (${email[0]})`);
  for (const secret of secrets) {
    // As written in JSON (a quote or a backslash in it is escaped there).
    const written = JSON.stringify(secret).slice(1, -1);
    if (line.text.includes(secret) || line.text.includes(written)) {
      out.push(`a secret the tests used (${secret.slice(0, 4)}…)`);
      break;
    }
  }
  forbiddenFields(line.fields, "", out);
  const route = line.fields.route;
  if (typeof route === "string") {
    const problem = rawRouteProblem(route);
    if (problem) out.push(problem);
  }
  const ip = ipAddressIn(line.text);
  if (ip) out.push(`an IP address (${ip})`);
  return out;
}

/** Every problem of every line, each naming its line. */
export function logProblems(lines: readonly LogLineLike[], secrets: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const problems = lineProblems(line, secrets);
    if (problems.length) out.push(`${problems.join("; ")}: ${line.text.slice(0, 600)}`);
  }
  return out;
}
