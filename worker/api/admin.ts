/**
 * The operator's API (ADR 030), admins only: 401 without a session, 403 for anyone else (the
 * services check). Each route is a thin door onto the service that holds the rule.
 */
import { Hono, type Context } from "hono";

import { ApproveBody, HideBody, ReasonBody, ReinstateBody } from "../../domain/operator/admin";
import { ADMIN_RATE_LIMIT, AUDIT_SHOWN, listAudit } from "../services/operator/audit";
import { MAIL_FAILURES_SHOWN, mailHealth } from "../services/operator/mail-admin";
import { reinstateUser, suspendUser } from "../services/operator/moderation";
import { approveProject, listReviewQueue, requestChanges, REVIEW_QUEUE_SHOWN } from "../services/projects/reviews";
import { setUpdateHidden } from "../services/conversation/updates";
import type { HonoEnv } from "../types";
import {
  AdminUserAnswer,
  AuditAnswer,
  EXAMPLES,
  MailHealthAnswer,
  ModeratedUpdateAnswer,
  ReviewQueueAnswer,
  RevisionQueueAnswer,
  ReviewedRevisionAnswer,
} from "./answers/admin";
import {
  approveRevision,
  listRevisionQueue,
  requestRevisionChanges,
  REVISION_QUEUE_SHOWN,
} from "../services/projects/revisions";
import { ProjectAnswer } from "./answers/projects";
import { operation } from "./openapi";
import { readBody } from "./util";
import { mailerFor } from "../mail/mailer";
import { HaltBody } from "../../domain/market/halts";
import { haltMarket, resumeMarket } from "../services/market/halts";
import { HaltAnswer, MARKET_EXAMPLES } from "./answers/market";

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

export const adminApi = new Hono<HonoEnv>();

const PROJECT_ID = "The project's id or slug.";
const USER_ID = "The account's id.";
const ADMINS_ONLY = "Admins only (403 for any other account).";
const RATE_LIMITED = `Each admin may take ${ADMIN_RATE_LIMIT.max} actions an hour (429 past it).`;

/** GET /api/admin/reviews → { reviews: [{ project, checklist, submittedAt }] }, oldest submission first. */
adminApi.get(
  "/reviews",
  operation({
    operationId: "listReviewQueue",
    tag: "Admin",
    summary: "Projects waiting for review",
    description: `Oldest submission first (at most ${REVIEW_QUEUE_SHOWN}), each with its launch checklist. ${ADMINS_ONLY}`,
    access: "signed-in",
    ok: { 200: { description: "The review queue", schema: ReviewQueueAnswer, example: EXAMPLES.reviews } },
    refusals: [401, 403],
  }),
  async (c) => c.json({ reviews: await listReviewQueue(c.get("db"), c.get("user")) }),
);

/** GET /api/admin/revisions → { revisions: [{ revision, project, changes }] }: live projects' changes, oldest first. */
adminApi.get(
  "/revisions",
  operation({
    operationId: "listRevisionQueue",
    tag: "Admin",
    summary: "Changes to live projects waiting for review",
    description:
      "A live project's material changes (story, team, terms, documents, images) wait here until reviewed; the " +
      `public page keeps the approved version. Oldest first (at most ${REVISION_QUEUE_SHOWN}), each field live and as proposed. ${ADMINS_ONLY}`,
    access: "signed-in",
    ok: { 200: { description: "The revision queue", schema: RevisionQueueAnswer, example: EXAMPLES.revisions } },
    refusals: [401, 403],
  }),
  async (c) => c.json({ revisions: await listRevisionQueue(c.get("db"), c.get("user")) }),
);

/** POST /api/admin/revisions/{id}/approve → the revision, approved: live, and investors asked to reconfirm. */
adminApi.post(
  "/revisions/:id/approve",
  operation({
    operationId: "approveRevision",
    tag: "Admin",
    summary: "Approve a live project's changes",
    description:
      "The changes replace the live version; the founder is told, and every investor with an open commitment is asked " +
      "to reconfirm within five business days or their investment is canceled and the money returned. 409 when it is " +
      `not pending, or when a share was sold since and it changes a locked term. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: "The revision's id." },
    ok: { 200: { description: "Approved", schema: ReviewedRevisionAnswer, example: EXAMPLES.revisionApproved } },
    refusals: [401, 403, 404, 409, 429],
  }),
  async (c) =>
    c.json(
      await approveRevision(c.get("db"), c.get("user"), param(c, "id"), mailerFor(c.env, c.executionCtx, c.get("db"))),
    ),
);

/** POST /api/admin/revisions/{id}/request-changes { reason } → the revision, sent back with the note. */
adminApi.post(
  "/revisions/:id/request-changes",
  operation({
    operationId: "requestRevisionChanges",
    tag: "Admin",
    summary: "Send a live project's changes back to its founder",
    description: `The live version stays; the founder is told, with the note. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: "The revision's id." },
    body: { schema: ReasonBody, example: EXAMPLES.reason },
    ok: { 200: { description: "Sent back", schema: ReviewedRevisionAnswer, example: EXAMPLES.revisionReturned } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json(
      await requestRevisionChanges(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        await readBody(c),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      ),
    ),
);

/** POST /api/admin/projects/{id}/approve → the live project (its founder is notified). */
adminApi.post(
  "/projects/:id/approve",
  operation({
    operationId: "approveProject",
    tag: "Admin",
    summary: "Approve a project in review",
    description:
      "The project goes live (a slug from its title, listed, open to investment) and its founder is told. " +
      "A project that fails a required item of its launch checklist needs `reason`, why it is approved anyway " +
      "(400 without it); the reason and the items overridden go into the audit log. " +
      `Only a project in review (409 otherwise). ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: PROJECT_ID },
    body: { schema: ApproveBody, example: EXAMPLES.overrideReason, required: false },
    ok: { 200: { description: "The project, live", schema: ProjectAnswer, example: EXAMPLES.approved } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json(
      await approveProject(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        mailerFor(c.env, c.executionCtx, c.get("db")),
        await readBody(c),
      ),
    ),
);

/** POST /api/admin/projects/{id}/request-changes { reason } → the project, a draft again with the note. */
adminApi.post(
  "/projects/:id/request-changes",
  operation({
    operationId: "requestProjectChanges",
    tag: "Admin",
    summary: "Send a project in review back to its founder",
    description:
      "The project becomes a draft again with the reviewer's note (`reviewNote`), and its founder is told. " +
      `Only a project in review (409 otherwise). ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: PROJECT_ID },
    body: { schema: ReasonBody, example: EXAMPLES.reason },
    ok: {
      200: { description: "The project, a draft again", schema: ProjectAnswer, example: EXAMPLES.changesRequested },
    },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json(
      await requestChanges(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        await readBody(c),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      ),
    ),
);

/** POST /api/admin/users/{id}/suspend { reason } → the account, suspended (its sessions end). */
adminApi.post(
  "/users/:id/suspend",
  operation({
    operationId: "suspendUser",
    tag: "Admin",
    summary: "Suspend an account",
    description:
      "With a reason: every session of the account ends, it cannot sign in, and its public content is " +
      "hidden; its investments stay as they are. An admin account, or one already suspended, is a 409. " +
      `${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: USER_ID },
    body: { schema: ReasonBody, example: EXAMPLES.suspendReason },
    ok: { 200: { description: "The account, suspended", schema: AdminUserAnswer, example: EXAMPLES.suspended } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => c.json(await suspendUser(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/users/{id}/reinstate { reason? } → the account, no longer suspended. */
adminApi.post(
  "/users/:id/reinstate",
  operation({
    operationId: "reinstateUser",
    tag: "Admin",
    summary: "Lift an account's suspension",
    description:
      "The reason, optional, goes to the audit log; the person signs in again. An account that is not " +
      `suspended is a 409. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: USER_ID },
    body: { schema: ReinstateBody, example: EXAMPLES.reinstateReason, required: false },
    ok: { 200: { description: "The account, reinstated", schema: AdminUserAnswer, example: EXAMPLES.reinstated } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => c.json(await reinstateUser(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/updates/{id}/hide { hidden?: boolean } → the update (hidden unless `hidden: false`). */
adminApi.post(
  "/updates/:id/hide",
  operation({
    operationId: "hideUpdate",
    tag: "Admin",
    summary: "Hide or show a founder update",
    description:
      'Hides the update from everyone but its founder and admins; `{ "hidden": false }` shows it again. ' +
      `${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: "The update's id." },
    body: { schema: HideBody, example: EXAMPLES.hide, required: false },
    ok: { 200: { description: "The update", schema: ModeratedUpdateAnswer, example: EXAMPLES.hiddenUpdate } },
    refusals: [400, 401, 403, 404, 415, 429],
  }),
  async (c) => c.json(await setUpdateHidden(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/markets/{id}/halt { reason } → the market, halted: its open orders cancelled. */
adminApi.post(
  "/markets/:id/halt",
  operation({
    operationId: "haltMarket",
    tag: "Admin",
    summary: "Halt trading in a company",
    description:
      "With a reason (required, shown on the company's market): the market refuses orders, and every open order is " +
      "cancelled (its shares free again) and its owner told. 409 when the market is already halted or is closed " +
      `(the company exited). ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: PROJECT_ID },
    body: { schema: HaltBody, example: MARKET_EXAMPLES.haltReason },
    ok: { 200: { description: "Halted", schema: HaltAnswer, example: MARKET_EXAMPLES.halted } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json({
      success: true as const,
      ...(await haltMarket(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
    }),
);

/** POST /api/admin/markets/{id}/resume { reason } → the market, trading again. */
adminApi.post(
  "/markets/:id/resume",
  operation({
    operationId: "resumeMarket",
    tag: "Admin",
    summary: "Resume trading in a halted company",
    description:
      "With a reason (required, for the audit log): the market takes orders again, its book empty (the halt cancelled " +
      `every order). 409 when the market is not halted or is closed. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: PROJECT_ID },
    body: { schema: HaltBody, example: MARKET_EXAMPLES.resumeReason },
    ok: { 200: { description: "Trading again", schema: HaltAnswer, example: MARKET_EXAMPLES.resumed } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json({
      success: true as const,
      ...(await resumeMarket(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
    }),
);

/** GET /api/admin/audit → { entries } newest first (at most 50). */
adminApi.get(
  "/audit",
  operation({
    operationId: "listAuditLog",
    tag: "Admin",
    summary: "The admin audit log",
    description: `Every admin action, newest first (at most ${AUDIT_SHOWN}). ${ADMINS_ONLY}`,
    access: "signed-in",
    ok: { 200: { description: "The newest entries", schema: AuditAnswer, example: EXAMPLES.audit } },
    refusals: [401, 403],
  }),
  async (c) => c.json({ entries: await listAudit(c.get("db"), c.get("user")) }),
);

/** GET /api/admin/mail → the outbox's counts and its newest failures (at most 20). */
adminApi.get(
  "/mail",
  operation({
    operationId: "getMailHealth",
    tag: "Admin",
    summary: "The mail's health",
    description:
      "Mails waiting to be sent, sent and expired in the last day, given up on (after every attempt) in the last " +
      `seven days, and the newest of those with the error each last met (at most ${MAIL_FAILURES_SHOWN}). ${ADMINS_ONLY}`,
    access: "signed-in",
    ok: { 200: { description: "The counts and failures", schema: MailHealthAnswer, example: EXAMPLES.mail } },
    refusals: [401, 403],
  }),
  async (c) => c.json(await mailHealth(c.get("db"), c.get("user"))),
);
