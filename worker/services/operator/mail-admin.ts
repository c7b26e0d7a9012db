/**
 * The operator's view of the mail (ADR 044): how many mails wait, went out and gave up, and the
 * newest that gave up with the error each last met, so a broken sending domain or a refused address
 * is seen on /admin and through `GET /api/admin/mail` rather than only in the logs. Read in one
 * statement on `mail_outbox_pending_idx` (status, created_at): each count is a range of that index
 * bounded by its window, and the list is its newest MAIL_FAILURES_SHOWN entries.
 */
import type { Database } from "../../../db/client";
import type { MailFailureDTO, MailHealthDTO } from "../../../domain/operator/admin";
import type { SessionUser } from "../../../domain/shared/types";
import { requireAdmin } from "../shared/access";
import { DAY_MS } from "../../../domain/shared/dates";

/** Failed mails listed. */
export const MAIL_FAILURES_SHOWN = 20;
/** The window of the sent and expired counts. */
export const MAIL_RECENT_MS = DAY_MS;
/** The window of the failed count and list. */
export const MAIL_FAILED_MS = 7 * DAY_MS;

interface Row {
  pending: number;
  sent: number;
  expired: number;
  failed: number;
  failures: string;
}

/** The counts and the newest failures: one statement, bounded. */
export async function mailHealth(db: Database, viewer: SessionUser | null, now = Date.now()): Promise<MailHealthDTO> {
  requireAdmin(viewer);
  const row = await db.$client
    .prepare(
      `select
         (select count(*) from mail_outbox where status = 'pending') as pending,
         (select count(*) from mail_outbox where status = 'sent' and created_at >= ?1) as sent,
         (select count(*) from mail_outbox where status = 'expired' and created_at >= ?1) as expired,
         (select count(*) from mail_outbox where status = 'failed' and created_at >= ?2) as failed,
         (select coalesce(json_group_array(json_object(
              'id', id, 'kind', kind, 'to', to_address, 'subject', subject, 'attempts', attempts,
              'lastError', last_error, 'createdAt', created_at, 'lastAttemptAt', last_attempt_at)), '[]')
            from (select * from mail_outbox where status = 'failed' and created_at >= ?2
                  order by created_at desc limit ?3)) as failures`,
    )
    .bind(now - MAIL_RECENT_MS, now - MAIL_FAILED_MS, MAIL_FAILURES_SHOWN)
    .first<Row>();
  const failures = JSON.parse(row?.failures ?? "[]") as (Omit<MailFailureDTO, "createdAt" | "lastAttemptAt"> & {
    createdAt: number;
    lastAttemptAt: number | null;
  })[];
  return {
    pending: row?.pending ?? 0,
    sentLastDay: row?.sent ?? 0,
    expiredLastDay: row?.expired ?? 0,
    failedLastWeek: row?.failed ?? 0,
    failures: failures.map((f) => ({
      ...f,
      createdAt: new Date(f.createdAt).toISOString(),
      lastAttemptAt: f.lastAttemptAt === null ? null : new Date(f.lastAttemptAt).toISOString(),
    })),
  };
}
