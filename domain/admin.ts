/**
 * The shapes the operator's page and API share (ADR 030): the admin actions the audit log names,
 * an account as an admin sees it, and an audit entry. Types and constants only.
 */
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
