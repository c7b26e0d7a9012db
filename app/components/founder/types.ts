/** The founder dashboard's project and investor rows, as the loader sends them (worker/services/founder-dashboard.ts). */
export interface DashboardProject {
  id: string;
  slug: string;
  title: string;
  status: string;
  fundingGoal: number;
  fundingCurrent: number;
  /** Raised ÷ goal in percent, capped at 100 (the progress bar's value). */
  percent: number;
  /** Distinct investors. */
  investors: number;
  /** Purchases (one investor may buy more than once). */
  investments: number;
  sharesSold: number;
  sharesRemaining: number;
  totalShares: number;
  daysLeft: number;
  fundingDeadline: string;
  sharePrice: number;
  averageInvestment: number;
}

export interface DashboardInvestor {
  name: string;
  shares: number;
  amountInvested: number;
  investedAt: string;
}
