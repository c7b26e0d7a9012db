/**
 * GET /api/health (ADR 056): for monitors, public and cheap. 200 `{ status: "ok", checks }` when
 * the database answers at this build's migration, the mail queue moves and no scheduled job is
 * late; 503 `{ status: "unhealthy", reasons, checks }` otherwise (worker/services/operator/health.ts).
 * The report is kept in the isolate for a few seconds and the answer may be cached as long. HEAD
 * answers the same status without the body. What each reason means and what to do:
 * docs/runbook.md.
 */
import { Hono } from "hono";

import { HEALTH_MEMO_MS, MAIL_MAX_AGE_MS, MAIL_MAX_PENDING, recentHealthReport } from "../services/operator/health";
import type { HonoEnv } from "../types";
import { EXAMPLES, HealthyAnswer, UnhealthyAnswer } from "./answers/health";
import { operation } from "./openapi";

/** Polled every second, answered from the isolate's report (and any cache's copy) for this long. */
const HEALTH_CACHE_CONTROL = `public, max-age=${HEALTH_MEMO_MS / 1000}`;

export const healthApi = new Hono<HonoEnv>();

healthApi.get(
  "/",
  operation({
    operationId: "getHealth",
    tag: "Operations",
    summary: "The site's health",
    description:
      "Whether the database answers at this build's migration, the mail queue moves (unhealthy when the " +
      `oldest pending mail is over ${MAIL_MAX_AGE_MS / 60_000} minutes old or more than ` +
      `${MAIL_MAX_PENDING.toLocaleString("en-US")} wait) and each scheduled job ran successfully within its ` +
      "allowance. 503 with the reasons when not. Checked at most every " +
      `${HEALTH_MEMO_MS / 1000} seconds per server and cacheable as long. HEAD answers the status alone.`,
    access: "public",
    ok: {
      200: { description: "Healthy, with each check's figures", schema: HealthyAnswer, example: EXAMPLES.healthy },
    },
    unavailable: {
      description: "Unhealthy: `reasons` says which checks fail and why",
      schema: UnhealthyAnswer,
      example: EXAMPLES.unhealthy,
    },
    refusals: [],
  }),
  async (c) => {
    const { status, reasons, ...report } = await recentHealthReport(c.get("db"));
    c.header("Cache-Control", HEALTH_CACHE_CONTROL);
    if (status === "ok") return c.json({ status, ...report }, 200);
    return c.json({ status, reasons, ...report }, 503);
  },
);
