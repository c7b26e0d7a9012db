/**
 * Keeping investors informed (ADR 055; rules in domain/conversation/update-reminders.ts):
 *  - `projects.last_update_at` is the newest visible update's time, kept in the batch of every
 *    write that changes it (`lastUpdateStatement`: post, delete, hide, restore; updates.ts);
 *  - the daily cron reminds each founder whose funded company has been quiet for 90 days (bell and
 *    mail), at most REMINDERS_PER_RUN a run, oldest first (`runUpdateReminders`);
 *  - the admin console lists the companies overdue (`overdueCompanies`).
 * Both read `projects_update_due_idx` (status, last_update_at): one range per status, and the
 * companies with no update at all (last_update_at null) counted from their funding (settled_at).
 */
import {
  daysSince,
  FUNDED_STATUSES,
  OVERDUE_LIST_SIZE,
  REMINDERS_PER_RUN,
  UPDATE_REMINDER_MS,
  UPDATE_REMINDER_SQL,
} from "../../../domain/conversation/update-reminders";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, runBatch } from "../../../db/client";
import { requireAdmin } from "../shared/access";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { INSERT, NEW_ID, NO_REPEAT } from "./notifications";

/** The statement that sets project `projectSql`'s last_update_at to its newest visible update (project_updates_project_idx). */
export function lastUpdateStatement(d1: D1Database, projectSql: string, binds: unknown[]): D1PreparedStatement {
  return d1
    .prepare(
      `update projects set last_update_at =
         (select max(u.created_at) from project_updates u where u.project_id = projects.id and u.hidden = 0)
       where id = ${projectSql}`,
    )
    .bind(...binds);
}

/** When a company went quiet: its last visible update, else its funding. */
const QUIET_SINCE = "coalesce(p.last_update_at, p.settled_at)";
/** Not reminded since it went quiet, nor in the last 90 days (?2: now − 90 days). */
const NOT_REMINDED = `(p.update_reminded_at is null or p.update_reminded_at < max(${QUIET_SINCE}, ?2))`;

/**
 * The funded companies quiet since before ?2 (now − 90 days), oldest first, at most ?3; with
 * `unreminded`, only those not reminded for this quiet stretch. Four index ranges, each bounded.
 */
function dueSql(unreminded: boolean): string {
  const extra = unreminded ? `and ${NOT_REMINDED}` : "";
  const columns = `p.id, p.slug, p.title, p.founder_id, p.last_update_at, p.settled_at, p.update_reminded_at,
    ${QUIET_SINCE} as quiet_since`;
  const ranges = FUNDED_STATUSES.flatMap((status) => [
    `select * from (select ${columns} from projects p
       where p.status = '${status}' and p.last_update_at <= ?2 and p.exited_at is null ${extra}
       order by p.last_update_at limit ?3)`,
    `select * from (select ${columns} from projects p
       where p.status = '${status}' and p.last_update_at is null and p.settled_at <= ?2 and p.exited_at is null ${extra}
       order by p.settled_at limit ?3)`,
  ]);
  return `${ranges.join(" union all ")} order by quiet_since, id limit ?3`;
}

type DueRow = {
  id: string;
  slug: string;
  title: string;
  founder_id: string | null;
  last_update_at: number | null;
  settled_at: number | null;
  update_reminded_at: number | null;
  quiet_since: number;
};

export interface OverdueCompany {
  id: string;
  slug: string;
  title: string;
  /** The last visible update's time (ISO), or null when there is none. */
  lastUpdateAt: string | null;
  /** Days since the last update (or, with none, the funding). */
  daysQuiet: number;
  /** When its founder was last reminded (ISO), or null. */
  remindedAt: string | null;
}

/** The admin's "Updates overdue": funded companies quiet for 90 days or more, oldest first (bounded). */
export async function overdueCompanies(
  db: Database,
  now: number = Date.now(),
  limit: number = OVERDUE_LIST_SIZE,
): Promise<OverdueCompany[]> {
  const { results } = await db.$client
    .prepare(dueSql(false).replaceAll("?2", "?1").replaceAll("?3", "?2"))
    .bind(now - UPDATE_REMINDER_MS, limit)
    .all<DueRow>();
  return results.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    lastUpdateAt: r.last_update_at === null ? null : new Date(r.last_update_at).toISOString(),
    daysQuiet: daysSince(r.quiet_since, now),
    remindedAt: r.update_reminded_at === null ? null : new Date(r.update_reminded_at).toISOString(),
  }));
}

/**
 * The daily run: each due company's founder gets one bell notification and its mail twin, in one
 * batch that first marks the companies reminded (guarded by the same rule, so two runs at once
 * remind each company once). Answers how many founders were reminded.
 */
export async function runUpdateReminders(db: Database, now: number = Date.now()): Promise<number> {
  const d1 = db.$client;
  const { results: due } = await d1
    .prepare(dueSql(true).replaceAll("?2", "?1").replaceAll("?3", "?2"))
    .bind(now - UPDATE_REMINDER_MS, REMINDERS_PER_RUN)
    .all<DueRow>();
  if (!due.length) return 0;
  const ids = JSON.stringify(due.map((r) => r.id));
  const days = `cast((?2 - ${QUIET_SINCE}) / 86400000 as integer)`;
  const [marked] = await runBatch(d1, [
    d1
      .prepare(
        `update projects as p set update_reminded_at = ?2
         where p.id in (select value from json_each(?1)) and p.status in ('funded', 'completed')
           and p.exited_at is null and ${QUIET_SINCE} <= ?3
           and (p.update_reminded_at is null or p.update_reminded_at < max(${QUIET_SINCE}, ?3))
         returning id`,
      )
      .bind(ids, now, now - UPDATE_REMINDER_MS),
    d1
      .prepare(
        `${INSERT}
         select ${NEW_ID}, p.founder_id, 'update_reminder', 'update_reminder:' || p.id || ':' || ?2, p.id,
                ${UPDATE_REMINDER_SQL("p.title", days, "p.last_update_at is not null")},
                '/founder-dashboard?project=' || p.id || '#updates', ?2
         from projects p
         where p.id in (select value from json_each(?1)) and p.update_reminded_at = ?2 and p.founder_id is not null
         ${NO_REPEAT}`,
      )
      .bind(ids, now),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("update_reminder"),
      { sql: "n.kind = 'update_reminder'", binds: [] },
      now,
    ),
  ]);
  return marked?.results.length ?? 0;
}

/** The admin console's section: admins only. */
export async function listOverdueForAdmin(db: Database, viewer: SessionUser | null): Promise<OverdueCompany[]> {
  requireAdmin(viewer);
  return overdueCompanies(db);
}
