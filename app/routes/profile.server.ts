/**
 * The profile page's view: what its loader shows, computed from the viewer's profile and
 * investments (`getProfile`, `listInvestments`) and the page's query (`?tab=`, `?edit=1`,
 * `?saved=1`). Pure; server only (the route imports it in its loader alone).
 */
import type { ProfileInvestment } from "../components/profile/panels";
import { PROFILE_TABS, type ProfileTab } from "../components/profile/tabs";
import { toCents, toDollars } from "../../domain/money";
import { demoAccount, statementRows } from "../../domain/portfolio-account";
import { chartSlices, diversificationScore, holdingsFrom } from "../../domain/portfolio-math";
import type { ProfileDTO } from "../../domain/profile-form";
import type { InvestmentDTO } from "../../domain/types";

/** The four stat cards: from every investment listed (the one diversification score, 0 % with none). */
export function profileStats(investments: ProfileInvestment[]) {
  const holdings = holdingsFrom(investments);
  return {
    totalInvested: toDollars(holdings.reduce((sum, h) => sum + toCents(h.amount), 0)),
    count: holdings.length,
    score: holdings.length ? diversificationScore(holdings) : 0,
    shares: holdings.reduce((sum, h) => sum + h.shares, 0),
  };
}

/** The profile page's loader data. */
export function profileView({
  query,
  profile,
  investor,
  investments: listed,
  investmentsFailed,
  accountNumber,
}: {
  query: URLSearchParams;
  profile: ProfileDTO;
  /** Whether the viewer invests (a founder has no investments: spec section 6). */
  investor: boolean;
  investments: InvestmentDTO[];
  investmentsFailed: boolean;
  accountNumber: string;
}) {
  const tabParam = query.get("tab");
  const tab: ProfileTab = PROFILE_TABS.includes(tabParam as ProfileTab) ? (tabParam as ProfileTab) : "overview";
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
    riskLevel: i.riskLevel,
    status: i.status,
    investedAt: i.investedAt,
    cancelledAt: i.cancelledAt,
  }));
  // The overview is about money at work: cancelled investments (history) are on the other tabs.
  const active = investments.filter((i) => i.status === "active");
  return {
    tab,
    edit: query.get("edit") === "1",
    saved: query.get("saved") === "1",
    profile,
    investor,
    investmentsFailed,
    accountNumber,
    investments,
    stats: profileStats(investments),
    /** The demo account's figures (domain/portfolio-account.ts), the same on every tab and in settings. */
    account: demoAccount(investments),
    /** The overview's pie and recent investments (active ones only). */
    active: tab === "overview" ? active : [],
    slices: tab === "overview" ? chartSlices(holdingsFrom(active)) : [],
    statement: tab === "financial" ? statementRows(investments) : [],
  };
}
