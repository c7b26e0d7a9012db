/**
 * The purchase page's view: what its loader shows, computed from the project and the investor's
 * standing in it (`getProjectWithStanding`) and the page's query (`?shares=`, `?review=1`). Pure:
 * no D1, no request; server only (the route imports it in its loader alone).
 */
import { cancelDeadline } from "../../domain/money/cancellation";
import {
  belowMinimum,
  displayValuation,
  fundingState,
  minimumShares,
  parseShares,
  purchasePresets,
  startingShares,
  totalFor,
} from "../../domain/projects/project";
import { allowanceFor, limitKindFor, limitRefusal } from "../../domain/money/reg-cf";
import type { ProjectDTO } from "../../domain/shared/types";
import { overAllowance } from "../components/project/Allowance";
import { REGULATION_INFO } from "../components/project/regulation";
import { PURCHASE_MESSAGES } from "../../worker/services/money/purchases";
import type { InvestorStanding } from "../../worker/services/money/investor-limits";

/** The purchase page's loader data for an investor who may buy (`now` in ms). */
export function purchaseView(
  project: ProjectDTO,
  standing: InvestorStanding | null,
  query: URLSearchParams,
  now: number,
) {
  const remaining = Math.max(0, project.sharesRemaining);
  const requested = parseShares(query.get("shares"));
  const { shares, message: clampMessage } = startingShares(project, requested);
  // The purchase service's rule, derived from the status badge's rule (projectStatus).
  const state = fundingState(project);
  const unavailable =
    state === "sold-out" ? PURCHASE_MESSAGES.soldOut : state === "closed" ? PURCHASE_MESSAGES.closed : null;
  const tooSmall = belowMinimum(shares, project);
  // The limit that applies to this offering (Reg CF's 12 months, or RegA+'s per offering).
  const kind = limitKindFor(project.regulationType);
  const figures = standing?.financials ?? { annualIncome: null, netWorth: null, accredited: false, applyLimits: false };
  const used = kind === "reg-a" ? (standing?.usedInOfferingCents ?? 0) : (standing?.usedRegCfCents ?? 0);
  const allowance = allowanceFor(kind, figures, used);
  const overLimit = overAllowance(allowance, totalFor(shares, project.sharePrice));
  const limitMessage = overLimit ? limitRefusal(kind, allowance.remaining ?? 0, figures, project.title) : null;
  const reviewing = query.get("review") === "1";
  // The no-JavaScript confirmation: exact shares and total, shown before anything is bought.
  const review =
    reviewing && requested !== null && !clampMessage && !tooSmall && !unavailable && !overLimit
      ? { shares, total: totalFor(shares, project.sharePrice) }
      : null;
  const deadline = cancelDeadline(project.fundingDeadline);
  return {
    found: true as const,
    project: {
      _id: project._id,
      slug: project.slug,
      title: project.title,
      category: project.category,
      status: project.status,
      daysLeft: project.daysLeft,
      logo: project.logo,
      sharePrice: project.sharePrice,
      sharesRemaining: remaining,
      totalShares: project.totalShares,
      equityPercentage: project.investmentTerms.equityPercentage,
      regulationType: project.regulationType,
      fundingCurrent: project.fundingCurrent,
      fundingGoal: project.fundingGoal,
      settlement: project.settlement,
      minInvestment: project.investmentTerms.minInvestment,
      valuation: displayValuation(
        project.investmentTerms.valuation,
        project.fundingGoal,
        project.investmentTerms.equityPercentage,
      ),
    },
    unavailable,
    shares,
    clampMessage,
    /** A review asked for more than the allowance: the refusal the purchase would get. */
    limitMessage: reviewing ? limitMessage : null,
    review,
    allowance,
    ownedShares: standing?.ownedShares ?? 0,
    /** The last moment an investment made now can be cancelled (ms), and whether that is still ahead. */
    cancelUntil: deadline,
    cancellable: now < deadline,
    /** The shares the minimum investment buys. */
    minShares: minimumShares(project.investmentTerms.minInvestment, project.sharePrice),
    /** What the offering's regulation means, for the notice under the form. */
    regulation: REGULATION_INFO[project.regulationType] ?? REGULATION_INFO.SAFE,
    presets: purchasePresets(project.investmentTerms.minInvestment, project.sharePrice, remaining),
  };
}

export type PurchaseView = ReturnType<typeof purchaseView>;
