/**
 * The one way to build a link to sign in or sign up, and to read one back (ADR 034). A link names
 * what the visitor was doing, so the page can say it ("Sign in to follow SunDorm") and the action
 * can finish it:
 * - a **page** a visitor opened (`/portfolio`, `/purchase/sundorm?shares=10`): `redirectTo=<path>`,
 *   checked again by `safeRedirectTo` after the sign-in; the headline comes from a fixed list of
 *   our signed-in pages (`pagePurpose`), the purchase page naming its project;
 * - an **intent**, an action that is not a page: `intent=follow&project=<slug>` (the sign-in POST
 *   follows, then goes to the project) or `intent=post&project=<slug>&body=<draft>` (the
 *   project's Discussion opens its new-thread form with the draft). Only the actions of `AUTH_INTENTS`.
 * Without a target (or an empty path) the plain page. Pure: no I/O; the server side (the project's
 * title, the follow) is app/server/auth-intent.server.ts.
 */

/** The actions a sign-in or sign-up link may carry: a fixed list, anything else is ignored. */
export const AUTH_INTENTS = ["follow", "post"] as const;
export type AuthAction = (typeof AUTH_INTENTS)[number];

export type AuthIntent = { action: "follow"; project: string } | { action: "post"; project: string; body?: string };

/** What a link to sign in or up carries: the page to come back to, or an intent. */
export type AuthTarget = string | AuthIntent | null | undefined;

/**
 * The most of a thread's draft a link carries, in code points: the URL stays well under the 16 KB
 * Cloudflare accepts (each code point is at most 12 characters percent-encoded). A visitor's longer
 * draft is refused beside the field before sign-in (routes/project.tsx), never cut.
 */
export const CARRIED_DRAFT_MAX = 1_200;
export const DRAFT_TOO_LONG_TO_CARRY = `Please sign in first to post more than ${CARRIED_DRAFT_MAX.toLocaleString("en-US")} characters: a shorter draft is kept while you sign in.`;

/** A project as links name it: a slug or an id (letters, digits, hyphens). */
const PROJECT_REF = /^[A-Za-z0-9][A-Za-z0-9-]{0,199}$/;

const cutDraft = (q: string) => Array.from(q).slice(0, CARRIED_DRAFT_MAX).join("");

function targetQuery(target: AuthTarget): string {
  if (!target) return "";
  const q = new URLSearchParams();
  if (typeof target === "string") q.set("redirectTo", target);
  else {
    q.set("intent", target.action);
    q.set("project", target.project);
    if (target.action === "post" && target.body) q.set("body", cutDraft(target.body));
  }
  return `?${q.toString().replace(/\+/g, "%20")}`;
}

/** `/signin?redirectTo=<path>` or `/signin?intent=…&project=…`: sign in, then back or on with the action. */
export const signinHref = (target?: AuthTarget): string => `/signin${targetQuery(target)}`;

/** `/signup?…`: create an account, then the same as `signinHref`. */
export const signupHref = (target?: AuthTarget): string => `/signup${targetQuery(target)}`;

/**
 * What a link (or the sign-in form's hidden fields, which repeat it) asks for, read back: an intent
 * only when its action is one of `AUTH_INTENTS` and its project looks like a project reference;
 * else the `redirectTo` path as given (checked by `safeRedirectTo` where it is used), or nothing.
 */
export function readAuthTarget(get: (name: string) => unknown): AuthTarget {
  const str = (name: string) => {
    const value = get(name);
    return typeof value === "string" ? value : "";
  };
  const action = str("intent");
  const project = str("project");
  if ((AUTH_INTENTS as readonly string[]).includes(action) && PROJECT_REF.test(project)) {
    if (action === "follow") return { action, project };
    const body = str("body");
    return body ? { action: "post", project, body: cutDraft(body) } : { action: "post", project };
  }
  return str("redirectTo") || null;
}

/** The hidden fields a sign-in or sign-up form posts to carry its target on. */
export function authTargetFields(target: AuthTarget): Record<string, string> {
  if (!target) return {};
  if (typeof target === "string") return { redirectTo: target };
  const fields: Record<string, string> = { intent: target.action, project: target.project };
  if (target.action === "post" && target.body) fields.body = target.body;
  return fields;
}

/** What the visitor was doing, as the sign-in page says it: one of our pages, or an action on a project. */
export type AuthPurpose =
  { kind: "page"; phrase: string } | { kind: "follow" | "post" | "invest" | "trade"; project: string; body?: string };

/** Our signed-in pages, by path, and what a visitor opening them wanted to do (a fixed list). */
const PAGES: [RegExp, string][] = [
  [/^\/portfolio(-page)?$/, "see your portfolio"],
  [/^\/portfolio\/investments\/[^/]+$/, "see your investment"],
  [/^\/profile$/, "see your profile"],
  [/^\/settings\/watchlist$/, "see your watchlist"],
  [/^\/settings(\/[a-z-]+)?$/, "manage your account settings"],
  [/^\/notifications(\/[^/]+)?$/, "see your notifications"],
  [/^\/my-projects$/, "manage your project"],
  [/^\/my-projects\/create$/, "create your project"],
  [/^\/my-projects\/edit\/[^/]+$/, "edit your project"],
  [/^\/founder-dashboard(\/investors\.csv)?$/, "open your founder dashboard"],
  [/^\/dashboard$/, "open your dashboard"],
  [/^\/admin$/, "open the admin tools"],
  [/^\/discussion\/report\/[^/]+$/, "report a post"],
];

/** The purchase pages: investing in the project they name. */
const PURCHASE = /^\/(?:purchase|invest)\/([^/]+)$/;
/** A project page, whose Trade tab (`?tab=trade`) is trading its shares (ADR 053). */
const PROJECT = /^\/project\/([^/]+)$/;

/** What a page path (already checked to be ours) was for, or null for a page not on the list. */
export function pagePurpose(path: string): AuthPurpose | null {
  let url: URL;
  try {
    url = new URL(path, "http://x");
  } catch {
    return null;
  }
  const invest = PURCHASE.exec(url.pathname);
  // A project reference needs no decoding (letters, digits, hyphens): anything else is not one.
  if (invest) return PROJECT_REF.test(invest[1]!) ? { kind: "invest", project: invest[1]! } : null;
  const project = PROJECT.exec(url.pathname);
  if (project && url.searchParams.get("tab") === "trade" && PROJECT_REF.test(project[1]!)) {
    return { kind: "trade", project: project[1]! };
  }
  if (url.pathname === "/settings" && url.searchParams.get("tab") === "watchlist") {
    return { kind: "page", phrase: "see your watchlist" };
  }
  const page = PAGES.find(([re]) => re.test(url.pathname));
  return page ? { kind: "page", phrase: page[1] } : null;
}

/** The phrase after "Sign in to" for a purpose, given its project's title. */
export function purposePhrase(purpose: AuthPurpose, title: string): string {
  switch (purpose.kind) {
    case "page":
      return purpose.phrase;
    case "follow":
      return `follow ${title}`;
    case "post":
      return `join ${title}'s discussion`;
    case "invest":
      return `invest in ${title}`;
    case "trade":
      return `trade ${title}'s shares`;
  }
}

/** The sentence under the headline: what happens once the person is in. */
export function purposeAfter(purpose: AuthPurpose, title: string): string {
  switch (purpose.kind) {
    case "page":
      return "You will be taken there once you are in.";
    case "follow":
      return `You will be following ${title} once you are in, and back on its page.`;
    case "post":
      return purpose.body
        ? "Your post is kept: the new thread form opens with it once you are in."
        : "The new thread form opens once you are in.";
    case "invest":
      return "The purchase summary opens once you are in.";
    case "trade":
      return "Its Trade tab opens once you are in.";
  }
}
