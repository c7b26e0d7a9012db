/**
 * GET /api/supporters → { success, supporters: [{ name, message, createdAt }], count }
 * POST /api/supporters (name, email, message, showPublicly) → 201 { success, count, message },
 * the same answer whether or not the email had signed up before (ADR 012).
 */
import { Hono } from "hono";

import { HONEYPOT_FIELD, SupporterSchema } from "../../domain/shared/schemas";
import { clientAddress } from "../services/shared/client";
import { listSupporters, SUPPORT_LIMIT, SUPPORTERS_LIST_MAX, submitSupporter } from "../services/visitors/supporters";
import type { HonoEnv } from "../types";
import { EXAMPLES, SupporterAddedAnswer, SupportersAnswer } from "./answers/site";
import { operation } from "./openapi";
import { readBody } from "./util";
import { MINUTE_MS } from "../../domain/shared/dates";

export const supportersApi = new Hono<HonoEnv>();

supportersApi.get(
  "/",
  operation({
    operationId: "listSupporters",
    tag: "Site",
    summary: "The supporters list",
    description:
      `The most recent supporters who chose to be shown (at most ${SUPPORTERS_LIST_MAX}), newest first, and ` +
      "the count of every supporter. Never an email.",
    access: "public",
    ok: { 200: { description: "The list and the count", schema: SupportersAnswer, example: EXAMPLES.supporters } },
    refusals: [],
  }),
  async (c) => {
    const { supporters, count } = await listSupporters(c.get("db"));
    return c.json({ success: true, supporters, count });
  },
);

supportersApi.post(
  "/",
  operation({
    operationId: "addSupporter",
    tag: "Site",
    summary: "Show your support",
    description:
      "Name and email are required, the message optional; `showPublicly` defaults to true. An email already " +
      "on the list keeps its entry and is answered exactly like a new one. A filled " +
      `\`${HONEYPOT_FIELD}\` field (the spam trap) is answered the same and nothing is stored. Each client ` +
      `address may sign up ${SUPPORT_LIMIT.max} times in ${SUPPORT_LIMIT.windowMs / MINUTE_MS} minutes (429 past it).`,
    access: "public",
    body: { schema: SupporterSchema, example: EXAMPLES.supporter },
    ok: { 201: { description: "Thanked", schema: SupporterAddedAnswer, example: EXAMPLES.supporterAdded } },
    refusals: [400, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const out = await submitSupporter(c.get("db"), body, clientAddress(c.req.raw));
    return c.json({ success: true, count: out.count, message: out.message }, 201);
  },
);
