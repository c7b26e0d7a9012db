/**
 * The refusals the API's document lists for the admin, account and site writes that other files
 * do not meet: an unknown target (404), a visitor (401), a body that is not JSON (415 or 400), a
 * reinstatement's reason over the limit (400) and the admin's hourly action limit (429 with
 * Retry-After). Each answer is also checked against the document by `call` (api-contract.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { UPDATE_MESSAGES } from "../../domain/conversation/conversation-messages";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { REASON_MAX, REVIEW_MESSAGES } from "../../domain/projects/review";
import { ADMIN_RATE_LIMIT } from "../../worker/services/operator/audit";
import { BODY_MESSAGES } from "../../worker/api/util";
import { adminSession, call, insertProject, json, makeAdmin, signup } from "./helpers";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const REASON = { reason: "A reason an admin would give." };

async function answer(res: Response) {
  const body = await json<{ success?: boolean; message?: string }>(res);
  return { status: res.status, success: body.success, message: body.message };
}

describe("admin writes naming nothing that exists", () => {
  it("answer 404 with the item's message", async () => {
    const token = await adminSession();
    const post = (path: string, body?: unknown) => call(path, { method: "POST", token, body });
    expect([
      await answer(await post(`/api/admin/projects/${UNKNOWN}/approve`)),
      await answer(await post(`/api/admin/projects/${UNKNOWN}/request-changes`, REASON)),
      await answer(await post(`/api/admin/users/${UNKNOWN}/suspend`, REASON)),
      await answer(await post(`/api/admin/users/${UNKNOWN}/reinstate`, {})),
      await answer(await post(`/api/admin/updates/${UNKNOWN}/hide`, { hidden: true })),
    ]).toEqual([
      { status: 404, success: false, message: PROJECT_MESSAGES.notFound },
      { status: 404, success: false, message: PROJECT_MESSAGES.notFound },
      { status: 404, success: false, message: REVIEW_MESSAGES.userNotFound },
      { status: 404, success: false, message: REVIEW_MESSAGES.userNotFound },
      { status: 404, success: false, message: UPDATE_MESSAGES.notFound },
    ]);
  });
});

describe("requesting changes of a live project", () => {
  it("answers 409: only a project in review can be sent back", async () => {
    const live = await insertProject();
    const res = await call(`/api/admin/projects/${live.id}/request-changes`, {
      method: "POST",
      token: await adminSession(),
      body: REASON,
    });
    expect(await answer(res)).toEqual({ status: 409, success: false, message: REVIEW_MESSAGES.notInReview });
  });
});

describe("admin writes without a session", () => {
  it("answer 401", async () => {
    const project = await insertProject({ status: "in_review" });
    const statuses = [];
    for (const [path, body] of [
      [`/api/admin/projects/${project.id}/request-changes`, REASON],
      [`/api/admin/users/${UNKNOWN}/suspend`, REASON],
      [`/api/admin/users/${UNKNOWN}/reinstate`, {}],
      [`/api/admin/updates/${UNKNOWN}/hide`, {}],
    ] as const) {
      statuses.push((await call(path, { method: "POST", body })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});

describe("reinstating", () => {
  it("refuses a non-admin (403) and a reason over the limit (400 with the field's message)", async () => {
    const investor = await signup("investor");
    const target = await signup("investor");
    const admin = await adminSession();
    const url = `/api/admin/users/${target.user.id}/reinstate`;
    const byInvestor = await call(url, { method: "POST", token: investor.token, body: {} });
    const tooLong = await call(url, { method: "POST", token: admin, body: { reason: "x".repeat(REASON_MAX + 1) } });
    expect([await answer(byInvestor), await json(tooLong)]).toEqual([
      { status: 403, success: false, message: REVIEW_MESSAGES.adminOnly },
      {
        success: false,
        message: REVIEW_MESSAGES.suspendReasonTooLong,
        errors: { reason: REVIEW_MESSAGES.suspendReasonTooLong },
      },
    ]);
  });
});

describe("a body that is not JSON", () => {
  it("is a 415 on every write that reads one, and malformed JSON a 400", async () => {
    const admin = await adminSession();
    const investor = await signup("investor");
    const plain = (path: string, method: string, token?: string) =>
      call(path, { method, token, body: "name=Ada", headers: { "Content-Type": "text/plain" } });
    const refused = [
      await plain("/api/users/me", "PUT", investor.token),
      await plain("/api/users/me/financials", "PUT", investor.token),
      await plain(`/api/users/profile/${investor.user.id}`, "PUT", investor.token),
      await plain("/api/contact", "POST"),
      await plain("/api/contacts", "POST"),
      await plain("/api/supporters", "POST"),
      await plain(`/api/admin/projects/${UNKNOWN}/request-changes`, "POST", admin),
      await plain(`/api/admin/users/${UNKNOWN}/suspend`, "POST", admin),
      await plain(`/api/admin/users/${UNKNOWN}/reinstate`, "POST", admin),
      await plain(`/api/admin/updates/${UNKNOWN}/hide`, "POST", admin),
    ];
    const malformed = await call(`/api/admin/updates/${UNKNOWN}/hide`, {
      method: "POST",
      token: admin,
      body: "{hidden:",
    });
    expect({
      refused: await Promise.all(refused.map(answer)),
      malformed: await answer(malformed),
    }).toEqual({
      refused: refused.map(() => ({ status: 415, success: false, message: BODY_MESSAGES.unsupportedType })),
      malformed: { status: 400, success: false, message: BODY_MESSAGES.notJson },
    });
  });
});

describe("the admin's hourly action limit", () => {
  it("refuses each admin write with 429 and Retry-After once the hour's actions are used, and changes nothing", async () => {
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);
    const suspended = await signup("investor");
    const active = await signup("investor");
    await env.DB.prepare("update users set suspended_at = ?2, suspended_reason = 'test' where id = ?1")
      .bind(suspended.user.id, Date.now())
      .run();
    const inReview = await insertProject({ status: "in_review" });
    await env.DB.prepare(
      "insert into rate_limits (key, window_start, window_ms, count, max_count) values (?1, ?2, ?3, ?4, ?4)",
    )
      .bind(`admin:${admin.user.id}`, Date.now(), ADMIN_RATE_LIMIT.windowMs, ADMIN_RATE_LIMIT.max)
      .run();
    const post = (path: string, body?: unknown) => call(path, { method: "POST", token: admin.token, body });
    const answers = [
      await post(`/api/admin/projects/${inReview.id}/approve`),
      await post(`/api/admin/projects/${inReview.id}/request-changes`, REASON),
      await post(`/api/admin/users/${active.user.id}/suspend`, REASON),
      await post(`/api/admin/users/${suspended.user.id}/reinstate`, {}),
      await post(`/api/admin/updates/${UNKNOWN}/hide`, { hidden: true }),
    ];
    const after = await env.DB.prepare(
      "select (select status from projects where id = ?1) as status, (select suspended_at is not null from users where id = ?2) as activeSuspended, (select suspended_at is not null from users where id = ?3) as stillSuspended",
    )
      .bind(inReview.id, active.user.id, suspended.user.id)
      .first();
    expect({
      answers: await Promise.all(
        answers.map(async (res) => ({
          ...(await answer(res)),
          retryAfter: Number(res.headers.get("Retry-After")) > 0,
        })),
      ),
      after,
    }).toEqual({
      answers: answers.map(() => ({
        status: 429,
        success: false,
        message: ADMIN_RATE_LIMIT.message,
        retryAfter: true,
      })),
      after: { status: "in_review", activeSuspended: 0, stillSuspended: 1 },
    });
  });
});
