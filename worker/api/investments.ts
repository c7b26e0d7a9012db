import { Hono } from "hono";

import { listInvestments } from "../services/investments";
import type { HonoEnv } from "../types";
import { serviceErrorResponse } from "./util";

export const investmentsApi = new Hono<HonoEnv>();

/** GET /api/investments/user/{userId} → [investment…] (own, or any for an admin); 401; 403. */
investmentsApi.get("/user/:userId", async (c) => {
  try {
    return c.json(await listInvestments(c.get("db"), c.get("user"), c.req.param("userId")));
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});
