/**
 * What may never be in a log line (ADR 056), shared by the Workers and app suites' check
 * (tests/shared/log-check.ts) and the browser suite's scan of the server's output
 * (tests/e2e/global-teardown.ts).
 */

/** An email address (what log.ts `scrub` leaves is `[email]`, which this does not match). */
export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** A field named for what it holds: a body, a password, a token, an address, a cookie, an authorization. */
export const FORBIDDEN_FIELD = /body|password|token|e-?mail|cookie|authorization/i;

const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/;
/** Three colons at least (a time, `12:34:56`, or a stack frame, `x.js:12:34`, has two). */
const IPV6 = /\b(?:[0-9a-f]{1,4}:){2,7}:?[0-9a-f]{0,4}:[0-9a-f]{0,4}\b/i;
const IPV6_COLONS = 3;

/** The first IP address in `text`, or null. */
export function ipAddressIn(text: string): string | null {
  const v4 = IPV4.exec(text);
  if (v4) return v4[0];
  const re = new RegExp(IPV6.source, "gi");
  for (const m of text.matchAll(re)) {
    if ((m[0].match(/:/g)?.length ?? 0) >= IPV6_COLONS) return m[0];
  }
  return null;
}

/** A segment of a pattern: a parameter (`:slug`), a wildcard, or a word with no digit in it, maybe ending in a wildcard (`sitemap-*`). */
const PATTERN_SEGMENT = /^(?::[A-Za-z_][\w]*\??|[A-Za-z_.-]*\*?)$/;

/**
 * Why `route` is not a route pattern (`GET /project/:slug`, `job:settlement`), or null when it is.
 * A segment with a digit in it, or any other character an id carries, is a raw path.
 */
export function rawRouteProblem(route: string): string | null {
  if (/^job:[a-z0-9-]+$/.test(route)) return null;
  const m = /^([A-Z]+) (\S*)$/.exec(route);
  if (!m) return `a route that is not "METHOD /pattern" (${route})`;
  // Hono's regular expressions (`/:id{[0-9]+}`) are part of the pattern.
  const path = m[2]!.replace(/\{[^}]*\}/g, "");
  if (path === "*") return null;
  if (!path.startsWith("/")) return `a route that is not "METHOD /pattern" (${route})`;
  const raw = path
    .split("/")
    .slice(1)
    .find((segment) => !PATTERN_SEGMENT.test(segment));
  return raw === undefined ? null : `a raw path where a route pattern belongs (${route})`;
}
