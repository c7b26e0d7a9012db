/**
 * The request's database: D1 wrapped to count the statements this request sends (`db`,
 * `queryCount`), reported on every answer as `Server-Timing: d1;desc="N queries"`.
 */
import type { MiddlewareHandler } from "hono";

import { countingD1, createDb } from "../../db/client";
import type { HonoEnv } from "../types";

export function countingDb(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const { d1, count } = countingD1(c.env.DB);
    c.set("db", createDb(d1));
    c.set("queryCount", count);
    await next();
    c.res.headers.append("Server-Timing", `d1;desc="${count()} queries"`);
  };
}
