import { MINUTE_MS } from "../../../domain/shared/dates";
/**
 * What visitors see changed: the edge cache (worker/edge-cache.ts, ADR 011) keeps anonymous copies
 * of public pages, and only the services that change those pages call `markPublicContentChanged`
 * (a purchase moves funding numbers; a public supporter joins the list). Sign-ins, sign-outs and
 * contact messages do not, so they cannot be used to flush the cache. Each isolate keeps its own
 * generation: copies made before the latest change are stale in this isolate at once, and other
 * isolates' copies expire within the cache's few seconds.
 *
 * A follow or unfollow changes one number on one project's page (its follower count), so it does
 * not mark everything changed (a follow loop emptied /demo's cache). It calls
 * `markFollowersChanged(project)` instead: the edge cache then drops that project's copies
 * (`/project/<slug>`, its `.data`, `/api/projects/<id or slug>`) made before the follow, once they are
 * FOLLOWERS_FRESH_MS old. Nothing else is touched, and a follow loop re-renders a project's page at
 * most once per FOLLOWERS_FRESH_MS in this isolate.
 */
let generation = 0;

export function markPublicContentChanged(): void {
  generation += 1;
}

export function publicContentGeneration(): number {
  return generation;
}

/** How stale a visitor's follower count may be in the isolate that served the follow. */
export const FOLLOWERS_FRESH_MS = 1000;
/** Marks older than this are forgotten: every copy made before them has expired (EDGE_TTL_SECONDS is 10). */
const FOLLOWERS_MARK_KEEP_MS = MINUTE_MS;
const FOLLOWERS_MARKS_MAX = 1000;

/** When each project's followers last changed in this isolate, by id and by slug (the URLs use either). */
const followersChanged = new Map<string, number>();

export function markFollowersChanged(project: { id: string; slug: string }, now: number = Date.now()): void {
  if (followersChanged.size >= FOLLOWERS_MARKS_MAX) {
    for (const [key, at] of followersChanged) if (at <= now - FOLLOWERS_MARK_KEEP_MS) followersChanged.delete(key);
    // Still full (a thousand projects followed within a minute): forget the oldest marks.
    for (const key of followersChanged.keys()) {
      if (followersChanged.size < FOLLOWERS_MARKS_MAX) break;
      followersChanged.delete(key);
    }
  }
  for (const key of [project.id, project.slug]) {
    followersChanged.delete(key); // re-inserted last: the Map stays in order of change
    followersChanged.set(key, now);
  }
}

/** When the followers of the project named `idOrSlug` last changed in this isolate (0: not lately). */
export function followersChangedAt(idOrSlug: string): number {
  return followersChanged.get(idOrSlug) ?? 0;
}
