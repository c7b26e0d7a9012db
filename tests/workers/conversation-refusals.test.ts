/**
 * The refusals the API's document lists for the conversation and the insights, met once each: a
 * body that is not JSON (415) or not an object (400) on every write that reads one, unknown
 * targets (404), the wrong person (403), a thread on an unpublished project (409), and the
 * hand-read bodies' own rules (notification ids, preference switches). Each answer is also
 * checked against the document by `call` (api-contract.ts).
 */
import { describe, expect, it } from "vitest";

import { DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { UPDATE_MESSAGES } from "../../domain/conversation/update-form";
import { MESSAGES } from "../../domain/shared/messages";
import { BODY_MESSAGES } from "../../worker/api/util";
import { LIST_PAGE_MESSAGE } from "../../worker/services/shared/list-page";
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE } from "../../worker/services/conversation/notifications";
import { PURCHASE_MESSAGES } from "../../worker/services/money/purchases";
import { call, insertProject, json, signup } from "./helpers";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function answer(res: Response) {
  const body = await json<{ success?: boolean; message?: string }>(res);
  return { status: res.status, message: body.message };
}

/** A founder with a published project, and an investor. */
async function cast() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  const investor = await signup("investor");
  return { founder, project, investor };
}

describe("writes that read a body", () => {
  it("refuse a body that is not JSON (415) and JSON that is not an object (400)", async () => {
    const { founder, project, investor } = await cast();
    const writes: [string, string, string][] = [
      ["POST", `/api/projects/${project.id}/updates`, founder.token],
      ["PUT", `/api/projects/${project.id}/updates/${UNKNOWN}`, founder.token],
      ["POST", `/api/projects/${project.id}/discussion`, investor.token],
      ["POST", `/api/discussion/posts/${UNKNOWN}/replies`, founder.token],
      ["POST", "/api/notifications/read", investor.token],
      ["PUT", "/api/notifications/preferences", investor.token],
      ["POST", "/api/analytics/direct-insights", investor.token],
      ["POST", "/api/analytics/comprehensive", investor.token],
      ["POST", "/api/ai/diversification-score", investor.token],
    ];
    const text = [];
    const list = [];
    for (const [method, path, token] of writes) {
      const plain = await call(path, { method, token, body: "hello", headers: { "Content-Type": "text/plain" } });
      text.push(await answer(plain));
      list.push(await answer(await call(path, { method, token, body: "[1]" })));
    }
    expect({ text, list }).toEqual({
      text: writes.map(() => ({ status: 415, message: BODY_MESSAGES.unsupportedType })),
      list: writes.map(() => ({ status: 400, message: BODY_MESSAGES.notObject })),
    });
  });
});

describe("conversation targets", () => {
  it("answer 404 for an unknown project, update or post, and for a draft to anyone but its founder", async () => {
    const { founder, project, investor } = await cast();
    const other = await signup("founder");
    const draft = await insertProject({ founderId: other.user.id, status: "draft" });
    const statuses = [
      await answer(await call(`/api/projects/${UNKNOWN}/follow`, { method: "POST", token: investor.token })),
      await answer(await call(`/api/projects/${draft.id}/follow`, { method: "DELETE", token: investor.token })),
      await answer(await call(`/api/projects/${draft.id}/updates`)),
      await answer(await call(`/api/projects/${draft.id}/discussion`, { token: investor.token })),
      await answer(
        await call(`/api/projects/${project.id}/updates/${UNKNOWN}`, { method: "DELETE", token: founder.token }),
      ),
      await answer(
        await call(`/api/discussion/posts/${UNKNOWN}/replies`, { token: founder.token, body: { body: "Yes." } }),
      ),
    ];
    expect(statuses).toEqual([
      { status: 404, message: PURCHASE_MESSAGES.notFound },
      { status: 404, message: PURCHASE_MESSAGES.notFound },
      { status: 404, message: PURCHASE_MESSAGES.notFound },
      { status: 404, message: PURCHASE_MESSAGES.notFound },
      { status: 404, message: UPDATE_MESSAGES.notFound },
      { status: 404, message: DISCUSSION_MESSAGES.notFound },
    ]);
  });

  it("refuses someone else's update (403) and a thread before the project is published (409)", async () => {
    const { project, investor } = await cast();
    const founder = await signup("founder");
    const draft = await insertProject({ founderId: founder.user.id, status: "draft" });
    const update = await call(`/api/projects/${project.id}/updates`, {
      token: investor.token,
      body: { title: "Not mine", body: "Not my project." },
    });
    const early = await call(`/api/projects/${draft.id}/discussion`, {
      token: founder.token,
      body: { body: "Is this live?" },
    });
    expect([await answer(update), await answer(early)]).toEqual([
      { status: 403, message: UPDATE_MESSAGES.onlyFounder },
      { status: 409, message: DISCUSSION_MESSAGES.draft },
    ]);
  });
});

describe("notifications", () => {
  it("refuses ids that are not a list of at most a page, a switch that is not true or false, and a bad page", async () => {
    const { investor } = await cast();
    const tooMany = Array.from({ length: NOTIFICATIONS_PAGE + 1 }, (_, i) => `n${i}`);
    expect([
      await answer(await call("/api/notifications/read", { token: investor.token, body: { ids: tooMany } })),
      await answer(await call("/api/notifications/read", { token: investor.token, body: { ids: 5 } })),
      await answer(
        await call("/api/notifications/preferences", {
          method: "PUT",
          token: investor.token,
          body: { updates: "yes" },
        }),
      ),
      await answer(await call("/api/notifications?page=0", { token: investor.token })),
    ]).toEqual([
      { status: 400, message: NOTIFICATION_MESSAGES.idsInvalid },
      { status: 400, message: NOTIFICATION_MESSAGES.idsInvalid },
      { status: 400, message: "updates must be true or false" },
      { status: 400, message: LIST_PAGE_MESSAGE },
    ]);
  });

  it("marks one id sent as a string read", async () => {
    const { investor } = await cast();
    const res = await call("/api/notifications/read", { token: investor.token, body: { ids: UNKNOWN } });
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 200, body: { unread: 0 } });
  });
});

describe("insights", () => {
  it("refuse another investor's portfolio (403) and a visitor (401)", async () => {
    const { investor } = await cast();
    const other = await signup("investor");
    const refusals = [];
    for (const path of [
      "/api/analytics/direct-insights",
      "/api/analytics/comprehensive",
      "/api/ai/diversification-score",
    ]) {
      refusals.push(await answer(await call(path, { token: investor.token, body: { userId: other.user.id } })));
      refusals.push(await answer(await call(path, { method: "POST" })));
    }
    expect(refusals).toEqual(
      [1, 2, 3].flatMap(() => [
        { status: 403, message: MESSAGES.noPermission },
        { status: 401, message: MESSAGES.authRequired },
      ]),
    );
  });
});
