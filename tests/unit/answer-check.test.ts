/**
 * In development every API answer is checked against what its route's `operation(...)` says
 * (worker/api/openapi.ts `checkedInDevelopment`): a difference is logged, the answer is unchanged,
 * and production skips the check.
 */
import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { answerProblem, operation, type OperationSpec } from "../../worker/api/openapi";

const SPEC: OperationSpec = {
  operationId: "getThing",
  tag: "Site",
  summary: "A thing",
  access: "public",
  ok: { 200: { description: "The thing", schema: v.object({ n: v.number() }), example: { n: 1 } } },
  refusals: [404],
};

const POST_SPEC: OperationSpec = { ...SPEC, operationId: "postThing", refusals: [400] };

/** An app whose route answers `answer` with `status`, described by SPEC (POST_SPEC for POST). */
function appAnswering(answer: unknown, status = 200) {
  const app = new Hono();
  app.get("/thing", operation(SPEC), (c) => c.json(answer as object, status as 200));
  app.post("/thing", operation(POST_SPEC), (c) => c.json(answer as object, status as 200));
  return app;
}

const DEVELOPMENT = { APP_ENV: "development" };
const PRODUCTION = { APP_ENV: "production" };

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

/** Each logged difference as a sentence, read from its JSON log line (worker/observability/log.ts). */
const messages = () =>
  logged.mock.calls.map((call) => {
    const line = JSON.parse(String(call[0])) as { msg: string; operation: string; status: number; problem: string };
    return `${line.msg}: ${line.operation} ${line.status}: ${line.problem}`;
  });

describe("an API answer checked in development", () => {
  it("an answer the document describes logs nothing, and reaches the client as is", async () => {
    const res = await appAnswering({ n: 3 }).request("/thing", {}, DEVELOPMENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 3 });
    expect(messages()).toEqual([]);
  });

  it("an answer that differs from its schema is logged with the operation, the status and the difference", async () => {
    const res = await appAnswering({ n: "three" }).request("/thing", {}, DEVELOPMENT);
    expect(await res.json()).toEqual({ n: "three" });
    expect(messages()).toEqual([
      expect.stringMatching(/^API answer differs from the document: getThing 200: .*n.*Expected number/s),
    ]);
  });

  it("production does not check: the same answer logs nothing", async () => {
    const res = await appAnswering({ n: "three" }).request("/thing", {}, PRODUCTION);
    expect(await res.json()).toEqual({ n: "three" });
    expect(messages()).toEqual([]);
  });

  it("a documented refusal in the refusal shape logs nothing; one in another shape is logged", async () => {
    await appAnswering({ success: false, message: "Thing not found" }, 404).request("/thing", {}, DEVELOPMENT);
    expect(messages()).toEqual([]);
    await appAnswering({ error: "missing" }, 404).request("/thing", {}, DEVELOPMENT);
    expect(messages()).toEqual([expect.stringMatching(/^API answer differs from the document: getThing 404: /)]);
  });

  it("a status the operation does not document is logged", async () => {
    await appAnswering({ success: false, message: "Conflict" }, 409).request("/thing", {}, DEVELOPMENT);
    expect(messages()).toEqual([
      "API answer differs from the document: getThing 409: status 409 is not in the document",
    ]);
  });

  it("the 403 and 413 every write may give are documented for writes only", () => {
    const refusal = { success: false, message: "Refused" };
    expect(answerProblem(POST_SPEC, "POST", 413, refusal)).toBeNull();
    expect(answerProblem(SPEC, "GET", 413, refusal)).toBe("status 413 is not in the document");
  });

  it("the route is still in the generated document under its operation id", async () => {
    const doc = await generateSpecs(appAnswering({ n: 1 }));
    expect(doc.paths?.["/thing"]?.get?.operationId).toBe("getThing");
    expect(doc.paths?.["/thing"]?.post?.operationId).toBe("postThing");
  });
});
