/**
 * Following a project (issue 10 §1): the watchlist. Any signed-in user may follow a published
 * project; following twice is one follow (the primary key), unfollowing what you do not follow
 * changes nothing. Answers carry the new follower count so both doors can show it.
 */
import { and, desc, eq, getTableColumns } from "drizzle-orm";

import type { ProjectDTO, SessionUser } from "../../app/lib/types";
import type { Database } from "../../db/client";
import { projectFollows, projects, users } from "../../db/schema";
import { requireSignedIn } from "./access";
import { ServiceError } from "./errors";
import { PURCHASE_MESSAGES } from "./investments";
import { markPublicContentChanged } from "./public-content";
import { findProjectRef, investorCount, isPublished, publicInvestorName, toProjectDTO } from "./projects";

export const FOLLOW_MESSAGES = {
  followed: (title: string) => `You are following ${title}`,
  unfollowed: (title: string) => `You no longer follow ${title}`,
} as const;

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
  const write = on
    ? d1
        .prepare(
          "insert into project_follows (user_id, project_id, created_at) values (?1, ?2, ?3) on conflict do nothing",
        )
        .bind(viewer.id, project.id, Date.now())
    : d1.prepare("delete from project_follows where user_id = ?1 and project_id = ?2").bind(viewer.id, project.id);
  const count = d1.prepare("select count(*) as n from project_follows where project_id = ?1").bind(project.id);
  const [, counted] = await d1.batch<{ n: number }>([write, count]);
  const followers = Number(counted.results?.[0]?.n ?? 0);
  markPublicContentChanged(); // visitors' cached copies show the count
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
  if (!rows.length) return { project: null, followers: [] };
  const { id, slug, title } = rows[0];
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
