import type { PerkDTO } from "../../../domain/money/perks";
import type { Allowance } from "../../../domain/money/reg-cf";
import type { ProjectDTO } from "../../../domain/shared/types";

/** What the loader says about the project and the investor's standing in it. */
export interface PurchaseFormView {
  project: Pick<
    ProjectDTO,
    | "_id"
    | "slug"
    | "title"
    | "category"
    | "status"
    | "daysLeft"
    | "logo"
    | "sharePrice"
    | "sharesRemaining"
    | "totalShares"
    | "regulationType"
    | "fundingCurrent"
    | "fundingGoal"
    | "settlement"
  > & { equityPercentage: number; minInvestment: number; valuation: number };
  shares: number;
  clampMessage: string | null;
  /** The shares the minimum investment buys. */
  minShares: number;
  /** The offering's regulation, for the notice under the form. */
  regulation: { name: string; text: string };
  presets: number[];
  idempotencyKey: string;
  unavailable: string | null;
  review: { shares: number; total: number } | null;
  limitMessage: string | null;
  allowance: Allowance;
  ownedShares: number;
  cancelUntil: number;
  cancellable: boolean;
  /** The project's perks (ADR 055) and those the investor already holds (earned once). */
  perks?: PerkDTO[];
  heldPerks?: string[];
}
