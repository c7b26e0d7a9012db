/**
 * Following a project: the watchlist. Any signed-in user may follow a published
 * project; following twice is one follow (the primary key), unfollowing what you do not follow
 * changes nothing. Answers carry the new follower count so both doors can show it.
 *
 * A limit (ADR 025): at most FOLLOW_RATE_LIMIT.max changes an hour per user, reserved in the
 * write's own batch and only when the request changes something (a repeated follow is free and
 * never refused). A change marks only its project's follower count changed for the edge cache
 * (`markFollowersChanged`), never the whole visitors' cache.
 */
import { sql } from "drizzle-orm";

import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { projects } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { LIST_PAGE_SIZE, offsetOf, pageInfo, rowOf, type PageInfo } from "../shared/list-page";
import { PURCHASE_MESSAGES } from "../money/purchases";
import { markFollowersChanged } from "../visitors/public-content";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { findProjectRef, investorCount, isPublished, publicInvestorName, toProjectDTO } from "../projects/projects";
import { readSettled } from "../raises/settlement";
import { HOUR_MS } from "../../../domain/shared/dates";
import { activityStatements } from "../projects/trending";

export const FOLLOW_MESSAGES = {
  followed: (title: string) => `You are following ${title}`,
  unfollowed: (title: string) => `You no longer follow ${title}`,
  tooMany: "You can follow or unfollow projects at most 60 times an hour. Please try again later.",
} as const;

/** Follows and unfollows that change something, per user. */
export const FOLLOW_RATE_LIMIT = {
  max: 60,
  windowMs: HOUR_MS,
  message: FOLLOW_MESSAGES.tooMany,
} as const satisfies RateLimit;

export interface FollowState {
  projectId: string;
  slug: string;
  title: string;
  following: boolean;
  followers: number;
}

/** Follow (`on`) or unfollow a published project: one write, then the count. */
export async function setFollowing(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  on: boolean,
): Promise<FollowState> {
  requireSignedIn(viewer);
  // Published projects only (`null` viewer): nobody follows a draft, not even its founder.
  const project = await findProjectRef(db, idOrSlug, null);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  const d1 = db.$client;
  const now = Date.now();
  const write = on
    ? d1
        .prepare(
          "insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3) on conflict do nothing",
        )
        .bind(viewer.id, project.id, now)
    : d1.prepare("delete from project_follows where user_id = ?1 and project_id = ?2").bind(viewer.id, project.id);
  const count = d1.prepare("select count(*) as n from project_follows where project_id = ?1").bind(project.id);
  // A slot is taken only when this request changes the follow (checked in the same statement).
  const follows = "exists (select 1 from project_follows where user_id = ?5 and project_id = ?6)";
  const [written, counted] = await reserveAndRun(
    db,
    [
      {
        key: `follow:user:${viewer.id}`,
        limit: FOLLOW_RATE_LIMIT,
        onlyIf: { sql: on ? `not ${follows}` : follows, binds: [viewer.id, project.id] },
      },
    ],
    // A new follow (this request's, stamped `now`) counts toward the Trending rail; an unfollow takes nothing away.
    [
      write,
      count,
      ...(on
        ? activityStatements(db, project.id, now, {
            newFollowers: 1,
            onlyIf: {
              sql: "exists (select 1 from project_follows where user_id = ?5 and project_id = ?6 and created_at = ?7)",
              binds: [viewer.id, project.id, now],
            },
          })
        : []),
    ],
    now,
  );
  const followers = Number((counted.results?.[0] as { n: number } | undefined)?.n ?? 0);
  // Visitors' copies of this project's page show the count; nothing else changed.
  if (written.meta.changes > 0) markFollowersChanged(project);
  return { projectId: project.id, slug: project.slug, title: project.title, following: on, followers };
}

/** A page of the watchlist: followed projects (published ones), most recently followed first. */
export interface WatchlistPage extends PageInfo {
  projects: (ProjectDTO & { followedAt: string })[];
}

/**
 * One page of the viewer's watchlist and its total, in one statement (the left join keeps the
 * count row when the page is past the end). Reads project_follows_user_idx: no sort, no scan
 * past the page.
 */
export async function listWatchlist(
  db: Database,
  viewer: SessionUser | null,
  page: number = 1,
  pageSize: number = LIST_PAGE_SIZE,
): Promise<WatchlistPage> {
  requireSignedIn(viewer);
  const read = () =>
    db.all<Record<string, unknown> & { total: number; investors: number; followed_at: number | null }>(
      sql`
    select c.total as total, s.*
    from (
      select count(*) as total from project_follows f join ${projects} on ${projects.id} = f.project_id
      where f.user_id = ${viewer.id} and ${isPublished}
    ) as c
    left join (
      select ${projects}.*, ${investorCount} as investors, f.created_at as followed_at
      from project_follows f join ${projects} on ${projects.id} = f.project_id
      where f.user_id = ${viewer.id} and ${isPublished}
      order by f.created_at desc, f.project_id desc
      limit ${pageSize} offset ${offsetOf(page, pageSize)}
    ) as s on 1 = 1
    order by s.followed_at desc, s.id desc`,
    );
  const rows = await readSettled(db, read, (r) =>
    r.followed_at == null
      ? null
      : { id: String(r.id), status: String(r.status), fundingDeadline: String(r.funding_deadline) },
  );
  const now = Date.now();
  const out: WatchlistPage["projects"] = [];
  for (const r of rows) {
    if (r.followed_at == null) continue;
    out.push({
      ...toProjectDTO(rowOf(projects, r), Number(r.investors), now),
      followedAt: new Date(r.followed_at).toISOString(),
    });
  }
  return { projects: out, ...pageInfo(Number(rows[0]?.total ?? 0), page, pageSize) };
}

export interface Follower {
  name: string;
  followedAt: string;
}

export interface FollowersPage extends PageInfo {
  project: { id: string; slug: string; title: string } | null;
  followers: Follower[];
}

/**
 * One page of who follows the founder's project, newest first, named as the public investors list
 * names people (first name and last initial), with the total: one statement. No project for
 * someone without one. Reads project_follows_project_idx: no sort, no scan past the page.
 */
export async function listFollowersOfOwnProject(
  db: Database,
  viewer: SessionUser | null,
  page: number = 1,
  pageSize: number = LIST_PAGE_SIZE,
): Promise<FollowersPage> {
  requireSignedIn(viewer);
  const own = sql`(select id from projects where founder_id = ${viewer.id})`;
  const rows = await db.all<{
    id: string;
    slug: string;
    title: string;
    total: number;
    first_name: string | null;
    last_name: string | null;
    followed_at: number | null;
  }>(sql`
    select p.id as id, p.slug as slug, p.title as title, c.total as total,
      s.first_name as first_name, s.last_name as last_name, s.created_at as followed_at
    from projects p
    join (select count(*) as total from project_follows where project_id = ${own}) as c on 1 = 1
    left join (
      select u.first_name, u.last_name, f.created_at, f.user_id
      from project_follows f join users u on u.id = f.user_id
      where f.project_id = ${own}
      order by f.created_at desc, f.user_id desc
      limit ${pageSize} offset ${offsetOf(page, pageSize)}
    ) as s on 1 = 1
    where p.founder_id = ${viewer.id}
    order by s.created_at desc, s.user_id desc`);
  const first = rows[0];
  if (!first) return { project: null, followers: [], ...pageInfo(0, page, pageSize) };
  const followers: Follower[] = [];
  for (const r of rows) {
    if (r.followed_at == null) continue;
    followers.push({
      name: publicInvestorName(r.first_name, r.last_name),
      followedAt: new Date(r.followed_at).toISOString(),
    });
  }
  return {
    project: { id: first.id, slug: first.slug, title: first.title },
    followers,
    ...pageInfo(Number(first.total), page, pageSize),
  };
}
