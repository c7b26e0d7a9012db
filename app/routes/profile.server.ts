/**
 * The profile page's view: what its loader shows, computed from the viewer's profile and a read of
 * their portfolio (`getProfile`, `readPortfolio`: the sums of every held investment, and only
 * the rows the tab shows, a page at a time) and the page's query (`?tab=`, `?page=`, `?edit=1`,
 * `?saved=1`). Pure; server only (the route imports it in its loader alone).
 */
import { openCutoffOf } from "../components/portfolio/holding-groups";
import type { ProfileInvestment } from "../components/profile/panels";
import { PROFILE_TABS, type ProfileTab } from "../components/profile/tabs";
import { toDollars } from "../../domain/shared/money";
import { demoAccountOf } from "../../domain/money/portfolio-account";
import { chartSlicesOf } from "../../domain/money/portfolio-analysis";
import { diversificationFigure, type PortfolioSummary } from "../../domain/money/portfolio-math";
import type { ProfileDTO } from "../../domain/accounts/profile-form";
import type { InvestmentDTO } from "../../domain/shared/types";
import type { PortfolioQuery, PortfolioRead } from "../../worker/services/money/holdings";

/** The four stat cards: from every held investment (Confirmed or Open), summed (the one diversification score, 0 % with none). */
export function profileStats(summary: PortfolioSummary) {
  return {
    totalInvested: toDollars(summary.cents),
    count: summary.count,
    score: diversificationFigure(summary),
    shares: summary.shares,
  };
}

/** The profile's tab from `?tab=` (the overview for anything else). */
export function profileTab(query: URLSearchParams): ProfileTab {
  const tabParam = query.get("tab");
  return PROFILE_TABS.includes(tabParam as ProfileTab) ? (tabParam as ProfileTab) : "overview";
}

/** The overview lists this many recent held investments. */
const RECENT_INVESTMENTS = 3;

/** What the tab reads of the portfolio, besides the sums every tab shows: one batch in all. */
export function profileQuery(tab: ProfileTab, page: number): PortfolioQuery {
  return {
    summary: true,
    rows:
      tab === "overview"
        ? { page: 1, pageSize: RECENT_INVESTMENTS, active: true }
        : tab === "investments"
          ? { page }
          : null,
    statement: tab === "financial" ? { page } : null,
  };
}

const EMPTY_SUMMARY: PortfolioSummary = {
  count: 0,
  cents: 0,
  shares: 0,
  recent90: 0,
  recent180: 0,
  groups: [],
  topProjects: [],
  projectCount: 0,
  projectCentsSquared: 0,
  valueCents: 0,
  projectValueSquared: 0,
  largestByValue: null,
};

/** The profile page's loader data. */
export function profileView({
  query,
  profile,
  investor,
  read,
  investmentsFailed,
  accountNumber,
}: {
  query: URLSearchParams;
  profile: ProfileDTO;
  /** Whether the viewer invests (a founder has no investments: spec section 6). */
  investor: boolean;
  /** What `profileQuery` read (null for a founder, or when the read failed). */
  read: PortfolioRead | null;
  investmentsFailed: boolean;
  accountNumber: string;
}) {
  const tab = profileTab(query);
  const summary = read?.summary ?? EMPTY_SUMMARY;
  const listed: InvestmentDTO[] = read?.page?.investments ?? [];
  const investments: ProfileInvestment[] = listed.map((i) => ({
    _id: i._id,
    projectId: i.projectId,
    projectTitle: i.projectTitle,
    projectSlug: i.projectSlug,
    projectCategory: i.projectCategory,
    amountInvested: i.amountInvested,
    shares: i.shares,
    sharePrice: i.sharePrice,
    currentValue: i.currentValue,
    realized: i.realized,
    gain: i.gain,
    moic: i.moic,
    exit: i.exit,
    riskLevel: i.riskLevel,
    status: i.status,
    investedAt: i.investedAt,
    cancelledAt: i.cancelledAt,
    cancellable: i.cancellable,
    cancelUntil: openCutoffOf(i),
  }));
  return {
    tab,
    edit: query.get("edit") === "1",
    saved: query.get("saved") === "1",
    profile,
    investor,
    investmentsFailed,
    accountNumber,
    /** My Investments: one page of every investment, newest first (grouped by status on the page). */
    investments: tab === "investments" ? investments : [],
    list: { total: read?.page?.total ?? 0, page: read?.page?.page ?? 1, pageCount: read?.page?.pageCount ?? 1 },
    stats: profileStats(summary),
    /** The demo account's figures (domain/money/portfolio-account.ts), the same on every tab and in settings. */
    account: demoAccountOf(summary),
    /** The overview's pie (every held investment) and its three most recent held investments. */
    active: tab === "overview" ? investments : [],
    slices: tab === "overview" ? chartSlicesOf(summary) : [],
    statement: read?.statement?.rows ?? [],
    statementPaging: {
      total: read?.statement?.total ?? 0,
      page: read?.statement?.page ?? 1,
      pageCount: read?.statement?.pageCount ?? 1,
    },
  };
}
