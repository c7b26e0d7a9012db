import { Hono } from "hono";

import {
  assertPortfolioReader,
  HOLDINGS_MAX_PAGE_SIZE,
  listInvestmentsPage,
  readPortfolio,
} from "../services/money/holdings";
import { apiPageParam, LIST_PAGE_MESSAGE } from "../services/shared/list-page";
import { cancelInvestment } from "../services/money/cancellations";
import type { HonoEnv } from "../types";
import {
  CancellationAnswer,
  EXAMPLES,
  HoldingsAnswer,
  PerformanceAnswer,
  RECONFIRM_EXAMPLES,
  ReconfirmationsAnswer,
  ReconfirmedAnswer,
} from "./answers/investing";
import { pendingReconfirmations, reconfirmInvestment } from "../services/money/reconfirmations";
import { RECONFIRM_MESSAGES } from "../../domain/projects/revisions";
import { PageQuery } from "./answers/common";
import { operation } from "./openapi";
import { projectFigures } from "./util";

export const investmentsApi = new Hono<HonoEnv>();

/** A `?page=` that is not a whole number from 1 to 1000: the API's one page refusal (list-page.ts). */
export const INVESTMENTS_PAGE_MESSAGE = LIST_PAGE_MESSAGE;

/**
 * GET /api/investments/user/{userId}?page=N → [investment…] (own, or any for an admin); 401; 403;
 * 400 { message } for a page that is not a whole number from 1 to 1000.
 *
 * The body stays the spec's list of investments (section 7), newest first, now a page of at most
 * 100 (the first without `page`); a page past the end is []. The paging rides in headers, so a
 * client that reads the list keeps working: `X-Total-Count` (every investment of the user),
 * `X-Page`, `X-Page-Count`, `X-Page-Size`, and `Link` with rel first / prev / next / last.
 */
investmentsApi.get(
  "/user/:userId",
  operation({
    operationId: "listInvestments",
    tag: "Investing",
    summary: "A user's investments",
    description:
      "The spec's list of investments, newest first, 100 a page (canceled ones included). The paging rides in " +
      "headers: `X-Total-Count`, `X-Page`, `X-Page-Count`, `X-Page-Size` and `Link` (first, prev, next, last); a " +
      "page past the end is []. The user themselves or an admin; a founder has no portfolio (403).",
    access: "signed-in",
    params: { userId: "The user's id." },
    query: PageQuery,
    ok: { 200: { description: "A page of investments", schema: HoldingsAnswer, example: EXAMPLES.holdings } },
    refusals: [400, 401, 403],
  }),
  async (c) => {
    const userId = c.req.param("userId");
    // Who may read comes first (401 / 403), then what was asked for.
    assertPortfolioReader(c.get("user"), userId);
    const n = apiPageParam(c.req.query("page"));
    const list = await listInvestmentsPage(c.get("db"), c.get("user"), userId, n, HOLDINGS_MAX_PAGE_SIZE);
    const at = (page: number) => `</api/investments/user/${encodeURIComponent(userId)}?page=${page}>`;
    const links = [`${at(1)}; rel="first"`, `${at(list.pageCount)}; rel="last"`];
    if (list.page > 1) links.push(`${at(Math.min(list.page - 1, list.pageCount))}; rel="prev"`);
    if (list.page < list.pageCount) links.push(`${at(list.page + 1)}; rel="next"`);
    c.header("X-Total-Count", String(list.total));
    c.header("X-Page", String(list.page));
    c.header("X-Page-Count", String(list.pageCount));
    c.header("X-Page-Size", String(HOLDINGS_MAX_PAGE_SIZE));
    c.header("Link", links.join(", "));
    return c.json(list.investments);
  },
);

/** GET /api/investments/user/{userId}/performance → what the investments became (ADR 052). */
investmentsApi.get(
  "/user/:userId/performance",
  operation({
    operationId: "portfolioPerformance",
    tag: "Investing",
    summary: "What a portfolio's investments became",
    description:
      "Invested, current value (each holding at its company's latest reviewed event: a priced round, an acquisition, a " +
      "shutdown, a write-down or write-up; at cost before one), cash paid out by exits, TVPI, DPI, RVPI and the IRR " +
      "(XIRR of the dated flows; null until the first investment is 365 days old), value over time, the best and worst " +
      "holdings by multiple, by sector and by vintage. The user themselves or an admin; a founder has no portfolio (403).",
    access: "signed-in",
    params: { userId: "The user's id." },
    ok: { 200: { description: "The performance", schema: PerformanceAnswer, example: EXAMPLES.performance } },
    refusals: [401, 403],
  }),
  async (c) => {
    const read = await readPortfolio(c.get("db"), c.get("user"), c.req.param("userId"), { performance: true });
    return c.json(read.performance!);
  },
);

/**
 * POST /api/investments/{id}/cancel (its owner or an admin; bearer token or the session cookie) →
 * `{ success, message, investment, project }` with the project's new figures. 401 without a user;
 * 404 'Investment not found' for an unknown id or someone else's investment; 409 when it is already
 * cancelled or the cancellation window has closed (the investment's cutoff: the later of 48 hours
 * before the deadline it was bought under and 48 hours before the current deadline); 429 past 30
 * cancellations an hour (Retry-After). The body is not read: the id says everything.
 */
investmentsApi.post(
  "/:id/cancel",
  operation({
    operationId: "cancelInvestment",
    tag: "Investing",
    summary: "Cancel an investment",
    description:
      "Its owner or an admin, until its cutoff: the later of 48 hours before the deadline it was bought under and " +
      "48 hours before the current deadline. The shares go back to the project. Someone else's investment is a " +
      "404; already canceled or past the cutoff, 409. At most 30 cancellations an hour (429). No body.",
    access: "signed-in",
    params: { id: "The investment's `_id`." },
    ok: { 200: { description: "Canceled", schema: CancellationAnswer, example: EXAMPLES.cancelled } },
    refusals: [401, 404, 409, 429],
  }),
  async (c) => {
    const result = await cancelInvestment(c.get("db"), c.get("user"), c.req.param("id"));
    return c.json({
      success: true,
      message: result.message,
      investment: result.investment,
      project: { ...projectFigures(result.project), investors: result.project.investors },
    });
  },
);

/** GET /api/investments/reconfirmations → the caller's investments waiting for their reconfirmation (ADR 050). */
investmentsApi.get(
  "/reconfirmations",
  operation({
    operationId: "listReconfirmations",
    tag: "Investing",
    summary: "Investments waiting for your reconfirmation",
    description:
      "After an approved material change to a raise you committed to, your investment waits for you to reconfirm " +
      "(`POST /api/investments/{id}/reconfirm`) or cancel it (`POST /api/investments/{id}/cancel`, allowed past the " +
      "usual cutoff while it waits). Unanswered by `dueAt` (five business days), it is canceled and the money returned. " +
      "Soonest due first.",
    access: "signed-in",
    ok: {
      200: {
        description: "Pending reconfirmations",
        schema: ReconfirmationsAnswer,
        example: RECONFIRM_EXAMPLES.pending,
      },
    },
    refusals: [401],
  }),
  async (c) => c.json({ reconfirmations: await pendingReconfirmations(c.get("db"), c.get("user")) }),
);

/** POST /api/investments/{id}/reconfirm → the investment stands with the change. */
investmentsApi.post(
  "/:id/reconfirm",
  operation({
    operationId: "reconfirmInvestment",
    tag: "Investing",
    summary: "Reconfirm an investment after a material change",
    description:
      "Your investment stands with the project's approved changes. Someone else's investment is a 404; nothing " +
      "waiting for your reconfirmation (already answered, or lapsed), 409. No body.",
    access: "signed-in",
    params: { id: "The investment's `_id`." },
    ok: { 200: { description: "Reconfirmed", schema: ReconfirmedAnswer, example: RECONFIRM_EXAMPLES.reconfirmed } },
    refusals: [401, 404, 409],
  }),
  async (c) => {
    const reconfirmation = await reconfirmInvestment(c.get("db"), c.get("user"), c.req.param("id"));
    return c.json({ success: true as const, message: RECONFIRM_MESSAGES.reconfirmed, reconfirmation });
  },
);
