/**
 * Portfolio analytics (spec sections 3, 7, 8 and 9): the portfolio summary with AI insights, and
 * the diversification score with its feedback. Both doors (the `/api/analytics` and `/api/ai`
 * routes, the portfolio page's loader) call these with the raw request fields and the viewer.
 *
 * Every number comes from the investments in D1, summed there (worker/services/money/holdings.ts
 * `readPortfolio`: per sector and risk level, the largest projects; never every investment):
 * numbers or investments a client sends are ignored. The AI only words the facts (worker/ai, ADR 019) and never blocks the answer:
 * - an answer is cached per user and holdings (`ai_insights`): the same holdings read the cache
 *   (a model answer for a day, a fallback for 10 minutes, so a recovered model is used soon);
 *   `forceRefresh` asks the model again;
 * - model calls are limited per acting user (AI_CALL_LIMIT), per client network (AI_ADDRESS_LIMIT:
 *   accounts are free, so one address must not command ten calls an hour per account it makes)
 *   and for the whole deployment per UTC day (`AI_DAILY_CALLS` in wrangler.toml), all
 *   reserved atomically in one batch; past any of them the cached answer for these holdings
 *   (however old) or the fallback is served, never an error;
 * - `forceRefresh` still serves an answer cached less than FORCE_REFRESH_MIN_AGE_MS ago (a
 *   double-clicked Regenerate costs one call);
 * - a failed call never replaces a model answer cached for the same holdings.
 */
import { eq } from "drizzle-orm";
import * as v from "valibot";

import { MESSAGES } from "../../../domain/shared/messages";
import { DAY_MS, HOUR_MS, isoDay, MINUTE_MS } from "../../../domain/shared/dates";
import { toDollars } from "../../../domain/shared/money";
import { analysisReportOf, type AnalysisReport } from "../../../domain/money/portfolio-analysis";
import {
  diversificationLabel,
  diversificationScoreOf,
  projectedReturnsOf,
  riskScoreOf,
  sectorDistributionOf,
  type PortfolioSummary,
  type SectorSlice,
} from "../../../domain/money/portfolio-math";
import type { RiskLevel, SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { aiInsights } from "../../../db/schema";
import { holdingsHash, portfolioFactsOf } from "../../ai/facts";
import type { PortfolioPerformance } from "../../../domain/money/performance";
import {
  InsightsAnswerSchema,
  fallbackInsights,
  generateInsights,
  type InsightsResult,
  type RecommendedSector,
} from "../../ai/insights";
import { requireCan } from "../shared/access";
import { clientAddress } from "../shared/client";
import { isServiceError, ServiceError } from "../shared/errors";
import { readPortfolio } from "./holdings";
import { reserve, type RateLimit, type Slot } from "../shared/rate-limit";
import { countEvent } from "../../observability/metrics";
import { errorFields } from "../../observability/capture";
import { logLine } from "../../observability/log";

/** Model calls per acting user: past it, the cache or the fallback (never an error). */
export const AI_CALL_LIMIT = {
  max: 10,
  windowMs: HOUR_MS,
  message: "Too many AI insight requests. Please wait an hour and try again.",
} as const satisfies RateLimit;

/** Model calls per client network (an IPv4 address or an IPv6 /64), whatever the accounts. */
export const AI_ADDRESS_LIMIT = {
  max: 20,
  windowMs: HOUR_MS,
  message: "Too many AI insight requests from your network. Please wait an hour and try again.",
} as const satisfies RateLimit;

/** Model calls for the whole deployment per UTC day when `AI_DAILY_CALLS` is not set (or not a number). */
export const DEFAULT_AI_DAILY_CALLS = 200;

/** The daily budget from the environment (`AI_DAILY_CALLS`, a whole number ≥ 0), else the default. */
export function aiDailyCalls(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : DEFAULT_AI_DAILY_CALLS;
}

/** The caller's share of the model-call budgets, from the request and the environment (both doors use it). */
export function aiBudgetOf(
  request: Request,
  env: { AI_DAILY_CALLS?: string },
): Pick<AnalyticsOptions, "clientIp" | "dailyCalls"> {
  return { clientIp: clientAddress(request), dailyCalls: aiDailyCalls(env.AI_DAILY_CALLS) };
}

/** A Regenerate within this long of the last answer gets that answer, not another model call. */
export const FORCE_REFRESH_MIN_AGE_MS = MINUTE_MS;

/** How long a cached answer is served for the same holdings. */
export const MODEL_ANSWER_TTL_MS = DAY_MS;
export const FALLBACK_ANSWER_TTL_MS = 10 * MINUTE_MS;

/** The request fields these services read; anything else a client sends is ignored. */
export interface AnalyticsInput {
  /** Whose portfolio: an admin may name anyone, others only themselves. */
  userId?: unknown;
  forceRefresh?: unknown;
  includeAnalysisReport?: unknown;
}

export interface PortfolioInsights {
  insights: string[];
  recommendedSectors: RecommendedSector[];
  source: "model" | "fallback";
  fromCache: boolean;
  /** Only when `includeAnalysisReport` was asked for. */
  analysisReport?: AnalysisReport;
  sectorDistribution: SectorSlice[];
  riskProfile: { level: RiskLevel; score: number };
  diversificationScore: number;
  totalInvested: number;
  projectedReturns: number;
  totalInvestments: number;
}

export interface AnalyticsOptions {
  /** The caller's network (worker/services/shared/client.ts `clientAddress`): its own budget of model calls. */
  clientIp?: string;
  /** Model calls allowed per UTC day for everyone (`aiDailyCalls(env.AI_DAILY_CALLS)`). */
  dailyCalls?: number;
  /** Abort the model call early (the client went away). */
  signal?: AbortSignal;
  /** The model call's limit (8 s; tests shorten it). */
  timeoutMs?: number;
  now?: number;
}

/** A JSON `true` or a form's "true" / "on" / "1". */
function flag(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "1";
}

/**
 * The viewer's holdings, or the named user's for an admin: 401 without a viewer, the spec's
 * founder message (403) for a founder, 403 for another user's portfolio.
 */
async function holdingsFor(db: Database, viewer: SessionUser | null, input: AnalyticsInput, now?: number) {
  requireCan(viewer, "invest", () => new ServiceError(403, MESSAGES.founderNoPortfolio, "founder_no_portfolio"));
  const named = typeof input.userId === "string" ? input.userId.trim() : "";
  // The spec's clients send "guest" when they know no user: that names nobody.
  const userId = named && named !== "guest" ? named : viewer.id;
  const { summary, performance } = await readPortfolio(db, viewer, userId, { summary: true, performance: true, now });
  return { actingUserId: viewer.id, userId, summary: summary!, performance };
}

/** The cached answer for `userId`, if it is for these holdings and still reads as a valid answer. */
async function cachedAnswer(
  db: Database,
  userId: string,
  hash: string,
  held: readonly { category: string; amount: number }[],
) {
  const [row] = await db.select().from(aiInsights).where(eq(aiInsights.userId, userId)).limit(1);
  if (!row || row.holdingsHash !== hash) return null;
  if (row.source === "fallback") {
    // The documented fallback, as it is today (its sectors are the spec's, not our browse sectors).
    return {
      result: { ...fallbackInsights(held), fromCache: true },
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
    };
  }
  const answer = v.safeParse(InsightsAnswerSchema, row.answer);
  if (!answer.success) return null;
  return {
    result: { ...answer.output, source: "model", fromCache: true, model: row.model } satisfies InsightsResult,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

async function storeAnswer(db: Database, userId: string, hash: string, result: InsightsResult, now: number) {
  const values = {
    holdingsHash: hash,
    answer: { insights: result.insights, recommendedSectors: result.recommendedSectors },
    source: result.source,
    model: result.model,
    createdAt: now,
    expiresAt: now + (result.source === "model" ? MODEL_ANSWER_TTL_MS : FALLBACK_ANSWER_TTL_MS),
  };
  await db
    .insert(aiInsights)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: aiInsights.userId, set: values });
}

/**
 * The slots one model call takes: the acting user's, the client network's and the day's global
 * budget (keyed by the UTC date, so it starts over at midnight). One batch: all or none.
 */
function aiCallSlots(actingUserId: string, opts: AnalyticsOptions, now: number): Slot[] {
  const day = isoDay(now);
  const slots: Slot[] = [{ key: `ai:user:${actingUserId}`, limit: AI_CALL_LIMIT }];
  // Both doors pass the request's network (`aiBudgetOf`); only a caller outside a request has none.
  if (opts.clientIp) slots.push({ key: `ai:ip:${opts.clientIp}`, limit: AI_ADDRESS_LIMIT });
  slots.push({
    key: `ai:global:${day}`,
    limit: { max: opts.dailyCalls ?? DEFAULT_AI_DAILY_CALLS, windowMs: DAY_MS, message: AI_CALL_LIMIT.message },
  });
  return slots;
}

/** The documented fallback served where the model's answer was wanted (no binding, no budget left): counted (ADR 056). */
function servedFallback(held: Parameters<typeof fallbackInsights>[0]): InsightsResult {
  countEvent("ai.fallback");
  return fallbackInsights(held);
}

/**
 * The insights for `userId`'s holdings: the cache, else the model (within the per-user limit),
 * else the fallback. Never throws for the AI's sake.
 */
async function insightsFor(
  db: Database,
  ai: Ai | undefined,
  actingUserId: string,
  userId: string,
  summary: PortfolioSummary,
  /** Read only when the model is asked: its prompt quotes the holdings' performance. */
  performance: () => Promise<PortfolioPerformance | null>,
  forceRefresh: boolean,
  opts: AnalyticsOptions,
): Promise<InsightsResult> {
  // Nothing invested: nothing to word. The generic advice is the honest answer.
  const held = summary.groups.map((g) => ({ category: g.category, amount: g.cents }));
  if (summary.count === 0) return fallbackInsights();
  const now = opts.now ?? Date.now();
  const hash = await holdingsHash(summary);
  const cached = await cachedAnswer(db, userId, hash, held);
  if (cached && !forceRefresh && cached.expiresAt > now) return cached.result;
  if (cached && forceRefresh && now - cached.createdAt < FORCE_REFRESH_MIN_AGE_MS) return cached.result;
  // No binding (offline `wrangler dev`): no call to count or to cache.
  if (!ai) return cached?.result.source === "model" ? cached.result : servedFallback(held);

  try {
    await reserve(db, aiCallSlots(actingUserId, opts, now), now);
  } catch (e) {
    if (!isServiceError(e) || e.status !== 429) throw e;
    return cached?.result ?? servedFallback(held);
  }
  const fresh = await generateInsights(ai, portfolioFactsOf(summary, await performance()), {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
  });
  if (fresh.source === "fallback" && cached?.result.source === "model") return cached.result;
  try {
    await storeAnswer(db, userId, hash, fresh, now);
  } catch (e) {
    // A cache that could not be written costs a model call next time, not this answer.
    logLine("warn", "ai insights: cache write failed", errorFields(e));
  }
  return fresh;
}

/**
 * POST /api/analytics/direct-insights and /comprehensive (spec section 7): the portfolio summary
 * of the viewer (or, for an admin, of `userId`) with insights and recommended sectors.
 */
export async function portfolioInsights(
  db: Database,
  ai: Ai | undefined,
  viewer: SessionUser | null,
  input: AnalyticsInput = {},
  opts: AnalyticsOptions = {},
): Promise<PortfolioInsights> {
  const { actingUserId, userId, summary, performance } = await holdingsFor(db, viewer, input, opts.now);
  const result = await insightsFor(
    db,
    ai,
    actingUserId,
    userId,
    summary,
    () => Promise.resolve(performance),
    flag(input.forceRefresh),
    opts,
  );
  const risk = riskScoreOf(summary);
  const out: PortfolioInsights = {
    insights: result.insights,
    recommendedSectors: result.recommendedSectors,
    source: result.source,
    fromCache: result.fromCache,
    sectorDistribution: sectorDistributionOf(summary),
    riskProfile: { level: risk.level, score: risk.score },
    diversificationScore: diversificationScoreOf(summary),
    totalInvested: toDollars(summary.cents),
    projectedReturns: projectedReturnsOf(summary.cents),
    totalInvestments: summary.count,
  };
  if (flag(input.includeAnalysisReport)) out.analysisReport = analysisReportOf(summary);
  return out;
}

/**
 * The portfolio page's AI tab: the viewer's insights for the holdings' sums the page has already
 * read (`summary`, in its one batch), so they are not read a second time; the performance the
 * model's prompt quotes is read only when the model is asked (a cache miss). What
 * `portfolioInsights` answers the API, without the figures the page computes itself.
 */
export async function insightsForSummary(
  db: Database,
  ai: Ai | undefined,
  viewer: SessionUser | null,
  summary: PortfolioSummary,
  opts: AnalyticsOptions = {},
): Promise<InsightsResult> {
  requireCan(viewer, "invest", () => new ServiceError(403, MESSAGES.founderNoPortfolio, "founder_no_portfolio"));
  const performance = async () =>
    (await readPortfolio(db, viewer, viewer.id, { performance: true, now: opts.now })).performance;
  return insightsFor(db, ai, viewer.id, viewer.id, summary, performance, false, opts);
}

/** The feedback sentence for a diversification score, from its label (spec section 9). */
export function diversificationFeedback(score: number, holdingCount: number): string {
  if (holdingCount === 0) {
    return "You have no investments yet: spread your first ones across several sectors to start diversified.";
  }
  switch (diversificationLabel(score)) {
    case "Low":
      return "Low diversification: most of your money sits in one or two sectors. Consider spreading new investments across more sectors.";
    case "Moderate":
      return "Moderate diversification: your money is spread over a few sectors. Adding a sector or two would lower your exposure to any one of them.";
    default:
      return "High diversification: your money is well spread across sectors, so no single sector dominates your portfolio.";
  }
}

/** POST /api/ai/diversification-score (spec section 7): our computed score and a sentence on it. */
export async function diversificationScoreFor(
  db: Database,
  viewer: SessionUser | null,
  input: AnalyticsInput = {},
): Promise<{ score: number; feedback: string }> {
  const { summary } = await holdingsFor(db, viewer, input);
  const score = diversificationScoreOf(summary);
  return { score, feedback: diversificationFeedback(score, summary.count) };
}
