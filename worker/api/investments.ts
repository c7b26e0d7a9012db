import { Hono } from "hono";

import { listInvestments } from "../services/holdings";
import { cancelInvestment } from "../services/cancellations";
import type { HonoEnv } from "../types";
import { projectFigures } from "./util";

export const investmentsApi = new Hono<HonoEnv>();

/** GET /api/investments/user/{userId} → [investment…] (own, or any for an admin); 401; 403. */
investmentsApi.get("/user/:userId", async (c) => {
  return c.json(await listInvestments(c.get("db"), c.get("user"), c.req.param("userId")));
});

/**
 * POST /api/investments/{id}/cancel (its owner or an admin; bearer token or the session cookie) →
 * `{ success, message, investment, project }` with the project's new figures. 401 without a user;
 * 404 'Investment not found' for an unknown id or someone else's investment; 409 when it is already
 * cancelled or the cancellation window has closed (the investment's cutoff: the later of 48 hours
 * before the deadline it was bought under and 48 hours before the current deadline); 429 past 30
 * cancellations an hour (Retry-After). The body is not read: the id says everything.
 */
investmentsApi.post("/:id/cancel", async (c) => {
  const result = await cancelInvestment(c.get("db"), c.get("user"), c.req.param("id"));
  return c.json({
    success: true,
    message: result.message,
    investment: result.investment,
    project: { ...projectFigures(result.project), investors: result.project.investors },
  });
});
