/**
 * GET /api/supporters → { success, supporters: [{ name, message, createdAt }], count }
 * POST /api/supporters (name, email, message, showPublicly) → { success, count, message }:
 * 201 for a new supporter, 200 when the email had already signed up (the row is updated).
 */
import { Hono } from "hono";

import { isHoneypotFilled, MESSAGES, parseFirst, SupporterSchema } from "../../app/lib/schemas";
import { addSupporter, listSupporters } from "../services/supporters";
import type { HonoEnv } from "../types";
import { readBody, serviceErrorResponse } from "./util";

const clientIp = (req: Request) => req.headers.get("CF-Connecting-IP") ?? "local";

export const supportersApi = new Hono<HonoEnv>();

supportersApi.get("/", async (c) => {
  const { supporters, count } = await listSupporters(c.get("db"));
  return c.json({ success: true, supporters, count });
});

supportersApi.post("/", async (c) => {
  const read = await readBody(c);
  if (!read.ok) return read.response;
  const db = c.get("db");
  if (isHoneypotFilled(read.body)) {
    const { count } = await listSupporters(db, 0);
    return c.json({ success: true, count, message: MESSAGES.supportThanks }, 201);
  }
  const parsed = parseFirst(SupporterSchema, read.body);
  if (!parsed.ok) return c.json({ success: false, message: parsed.message }, 400);
  try {
    const out = await addSupporter(db, parsed.value, clientIp(c.req.raw));
    return c.json({ success: true, count: out.count, message: out.message }, out.updated ? 200 : 201);
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});
