/**
 * GET /api/supporters → { success, supporters: [{ name, message, createdAt }], count }
 * POST /api/supporters (name, email, message, showPublicly) → 201 { success, count, message },
 * the same answer whether or not the email had signed up before (ADR 012).
 */
import { Hono } from "hono";

import { clientAddress } from "../services/client";
import { listSupporters, submitSupporter } from "../services/supporters";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

export const supportersApi = new Hono<HonoEnv>();

supportersApi.get("/", async (c) => {
  const { supporters, count } = await listSupporters(c.get("db"));
  return c.json({ success: true, supporters, count });
});

supportersApi.post("/", async (c) => {
  const body = await readBody(c);
  const out = await submitSupporter(c.get("db"), body, clientAddress(c.req.raw));
  return c.json({ success: true, count: out.count, message: out.message }, 201);
});
