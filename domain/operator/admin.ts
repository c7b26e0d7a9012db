/**
 * The shapes the operator's page and API share (ADR 030): the admin actions the audit log names,
 * an account as an admin sees it, an audit entry, and the admin routes' bodies as the API's
 * document describes them.
 */
import * as v from "valibot";

import { REASON_MAX } from "../projects/reason-max";

export const ADMIN_ACTIONS = [
  "approve",
  "request_changes",
  "publish",
  "suspend",
  "reinstate",
  "hide_question",
  "restore_question",
  "hide_update",
  "restore_update",
  // An admin acting on what another person owns, through the page or the API (ADR 049).
  "edit_project",
  "withdraw_review",
  "post_update",
  "edit_update",
  "delete_update",
  "answer_question",
  "close_early",
  "extend_raise",
  "cancel_investment",
  "edit_public_profile",
  // A live project's material changes, reviewed (ADR 050).
  "approve_revision",
  "request_revision_changes",
  // What happened to a company after its raise (ADR 052).
  "approve_event",
  "request_event_changes",
  "record_event",
  "withdraw_event",
  // The exchange (ADR 053).
  "halt_market",
  "resume_market",
  // A Discussion's moderation (ADR 055).
  "hide_post",
  "restore_post",
  "dismiss_reports",
  "lift_posting_suspension",
  // Coming soon (ADR 055): a raise's launch date, or opening it at once.
  "set_launch_date",
  "open_raise",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** What an audit entry is about. */
export const AUDIT_TARGETS = ["project", "user", "question", "update", "investment", "post"] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** The audit log's words for each action, on the page and wherever an action is named. */
export const ADMIN_ACTION_LABEL: Record<AdminAction, string> = {
  approve: "Approved project",
  request_changes: "Requested changes",
  publish: "Published project",
  suspend: "Suspended account",
  reinstate: "Reinstated account",
  hide_question: "Hid question",
  restore_question: "Restored question",
  hide_update: "Hid update",
  restore_update: "Restored update",
  edit_project: "Edited project",
  withdraw_review: "Withdrew project from review",
  post_update: "Posted update",
  edit_update: "Edited update",
  delete_update: "Deleted update",
  answer_question: "Answered question",
  close_early: "Closed raise early",
  extend_raise: "Extended raise",
  cancel_investment: "Canceled investment",
  edit_public_profile: "Edited public profile",
  approve_revision: "Approved changes to a live project",
  request_revision_changes: "Sent changes back to the founder",
  approve_event: "Approved a company event",
  request_event_changes: "Sent a company event back to the founder",
  record_event: "Recorded a company event",
  withdraw_event: "Withdrew a founder's company event",
  halt_market: "Halted trading",
  resume_market: "Resumed trading",
  hide_post: "Hid discussion post",
  restore_post: "Restored discussion post",
  dismiss_reports: "Dismissed reports of a post",
  lift_posting_suspension: "Lifted posting suspension",
  set_launch_date: "Set a raise's launch date",
  open_raise: "Opened a raise for investment",
};

/**
 * One field an admin's edit changed. For a person's own words (a public profile) only the field is
 * kept, never its values: the log is append-only and must not outlive an account's erasure.
 */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AdminUserDTO {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
  /** Posting in discussions suspended until then (ADR 055: repeated hidden posts); null when not suspended now. */
  postingSuspendedUntil: string | null;
}

/** Where a person named in the log stands: an account whose erasure is pending, or done. */
export type PersonState = "active" | "pending_deletion" | "deleted";

export interface AuditDTO {
  id: string;
  adminId: string;
  adminName: string | null;
  adminState: PersonState;
  action: AdminAction;
  targetType: AuditTarget;
  targetId: string;
  /** The record as people read it: a person's name today, or a project's (an update's…) title when it was acted on. */
  targetName: string | null;
  /** For a person: whether their account is pending deletion or erased (else "active"). */
  targetState: PersonState;
  /** An edit's fields, before and after (values null where they are a person's own words). */
  changes: AuditChange[] | null;
  reason: string | null;
  createdAt: string;
}

/** A mail given up on, as /admin's Mail section lists it (worker/services/operator/mail-admin.ts). */
export interface MailFailureDTO {
  id: string;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

export interface MailHealthDTO {
  /** Waiting to be sent, whenever written. */
  pending: number;
  /** Sent in the last day. */
  sentLastDay: number;
  /** Not sent because their link ran out first, in the last day. */
  expiredLastDay: number;
  /** Given up after every attempt, in the last seven days. */
  failedLastWeek: number;
  failures: MailFailureDTO[];
}

/**
 * The admin routes' bodies, for the API's document (ADR 042). The services read them by hand
 * (worker/services/projects/reviews.ts `parseReason`, access.ts `hiddenFlag`), with these limits.
 */
const reason = v.pipe(v.string(), v.minLength(1), v.maxLength(REASON_MAX));

/** A reviewer's note to the founder, or a suspension's reason: required, at most REASON_MAX characters. */
export const ReasonBody = v.object({ reason });

/**
 * An approval's (or an admin's direct publication's) override reason: required when the project
 * fails a required item of its launch checklist (it goes into the audit log), else optional.
 */
export const ApproveBody = v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(REASON_MAX))) });

/** A reinstatement's reason, optional (it goes to the audit log; an empty one is none). */
export const ReinstateBody = v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(REASON_MAX))) });

/** `hidden`: true unless it is false (or "false", 0, "0"): `{ "hidden": false }` shows it again. */
export const HideBody = v.object({ hidden: v.optional(v.boolean(), true) });
