/**
 * GET /api/supporters → { success, supporters: [{ name, message, createdAt }], count }
 * POST /api/supporters (name, email, message, showPublicly) → { success, count, message }:
 * 201 for a new supporter, 200 when the email had already signed up (the row is updated).
 */
import { Hono } from "hono";

import { listSupporters, submitSupporter } from "../services/supporters";
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
  try {
    const out = await submitSupporter(c.get("db"), read.body, clientIp(c.req.raw));
    return c.json({ success: true, count: out.count, message: out.message }, out.updated ? 200 : 201);
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});
