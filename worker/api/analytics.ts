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

import { aiBudgetOf, diversificationScoreFor, portfolioInsights } from "../services/analytics";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

/** Mounted at /api/analytics. */
export const analyticsApi = new Hono<HonoEnv>()
  .post("/direct-insights", async (c) => {
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
  })
  .post("/comprehensive", async (c) => {
    const { userId, forceRefresh, includeAnalysisReport } = await readBody(c);
    const out = await portfolioInsights(
      c.get("db"),
      c.env.AI,
      c.get("user"),
      { userId, forceRefresh, includeAnalysisReport },
      { signal: c.req.raw.signal, ...aiBudgetOf(c.req.raw, c.env) },
    );
    return c.json(out);
  });

/** Mounted at /api/ai. */
export const aiApi = new Hono<HonoEnv>().post("/diversification-score", async (c) => {
  const { userId } = await readBody(c);
  return c.json(await diversificationScoreFor(c.get("db"), c.get("user"), { userId }));
});
