/**
 * The profile page's view: what its loader shows, computed from the viewer's profile and
 * investments (`getProfile`, `listInvestments`) and the page's query (`?tab=`, `?edit=1`,
 * `?saved=1`). Pure but for the account number's hash; server only (the route imports it in its
 * loader alone).
 */
import type { ProfileInvestment, StatementRow } from "../components/profile/panels";
import { PROFILE_TABS, type ProfileTab } from "../components/profile/tabs";
import { toCents, toDollars } from "../../domain/money";
import { chartSlices, diversificationScore, holdingsFrom } from "../../domain/portfolio-math";
import type { ProfileDTO } from "../../domain/profile-form";
import type { InvestmentDTO } from "../../domain/types";

/**
 * A demo account number that stays the same for a user: 12 digits from SHA-256 of the user id
 * (nothing secret: it only has to look stable). Shown masked, last four digits only.
 */
export async function demoAccountNumber(userId: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`campusfund:${userId}`)));
  return Array.from(bytes.slice(0, 12), (b) => String(b % 10)).join("");
}

/**
 * The statement's rows: each purchase, and for a cancelled investment the refund on the day it was
 * cancelled, with running totals in date order (oldest first, in cents), shown newest first. The
 * total is what is invested now: a cancellation takes its purchase back out.
 */
export function statementRows(investments: ProfileInvestment[]): StatementRow[] {
  const entries = investments.flatMap((i) => {
    const cents = toCents(i.amountInvested);
    const purchase = { key: i._id, at: i.investedAt, projectTitle: i.projectTitle, shares: i.shares };
    const rows = [{ ...purchase, cents, refund: false }];
    if (i.status === "cancelled" && i.cancelledAt) {
      rows.push({ ...purchase, key: `${i._id}-cancelled`, at: i.cancelledAt, cents: -cents, refund: true });
    }
    return rows;
  });
  const chronological = entries.sort((a, b) => a.at.localeCompare(b.at));
  let total = 0;
  return chronological
    .map((e) => {
      total += e.cents;
      return { ...e, amount: Math.abs(e.cents) / 100, runningTotal: total / 100 };
    })
    .reverse();
}

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
    /** The overview's pie and recent investments (active ones only). */
    active: tab === "overview" ? active : [],
    slices: tab === "overview" ? chartSlices(holdingsFrom(active)) : [],
    statement: tab === "financial" ? statementRows(investments) : [],
  };
}
