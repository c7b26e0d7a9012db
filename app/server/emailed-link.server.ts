/**
 * A mailed one-time link (ADR 044, ADR 045): `/reset-password/<token>`, `/verify-email/<token>`.
 * Its answer moves the token out of the address at once, into an HttpOnly cookie scoped to the
 * link's folder (so it also reaches the next page's `.data` requests), served with
 * `Referrer-Policy: no-referrer` and never cached; the page it redirects to reads the cookie. One
 * way for every such link: the routes name their cookie and folder and use these. A link that does
 * not work is the house's loader refusal (app/server/form-result.ts `refusedBy(e, {}, { headers:
 * LINK_HEADERS })` while the token is in the address), with its status.
 */

/** The link's own answer headers: no Referer can carry the token, and nothing keeps a copy. */
export const LINK_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } as const;

export interface LinkCookie {
  /** The cookie's name (`campusfund_reset`, `campusfund_verify`). */
  name: string;
  /** The link's folder, with its trailing slash (`/reset-password/`). */
  folder: string;
}

/** The `Set-Cookie` value that keeps `value` under the link's folder for `maxAgeSeconds` (0 clears it). */
export function linkCookie(cookie: LinkCookie, value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${cookie.name}=${value}; Path=${cookie.folder}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

/** A link page's own headers (the link's no-referrer, the cookie, a 429's Retry-After), and never cached. */
export function linkPageHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const h = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["Referrer-Policy", "Retry-After", "Set-Cookie"]) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) h.set(name, value);
  }
  return h;
}
