/**
 * The shapes the operator's page and API share (ADR 030): the admin actions the audit log names,
 * an account as an admin sees it, an audit entry, and the admin routes' bodies as the API's
 * document describes them.
 */
import * as v from "valibot";

import { REASON_MAX } from "../projects/review";

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
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AdminUserDTO {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
}

export interface AuditDTO {
  id: string;
  adminId: string;
  adminName: string | null;
  action: AdminAction;
  targetType: string;
  targetId: string;
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

/** A reinstatement's reason, optional (it goes to the audit log; an empty one is none). */
export const ReinstateBody = v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(REASON_MAX))) });

/** `hidden`: true unless it is false (or "false", 0, "0"): `{ "hidden": false }` shows it again. */
export const HideBody = v.object({ hidden: v.optional(v.boolean(), true) });
