/**
 * The operator's record through the page door (ADR 049), as a browser without JavaScript posts the
 * forms: an admin saving a founder's project form, withdrawing it from review, posting, editing and
 * deleting its updates and moving its deadline on the founder dashboard, canceling an investor's investment, withdrawing a founder's company event
 * report on the founder dashboard and reviewing or recording company events on /admin (ADR 052),
 * and approving a project that fails its checklist from /admin. Each writes exactly one audit row
 * naming the record, and takes one slot of the admin's hourly limit.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { AdminAction } from "../../domain/operator/admin";
import { earliestEarlyDeadline } from "../../domain/raises/raise-dates";
import { isoDay } from "../../domain/shared/dates";
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import { CLOSE_EARLY_CONFIRMED } from "../../app/components/founder/RaiseDeadline";
import { DELETE_CONFIRMED } from "../../app/components/founder/Conversation";
import {
  adminSession,
  inDays,
  insertProject,
  makeAdmin,
  page,
  projectForm,
  signup,
  TEST_PASSWORD,
  viewerFor,
  visibleText,
} from "./helpers";
import {
  draft,
  founderUpdate,
  fundedCompany,
  fundedRaise,
  investment,
  liveProject,
  pendingCompanyEvent,
  discussionPost,
} from "../workers/others-records";

interface PageAct {
  action: AdminAction;
  /** Sets up someone else's record, posts the page's form as the admin; the record's id. */
  run: (token: string) => Promise<{ res: Response; targetId: string | null }>;
}

const dashboard = (projectId: string) => `/founder-dashboard?project=${encodeURIComponent(projectId)}`;

const ACTS: [string, PageAct][] = [
  [
    "the project form's Save",
    {
      action: "edit_project",
      run: async (token) => {
        const { project, body } = await liveProject();
        const form = projectForm({
          title: String(body.title),
          fundingDeadline: String(body.fundingDeadline),
          shortDescription: "Smart locks for every dorm room.",
        });
        const res = await page(`/my-projects/edit/${project._id}`, { token, form });
        return { res, targetId: project._id };
      },
    },
  ],
  [
    "the project form's Withdraw from review",
    {
      action: "withdraw_review",
      run: async (token) => {
        const { project } = await draft(true);
        const res = await page(`/my-projects/edit/${project._id}`, { token, form: { intent: "withdraw" } });
        return { res, targetId: project._id };
      },
    },
  ],
  [
    "the dashboard's Post update",
    {
      action: "post_update",
      run: async (token) => {
        const { project } = await liveProject();
        const res = await page(dashboard(project._id), {
          token,
          form: { intent: "post-update", projectId: project._id, title: "A correction", body: "The date was wrong." },
        });
        // The new update's id is not in the redirect: the row is counted by its action.
        return { res, targetId: null };
      },
    },
  ],
  [
    "the dashboard's Edit update",
    {
      action: "edit_update",
      run: async (token) => {
        const { project, updateId } = await founderUpdate();
        const res = await page(dashboard(project._id), {
          token,
          form: {
            intent: "edit-update",
            projectId: project._id,
            updateId,
            title: "First kiosk installed",
            body: "The library has one; the dorms are next.",
          },
        });
        return { res, targetId: updateId };
      },
    },
  ],
  [
    "the dashboard's Delete update, confirmed",
    {
      action: "delete_update",
      run: async (token) => {
        const { project, updateId } = await founderUpdate();
        const res = await page(dashboard(project._id), {
          token,
          form: { intent: "delete-update", projectId: project._id, updateId, confirm: DELETE_CONFIRMED },
        });
        return { res, targetId: updateId };
      },
    },
  ],
  [
    "the dashboard's Extend",
    {
      action: "extend_raise",
      run: async (token) => {
        const { project } = await fundedRaise();
        const res = await page(dashboard(project._id), {
          token,
          form: { intent: "extend", projectId: project._id, deadline: inDays(75) },
        });
        return { res, targetId: project._id };
      },
    },
  ],
  [
    "the dashboard's Close early, confirmed",
    {
      action: "close_early",
      run: async (token) => {
        const { project } = await fundedRaise();
        const res = await page(dashboard(project._id), {
          token,
          form: {
            intent: "close-early",
            projectId: project._id,
            deadline: earliestEarlyDeadline(),
            confirm: CLOSE_EARLY_CONFIRMED,
          },
        });
        return { res, targetId: project._id };
      },
    },
  ],
  [
    "the investment page's Cancel",
    {
      action: "cancel_investment",
      run: async (token) => {
        const { investmentId } = await investment();
        const res = await page(`/portfolio/investments/${investmentId}`, { token, form: { intent: "cancel" } });
        return { res, targetId: investmentId };
      },
    },
  ],
  [
    "the dashboard's Withdraw report (a company event)",
    {
      action: "withdraw_event",
      run: async (token) => {
        const { id } = await pendingCompanyEvent();
        const res = await page(dashboard(id), { token, form: { intent: "withdraw-event", projectId: id } });
        return { res, targetId: id };
      },
    },
  ],
  [
    "/admin's Approve of a company event",
    {
      action: "approve_event",
      run: async (token) => {
        const { id, eventId } = await pendingCompanyEvent();
        const res = await page("/admin", { token, form: { intent: "approve-event", id: eventId } });
        return { res, targetId: id };
      },
    },
  ],
  [
    "/admin's Hide of a reported discussion post",
    {
      action: "hide_post",
      run: async (token) => {
        const post = await discussionPost({ reports: 1 });
        const res = await page("/admin", { token, form: { intent: "hide-post", id: post.id, reason: "No ads." } });
        return { res, targetId: post.id };
      },
    },
  ],
  [
    "/admin's Lift of a posting suspension",
    {
      action: "lift_posting_suspension",
      run: async (token) => {
        const person = await signup();
        await env.DB.prepare("update users set posting_suspended_until = ?2 where id = ?1")
          .bind(person.user.id, Date.now() + 86_400_000)
          .run();
        const res = await page("/admin", { token, form: { intent: "lift-posting", id: person.user.id } });
        return { res, targetId: person.user.id };
      },
    },
  ],
  [
    "/admin's Send back of a company event",
    {
      action: "request_event_changes",
      run: async (token) => {
        const { id, eventId } = await pendingCompanyEvent();
        const res = await page("/admin", {
          token,
          form: { intent: "event-changes", id: eventId, reason: "Attach the signed term sheet." },
        });
        return { res, targetId: id };
      },
    },
  ],
  [
    "/admin's Record a company event",
    {
      action: "record_event",
      run: async (token) => {
        const { id } = await fundedCompany();
        const res = await page("/admin", {
          token,
          form: {
            intent: "record-event",
            project: id,
            kind: "write_down",
            effectiveOn: isoDay(Date.now()),
            pricePerShare: "20",
            statement: "Revenue fell far short of plan.",
          },
        });
        return { res, targetId: id };
      },
    },
  ],
];

/** Audit rows of this admin for `action` (on `targetId`, when the test knows it). */
const audited = async (adminId: string, action: string, targetId: string | null) =>
  (await env.DB.prepare(
    "select count(*) as n from admin_audit where admin_id = ?1 and action = ?2 and (?3 is null or target_id = ?3)",
  )
    .bind(adminId, action, targetId)
    .first<number>("n")) ?? 0;

const rowsOf = async (adminId: string) =>
  (await env.DB.prepare("select count(*) as n from admin_audit where admin_id = ?1")
    .bind(adminId)
    .first<number>("n")) ?? 0;

const slotsOf = async (adminId: string) =>
  (await env.DB.prepare("select count from rate_limits where key = ?1")
    .bind(`admin:${adminId}`)
    .first<number>("count")) ?? 0;

describe("an admin's acts on someone else's records, through the pages", () => {
  it.each(ACTS)("%s: redirects, one audit row for it, one slot of the limit", async (_form, act) => {
    const token = await adminSession();
    const admin = await viewerFor(token);
    const before = await rowsOf(admin.id);
    const { res, targetId } = await act.run(token);
    expect({
      status: res.status,
      rows: await audited(admin.id, act.action, targetId),
      // Every row of this admin is one slot: the set-ups' approvals and the acts.
      slotsMatchRows: (await slotsOf(admin.id)) === (await rowsOf(admin.id)),
      grew: (await rowsOf(admin.id)) > before,
    }).toEqual({ status: 302, rows: 1, slotsMatchRows: true, grew: true });
  });
});

describe("/admin's Approve of a project that fails its checklist", () => {
  it("asks for a reason: without one the page says why and the project stays in review; with one it goes live", async () => {
    const project = await insertProject({ status: "in_review", image: "" });
    const token = await adminSession();
    const shown = visibleText(await (await page("/admin", { token })).text());
    const refused = await page("/admin", { token, form: { intent: "approve", id: project.id, reason: "" } });
    const refusedText = visibleText(await refused.text());
    const statusAfterRefusal = await env.DB.prepare("select status from projects where id = ?1")
      .bind(project.id)
      .first<string>("status");
    const approved = await page("/admin", {
      token,
      form: { intent: "approve", id: project.id, reason: "The founder mailed us the image." },
    });
    const row = await env.DB.prepare("select status from projects where id = ?1")
      .bind(project.id)
      .first<string>("status");
    expect({
      asks: shown.includes("Why approve it anyway") && shown.includes("Approve anyway"),
      refused: refused.status,
      says: refusedText.includes(REVIEW_MESSAGES.overrideRequired),
      statusAfterRefusal,
      approved: approved.status,
      status: row,
    }).toEqual({
      asks: true,
      refused: 400,
      says: true,
      statusAfterRefusal: "in_review",
      approved: 302,
      status: "active",
    });
  });
});

describe("signing in as an admin", () => {
  it("lands on /admin, the console, as an investor lands on their portfolio", async () => {
    const admin = await signup();
    await makeAdmin(admin.user.id);
    const investor = await signup();
    const signIn = (email: string) => page("/signin", { form: { email, password: TEST_PASSWORD } });
    expect({
      admin: (await signIn(admin.user.email)).headers.get("Location"),
      investor: (await signIn(investor.user.email)).headers.get("Location"),
    }).toEqual({ admin: "/admin", investor: "/portfolio" });
  });
});
