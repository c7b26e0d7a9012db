/**
 * The request's database (ADR 036): a D1 session (`env.DB.withSession`), so that with read
 * replication on, reads are served by the nearest replica, wrapped to count the statements this
 * request sends (`db`, `queryCount`), reported on every answer as
 * `Server-Timing: d1;desc="N queries"`.
 *
 * Where the session starts:
 * - a request that may write (any method but GET and HEAD) on the primary (`first-primary`): its
 *   checks read the latest rows (a session just revoked, the shares left), and the primary is at
 *   least as new as any bookmark the request brings;
 * - a read bringing a bookmark (cookie `campusfund_d1_bookmark` from a browser, header
 *   `X-D1-Bookmark` from an API client) from that bookmark: whichever replica serves it has the
 *   writes it names;
 * - any other read wherever is nearest (`first-unconstrained`).
 *
 * What goes back: a request that wrote (a statement other than a SELECT went through the session)
 * answers with the session's bookmark in a short-lived cookie, so the person's next pages read
 * their own write on whichever replica serves them (but a public file, which answers everyone the
 * same: `isPublicFileRequest`); every `/api` answer names the bookmark in
 * `X-D1-Bookmark` for API clients to send back. Neither is ever on an answer the visitors' edge
 * cache made or served (worker/edge-cache.ts), and a request with a valid bookmark is not served
 * from that cache. Scheduled jobs (worker/index.ts) use the binding itself: without a session every
 * statement goes to the primary.
 */
import type { MiddlewareHandler } from "hono";

import { countingD1, createDb } from "../../db/client";
import { readCookie } from "../services/accounts/sessions";
import type { HonoEnv } from "../types";
import { isPublicFileRequest } from "./session";

export const BOOKMARK_COOKIE = "campusfund_d1_bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";
/**
 * How long a browser keeps the bookmark after its write: it only has to outlast the replicas' lag
 * (D1 replicates asynchronously). Past it, the person's reads no longer wait for their write, and
 * a visitor who wrote is back on the edge cache (which a bookmark bypasses).
 */
export const BOOKMARK_MAX_AGE_SECONDS = 60;
/**
 * A bookmark is opaque to us; D1's are hex groups joined by hyphens
 * (`00000085-0000024c-00004c6d-8e61117b…`). Anything else, or longer than this, is ignored: it
 * never reaches D1.
 */
const BOOKMARK_MAX_LENGTH = 128;
const BOOKMARK_SHAPE = /^[0-9a-f]+(?:-[0-9a-f]+)*$/i;

const READ_METHODS = new Set(["GET", "HEAD"]);

function validBookmark(value: string | null | undefined): string | null {
  if (!value || value.length > BOOKMARK_MAX_LENGTH || !BOOKMARK_SHAPE.test(value)) return null;
  return value;
}

/** The bookmark a request brings (header first, then cookie), or null when it brings none that is valid. */
export function requestBookmark(request: Request): string | null {
  return validBookmark(request.headers.get(BOOKMARK_HEADER)) ?? validBookmark(readCookie(request, BOOKMARK_COOKIE));
}

/** Where the request's session starts: see the file comment. */
export function sessionStart(request: Request): D1SessionConstraint | D1SessionBookmark {
  if (!READ_METHODS.has(request.method)) return "first-primary";
  return requestBookmark(request) ?? "first-unconstrained";
}

/** The bookmark cookie: like the session cookie (HttpOnly, SameSite=Lax, Secure on https), kept a minute. */
export function bookmarkCookie(bookmark: string, secure: boolean): string {
  const maxAge = BOOKMARK_MAX_AGE_SECONDS;
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function d1Session(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const session = c.env.DB.withSession(sessionStart(c.req.raw));
    const { d1, count, wrote, ms } = countingD1(session);
    c.set("db", createDb(d1));
    c.set("queryCount", count);
    c.set("d1Use", () => ({ statements: count(), ms: ms() }));
    await next();
    c.res.headers.append("Server-Timing", `d1;desc="${count()} queries"`);
    const bookmark = validBookmark(session.getBookmark());
    if (bookmark === null || c.res.headers.has("X-Edge-Cache")) return;
    // A public file answers the same to everyone, cookie-free, even when it wrote (a share image's
    // drawing claim, ADR 039): a shared cache keeps it for whoever asks next.
    if (wrote() && !isPublicFileRequest(c.req.raw)) {
      c.res.headers.append("Set-Cookie", bookmarkCookie(bookmark, c.get("secureCookies")));
    }
    if (c.req.path.startsWith("/api/")) c.res.headers.set(BOOKMARK_HEADER, bookmark);
  };
}
