/**
 * The answers of portfolio analytics (worker/api/analytics.ts), with their examples (ADR 042).
 * The insights are the model's when it answered, else the spec's documented fallback (section 8):
 * one schema holds both, `source` says which.
 */
import * as v from "valibot";

import { FALLBACK_INSIGHTS, FALLBACK_RECOMMENDED_SECTORS } from "../../../domain/money/portfolio-analysis";
import { diversificationFeedback } from "../../services/money/analytics";
import {
  MAX_INSIGHT_CHARS,
  MAX_INSIGHTS,
  MAX_REASON_CHARS,
  MIN_INSIGHTS,
  RECOMMENDED_SECTOR_COUNT,
} from "../../ai/insights";
import { ok } from "./common";

const int = v.pipe(v.number(), v.integer());
const percent = v.pipe(int, v.minValue(0), v.maxValue(100));

/**
 * What the routes read of a body (worker/services/money/analytics.ts `AnalyticsInput`; the spec's other
 * fields, such as `investments` or `sectorDistribution`, are accepted and ignored: every number
 * comes from the stored investments).
 */
const userId = v.pipe(
  v.string(),
  v.description("Whose portfolio: an admin may name any user; others only themselves. `guest` names nobody."),
);
const flag = (description: string) =>
  v.pipe(v.union([v.boolean(), v.picklist(["true", "on", "1"])]), v.description(description));

export const InsightsBody = v.object({
  userId: v.optional(userId),
  forceRefresh: v.optional(flag("Ask the model again instead of the answer cached for these holdings.")),
});

export const ComprehensiveBody = v.object({
  ...InsightsBody.entries,
  includeAnalysisReport: v.optional(flag("Add `analysisReport` to the answer.")),
});

export const ScoreBody = v.object({ userId: v.optional(userId) });

const insights = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(MAX_INSIGHT_CHARS))),
  v.minLength(Math.min(MIN_INSIGHTS, FALLBACK_INSIGHTS.length)),
  v.maxLength(Math.max(MAX_INSIGHTS, FALLBACK_INSIGHTS.length)),
  v.description(
    `The model's ${MIN_INSIGHTS} to ${MAX_INSIGHTS} sentences, or the fallback's ${FALLBACK_INSIGHTS.length} generic ones.`,
  ),
);

const recommendedSectors = v.pipe(
  v.array(v.object({ name: v.string(), reason: v.string() })),
  v.minLength(Math.min(RECOMMENDED_SECTOR_COUNT, FALLBACK_RECOMMENDED_SECTORS.length)),
  v.maxLength(Math.max(RECOMMENDED_SECTOR_COUNT, FALLBACK_RECOMMENDED_SECTORS.length)),
  v.description(
    `The model's ${RECOMMENDED_SECTOR_COUNT} browse sectors (each reason at most ${MAX_REASON_CHARS} characters), ` +
      `or the fallback's ${FALLBACK_RECOMMENDED_SECTORS.length} default ones.`,
  ),
);

const source = v.pipe(
  v.picklist(["model", "fallback"]),
  v.description(
    "`model`: the AI worded the facts; `fallback`: the spec's default insights (the AI never fails the call).",
  ),
);
const fromCache = v.pipe(v.boolean(), v.description("Served from the answer cached for these holdings."));

export const DirectInsightsAnswer = v.object({ success: ok, insights, recommendedSectors, fromCache, source });

/** domain/money/portfolio-analysis.ts `AnalysisReport`. */
const AnalysisReportAnswer = v.object({
  totalInvested: v.number(),
  positions: v.pipe(int, v.minValue(0)),
  largest: v.nullable(v.object({ projectTitle: v.string(), share: v.number() })),
  concentrated: v.boolean(),
  concentrationAdvice: v.nullable(v.string()),
  recent180: v.pipe(int, v.minValue(0)),
  recent90: v.pipe(int, v.minValue(0)),
  recentHeavy: v.boolean(),
  lines: v.array(v.string()),
});

/** worker/services/money/analytics.ts `PortfolioInsights`. */
export const ComprehensiveAnswer = v.object({
  insights,
  recommendedSectors,
  source,
  fromCache,
  sectorDistribution: v.array(
    v.object({
      name: v.string(),
      amount: v.pipe(v.number(), v.description("Dollars invested in the sector.")),
      percentage: v.pipe(v.number(), v.description("Percent of the total invested, unrounded.")),
      value: v.pipe(int, v.minValue(0), v.description("Investments in the sector.")),
    }),
  ),
  riskProfile: v.object({ level: v.picklist(["low", "medium", "high"]), score: percent }),
  diversificationScore: percent,
  totalInvested: v.number(),
  projectedReturns: v.number(),
  totalInvestments: v.pipe(int, v.minValue(0)),
  analysisReport: v.optional(
    v.pipe(AnalysisReportAnswer, v.description("Only when the body asked for it (`includeAnalysisReport`).")),
  ),
});

export const ScoreAnswer = v.object({ score: percent, feedback: v.string() });

// ---- examples ----

const FALLBACK = {
  insights: [...FALLBACK_INSIGHTS],
  recommendedSectors: FALLBACK_RECOMMENDED_SECTORS.map((s) => ({ name: s.name, reason: s.description })),
};

export const EXAMPLES = {
  insightsBody: { forceRefresh: false },
  comprehensiveBody: { includeAnalysisReport: true },
  scoreBody: {},
  directInsights: {
    success: true,
    insights: [
      "Fintech holds 62.5% of your $8,000 invested, so one sector drives most of your results.",
      "Your risk level is medium, with a risk score of 58.",
      "You hold projects in 2 sectors; Healthcare and Education are browse sectors you do not hold yet.",
    ],
    recommendedSectors: [
      { name: "Healthcare", reason: "Adds a sector you do not hold, lowering your reliance on Fintech." },
      { name: "Education", reason: "Campus-focused ventures in a sector new to your portfolio." },
      { name: "Sustainability", reason: "Spreads your money into a third sector with its own drivers." },
    ],
    fromCache: false,
    source: "model",
  },
  comprehensive: {
    ...FALLBACK,
    source: "fallback",
    fromCache: true,
    sectorDistribution: [
      { name: "Fintech", amount: 5000, percentage: 62.5, value: 2 },
      { name: "Technology", amount: 3000, percentage: 37.5, value: 1 },
    ],
    riskProfile: { level: "medium", score: 58 },
    diversificationScore: 54,
    totalInvested: 8000,
    projectedReturns: 11200,
    totalInvestments: 3,
    analysisReport: {
      totalInvested: 8000,
      positions: 3,
      largest: { projectTitle: "Quietly", share: 37.5 },
      concentrated: true,
      concentrationAdvice:
        "Consider spreading new investments so that no single project is more than 20% of your portfolio.",
      recent180: 3,
      recent90: 1,
      recentHeavy: false,
      lines: [
        "You hold 3 active investments totaling $8,000 across 2 sectors.",
        "Your largest position is Quietly, at 37.5% of your portfolio.",
      ],
    },
  },
  score: { score: 54, feedback: diversificationFeedback(54, 3) },
} as const;
