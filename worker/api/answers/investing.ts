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
  bonusShares: v.pipe(
    int(0),
    v.description(
      "Shares a perk added to this purchase: held with it, paid for by nobody (its cost is the amount paid).",
    ),
  ),
  sharePrice: money,
  currentValue: v.pipe(
    money,
    v.description(
      "Shares × the price per share of the company's latest reviewed event (at cost before one; 0 after an exit or for money that came back).",
    ),
  ),
  realized: v.pipe(money, v.description("Cash an exit paid for these shares.")),
  gain: v.pipe(v.number(), v.description("currentValue + realized − amountInvested.")),
  moic: v.pipe(v.nullable(v.number()), v.description("(currentValue + realized) ÷ amountInvested.")),
  irr: v.pipe(
    v.nullable(v.number()),
    v.description("XIRR of its dated cash flows, a fraction a year; null under 365 days or for money that came back."),
  ),
  valuedOn: v.pipe(v.nullable(v.pipe(v.string(), v.isoDate())), v.description("The day of the event that valued it.")),
  exit: v.pipe(v.nullable(v.picklist(["acquired", "shut_down"])), v.description("How the holding ended, when it did.")),
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

const multipleOrNull = v.nullable(v.number());
const Group = v.object({
  name: v.string(),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  invested: money,
  value: money,
  realized: money,
  moic: multipleOrNull,
});
const Holding = v.object({
  projectId: v.string(),
  projectTitle: v.string(),
  projectSlug: v.string(),
  invested: money,
  value: money,
  realized: money,
  moic: multipleOrNull,
});

/** What a portfolio's investments became (domain/money/performance.ts `PortfolioPerformance`, ADR 052). */
export const PerformanceAnswer = v.object({
  invested: v.pipe(money, v.description("Every held purchase, in dollars (the paid-in capital).")),
  value: v.pipe(
    money,
    v.description("The holdings at their marks: each company's latest reviewed event, at cost before one."),
  ),
  realized: v.pipe(money, v.description("Cash paid out by exits.")),
  gain: v.pipe(v.number(), v.description("value + realized − invested.")),
  tvpi: v.pipe(multipleOrNull, v.description("(value + realized) ÷ invested.")),
  dpi: v.pipe(multipleOrNull, v.description("realized ÷ invested.")),
  rvpi: v.pipe(multipleOrNull, v.description("value ÷ invested.")),
  irr: v.pipe(
    multipleOrNull,
    v.description("XIRR of the dated cash flows (a fraction a year); null until the first investment is 365 days old."),
  ),
  series: v.pipe(
    v.array(v.object({ day: v.pipe(v.string(), v.isoDate()), invested: money, value: money })),
    v.description("Value over time: cumulative invested and value at the end of each day shown (at most 60)."),
  ),
  best: v.pipe(v.array(Holding), v.description("The three holdings with the highest multiple.")),
  worst: v.pipe(v.array(Holding), v.description("The lowest multiples, not among the best.")),
  sectors: v.pipe(v.array(Group), v.description("By sector: `count` is investments.")),
  vintages: v.pipe(v.array(Group), v.description("By the year of each holding's first purchase: `count` is holdings.")),
});

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
  bonusShares: 0,
  sharePrice: 5,
  currentValue: 500,
  realized: 0,
  gain: 0,
  moic: 1,
  irr: null,
  valuedOn: null,
  exit: null,
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
  performance: {
    invested: 7_500,
    value: 9_250,
    realized: 2_000,
    gain: 3_750,
    tvpi: 1.5,
    dpi: 0.26666666666666666,
    rvpi: 1.2333333333333334,
    irr: 0.214,
    series: [
      { day: "2024-09-12", invested: 2_500, value: 2_500 },
      { day: "2025-06-30", invested: 7_500, value: 9_000 },
      { day: "2026-12-02", invested: 7_500, value: 9_250 },
    ],
    best: [
      {
        projectId: "campus-keys",
        projectTitle: "Campus Keys",
        projectSlug: "campus-keys",
        invested: 2_500,
        value: 5_000,
        realized: 0,
        moic: 2,
      },
    ],
    worst: [
      {
        projectId: "quietly",
        projectTitle: "Quietly",
        projectSlug: "quietly",
        invested: 2_500,
        value: 1_250,
        realized: 0,
        moic: 0.5,
      },
    ],
    sectors: [{ name: "Technology", count: 3, invested: 7_500, value: 9_250, realized: 2_000, moic: 1.5 }],
    vintages: [{ name: "2024", count: 1, invested: 2_500, value: 5_000, realized: 0, moic: 2 }],
  },
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
