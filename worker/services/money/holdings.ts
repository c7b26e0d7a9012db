/**
 * Reading holdings: an investment as investors and the API see it (`toInvestmentDTO`: its value,
 * equity and cancellation cutoff), a user's portfolio a page at a time with its sums
 * (`readPortfolio`, one batch) and one investment with its raise's settled figures (`getInvestment`,
 * one statement: the investment page and its receipt).
 *
 * Nothing here reads every investment of a portfolio: a page of rows is at most
 * HOLDINGS_MAX_PAGE_SIZE, and the totals, the sectors, the risk and the largest projects are kept
 * by the database as the investments change (db/schema-aggregates.ts, ADR 037), so the sums cost
 * a few rows whether the investor holds 10 investments or 10,000.
 */
import { myReservationsStatement, reservationsOf } from "../raises/reservation-list";
import type { ReservationDTO } from "../../../domain/raises/reservations";
import type { EarnedPerkDTO } from "../../../domain/money/perks";
import { earnedOf, earnedPerksStatement } from "./perks";
import type { InvestmentStatus } from "../../../domain/raises/settlement";
import { and, eq } from "drizzle-orm";

import { can } from "../../../domain/shared/access";
import { investmentCancelDeadline } from "../../../domain/money/cancellation";
import { equityForShares } from "../../../domain/projects/project";
import { toCents, toDollars } from "../../../domain/shared/money";
import { MESSAGES } from "../../../domain/shared/messages";
import { HOLDINGS_PAGE_SIZE, type PortfolioSummary } from "../../../domain/money/portfolio-math";
import type { InvestmentDTO, ProjectDTO, RegulationType, RiskLevel, SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { pendingReconfirmationsStatement, reconfirmationsOf, type ReconfirmationDTO } from "./reconfirmations";
import { investments, positions, projects, valuationEvents } from "../../../db/schema";
import { assertSelfOrAdmin, requireSignedIn } from "../shared/access";
import {
  statementPageOf,
  statementPageStatement,
  statementYearsOf,
  statementYearsStatement,
  type StatementPage,
} from "./statement";
import { ServiceError } from "../shared/errors";
import { myExchangeOf, myExchangeStatements, type MyExchange } from "../market/my-exchange";
import { pageParam, safePage } from "../shared/list-page";
import { summaryOf, summaryStatements } from "./internal/portfolio-summary";
import { performanceRowsOf, performanceStatement } from "./internal/performance";
import { investmentFigures, portfolioPerformance, type PortfolioPerformance } from "../../../domain/money/performance";
import type { EventKind } from "../../../domain/money/valuation";
import { isHeld } from "../../../domain/raises/settlement";

/** An unknown id, or someone else's investment (never revealing that it exists). */
export const INVESTMENT_NOT_FOUND = "Investment not found";

type InvestmentLike = Pick<
  typeof investments.$inferSelect,
  "id" | "investorId" | "projectId" | "shares" | "sharePriceCents" | "amountCents" | "status" | "createdAt"
> &
  Partial<Pick<typeof investments.$inferSelect, "cancelledAt" | "cancelCutoffAt" | "bonusShares">>;

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

/** A holding's mark as its position keeps it (ADR 052): none before a reviewed event. */
export type HoldingMark = Parameters<typeof investmentFigures>[1];
export const AT_COST: HoldingMark = { markCents: null, eventKind: null, proceedsCents: null, effectiveOn: null };

export function toInvestmentDTO(
  inv: InvestmentLike,
  project: ProjectLike,
  now: number = Date.now(),
  mark: HoldingMark = AT_COST,
): InvestmentDTO {
  const amountInvested = toDollars(inv.amountCents);
  // Bonus shares (ADR 055) are held with the purchase: they count in its value and equity, not its cost.
  const bonusShares = inv.bonusShares ?? 0;
  const held = inv.shares + bonusShares;
  const figures = investmentFigures(
    { shares: held, amountCents: inv.amountCents, createdAt: inv.createdAt, held: isHeld(inv.status) },
    mark,
    now,
  );
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
    bonusShares,
    sharePrice: toDollars(inv.sharePriceCents),
    ...figures,
    equity: Number(equityForShares(held, project.totalShares, project.investmentTerms.equityPercentage).toFixed(6)),
    // The spec's local projection: 1.15 × the amount per investment.
    projectedReturns: toDollars(toCents(amountInvested * 1.15)),
    cancelledAt: inv.cancelledAt != null ? new Date(inv.cancelledAt).toISOString() : null,
    cancelDeadline: cutoff ? new Date(cutoff).toISOString() : null,
    cancellable: inv.status === "active" && now < cutoff,
  };
}

/** The most rows one page may ask for (the API's `GET /api/investments/user/{userId}`). */
export const HOLDINGS_MAX_PAGE_SIZE = 100;
/** A `?page=` as a page number: a whole number from 1 to LIST_MAX_PAGE, else the first page (list-page.ts). */
export const holdingsPageParam = pageParam;

/** A page number in range, else the first page. */
const clampPage = (page: number | undefined): number => safePage(page ?? 1);

/** The investment and project columns an InvestmentDTO is made of, as one row. */
const ROW_COLUMNS = `i.id as id, i.investor_id as investor_id, i.project_id as project_id, i.shares as shares,
  i.bonus_shares as bonus_shares,
  i.share_price_cents as paid_cents, i.amount_cents as amount_cents, i.status as status,
  i.created_at as created_at, i.cancelled_at as cancelled_at, i.cancel_cutoff_at as cancel_cutoff_at,
  p.title as title, p.slug as slug, p.category as category, p.logo as logo, p.risk_level as risk_level,
  p.share_price_cents as price_cents, p.total_shares as total_shares, p.equity_percentage as equity_percentage,
  p.valuation_cents as valuation_cents, p.min_investment_cents as min_investment_cents,
  p.return_rate as return_rate, p.funding_deadline as funding_deadline,
  k.mark_cents as mark_cents, e.kind as event_kind, e.proceeds_per_share_cents as proceeds_cents,
  e.effective_on as effective_on`;

/** An investment with its project, and its holding's mark and the event that set it (ADR 052). */
const ROW_FROM = `investments i join projects p on p.id = i.project_id
  left join positions k on k.project_id = i.project_id and k.investor_id = i.investor_id and i.held = 1
  left join valuation_events e on e.id = k.mark_event_id`;

interface InvestmentRow {
  id: string;
  investor_id: string;
  project_id: string;
  shares: number;
  bonus_shares: number;
  paid_cents: number;
  amount_cents: number;
  status: InvestmentStatus;
  created_at: number;
  cancelled_at: number | null;
  cancel_cutoff_at: number | null;
  title: string;
  slug: string;
  category: string;
  logo: string | null;
  risk_level: RiskLevel;
  price_cents: number;
  total_shares: number;
  equity_percentage: number;
  valuation_cents: number | null;
  min_investment_cents: number;
  return_rate: number | null;
  funding_deadline: string;
  mark_cents: number | null;
  event_kind: string | null;
  proceeds_cents: number | null;
  effective_on: string | null;
}

function dtoOf(r: InvestmentRow, now: number): InvestmentDTO {
  return toInvestmentDTO(
    {
      id: r.id,
      investorId: r.investor_id,
      projectId: r.project_id,
      shares: r.shares,
      bonusShares: r.bonus_shares,
      sharePriceCents: r.paid_cents,
      amountCents: r.amount_cents,
      status: r.status,
      createdAt: r.created_at,
      cancelledAt: r.cancelled_at,
      cancelCutoffAt: r.cancel_cutoff_at,
    },
    {
      title: r.title,
      slug: r.slug,
      category: r.category,
      logo: r.logo,
      riskLevel: r.risk_level,
      sharePrice: toDollars(r.price_cents),
      totalShares: r.total_shares,
      returnRate: r.return_rate,
      investmentTerms: {
        valuation: toDollars(r.valuation_cents ?? 0),
        equityPercentage: r.equity_percentage,
        minInvestment: toDollars(r.min_investment_cents),
      },
      fundingDeadline: r.funding_deadline,
    },
    now,
    { markCents: r.mark_cents, eventKind: r.event_kind, proceedsCents: r.proceeds_cents, effectiveOn: r.effective_on },
  );
}

/** What to read of a portfolio: any of a page of rows, the sums, one investment by id. */
export interface PortfolioQuery {
  /** A page of investments, newest first; `active` lists active ones only. */
  rows?: { page: number; pageSize?: number; active?: boolean } | null;
  /** The sums of the active investments (`PortfolioSummary`). */
  summary?: boolean;
  /** One of the user's investments by id (the portfolio's "you invested / you cancelled" message). */
  find?: string | null;
  /** A page of the demo statement (worker/services/money/statement.ts), and the years it covers. */
  statement?: { page: number } | null;
  years?: boolean;
  /** The investor's investments waiting for their reconfirmation (ADR 050). */
  reconfirmations?: boolean;
  /** What the investments became (ADR 052): totals, multiples, IRR, value over time, best and worst, groups. */
  performance?: boolean;
  /** The investor's shares on the exchange and their newest trades (ADR 053). */
  exchange?: boolean;
  /** The investor's reservations before raises open (ADR 055), newest first, bounded. */
  reservations?: boolean;
  /** The perks the investor earned (ADR 055). */
  perks?: boolean;
  now?: number;
}

export interface PortfolioPage {
  investments: InvestmentDTO[];
  /** Investments listed on every page (all of the user's, or the active ones). */
  total: number;
  page: number;
  pageCount: number;
}

export interface PortfolioRead {
  page: PortfolioPage | null;
  summary: PortfolioSummary | null;
  /** Σ shares × the current share price of the active investments, in cents. */
  valueCents: number;
  found: InvestmentDTO | null;
  statement: StatementPage | null;
  years: number[];
  /** What waits for the investor's reconfirmation (ADR 050). */
  reconfirmations: ReconfirmationDTO[];
  performance: PortfolioPerformance | null;
  exchange: MyExchange | null;
  reservations: ReservationDTO[];
  /** "Perks you earned" (ADR 055). */
  perks: EarnedPerkDTO[];
}

/** The caller must be the user or an admin; a founder has no portfolio. */
export function assertPortfolioReader(viewer: SessionUser | null, userId: string): asserts viewer is SessionUser {
  assertSelfOrAdmin(viewer, userId);
  // A founder has no portfolio (spec section 6): the page and the API give the same message.
  if (!can(viewer, "invest")) {
    throw new ServiceError(403, MESSAGES.founderNoPortfolio, "founder_no_portfolio");
  }
}

/**
 * A user's portfolio: a page of investments (newest first, with the kept total in the same
 * statement: a left join keeps the total row past the end), the kept sums of the active ones, one
 * investment by id, whichever are asked for, in one batch (one round trip). A page reads its rows
 * on investments_investor_recent_idx; the sums read the kept rows (ADR 037).
 */
export async function readPortfolio(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  q: PortfolioQuery,
): Promise<PortfolioRead> {
  assertPortfolioReader(viewer, userId);
  const now = q.now ?? Date.now();
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  const size = Math.min(Math.max(1, Math.floor(q.rows?.pageSize ?? HOLDINGS_PAGE_SIZE)), HOLDINGS_MAX_PAGE_SIZE);
  const pageNo = clampPage(q.rows?.page);
  if (q.rows) {
    // The total is kept (db/schema-aggregates.ts): every investment in investor_stats, the active
    // ones in investor_mix, so the pager never counts the investor's rows.
    const total = q.rows.active
      ? "(select coalesce(sum(investments), 0) from investor_mix where investor_id = ?1)"
      : "coalesce((select investments from investor_stats where investor_id = ?1), 0)";
    statements.push(
      d1
        .prepare(
          `select c.total as total, s.* from (select ${total} as total) as c
           left join (
             select ${ROW_COLUMNS} from ${ROW_FROM}
             where i.investor_id = ?1 ${q.rows.active ? "and i.held = 1" : ""}
             order by i.created_at desc, i.id desc limit ?2 offset ?3
           ) as s on 1 = 1
           order by s.created_at desc, s.id desc`,
        )
        .bind(userId, size, (pageNo - 1) * size),
    );
  }
  if (q.summary) statements.push(...summaryStatements(d1, userId, now));
  const find = typeof q.find === "string" && q.find.length > 0 && q.find.length <= 200 ? q.find : null;
  if (find) {
    statements.push(
      d1
        .prepare(
          `select ${ROW_COLUMNS} from ${ROW_FROM}
           where i.id = ?1 and i.investor_id = ?2 limit 1`,
        )
        .bind(find, userId),
    );
  }
  const statementPage = q.statement ? clampPage(q.statement.page) : 1;
  if (q.statement) statements.push(statementPageStatement(d1, userId, statementPage));
  if (q.years) statements.push(statementYearsStatement(d1, userId));
  if (q.reconfirmations) statements.push(pendingReconfirmationsStatement(d1, userId));
  if (q.performance) statements.push(performanceStatement(d1, userId));
  if (q.exchange) statements.push(...myExchangeStatements(d1, userId));
  if (q.reservations) statements.push(myReservationsStatement(d1, userId));
  if (q.perks) statements.push(earnedPerksStatement(d1, userId));
  const out: PortfolioRead = {
    page: null,
    summary: null,
    valueCents: 0,
    found: null,
    statement: null,
    years: [],
    reconfirmations: [],
    performance: null,
    exchange: null,
    reservations: [],
    perks: [],
  };
  if (statements.length === 0) return out;
  const results = (await runBatch(d1, statements)).map((r) => r.results);
  let k = 0;
  if (q.rows) {
    const rows = results[k++] as (Partial<InvestmentRow> & { total: number })[];
    const total = Number(rows[0]?.total ?? 0);
    out.page = {
      investments: rows.filter((r): r is InvestmentRow & { total: number } => r.id != null).map((r) => dtoOf(r, now)),
      total,
      page: pageNo,
      pageCount: Math.max(1, Math.ceil(total / size)),
    };
  }
  if (q.summary) {
    const sums = summaryOf(results[k++]!, results[k++]!);
    out.summary = sums.summary;
    out.valueCents = sums.valueCents;
  }
  if (find) {
    const row = (results[k++] as unknown as InvestmentRow[])[0];
    out.found = row ? dtoOf(row, now) : null;
  }
  if (q.statement) out.statement = statementPageOf(results[k++]!, statementPage);
  if (q.years) out.years = statementYearsOf(results[k++]!);
  if (q.reconfirmations) out.reconfirmations = reconfirmationsOf(results[k++]!);
  if (q.performance) out.performance = portfolioPerformance(performanceRowsOf(results[k++]!), now);
  if (q.exchange) out.exchange = myExchangeOf(results[k++]!, results[k++]!, now);
  if (q.reservations) out.reservations = reservationsOf(results[k++]!);
  if (q.perks) out.perks = earnedOf(results[k++]!);
  return out;
}

/** A page of a user's investments, newest first (the API and the pages' lists). */
export async function listInvestmentsPage(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  page: number,
  pageSize: number = HOLDINGS_PAGE_SIZE,
): Promise<PortfolioPage> {
  const read = await readPortfolio(db, viewer, userId, { rows: { page, pageSize } });
  return read.page!;
}

/** One investment with what its page and its receipt show of the project. */
export interface InvestmentDetail {
  investment: InvestmentDTO;
  /** When its raise settled this investment (confirmed or returned), ms; null before (ADR 043). */
  settledAt: number | null;
  /**
   * The reviewed event its holding is valued at (ADR 052): its kind, a round's name and its day;
   * null at cost (no event since the raise) and for money that came back.
   */
  valuedBy: { kind: EventKind; roundName: string; effectiveOn: string } | null;
  project: {
    _id: string;
    slug: string;
    title: string;
    status: string;
    fundingDeadline: string;
    sharePrice: number;
    equityPercentage: number;
    regulationType: RegulationType;
    /** What the raise had when it settled (ADR 043): null while it runs. */
    settledAt: number | null;
    settledShares: number | null;
    settledCents: number | null;
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
    .select({
      inv: investments,
      project: projects,
      mark: {
        markCents: positions.markCents,
        eventKind: valuationEvents.kind,
        proceedsCents: valuationEvents.proceedsPerShareCents,
        effectiveOn: valuationEvents.effectiveOn,
        roundName: valuationEvents.roundName,
      },
    })
    .from(investments)
    .innerJoin(projects, eq(projects.id, investments.projectId))
    .leftJoin(
      positions,
      and(eq(positions.projectId, investments.projectId), eq(positions.investorId, investments.investorId)),
    )
    .leftJoin(valuationEvents, eq(valuationEvents.id, positions.markEventId))
    .where(eq(investments.id, id))
    .limit(1);
  const row = rows[0];
  if (!row || (row.inv.investorId !== viewer.id && !can(viewer, "administer"))) throw notFound;
  const p = row.project;
  const sharePrice = toDollars(p.sharePriceCents);
  const investment = toInvestmentDTO(
    row.inv,
    {
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
        valuation: toDollars(p.valuationCents ?? 0),
        equityPercentage: p.equityPercentage,
        minInvestment: toDollars(p.minInvestmentCents),
      },
    },
    Date.now(),
    row.mark,
  );
  const { markCents, eventKind, effectiveOn, roundName } = row.mark;
  return {
    investment,
    valuedBy:
      isHeld(row.inv.status) && markCents != null && eventKind && effectiveOn
        ? { kind: eventKind, roundName: roundName ?? "", effectiveOn }
        : null,
    settledAt: row.inv.settledAt ?? null,
    project: {
      _id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      fundingDeadline: p.fundingDeadline,
      sharePrice,
      equityPercentage: p.equityPercentage,
      regulationType: p.regulationType,
      settledAt: p.settledAt ?? null,
      settledShares: p.settledShares ?? null,
      settledCents: p.settledCents ?? null,
    },
  };
}
