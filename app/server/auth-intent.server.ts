/**
 * The server half of a sign-in or sign-up link's target (ADR 034; the links and their reading are
 * domain/accounts/auth-links.ts): what the page says (the headline names the project, looked up so a slug
 * that names no published project gives the plain page), and what the action does once the person
 * is in: a follow is made through the follow service, a thread's draft reopens the project's
 * new-thread form, a page is gone back to (`safeRedirectTo`). A target that does not check out is
 * ignored: the plain page, then the person's home.
 */
import type { Database } from "../../db/client";
import {
  pagePurpose,
  purposeAfter,
  purposePhrase,
  type AuthPurpose,
  type AuthTarget,
} from "../../domain/accounts/auth-links";
import type { SessionUser } from "../../domain/shared/types";
import { isServiceError } from "../../worker/services/shared/errors";
import { setFollowing } from "../../worker/services/conversation/follows";
import { findProjectRef } from "../../worker/services/projects/projects";
import { safeRedirectTo } from "./guards.server";

/** What the sign-in and sign-up pages show for a target: null for the plain page. */
export interface AuthPrompt {
  /** The rest of the headline after "Sign in to" / "Sign up to": "follow SunDorm". */
  phrase: string;
  /** What happens once the person is in. */
  after: string;
}

function purposeOf(target: AuthTarget, origin: string): AuthPurpose | null {
  if (!target) return null;
  if (typeof target !== "string") {
    return target.action === "post"
      ? { kind: "post", project: target.project, body: target.body }
      : { kind: "follow", project: target.project };
  }
  const path = safeRedirectTo(target, "", origin);
  return path ? pagePurpose(path) : null;
}

/**
 * The prompt for a target: the project's title for a project's action (published projects only,
 * one statement), a page's own phrase; null for no target, a page not on the list, or a project
 * that is not there.
 */
export async function authPrompt(db: Database, target: AuthTarget, origin: string): Promise<AuthPrompt | null> {
  const purpose = purposeOf(target, origin);
  if (!purpose) return null;
  if (purpose.kind === "page") return { phrase: purposePhrase(purpose, ""), after: purposeAfter(purpose, "") };
  const project = await findProjectRef(db, purpose.project, null);
  if (!project) return null;
  return { phrase: purposePhrase(purpose, project.title), after: purposeAfter(purpose, project.title) };
}

/**
 * Where the person goes once signed in or up, after doing what the target asks: a follow is made
 * (worker/services/conversation/follows.ts `setFollowing`, with its rules and limit) and leads to the project; a
 * thread's draft leads to the project's new-thread form holding it; a page to itself when it is ours.
 * Anything else, or a project that is not there, leads to `home`. A refused follow (the hourly
 * limit) still leads to the project, which shows Follow.
 */
export async function completeAuthTarget(
  db: Database,
  user: SessionUser,
  target: AuthTarget,
  home: string,
  origin: string,
): Promise<string> {
  if (!target) return home;
  if (typeof target === "string") return safeRedirectTo(target, home, origin);
  if (target.action === "follow") {
    try {
      const state = await setFollowing(db, user, target.project, true);
      return `/project/${encodeURIComponent(state.slug)}`;
    } catch (e) {
      if (!isServiceError(e)) throw e;
      const project = await findProjectRef(db, target.project, null);
      return project ? `/project/${encodeURIComponent(project.slug)}` : home;
    }
  }
  const project = await findProjectRef(db, target.project, null);
  if (!project) return home;
  const q = new URLSearchParams({ tab: "discussion" });
  if (target.body) q.set("draft", target.body);
  return `/project/${encodeURIComponent(project.slug)}?${q.toString().replace(/\+/g, "%20")}#new-thread`;
}

/** `to` with a `?notice=` code added (domain/shared/notices.ts). */
export function withNotice(to: string, code: string): string {
  const url = new URL(to, "http://x");
  url.searchParams.set("notice", code);
  return `${url.pathname}${url.search}${url.hash}`;
}
