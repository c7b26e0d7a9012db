/**
 * Route guards for loaders and actions (after the Epic Stack's requireUserId / requireAnonymous):
 * they return the signed-in user or throw a redirect.
 */
import { redirect, type RouterContextProvider } from "react-router";

import { appContext } from "../context";
import type { NoticeCode } from "../../domain/shared/notices";
import { homeFor } from "../../domain/accounts/roles";
import { can, type Capability } from "../../domain/shared/access";
import type { SessionUser } from "../../domain/shared/types";
import { signinHref } from "../../domain/accounts/auth-links";

export function getApp(context: Readonly<RouterContextProvider>) {
  return context.get(appContext);
}

export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(appContext).user;
}

/**
 * Where to go after signing in or up: `value` resolved with the URL parser against our own origin,
 * kept only when it is a path that stays on this origin; anything else (another host, a scheme,
 * `//evil.com`, `/\tevil.com`, a backslash trick, a dot segment that resolves to `//host`
 * (`/..//evil.com`), an unparsable value) gives `fallback`. The
 * result is re-serialised by the parser, so it never carries a character a header cannot hold.
 */
export function safeRedirectTo(
  value: FormDataEntryValue | string | null | undefined,
  fallback: string,
  origin: string,
): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2048) return fallback;
  let ours: URL;
  let target: URL;
  try {
    ours = new URL(origin);
    target = new URL(value, ours);
  } catch {
    return fallback;
  }
  if (target.origin !== ours.origin) return fallback;
  // The parser resolves dot segments after the origin check could see them: `/..//evil.example`
  // becomes the path `//evil.example`, which a browser reads as another host. A path starting with
  // two slashes, or a slash and a backslash, is never ours.
  if (/^\/[/\\]/.test(target.pathname)) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

export { homeFor } from "../../domain/accounts/roles";

/** A visitor is sent to /signin, remembering where they were going. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const user = getUser(context);
  if (!user) {
    const url = new URL(request.url);
    const to = `${url.pathname}${url.search}`;
    throw redirect(signinHref(to));
  }
  return user;
}

function withNotice(path: string, notice: NoticeCode) {
  return `${path}?notice=${notice}`;
}

/**
 * The admin page's guard, the redirecting counterpart of the services' `requireAdmin`
 * (worker/services/shared/access.ts, which throws 401/403 and is what every admin service checks): a
 * visitor signs in first, anyone else who is not an admin (ADR 030) gets the access-denied page
 * (spec section 6).
 */
export function requireAdminOrRedirect(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const user = requireUser(request, context);
  if (!can(user, "administer")) throw redirect(withNotice("/access-denied", "no-permission"));
  // In production, only from a session that signed in with a second factor (ADR 054).
  if (user.session?.consoleLocked) {
    throw redirect(withNotice("/settings/login-security", "admin-second-factor"));
  }
  return user;
}

/**
 * A signed-in user who may `capability` (domain/shared/access.ts `can`), else the wrong-role redirects of
 * spec section 6: one who raises (a founder) goes to /founder-dashboard with 'investors only', one
 * who invests (an investor) to the portfolio with 'founders only', anyone else to /access-denied.
 * Admins pass every guard.
 */
export function requireRole(
  request: Request,
  context: Readonly<RouterContextProvider>,
  capability: Capability,
): SessionUser {
  const user = requireUser(request, context);
  if (can(user, capability) || can(user, "administer")) return user;
  if (can(user, "raise")) throw redirect(withNotice("/founder-dashboard", "investors-only"));
  if (can(user, "invest")) throw redirect(withNotice(homeFor(user), "founders-only"));
  throw redirect(withNotice("/access-denied", "no-permission"));
}

/**
 * /signin and /signup: a signed-in user goes to /portfolio (spec section 2 route guard); a founder,
 * who cannot use the portfolio, to their own home instead.
 */
export function requireAnonymous(context: Readonly<RouterContextProvider>) {
  const user = getUser(context);
  if (user) throw redirect(homeFor(user));
}
