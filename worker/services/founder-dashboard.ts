/**
 * The founder dashboard (`/founder-dashboard` and its CSV): how the founder's own raise is going.
 * Two D1 statements whatever the number of investors: the project with its investor count
 * (`getProject`) and the project's investments joined to their investors. Both doors (the page
 * and the CSV download) call `getFounderDashboard`, so the ownership rule lives here once.
 *
 * Money is summed in integer cents (ADR 003) and turned into dollars only in the answer.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { isoDay } from "../../domain/dates";
import { progressPercent } from "../../domain/project";
import { PROJECT_MESSAGES } from "../../domain/project-form";
import { MESSAGES } from "../../domain/schemas";
import type { SessionUser } from "../../domain/types";
import type { Database } from "../../db/client";
import { investments, projects, users } from "../../db/schema";
import { requireCan, requireSignedIn } from "./access";
import { ServiceError } from "./errors";
import { canEditProject } from "./project-editor";
import { byIdOrSlug, getProject, publicInvestorName } from "./projects";
import type { FounderDashboardProject, FundingPoint, PublicInvestor } from "../../domain/founder-dashboard";

export interface FounderDashboard {
  project: FounderDashboardProject;
  /** Empty without investments; otherwise starts with a zero point (see `cumulativeSeries`). */
  series: FundingPoint[];
  /** Newest first, named as the public investors list names them. */
  investors: PublicInvestor[];
}

const dollars = (cents: number) => cents / 100;

/**
 * The cumulative funding series from investments in time order: a zero point on the day the
 * project was created (or the first investment's day, when that is not later), then one point per
 * day with investments carrying the running total. Empty when there are no investments.
 */
export function cumulativeSeries(
  rows: { amountCents: number; createdAt: number }[],
  projectCreatedAt: string | number,
): FundingPoint[] {
  const first = rows[0];
  if (!first) return [];
  const firstDay = isoDay(first.createdAt);
  const createdDay = isoDay(new Date(projectCreatedAt));
  const series: FundingPoint[] = [{ date: createdDay < firstDay ? createdDay : firstDay, cumulative: 0 }];
  let runningCents = 0;
  for (const r of rows) {
    runningCents += r.amountCents;
    const date = isoDay(r.createdAt);
    const last = series.at(-1);
    // The zero point is not a day's total: a first investment on that same day gets its own point.
    if (series.length > 1 && last?.date === date) last.cumulative = dollars(runningCents);
    else series.push({ date, cumulative: dollars(runningCents) });
  }
  return series;
}

/**
 * Which project the viewer asks for: a founder their own or the one named (checked once read: 403
 * for another founder's project, 404 for another's draft, which only its founder sees), an admin
 * any project named by id or slug, else their own if they have one. Investors get the spec's
 * founders-only message. Returns null when there is nothing to show (a founder without a project,
 * an admin who named none).
 */
function targetFor(viewer: SessionUser, projectIdOrSlug: string | undefined): string | null {
  requireCan(viewer, "raise", () => new ServiceError(403, MESSAGES.foundersOnly, "founders_only"));
  const named = projectIdOrSlug?.trim();
  if (named) return named;
  return viewer.ownedProject;
}

/**
 * The dashboard of the viewer's project (or, for an admin, of the project named). Throws 401
 * without a user, 403 for investors and for a founder naming another founder's project, 404 for a
 * project that does not exist; returns null when the viewer has no project to show.
 */
export async function getFounderDashboard(
  db: Database,
  viewer: SessionUser | null,
  projectIdOrSlug?: string,
): Promise<FounderDashboard | null> {
  requireSignedIn(viewer);
  const target = targetFor(viewer, projectIdOrSlug);
  if (!target) return null;
  if (target.length > 200) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");

  // Both statements at once: the investments are found through the project's id or slug, so the
  // second need not wait for the first. Nothing is returned before the ownership check below.
  const [project, rows] = await Promise.all([
    getProject(db, target, viewer), // drafts too, to their founder and admins
    db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        shares: investments.shares,
        amountCents: investments.amountCents,
        createdAt: investments.createdAt,
      })
      .from(investments)
      .innerJoin(projects, eq(projects.id, investments.projectId))
      .innerJoin(users, eq(users.id, investments.investorId))
      // Active investments only: a cancelled one (kept as history) raised nothing.
      .where(and(byIdOrSlug(target), eq(investments.status, "active")))
      // Same-millisecond purchases keep their insertion order (rowid), not a random id's.
      .orderBy(asc(investments.createdAt), sql`"investments"."rowid"`),
  ]);
  if (!project) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  // Spec section 6: a founder may see and edit only their own project (the editor's rule).
  if (!canEditProject(viewer, project)) throw new ServiceError(403, PROJECT_MESSAGES.noPermission, "forbidden");

  const raisedCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const averageCents = rows.length ? Math.round(raisedCents / rows.length) : 0;

  return {
    project: {
      id: project.id,
      slug: project.slug,
      title: project.title,
      status: project.status,
      fundingGoal: project.fundingGoal,
      fundingCurrent: project.fundingCurrent,
      percent: progressPercent(project.fundingCurrent, project.fundingGoal),
      investors: project.investors,
      investments: rows.length,
      sharesSold: project.sharesSold,
      sharesRemaining: project.sharesRemaining,
      totalShares: project.totalShares,
      daysLeft: project.daysLeft,
      fundingDeadline: project.fundingDeadline,
      sharePrice: project.sharePrice,
      averageInvestment: dollars(averageCents),
    },
    series: cumulativeSeries(rows, project.createdAt),
    investors: rows
      .map((r) => ({
        name: publicInvestorName(r.firstName, r.lastName),
        shares: r.shares,
        amountInvested: dollars(r.amountCents),
        investedAt: new Date(r.createdAt).toISOString(),
      }))
      .reverse(),
  };
}
