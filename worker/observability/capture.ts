/**
 * Unexpected errors, captured once each (ADR 056). The project's own capture, not an SDK: the
 * Worker must run offline (tests, `wrangler dev`) and the admin reads errors from our own D1; an
 * error-reporting SDK (Sentry's for Workers) would add about 60 KiB to every isolate's start and
 * a second place to look. Production still sees every error in Workers Logs (the error line below);
 * `recordError` is the one place a reporting service would be told, should one be added.
 *
 * - During a request, `captureError(observation, err)` only notes the error on the request's
 *   Observation (worker/observability/observe.ts); the request's end writes it once, with the
 *   route pattern known by then: one `error` log line (stack, request id, release) and the
 *   `error_events` row of its fingerprint (count, first and last seen).
 * - A scheduled job's error is written at once by `recordError` (route `job:<name>`).
 * The same error object reported twice (by React Router's handleError and again by a wrapper) is
 * written once.
 */
import { logLine, scrub } from "./log";
import { countEvent } from "./metrics";
import { RELEASE } from "./release";

/** What a request or job knows when an error is captured. */
export interface ErrorScope {
  requestId: string;
  route: string;
}

const seen = new WeakSet<object>();

/** Marks `err` as captured; false when it already was (a second report of the same object). */
export function firstCapture(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return true;
  if (seen.has(err)) return false;
  seen.add(err);
  return true;
}

const STACK_LIMIT = 4_000;

export interface CapturedError {
  fingerprint: string;
  name: string;
  message: string;
  stack: string;
}

/** 32-bit FNV-1a, as 8 hex digits: enough to group errors, not a secret. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The error as it is kept: name, message and stack scrubbed (log.ts `scrub`), the stack bounded,
 * and its fingerprint: name, the message with its numbers blanked (ids, counts), and the stack's
 * first three frames, so the same bug at another id groups with itself.
 */
export function describeError(err: unknown): CapturedError {
  const e = err instanceof Error ? err : new Error(typeof err === "string" ? err : "A non-Error value was thrown");
  const name = scrub(e.name || "Error");
  const message = scrub(e.message || "(no message)");
  const stack = scrub(e.stack ?? `${name}: ${message}`).slice(0, STACK_LIMIT);
  const frames = stack
    .split("\n")
    .filter((l) => l.trim().startsWith("at "))
    .slice(0, 3)
    .join("\n");
  const fingerprint = fnv1a(`${name}\n${message.replace(/\d+/g, "#")}\n${frames}`);
  return { fingerprint, name, message, stack };
}

/** An error's name and scrubbed message, for a log line about a failure that is handled (no stack, no row). */
export function errorFields(err: unknown): { error: string; message: string } {
  const e = describeError(err);
  return { error: e.name, message: e.message };
}

/** Writes a captured error: its log line, its event count and its `error_events` row. */
export async function recordError(d1: D1Database | undefined, err: unknown, scope: ErrorScope, at = Date.now()) {
  const e = describeError(err);
  logLine("error", "unexpected error", {
    id: scope.requestId,
    route: scope.route,
    error: e.name,
    message: e.message,
    stack: e.stack,
    fingerprint: e.fingerprint,
    release: RELEASE,
  });
  countEvent("error", 1, at);
  if (!d1) return;
  await d1
    .prepare(
      `INSERT INTO error_events (fingerprint, name, message, stack, route, count, first_seen_at, last_seen_at, last_request_id, release)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
       ON CONFLICT (fingerprint) DO UPDATE SET count = count + 1, last_seen_at = excluded.last_seen_at,
         message = excluded.message, stack = excluded.stack, route = excluded.route,
         last_request_id = excluded.last_request_id, release = excluded.release`,
    )
    .bind(e.fingerprint, e.name, e.message, e.stack, scope.route, at, at, scope.requestId, RELEASE)
    .run();
}
