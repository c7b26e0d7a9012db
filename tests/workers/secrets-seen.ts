/**
 * What the test doors handed to or received from the Worker that must never reach a log line
 * (ADR 056): addresses, passwords, session and link tokens. The doors register them as they pass
 * (tests/workers/helpers.ts `call` and `signup`, tests/app/helpers.ts `page`): request and answer
 * bodies' fields by name, bearer tokens, session cookies, the token in a mail link's path. After
 * each file, tests/workers/setup.ts checks every log line against them (tests/shared/log-check.ts).
 */
const seen = new Set<string>();

/** Shorter values (a 6-digit code, a count) would match by chance inside an id or a timestamp. */
const MIN_LENGTH = 8;

/** A field whose value is a secret or a person's address: `token`, `pendingToken`, `password`, `newEmail`, … */
const SECRET_FIELD = /(?:token|password|passcode|secret|email|authorization)$/i;

/** The paths whose last part is a token (app/routes.ts: the mails' links). */
const TOKEN_PATH = /^\/(?:reset-password|unsubscribe|verify-email|end-session)\/([^/?#]+?)(?:\.data)?(?:[?#]|$)/;

export function rememberSecret(value: unknown): void {
  if (typeof value !== "string") return;
  const v = value.replace(/^Bearer\s+/i, "").trim();
  if (v.length >= MIN_LENGTH) seen.add(v);
}

/** Every secret field in a JSON value (a body sent or received), at any depth. */
export function rememberSecretsIn(value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) rememberSecretsIn(v);
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_FIELD.test(key)) rememberSecret(v);
    else rememberSecretsIn(v);
  }
}

/** A form's secret fields (urlencoded or multipart). */
export function rememberSecretsInForm(form: Iterable<[string, unknown]>): void {
  for (const [key, v] of form) if (SECRET_FIELD.test(key)) rememberSecret(v);
}

/** A token is long; the pages beside the links (`/reset-password/new-password`) are words. */
const TOKEN_MIN_LENGTH = 20;

/** The token in a mail link's path (`/reset-password/<token>`). */
export function rememberSecretsInPath(path: string): void {
  const m = TOKEN_PATH.exec(path);
  if (m?.[1] && m[1].length >= TOKEN_MIN_LENGTH) {
    try {
      rememberSecret(decodeURIComponent(m[1]));
    } catch {
      rememberSecret(m[1]);
    }
  }
}

/** The session token a `Set-Cookie` (or `Cookie`) header carries. */
export function rememberSecretsInCookies(header: string | null): void {
  if (!header) return;
  for (const m of header.matchAll(/(?:^|[;,]\s*)[A-Za-z0-9_-]*(?:session|token|device)[A-Za-z0-9_-]*=([^;,\s]+)/gi)) {
    rememberSecret(m[1]);
  }
}

/** A JSON answer's secrets, read from a clone (the test reads the body itself). */
export async function rememberSecretsInAnswer(res: Response): Promise<void> {
  rememberSecretsInCookies(res.headers.get("Set-Cookie"));
  if (!/json/i.test(res.headers.get("Content-Type") ?? "")) return;
  try {
    rememberSecretsIn(await res.clone().json());
  } catch {
    // not JSON after all: nothing to remember
  }
}

/** This file's secrets, then forgotten (called once per file, after its tests). */
export function takeSecretsSeen(): Set<string> {
  const out = new Set(seen);
  seen.clear();
  return out;
}
