/**
 * The answers of buying shares (`POST /api/projects/{id}/invest`), the holdings list and a
 * cancellation (worker/api/investments.ts), with their examples (ADR 042).
 */
import { INVESTMENT_STATUSES } from "../../../domain/raises/settlement";
import * as v from "valibot";

import { RISK_LEVELS } from "../../../domain/projects/project-form-messages";
import { cancelledMessage } from "../../services/money/cancellations";
import { successMessage } from "../../services/money/purchases";
import { ok } from "./common";
import { EXAMPLE_PROJECT } from "./projects";

const int = (min: number) => v.pipe(v.number(), v.integer(), v.minValue(min));
const money = v.pipe(v.number(), v.minValue(0));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** An investment as the API shows it (domain/shared/types.ts `InvestmentDTO`, the spec's Investment). */
export const InvestmentAnswer = v.object({
  _id: v.string(),
  id: v.string(),
  userId: v.string(),
  projectId: v.string(),
  projectTitle: v.string(),
  projectSlug: v.string(),
  projectCategory: v.string(),
  projectLogo: v.nullable(v.string()),
  amountInvested: money,
  investmentDate: timestamp,
  investedAt: timestamp,
  riskLevel: v.picklist(RISK_LEVELS),
  status: v.picklist(INVESTMENT_STATUSES),
  shares: int(1),
  sharePrice: money,
  currentValue: v.pipe(money, v.description("Shares × the project's current share price.")),
  equity: v.pipe(v.number(), v.description("Percent of the company these shares represent.")),
  projectedReturns: money,
  cancelledAt: v.pipe(v.nullable(timestamp), v.description("When it was cancelled; null while it stands.")),
  cancelDeadline: v.pipe(v.nullable(timestamp), v.description("The last moment it may be canceled.")),
  cancellable: v.pipe(v.boolean(), v.description("Active and before `cancelDeadline` when this answer was made.")),
});

/** What a purchase or a cancellation answers of its project (worker/api/util.ts `projectFigures`). */
const ProjectFigures = v.object({
  _id: v.string(),
  slug: v.string(),
  title: v.string(),
  sharesSold: int(0),
  sharesRemaining: v.pipe(v.number(), v.integer()),
  fundingCurrent: money,
});

export const PurchaseAnswer = v.object({
  success: ok,
  message: v.string(),
  replayed: v.pipe(
    v.boolean(),
    v.description("True when the `Idempotency-Key` was used before: the original purchase, nothing bought again."),
  ),
  investment: InvestmentAnswer,
  project: ProjectFigures,
});

export const HoldingsAnswer = v.array(InvestmentAnswer);

export const CancellationAnswer = v.object({
  success: ok,
  message: v.string(),
  investment: InvestmentAnswer,
  project: v.object({ ...ProjectFigures.entries, investors: int(0) }),
});

const EXAMPLE_INVESTMENT = {
  _id: "c41e8b2a-7f3d-4a96-8e05-b2d7c9f1a364",
  id: "c41e8b2a-7f3d-4a96-8e05-b2d7c9f1a364",
  userId: "6f1c2e0a-3b7d-4c1e-9a55-0d2f7c9b1e42",
  projectId: EXAMPLE_PROJECT._id,
  projectTitle: "Quietly",
  projectSlug: "quietly",
  projectCategory: "technology",
  projectLogo: null,
  amountInvested: 500,
  investmentDate: "2026-11-27T17:05:00.000Z",
  investedAt: "2026-11-27T17:05:00.000Z",
  riskLevel: "high",
  status: "active",
  shares: 100,
  sharePrice: 5,
  currentValue: 500,
  equity: 0.05,
  projectedReturns: 575,
  cancelledAt: null,
  cancelDeadline: "2027-01-24T00:00:00.000Z",
  cancellable: true,
} as const;

const FIGURES = { _id: EXAMPLE_PROJECT._id, slug: "quietly", title: "Quietly" } as const;

export const EXAMPLES = {
  purchase: { shares: 100, amount: 500, idempotencyKey: "5f2b9c1e-8d4a-4e7b-a3c6-0e9f1d2b7a48" },
  purchased: {
    success: true,
    message: successMessage(100, "Quietly"),
    replayed: false,
    investment: EXAMPLE_INVESTMENT,
    project: { ...FIGURES, sharesSold: 6_500, sharesRemaining: 13_500, fundingCurrent: 32_500 },
  },
  replayed: {
    success: true,
    message: successMessage(100, "Quietly"),
    replayed: true,
    investment: EXAMPLE_INVESTMENT,
    project: { ...FIGURES, sharesSold: 6_500, sharesRemaining: 13_500, fundingCurrent: 32_500 },
  },
  holdings: [EXAMPLE_INVESTMENT],
  cancelled: {
    success: true,
    message: cancelledMessage("Quietly", 100, 500),
    investment: {
      ...EXAMPLE_INVESTMENT,
      status: "cancelled",
      cancelledAt: "2026-11-28T09:00:00.000Z",
      cancellable: false,
    },
    project: { ...FIGURES, sharesSold: 6_400, sharesRemaining: 13_600, fundingCurrent: 32_000, investors: 41 },
  },
} as const;

/** An investment's pending reconfirmation (worker/services/money/reconfirmations.ts `ReconfirmationDTO`). */
const ReconfirmationAnswer = v.object({
  investmentId: v.string(),
  projectId: v.string(),
  projectTitle: v.string(),
  changed: v.pipe(v.string(), v.description('What changed, as people read it: "Title and Description"')),
  fields: v.array(v.string()),
  dueAt: v.pipe(
    v.string(),
    v.isoTimestamp(),
    v.description("Unanswered by then, the investment is canceled and the money returned"),
  ),
});

export const ReconfirmationsAnswer = v.object({ reconfirmations: v.array(ReconfirmationAnswer) });

export const ReconfirmedAnswer = v.object({
  success: v.literal(true),
  message: v.string(),
  reconfirmation: ReconfirmationAnswer,
});

const EXAMPLE_RECONFIRMATION = {
  investmentId: "inv_7f3a9c2e4b1d",
  projectId: "c0ffee00-1234-4abc-8def-0123456789ab",
  projectTitle: "Campus Keys",
  changed: "Short description and Documents",
  fields: ["shortDescription", "documents"],
  dueAt: "2026-12-09T00:00:00.000Z",
} as const;

export const RECONFIRM_EXAMPLES = {
  pending: { reconfirmations: [EXAMPLE_RECONFIRMATION] },
  reconfirmed: {
    success: true,
    message: "Thank you: your investment stands with the changes.",
    reconfirmation: EXAMPLE_RECONFIRMATION,
  },
} as const;
