/**
 * What the founder dashboard shows, as its loader sends it and its components render it
 * (worker/services/projects/founder-dashboard.ts builds it; app/components/founder/ draws it). Types only.
 */
import type { RaiseSettlement } from "../raises/settlement";

export interface FounderDashboardProject {
  id: string;
  slug: string;
  title: string;
  status: string;
  fundingGoal: number;
  fundingCurrent: number;
  /** Raised ÷ goal in percent, capped at 100 (the progress bar's value); a closed raise's is what was committed ÷ goal. */
  percent: number;
  /** How the raise ended, once settled (ADR 043); null while it runs. */
  settlement: RaiseSettlement | null;
  /** Distinct investors. */
  investors: number;
  /** Purchases (one investor may buy more than once): the divisor of the average. */
  investments: number;
  sharesSold: number;
  sharesRemaining: number;
  totalShares: number;
  daysLeft: number;
  fundingDeadline: string;
  /** When it went live (ISO); null for a draft or a project in review. */
  publishedAt: string | null;
  /** When the founder closed the raise early (ISO); null if they have not: its deadline is then final. */
  closedEarlyAt: string | null;
  /** The figures the deadline rules read (domain/raises/raise-dates.ts), in cents. */
  fundingCurrentCents: number;
  fundingGoalCents: number;
  sharePrice: number;
  /** Raised ÷ number of investments, in dollars rounded to the cent; 0 without investments. */
  averageInvestment: number;
  /** Coming soon (ADR 055): the launch (ISO), set before the raise opens; null without one. */
  launchAt: string | null;
  /** The active reservations: how many, and their total in dollars. */
  reservations: { count: number; amount: number };
}

/** One point per day with investments: the running total (dollars) at the end of that day. */
export interface FundingPoint {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Dollars raised up to the end of that day. */
  cumulative: number;
}

/** An investor as the public lists name them: first name and last initial, never email or id. */
export interface PublicInvestor {
  name: string;
  shares: number;
  amountInvested: number;
  investedAt: string;
}
