/**
 * The operator's record is complete (ADR 049): every mutating operation of the API's document is
 * walked here. An admin acting on what someone else owns (editing a founder's project, posting on
 * it, moving its deadline, canceling an investor's investment, editing a
 * person's public profile) and the console's own acts each write exactly one audit row naming
 * who, what, which record (by its name as well as its id) and, for an edit, what changed, and
 * take one slot of the admin's hourly limit. The owner doing the same writes no row. An operation
 * added to the document without a line here fails the first test.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { AdminAction, AuditDTO, AuditTarget } from "../../domain/operator/admin";
import { earliestEarlyDeadline } from "../../domain/raises/raise-dates";
import { apiDocument } from "./api-contract";
import { adminSession, call, inDays, json, signup, viewerFor } from "./helpers";
import {
  comingSoonProject,
  draft,
  founderUpdate,
  fundedRaise,
  investment,
  liveProject,
  pendingCompanyEvent,
  fundedCompany,
  pendingRevision,
  discussionPost,
} from "./others-records";

const MUTATING = ["post", "put", "patch", "delete"] as const;

interface Done {
  res: Response;
  targetId: string;
  /** The name the row must carry (null for a person, whose name is read from their account). */
  targetName: string | null;
  /** The fields the row must say changed, when it is an edit. */
  changed?: string[];
}

interface AdminAct {
  action: AdminAction;
  targetType: AuditTarget;
  /** Sets up someone else's record and acts on it as the admin (`token`). */
  run: (token: string) => Promise<Done>;
}

/** Why an operation is not an admin act on another person's record. */
type Own = { own: string };

const SIGN_IN = {
  own: "the caller's own account (sign-up, sign-in, second factors, confirmation, password, sessions and tokens, address)",
};
const OWN_ACCOUNT = { own: "the caller's own account and settings" };
const OWN_COPY = { own: "a founder's own working copy of the form (an admin is refused: 403)" };
const OWN_PERKS = { own: "a founder's own perks, their promise to investors (an admin is refused: 403)" };

const WALK: Record<string, AdminAct | Own> = {
  signUp: SIGN_IN,
  signIn: SIGN_IN,
  signInSecondFactor: SIGN_IN,
  passkeyRegistrationOptions: SIGN_IN,
  addPasskey: SIGN_IN,
  renamePasskey: SIGN_IN,
  removePasskey: SIGN_IN,
  passkeySignInOptions: SIGN_IN,
  signInWithPasskey: SIGN_IN,
  signInSecondFactorPasskey: SIGN_IN,
  confirmIdentity: SIGN_IN,
  endSession: SIGN_IN,
  createApiToken: SIGN_IN,
  startTotp: SIGN_IN,
  disableTotp: SIGN_IN,
  confirmTotp: SIGN_IN,
  regenerateRecoveryCodes: SIGN_IN,
  signOut: SIGN_IN,
  changePassword: SIGN_IN,
  signOutOtherSessions: SIGN_IN,
  requestPasswordReset: SIGN_IN,
  resetPassword: SIGN_IN,
  verifyEmail: SIGN_IN,
  resendVerificationEmail: SIGN_IN,
  saveWorkingCopy: OWN_COPY,
  discardWorkingCopy: OWN_COPY,
  saveProjectWorkingCopy: OWN_COPY,
  createProjectPerk: OWN_PERKS,
  editProjectPerk: OWN_PERKS,
  deleteProjectPerk: OWN_PERKS,
  createProject: { own: "a founder's own new project (an admin cannot create one)" },
  buyShares: { own: "the admin's own investment" },
  followProject: { own: "the caller's own follow" },
  unfollowProject: { own: "the caller's own follow" },
  startDiscussionThread: { own: "the caller's own thread" },
  replyToDiscussionPost: { own: "the caller's own reply" },
  upvoteDiscussionPost: { own: "the caller's own vote" },
  removeDiscussionVote: { own: "the caller's own vote" },
  // Only the project's founder pins (an admin is refused: 403); hiding is the moderation's, audited there.
  pinDiscussionThread: { own: "the founder's own pin (an admin is refused: 403)" },
  unpinDiscussionThread: { own: "the founder's own pin (an admin is refused: 403)" },
  markNotificationsRead: OWN_ACCOUNT,
  saveNotificationPreferences: OWN_ACCOUNT,
  updateMyProfile: OWN_ACCOUNT,
  updateMyFinancials: OWN_ACCOUNT,
  deleteMyAccount: OWN_ACCOUNT,
  cancelMyAccountDeletion: OWN_ACCOUNT,
  changeMyEmail: OWN_ACCOUNT,
  sendHomeContactMessage: { own: "a visitor's own message" },
  sendContactMessage: { own: "a visitor's own message" },
  addSupporter: { own: "a visitor's own name on the list" },
  uploadImage: { own: "the admin's own file (using it on a project is the edit, audited)" },
  uploadDocument: { own: "the admin's own file (using it on a project is the edit, audited)" },
  getPortfolioInsights: { own: "reads the caller's own portfolio" },
  getPortfolioAnalysis: { own: "reads the caller's own portfolio" },
  getDiversificationScore: { own: "reads the caller's own portfolio" },
  reconfirmInvestment: { own: "the investor's own reconfirmation" },
  // An admin trades on the exchange on their own account, and cancels only their own orders (403 otherwise).
  placeOrder: { own: "the caller's own order on the exchange" },
  cancelOrder: { own: "the caller's own order (another's is refused: 403)" },
  reportPost: { own: "the caller's own report of a post" },

  // A Discussion's moderation (ADR 055): the post named by its first words and its project.
  hidePost: {
    action: "hide_post",
    targetType: "post",
    run: async (token) => {
      const post = await discussionPost({ reports: 1 });
      const res = await call(`/api/admin/reports/${post.id}/hide`, { token, body: { note: "No advertising." } });
      return { res, targetId: post.id, targetName: `“${post.body}” (on ${post.title})` };
    },
  },
  dismissReports: {
    action: "dismiss_reports",
    targetType: "post",
    run: async (token) => {
      const post = await discussionPost({ reports: 2 });
      const res = await call(`/api/admin/reports/${post.id}/dismiss`, { method: "POST", token });
      return { res, targetId: post.id, targetName: `“${post.body}” (on ${post.title})` };
    },
  },
  restorePost: {
    action: "restore_post",
    targetType: "post",
    run: async (token) => {
      const post = await discussionPost();
      await env.DB.batch([
        env.DB.prepare("update discussion_posts set hidden_at = ?2, hidden_note = 'No.' where id = ?1").bind(
          post.id,
          Date.now(),
        ),
        env.DB.prepare("update projects set thread_count = thread_count - 1 where id = ?1").bind(post.projectId),
      ]);
      const res = await call(`/api/admin/discussion/posts/${post.id}/restore`, { method: "POST", token });
      return { res, targetId: post.id, targetName: `“${post.body}” (on ${post.title})` };
    },
  },
  liftPostingSuspension: {
    action: "lift_posting_suspension",
    targetType: "user",
    run: async (token) => {
      const person = await signup();
      await env.DB.prepare("update users set posting_suspended_until = ?2 where id = ?1")
        .bind(person.user.id, Date.now() + 86_400_000)
        .run();
      const res = await call(`/api/admin/users/${person.user.id}/posting-suspension`, { method: "DELETE", token });
      return { res, targetId: person.user.id, targetName: null };
    },
  },
  // Reservations (ADR 055): a person's own, never another's.
  reserve: { own: "the caller's own reservation" },
  cancelReservation: { own: "the caller's own reservation" },
  confirmReservation: { own: "the caller's own reservation, bought as the caller's own investment" },
  setLaunchDate: {
    action: "set_launch_date",
    targetType: "project",
    run: async (token) => {
      const { project } = await comingSoonProject();
      const res = await call(`/api/projects/${project._id}/launch`, { token, body: { launchAt: inDays(12) } });
      return { res, targetId: project._id, targetName: project.title, changed: ["launchAt"] };
    },
  },
  openRaise: {
    action: "open_raise",
    targetType: "project",
    run: async (token) => {
      const { project } = await comingSoonProject();
      const res = await call(`/api/projects/${project._id}/open`, { method: "POST", token });
      return { res, targetId: project._id, targetName: project.title, changed: ["status"] };
    },
  },

  approveRevision: {
    action: "approve_revision",
    targetType: "project",
    run: async (token) => {
      const { project, revisionId } = await pendingRevision();
      const res = await call(`/api/admin/revisions/${revisionId}/approve`, { method: "POST", token });
      return { res, targetId: project._id, targetName: project.title, changed: ["shortDescription"] };
    },
  },
  requestRevisionChanges: {
    action: "request_revision_changes",
    targetType: "project",
    run: async (token) => {
      const { project, revisionId } = await pendingRevision();
      const res = await call(`/api/admin/revisions/${revisionId}/request-changes`, {
        token,
        body: { reason: "Keep the old wording: the new one promises too much." },
      });
      return { res, targetId: project._id, targetName: project.title };
    },
  },

  // A company's events after its raise (ADR 052).
  reportCompanyEvent: {
    action: "record_event",
    targetType: "project",
    run: async (token) => {
      const { id } = await fundedCompany();
      const res = await call(`/api/projects/${id}/events`, {
        token,
        body: {
          kind: "write_down",
          effectiveOn: new Date().toISOString().slice(0, 10),
          pricePerShare: 20,
          statement: "Revenue fell far short of plan.",
        },
      });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name, changed: ["mark", "kind", "effectiveOn"] };
    },
  },
  approveCompanyEvent: {
    action: "approve_event",
    targetType: "project",
    run: async (token) => {
      const { id, eventId } = await pendingCompanyEvent();
      const res = await call(`/api/admin/events/${eventId}/approve`, { method: "POST", token });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name, changed: ["mark", "kind", "effectiveOn"] };
    },
  },
  requestCompanyEventChanges: {
    action: "request_event_changes",
    targetType: "project",
    run: async (token) => {
      const { id, eventId } = await pendingCompanyEvent();
      const res = await call(`/api/admin/events/${eventId}/request-changes`, {
        token,
        body: { reason: "Attach the signed term sheet." },
      });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name };
    },
  },
  withdrawCompanyEvent: {
    action: "withdraw_event",
    targetType: "project",
    run: async (token) => {
      const { id } = await pendingCompanyEvent();
      const res = await call(`/api/projects/${id}/events/withdraw`, { method: "POST", token });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name };
    },
  },

  // The exchange's halts (ADR 053): the market is the company's, named by its title.
  haltMarket: {
    action: "halt_market",
    targetType: "project",
    run: async (token) => {
      const { id } = await fundedCompany();
      const res = await call(`/api/admin/markets/${id}/halt`, { token, body: { reason: "Pending news." } });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name };
    },
  },
  resumeMarket: {
    action: "resume_market",
    targetType: "project",
    run: async (token) => {
      const { id } = await fundedCompany();
      await env.DB.prepare("update markets set status = 'halted', halt_reason = 'Pending news.' where project_id = ?1")
        .bind(id)
        .run();
      const res = await call(`/api/admin/markets/${id}/resume`, { token, body: { reason: "News published." } });
      const name = await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title");
      return { res, targetId: id, targetName: name };
    },
  },

  updateProject: {
    action: "edit_project",
    targetType: "project",
    run: async (token) => {
      const { project, body } = await liveProject();
      const res = await call(`/api/projects/${project._id}`, {
        method: "PUT",
        token,
        body: { ...body, shortDescription: "Smart locks for every dorm room." },
      });
      return { res, targetId: project._id, targetName: project.title, changed: ["shortDescription"] };
    },
  },
  publishProject: {
    action: "publish",
    targetType: "project",
    run: async (token) => {
      const { project } = await draft(false);
      const res = await call(`/api/projects/${project._id}/publish`, { method: "POST", token });
      return { res, targetId: project._id, targetName: project.title };
    },
  },
  approveProject: {
    action: "approve",
    targetType: "project",
    run: async (token) => {
      const { project } = await draft(true);
      const res = await call(`/api/admin/projects/${project._id}/approve`, { method: "POST", token });
      return { res, targetId: project._id, targetName: project.title };
    },
  },
  requestProjectChanges: {
    action: "request_changes",
    targetType: "project",
    run: async (token) => {
      const { project } = await draft(true);
      const res = await call(`/api/admin/projects/${project._id}/request-changes`, {
        token,
        body: { reason: "Add the investor deck." },
      });
      return { res, targetId: project._id, targetName: project.title };
    },
  },
  suspendUser: {
    action: "suspend",
    targetType: "user",
    run: async (token) => {
      const person = await signup();
      const res = await call(`/api/admin/users/${person.user.id}/suspend`, { token, body: { reason: "Spam." } });
      return { res, targetId: person.user.id, targetName: null };
    },
  },
  reinstateUser: {
    action: "reinstate",
    targetType: "user",
    run: async (token) => {
      const person = await signup();
      await env.DB.prepare("update users set suspended_at = ?2, suspended_reason = 'Spam.' where id = ?1")
        .bind(person.user.id, Date.now())
        .run();
      const res = await call(`/api/admin/users/${person.user.id}/reinstate`, { token, body: {} });
      return { res, targetId: person.user.id, targetName: null };
    },
  },
  hideUpdate: {
    action: "hide_update",
    targetType: "update",
    run: async (token) => {
      const { project, updateId } = await founderUpdate();
      const res = await call(`/api/admin/updates/${updateId}/hide`, { token, body: { hidden: true } });
      return { res, targetId: updateId, targetName: `First kiosk installed (on ${project.title})` };
    },
  },
  postProjectUpdate: {
    action: "post_update",
    targetType: "update",
    run: async (token) => {
      const { project } = await liveProject();
      const res = await call(`/api/projects/${project._id}/updates`, {
        token,
        body: { title: "A correction from CampusFund", body: "The deadline shown last week was wrong." },
      });
      const posted = await json<{ id: string }>(res.clone());
      return { res, targetId: posted.id, targetName: `A correction from CampusFund (on ${project.title})` };
    },
  },
  editProjectUpdate: {
    action: "edit_update",
    targetType: "update",
    run: async (token) => {
      const { project, updateId } = await founderUpdate();
      const res = await call(`/api/projects/${project._id}/updates/${updateId}`, {
        method: "PUT",
        token,
        body: { title: "First kiosk installed", body: "The library has one; the dorms are next." },
      });
      return {
        res,
        targetId: updateId,
        targetName: `First kiosk installed (on ${project.title})`,
        changed: ["body"],
      };
    },
  },
  deleteProjectUpdate: {
    action: "delete_update",
    targetType: "update",
    run: async (token) => {
      const { project, updateId } = await founderUpdate();
      const res = await call(`/api/projects/${project._id}/updates/${updateId}`, { method: "DELETE", token });
      return { res, targetId: updateId, targetName: `First kiosk installed (on ${project.title})` };
    },
  },
  closeRaiseEarly: {
    action: "close_early",
    targetType: "project",
    run: async (token) => {
      const { project } = await fundedRaise();
      const res = await call(`/api/projects/${project._id}/close-early`, {
        token,
        body: { deadline: earliestEarlyDeadline() },
      });
      return { res, targetId: project._id, targetName: project.title, changed: ["fundingDeadline"] };
    },
  },
  extendRaise: {
    action: "extend_raise",
    targetType: "project",
    run: async (token) => {
      const { project } = await fundedRaise();
      const res = await call(`/api/projects/${project._id}/extend`, { token, body: { deadline: inDays(75) } });
      return { res, targetId: project._id, targetName: project.title, changed: ["fundingDeadline"] };
    },
  },
  cancelInvestment: {
    action: "cancel_investment",
    targetType: "investment",
    run: async (token) => {
      const { project, investmentId } = await investment();
      const res = await call(`/api/investments/${investmentId}/cancel`, { method: "POST", token });
      return { res, targetId: investmentId, targetName: `10 shares of ${project.title}` };
    },
  },
  savePublicProfileSettings: {
    action: "edit_public_profile",
    targetType: "user",
    run: async (token) => {
      const person = await signup();
      const res = await call(`/api/users/profile/${person.user.id}`, {
        method: "PUT",
        token,
        body: { bio: "Removed a phone number posted here." },
      });
      return { res, targetId: person.user.id, targetName: null, changed: ["bio"] };
    },
  },
};

type AuditRow = {
  admin_id: string;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  changes: string | null;
};

const auditRows = async (adminId: string) =>
  (
    await env.DB.prepare(
      "select admin_id, action, target_type, target_id, target_name, changes from admin_audit where admin_id = ?1 order by created_at, rowid",
    )
      .bind(adminId)
      .all<AuditRow>()
  ).results;

const slotsUsed = async (adminId: string) =>
  (await env.DB.prepare("select count from rate_limits where key = ?1")
    .bind(`admin:${adminId}`)
    .first<number>("count")) ?? 0;

const isAct = (entry: AdminAct | Own): entry is AdminAct => "action" in entry;

describe("the admin's record", () => {
  it("walks every mutating operation of the API's document", async () => {
    const doc = await apiDocument();
    const operations: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const method of MUTATING) {
        const op = (item as Record<string, { operationId?: string } | undefined>)[method];
        if (op?.operationId) operations.push(op.operationId);
      }
    }
    expect(Object.keys(WALK).sort()).toEqual(operations.sort());
  });

  const acts = Object.entries(WALK).filter((e): e is [string, AdminAct] => isAct(e[1]));

  it.each(acts)(
    "%s by an admin on someone else's record: one audit row naming it, one slot of the limit",
    async (_operation, act) => {
      const token = await adminSession();
      const admin = await viewerFor(token);
      const rowsBefore = (await auditRows(admin.id)).length;
      // The set-up may use admin acts of its own (approving the project): count from here.
      const done = await act.run(token);
      expect(done.res.status).toBeLessThan(300);
      const rows = await auditRows(admin.id);
      const slots = await slotsUsed(admin.id);
      const mine = rows.filter((r) => r.target_id === done.targetId && r.action === act.action);
      expect(
        mine.map((r) => ({
          ...r,
          changes: r.changes ? (JSON.parse(r.changes) as { field: string }[]).map((c) => c.field) : null,
        })),
      ).toEqual([
        {
          admin_id: admin.id,
          action: act.action,
          target_type: act.targetType,
          target_id: done.targetId,
          target_name: done.targetName,
          changes: done.changed ?? null,
        },
      ]);
      // Every row written since the start is one slot: the set-up's approvals and this act.
      expect(slots).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(rowsBefore);
    },
  );
});

describe("the owner's own acts", () => {
  it("write no audit row and take no admin slot", async () => {
    const { founder, project, body } = await liveProject();
    const founderId = founder.user.id;
    await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: { ...body, shortDescription: "Smart locks, by the founder." },
    });
    await call(`/api/projects/${project._id}/updates`, {
      token: founder.token,
      body: { title: "Week one", body: "We shipped." },
    });
    const { investor, investmentId } = await investment();
    await call(`/api/investments/${investmentId}/cancel`, { method: "POST", token: investor.token });
    const rows = await env.DB.prepare("select count(*) as n from admin_audit where admin_id in (?1, ?2)")
      .bind(founderId, investor.user.id)
      .first<number>("n");
    expect(rows).toBe(0);
  });
});

describe("a refused admin act", () => {
  it("writes no row and takes no slot: an edit the form's rules refuse", async () => {
    const token = await adminSession();
    const admin = await viewerFor(token);
    const { project, body } = await liveProject();
    const rows = (await auditRows(admin.id)).length;
    const slots = await slotsUsed(admin.id);
    const res = await call(`/api/projects/${project._id}`, { method: "PUT", token, body: { ...body, title: "" } });
    expect({ status: res.status, rows: (await auditRows(admin.id)).length, slots: await slotsUsed(admin.id) }).toEqual({
      status: 400,
      rows,
      slots,
    });
  });
});

describe("the audit log as people read it", () => {
  it("names a person by their name today, says when their account is pending deletion, and names a project by its title", async () => {
    const token = await adminSession();
    const person = await signup("investor", { firstName: "Rosa", lastName: "Diaz" });
    await call(`/api/admin/users/${person.user.id}/suspend`, { token, body: { reason: "Spam." } });
    await env.DB.prepare("update users set deletion_requested_at = ?2 where id = ?1")
      .bind(person.user.id, Date.now())
      .run();
    const { project } = await draft(true);
    await call(`/api/admin/projects/${project._id}/approve`, { method: "POST", token });

    const log = await json<{ entries: AuditDTO[] }>(await call("/api/admin/audit", { token }));
    const named = (id: string) =>
      log.entries
        .filter((e) => e.targetId === id)
        .map((e) => ({ action: e.action, targetName: e.targetName, targetState: e.targetState }));
    expect({ person: named(person.user.id), project: named(project._id) }).toEqual({
      person: [{ action: "suspend", targetName: "Rosa Diaz", targetState: "pending_deletion" }],
      project: [{ action: "approve", targetName: project.title, targetState: "active" }],
    });
  });
});
