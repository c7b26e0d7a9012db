/**
 * Reading holdings: an investment as investors and the API see it (`toInvestmentDTO`: its value,
 * equity and cancellation cutoff), a user's portfolio (`listInvestments`) and one investment
 * (`getInvestment`), each one statement.
 */
import { desc, eq } from "drizzle-orm";

import { can } from "../../domain/access";
import { investmentCancelDeadline } from "../../domain/cancellation";
import { equityForShares } from "../../domain/project";
import { toCents, toDollars } from "../../domain/money";
import { MESSAGES } from "../../domain/schemas";
import type { InvestmentDTO, ProjectDTO, SessionUser } from "../../domain/types";
import type { Database } from "../../db/client";
import { investments, projects } from "../../db/schema";
import { assertSelfOrAdmin, requireSignedIn } from "./access";
import { ServiceError } from "./errors";

/** An unknown id, or someone else's investment (never revealing that it exists). */
export const INVESTMENT_NOT_FOUND = "Investment not found";

type InvestmentLike = Pick<
  typeof investments.$inferSelect,
  "id" | "investorId" | "projectId" | "shares" | "sharePriceCents" | "amountCents" | "status" | "createdAt"
> &
  Partial<Pick<typeof investments.$inferSelect, "cancelledAt" | "cancelCutoffAt">>;

type ProjectLike = Pick<
  ProjectDTO,
  | "title"
  | "slug"
  | "category"
  | "logo"
  | "riskLevel"
  | "sharePrice"
  | "totalShares"
  | "investmentTerms"
  | "returnRate"
  | "fundingDeadline"
>;

export function toInvestmentDTO(inv: InvestmentLike, project: ProjectLike, now: number = Date.now()): InvestmentDTO {
  const amountInvested = toDollars(inv.amountCents);
  const currentValue = toDollars(inv.shares * toCents(project.sharePrice));
  const at = new Date(inv.createdAt).toISOString();
  // The later of the cutoff fixed at purchase and the current deadline's.
  const cutoff = investmentCancelDeadline(project.fundingDeadline, inv.cancelCutoffAt);
  return {
    _id: inv.id,
    id: inv.id,
    userId: inv.investorId,
    projectId: inv.projectId,
    projectTitle: project.title,
    projectSlug: project.slug,
    projectCategory: project.category,
    projectLogo: project.logo,
    amountInvested,
    investmentDate: at,
    investedAt: at,
    riskLevel: project.riskLevel,
    status: inv.status,
    shares: inv.shares,
    sharePrice: toDollars(inv.sharePriceCents),
    currentValue,
    equity: Number(
      equityForShares(inv.shares, project.totalShares, project.investmentTerms.equityPercentage).toFixed(6),
    ),
    // The spec's local projection: 1.15 × the amount per investment.
    projectedReturns: toDollars(toCents(amountInvested * 1.15)),
    cancelledAt: inv.cancelledAt != null ? new Date(inv.cancelledAt).toISOString() : null,
    cancelDeadline: cutoff ? new Date(cutoff).toISOString() : null,
    cancellable: inv.status === "active" && now < cutoff,
  };
}

/**
 * A user's holdings, newest first. One statement (investments joined to their projects).
 * The caller must be the user or an admin; a founder has no portfolio.
 */
export async function listInvestments(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
): Promise<InvestmentDTO[]> {
  assertSelfOrAdmin(viewer, userId);
  // A founder has no portfolio (spec section 6): the page and the API give the same message.
  if (!can(viewer, "invest")) {
    throw new ServiceError(403, MESSAGES.founderNoPortfolio, "founder_no_portfolio");
  }
  const rows = await db
    .select({
      inv: investments,
      title: projects.title,
      slug: projects.slug,
      category: projects.category,
      logo: projects.logo,
      riskLevel: projects.riskLevel,
      sharePriceCents: projects.sharePriceCents,
      totalShares: projects.totalShares,
      equityPercentage: projects.equityPercentage,
      valuationCents: projects.valuationCents,
      minInvestmentCents: projects.minInvestmentCents,
      returnRate: projects.returnRate,
      fundingDeadline: projects.fundingDeadline,
    })
    .from(investments)
    .innerJoin(projects, eq(projects.id, investments.projectId))
    .where(eq(investments.investorId, userId))
    .orderBy(desc(investments.createdAt));
  const now = Date.now();
  return rows.map((r) =>
    toInvestmentDTO(
      r.inv,
      {
        title: r.title,
        slug: r.slug,
        category: r.category,
        logo: r.logo,
        riskLevel: r.riskLevel,
        sharePrice: r.sharePriceCents / 100,
        totalShares: r.totalShares,
        returnRate: r.returnRate,
        investmentTerms: {
          valuation: (r.valuationCents ?? 0) / 100,
          equityPercentage: r.equityPercentage,
          minInvestment: r.minInvestmentCents / 100,
        },
        fundingDeadline: r.fundingDeadline,
      },
      now,
    ),
  );
}

/** One investment with what its page shows of the project. */
export interface InvestmentDetail {
  investment: InvestmentDTO;
  project: {
    _id: string;
    slug: string;
    title: string;
    status: string;
    fundingDeadline: string;
    sharePrice: number;
    equityPercentage: number;
  };
}

/**
 * One investment, for its owner or an admin. Anyone else (a founder, another investor) gets the
 * 404 an unknown id gets, so an id never reveals that an investment exists. One statement.
 */
export async function getInvestment(
  db: Database,
  viewer: SessionUser | null,
  investmentId: string,
): Promise<InvestmentDetail> {
  requireSignedIn(viewer);
  const id = typeof investmentId === "string" ? investmentId.trim() : "";
  const notFound = new ServiceError(404, INVESTMENT_NOT_FOUND, "not_found");
  if (!id || id.length > 200) throw notFound;
  const rows = await db
    .select({ inv: investments, project: projects })
    .from(investments)
    .innerJoin(projects, eq(projects.id, investments.projectId))
    .where(eq(investments.id, id))
    .limit(1);
  const row = rows[0];
  if (!row || (row.inv.investorId !== viewer.id && !can(viewer, "administer"))) throw notFound;
  const p = row.project;
  const sharePrice = p.sharePriceCents / 100;
  const investment = toInvestmentDTO(row.inv, {
    title: p.title,
    slug: p.slug,
    category: p.category,
    logo: p.logo,
    riskLevel: p.riskLevel,
    sharePrice,
    totalShares: p.totalShares,
    returnRate: p.returnRate,
    fundingDeadline: p.fundingDeadline,
    investmentTerms: {
      valuation: (p.valuationCents ?? 0) / 100,
      equityPercentage: p.equityPercentage,
      minInvestment: p.minInvestmentCents / 100,
    },
  });
  return {
    investment,
    project: {
      _id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      fundingDeadline: p.fundingDeadline,
      sharePrice,
      equityPercentage: p.equityPercentage,
    },
  };
}
