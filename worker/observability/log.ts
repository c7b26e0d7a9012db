/**
 * The one place the Worker writes a log line (ADR 056): JSON on one line, which Workers Logs
 * parses into fields. Every other module calls `logLine` (lint forbids `console` elsewhere in the
 * Worker and the app's server code), so what reaches the log is only what these lines carry:
 * ids, route patterns, statuses, counts and timings, never an address, a token, a password or a
 * body. Every string value still passes `scrub` on its way out, in case an error message quotes one.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogValue = string | number | boolean | null | undefined | LogFields | readonly LogValue[];
export interface LogFields {
  [field: string]: LogValue;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** `token=…`, `code=…`, `password=…` in a URL or a message: the value goes. */
const SECRET_PARAM = /\b(token|code|secret|password|passcode|key|signature|otp)=([^&\s"']+)/gi;
const BEARER = /\bBearer\s+[^\s"']+/gi;
/** A session token as this site makes them (`id.secret`, worker/services/accounts/sessions.ts). */
const SESSION_TOKEN = /\b[a-z2-9]{8,64}\.[a-z2-9]{16,64}\b/g;
/**
 * Any other long opaque run with a digit in it (a reset or unsubscribe token, a key): not a word of
 * code, and not a UUID (a user's or a row's id, which the log names on purpose).
 */
const OPAQUE =
  /\b(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{32,}\b/gi;

/** A string fit for the log: addresses, secrets in parameters, bearer tokens and long opaque runs replaced. */
export function scrub(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(SECRET_PARAM, "$1=[redacted]")
    .replace(BEARER, "Bearer [redacted]")
    .replace(SESSION_TOKEN, "[redacted]")
    .replace(OPAQUE, "[redacted]");
}

function scrubValue(value: LogValue): LogValue {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value && typeof value === "object") {
    const out: LogFields = {};
    for (const [k, v] of Object.entries(value as LogFields)) out[k] = scrubValue(v);
    return out;
  }
  return value;
}

/** Writes one JSON line: `{ level, msg, ...fields }`, each string scrubbed. */
export function logLine(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const line = JSON.stringify(scrubValue({ level, msg, ...fields }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** The request line's fields: ids, a route pattern, numbers and Cloudflare's colo and country, all of them ours. */
export interface RequestLine {
  id: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  d1: { statements: number; ms: number };
  cache: string | null;
  user: string | null;
  colo: string | null;
  country: string | null;
}

/**
 * The one line per request (worker/middleware/observe.ts). Every field is an id, a pattern from our
 * own route tables, a number or Cloudflare's colo and country: nothing a person typed can reach it,
 * so it skips `scrub`'s walk (the hot path: it runs on every request, edge-cache hits included).
 */
export function logRequest(line: RequestLine): void {
  const text = JSON.stringify({ level: line.status >= 500 ? "error" : "info", msg: "request", ...line });
  if (line.status >= 500) console.error(text);
  else console.log(text);
}
