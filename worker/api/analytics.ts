/**
 * Portfolio analytics (spec section 7). The body may carry the spec's fields (investments,
 * sectorDistribution, riskProfile, userId, forceRefresh …): only `userId` (an admin naming a user),
 * `forceRefresh` and `includeAnalysisReport` are read; every number comes from D1.
 *
 * POST /api/analytics/direct-insights → { success, insights, recommendedSectors, fromCache, source }
 * POST /api/analytics/comprehensive   → the portfolio summary with insights (and the report when asked)
 * POST /api/ai/diversification-score  → { score, feedback }
 * 401 without a session, 403 with the spec's message for a founder; the AI never makes them fail.
 */
import { Hono } from "hono";

import { aiBudgetOf, diversificationScoreFor, portfolioInsights } from "../services/money/analytics";
import type { HonoEnv } from "../types";
import {
  ComprehensiveAnswer,
  ComprehensiveBody,
  DirectInsightsAnswer,
  EXAMPLES,
  InsightsBody,
  ScoreAnswer,
  ScoreBody,
} from "./answers/insights";
import { operation } from "./openapi";
import { readBody } from "./util";

/** Who may ask, and what the refusals mean, for all three. */
const ACCESS =
  "An investor reads their own portfolio, an admin anyone's (`userId`); a founder has none (403 with the " +
  "spec's message).";

/** Mounted at /api/analytics. */
export const analyticsApi = new Hono<HonoEnv>()
  .post(
    "/direct-insights",
    operation({
      operationId: "getPortfolioInsights",
      tag: "Insights",
      summary: "AI insights on a portfolio",
      description:
        `Insights and recommended sectors for the stored investments (numbers a client sends are ignored). ${ACCESS} ` +
        "When the AI cannot answer (or its budget is spent) the answer is the documented fallback, never an error.",
      access: "signed-in",
      body: { schema: InsightsBody, example: EXAMPLES.insightsBody, required: false },
      ok: { 200: { description: "The insights", schema: DirectInsightsAnswer, example: EXAMPLES.directInsights } },
      refusals: [400, 401, 403, 415],
    }),
    async (c) => {
      const { userId, forceRefresh } = await readBody(c);
      const out = await portfolioInsights(
        c.get("db"),
        c.env.AI,
        c.get("user"),
        { userId, forceRefresh },
        { signal: c.req.raw.signal, ...aiBudgetOf(c.req.raw, c.env) },
      );
      return c.json({
        success: true,
        insights: out.insights,
        recommendedSectors: out.recommendedSectors,
        fromCache: out.fromCache,
        source: out.source,
      });
    },
  )
  .post(
    "/comprehensive",
    operation({
      operationId: "getPortfolioAnalysis",
      tag: "Insights",
      summary: "A portfolio's analysis with AI insights",
      description:
        "The portfolio summary (sectors, risk, diversification, projected returns) with the insights of " +
        `\`direct-insights\`, and the analysis report when asked. ${ACCESS}`,
      access: "signed-in",
      body: { schema: ComprehensiveBody, example: EXAMPLES.comprehensiveBody, required: false },
      ok: { 200: { description: "The analysis", schema: ComprehensiveAnswer, example: EXAMPLES.comprehensive } },
      refusals: [400, 401, 403, 415],
    }),
    async (c) => {
      const { userId, forceRefresh, includeAnalysisReport } = await readBody(c);
      const out = await portfolioInsights(
        c.get("db"),
        c.env.AI,
        c.get("user"),
        { userId, forceRefresh, includeAnalysisReport },
        { signal: c.req.raw.signal, ...aiBudgetOf(c.req.raw, c.env) },
      );
      return c.json(out);
    },
  );

/** Mounted at /api/ai. */
export const aiApi = new Hono<HonoEnv>().post(
  "/diversification-score",
  operation({
    operationId: "getDiversificationScore",
    tag: "Insights",
    summary: "A portfolio's diversification score",
    description: `The computed score (0 to 100, spec section 9) and a sentence on it; no AI is called. ${ACCESS}`,
    access: "signed-in",
    body: { schema: ScoreBody, example: EXAMPLES.scoreBody, required: false },
    ok: { 200: { description: "The score", schema: ScoreAnswer, example: EXAMPLES.score } },
    refusals: [400, 401, 403, 415],
  }),
  async (c) => {
    const { userId } = await readBody(c);
    return c.json(await diversificationScoreFor(c.get("db"), c.get("user"), { userId }));
  },
);
