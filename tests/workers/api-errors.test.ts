/**
 * The API maps errors once (`apiErrorResponse`, worker/api/errors.ts, as `api.onError`): a route
 * lets a ServiceError throw and the answer is its status, message, `errors`/`details` and
 * `Retry-After`; anything else is a 500 that shows nothing. Built here as worker/app.ts builds the
 * API (a router mounted in `api`, `api` mounted in the app), and through the real Worker for
 * `readBody`'s refusals.
 */
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";

import { apiErrorResponse } from "../../worker/api/errors";
import { BODY_MESSAGES, readBody } from "../../worker/api/util";
import { ServiceError } from "../../worker/services/shared/errors";
import type { HonoEnv } from "../../worker/types";
import { call, json } from "./helpers";

function appThrowing(err: unknown) {
  const router = new Hono<HonoEnv>()
    .post("/thing", () => {
      throw err;
    })
    .post("/body", async (c) => c.json({ got: await readBody(c) }));
  const api = new Hono<HonoEnv>();
  api.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.route("/things", router);
  api.onError(apiErrorResponse);
  return new Hono<HonoEnv>().route("/api", api);
}

describe("apiErrorResponse: errors are mapped once, at the API's door", () => {
  it("answers a ServiceError thrown inside a route with its status, message and Retry-After", async () => {
    const app = appThrowing(
      new ServiceError(429, "Too many purchases: try again later", "rate_limited", { retryAfter: 42 }),
    );
    const res = await app.request("/api/things/thing", { method: "POST" });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("42");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ success: false, message: "Too many purchases: try again later" });
  });

  it("keeps the error's field errors and details beside the message", async () => {
    const app = appThrowing(
      new ServiceError(409, "This purchase was cancelled", "purchase_cancelled", {
        errors: { shares: "Enter a number of shares" },
        details: { code: "purchase_cancelled", investment: { _id: "i1" } },
      }),
    );
    const res = await app.request("/api/things/thing", { method: "POST" });
    expect(res.status).toBe(409);
    expect(res.headers.get("Retry-After")).toBeNull();
    expect(await res.json()).toEqual({
      code: "purchase_cancelled",
      investment: { _id: "i1" },
      success: false,
      message: "This purchase was cancelled",
      errors: { shares: "Enter a number of shares" },
    });
  });

  it("answers anything else with a 500 that shows nothing of it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await appThrowing(new Error("secret table name")).request("/api/things/thing", { method: "POST" });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ success: false, message: "Something went wrong" });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it("answers readBody's refusals (thrown) with 415 and 400 and their messages", async () => {
    const app = appThrowing(null);
    const post = (body: string, type?: string) =>
      app.request("/api/things/body", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });
    let res = await post("hello", "text/plain");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: BODY_MESSAGES.unsupportedType });
    res = await post("{oops", "application/json");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: BODY_MESSAGES.notJson });
    res = await post("[1]", "application/json");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: BODY_MESSAGES.notObject });
    res = await post('{"a":1}', "application/json");
    expect(await res.json()).toEqual({ got: { a: 1 } });
  });

  it("answers through the real Worker the same way (a body that is not JSON)", async () => {
    const res = await call("/api/contacts", { body: "{oops" });
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await json(res)).toEqual({ success: false, message: BODY_MESSAGES.notJson });
  });
});
