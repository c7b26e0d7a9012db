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
import { and, desc, eq, getTableColumns } from "drizzle-orm";

import type { ProjectDTO, SessionUser } from "../../domain/types";
import type { Database } from "../../db/client";
import { projectFollows, projects, users } from "../../db/schema";
import { requireSignedIn } from "./access";
import { ServiceError } from "./errors";
import { PURCHASE_MESSAGES } from "./purchases";
import { markFollowersChanged } from "./public-content";
import { reserveAndRun, type RateLimit } from "./rate-limit";
import { findProjectRef, investorCount, isPublished, publicInvestorName, toProjectDTO } from "./projects";

export const FOLLOW_MESSAGES = {
  followed: (title: string) => `You are following ${title}`,
  unfollowed: (title: string) => `You no longer follow ${title}`,
  tooMany: "You can follow or unfollow projects at most 60 times an hour. Please try again later.",
} as const;

/** Follows and unfollows that change something, per user. */
export const FOLLOW_RATE_LIMIT = {
  max: 60,
  windowMs: 60 * 60 * 1000,
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
    [write, count],
    now,
  );
  const followers = Number((counted.results?.[0] as { n: number } | undefined)?.n ?? 0);
  // Visitors' copies of this project's page show the count; nothing else changed.
  if (written.meta.changes > 0) markFollowersChanged(project);
  return { projectId: project.id, slug: project.slug, title: project.title, following: on, followers };
}

/** The viewer's watchlist: followed projects (published ones), most recently followed first. One statement. */
export async function listWatchlist(
  db: Database,
  viewer: SessionUser | null,
): Promise<(ProjectDTO & { followedAt: string })[]> {
  requireSignedIn(viewer);
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount, followedAt: projectFollows.createdAt })
    .from(projectFollows)
    .innerJoin(projects, eq(projects.id, projectFollows.projectId))
    .where(and(eq(projectFollows.userId, viewer.id), isPublished))
    .orderBy(desc(projectFollows.createdAt))
    .limit(200);
  const now = Date.now();
  return rows.map((r) => ({
    ...toProjectDTO(r.project, r.investors, now),
    followedAt: new Date(r.followedAt).toISOString(),
  }));
}

export interface Follower {
  name: string;
  followedAt: string;
}

/**
 * Who follows the founder's project, named as the public investors list names people (first name
 * and last initial). Empty for someone without a project. One statement.
 */
export async function listFollowersOfOwnProject(
  db: Database,
  viewer: SessionUser | null,
): Promise<{ project: { id: string; slug: string; title: string } | null; followers: Follower[] }> {
  requireSignedIn(viewer);
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      firstName: users.firstName,
      lastName: users.lastName,
      followedAt: projectFollows.createdAt,
    })
    .from(projects)
    .leftJoin(projectFollows, eq(projectFollows.projectId, projects.id))
    .leftJoin(users, eq(users.id, projectFollows.userId))
    .where(eq(projects.founderId, viewer.id))
    .orderBy(desc(projectFollows.createdAt))
    .limit(500);
  const first = rows[0];
  if (!first) return { project: null, followers: [] };
  const { id, slug, title } = first;
  return {
    project: { id, slug, title },
    followers: rows
      .filter((r) => r.followedAt !== null)
      .map((r) => ({
        name: publicInvestorName(r.firstName, r.lastName),
        followedAt: new Date(r.followedAt!).toISOString(),
      })),
  };
}
