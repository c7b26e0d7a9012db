/**
 * Notifications (ADR 022). Every event writes its notifications in the same D1 batch
 * as the write that causes it, as ONE `INSERT … SELECT` over the recipients (never a loop of
 * writes), so 500 followers cost one statement. The unique index on (user_id, event_key) with
 * `ON CONFLICT DO NOTHING` makes a repeated fan-out a no-op: nobody hears of one event twice.
 * A recipient's preferences (no row = every kind on) are part of the SELECT, so they are honoured
 * in the same statement.
 *
 * The builders here return prepared statements; the services that own the events (updates,
 * questions, purchases, the daily cron) put them into their batches.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import {
  DEFAULT_PREFERENCES,
  DIGEST_MESSAGE,
  digestChoiceOf,
} from "../../../domain/conversation/notification-preferences";
import type {
  NotificationPreferences,
  NotificationSettingsDTO,
} from "../../../domain/conversation/notification-preferences";
import { isoDay } from "../../../domain/shared/dates";
import { NOTIFICATION_SQL } from "../../../domain/conversation/notification-text";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { notificationPreferences, notifications, type NotificationKind } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { offsetOf, pageInfo, type PageInfo } from "../shared/list-page";

/**
 * The preference column that switches each kind on or off; null for a kind nobody can switch off
 * (`deadline`: a material change to an offering someone invested in; `review`: the outcome of a
 * founder's own submission).
 */
export const PREFERENCE_OF: Record<NotificationKind, keyof NotificationPreferences | null> = {
  update: "updates",
  answer: "answers",
  question: "questions",
  investment: "investments",
  goal: "goals",
  closing: "closing",
  deadline: null,
  review: null,
  // a raise's outcome and what it did to one's money (ADR 043): always told
  settlement: null,
  // the investor's own record of a purchase: their money, so never switched off
  commitment: null,
  // a material change the investor must reconfirm, or its lapse (ADR 050): their money, always told
  reconfirm: null,
  // a company event that changed the value of a holding, or paid it (ADR 052): their money, always told
  valuation: null,
  // one's own orders on the exchange (ADR 053): always in the bell; `marketMails` chooses the mail
  market: null,
  // a new sign-in or a security change (ADR 054): never switched off
  security: null,
  // one's own post hidden by a moderator, with the note (ADR 055): always told
  moderation: null,
  // a raise one reserved in opened, with the days left to confirm (ADR 055): asked for, so always told
  reservation: null,
  // a reply to one's post, a mention of the founder (ADR 055): always in the bell; `replies` chooses the mail
  reply: null,
  mention: null,
  // the founder's own company gone quiet for 90 days (ADR 055): their duty to investors, always told
  update_reminder: null,
};

/** The pieces of a notification fan-out in SQL, for the services whose batches write their own (settlement.ts). */
export const INSERT = `insert into notifications (id, user_id, kind, event_key, project_id, text, link, created_at)`;
export const NEW_ID = `lower(hex(randomblob(16)))`;
export const NO_REPEAT = `on conflict (user_id, event_key) do nothing`;
/** `r.user_id`'s switch for `column`: on unless they turned it off. */
const wants = (column: keyof NotificationPreferences | null) =>
  column === null
    ? "1 = 1"
    : `coalesce((select np.${column} from notification_preferences np where np.user_id = r.user_id), 1) = 1`;

/** Active investors of a project, and (unless `investorsOnly`) its followers: one row per person. */
const AUDIENCE = `(
    select i.investor_id as user_id from investments i where i.project_id = ?2 and i.held = 1
    union
    select f.user_id from project_follows f where f.project_id = ?2 and ?6 = 0
  ) r`;

export interface FanOut {
  eventKey: string;
  projectId: string;
  text: string;
  link: string;
  now: number;
  /** Who caused the event: never told about it. */
  actorId?: string | null;
}

/** A new update: its project's investors and (for a public update) followers. */
export function notifyUpdate(db: Database, e: FanOut & { investorsOnly: boolean }): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, 'update', ?1, ?2, ?3, ?4, ?5
       from ${AUDIENCE}
       where r.user_id <> ?7 and ${wants("updates")}
       ${NO_REPEAT}`,
    )
    .bind(e.eventKey, e.projectId, e.text, e.link, e.now, e.investorsOnly ? 1 : 0, e.actorId ?? "");
}

/**
 * A project reaching its goal: its investors and followers, only when the purchase `investmentId`
 * exists and is the one that took the project row from below its goal to at least its goal
 * (checked in the statement, so it rides in the purchase's batch and does nothing when the
 * purchase bought nothing or the goal was reached before). The buyer who caused it is not told.
 */
export function notifyGoalReached(
  db: Database,
  e: { projectId: string; investmentId: string; actorId: string; now: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, 'goal', 'goal:' || p.id, p.id, ${NOTIFICATION_SQL.goal("p.title")},
              '/project/' || p.slug, ?5
       from ${AUDIENCE}
       join projects p on p.id = ?2
       join investments i2 on i2.id = ?1
       where p.funding_current_cents >= p.funding_goal_cents
         and p.funding_current_cents - i2.amount_cents < p.funding_goal_cents
         and r.user_id <> ?7 and ${wants("goals")}
       ${NO_REPEAT}`,
    )
    .bind(e.investmentId, e.projectId, null, null, e.now, 0, e.actorId);
}

/**
 * The founder's investment notice key: one per investor, project and UTC day, so a
 * buy-and-cancel loop (or a busy day) puts one line in the founder's bell, not one per purchase.
 */
export const investmentEventKey = (projectId: string, investorId: string, now: number) =>
  `investment:${projectId}:${investorId}:${isoDay(now)}`;

/**
 * A new investment, for the project's founder: only when the purchase `investmentId` exists (so
 * it can ride in the purchase's batch), and at most once per investor, project and UTC day
 * (`investmentEventKey`): the day's first purchase is told, later ones that day add nothing.
 */
export function notifyInvestment(
  db: Database,
  e: { projectId: string; investmentId: string; actorId: string; text: string; now: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, 'investment', ?6, ?2, ?3, '/founder-dashboard', ?5
       from (select p.founder_id as user_id from projects p where p.id = ?2 and p.founder_id is not null) r
       where exists (select 1 from investments i2 where i2.id = ?1)
         and r.user_id <> ?4 and ${wants("investments")}
       ${NO_REPEAT}`,
    )
    .bind(e.investmentId, e.projectId, e.text, e.actorId, e.now, investmentEventKey(e.projectId, e.actorId, e.now));
}

/** The link of an investment's commitment notice: its receipt. */
export const receiptLink = (investmentId: string) => `/portfolio/investments/${investmentId}/receipt`;

/**
 * The buyer's commitment notice (ADR 043), in the purchase's batch: written only when the
 * purchase `investmentId` exists, so a refused purchase writes none; its event key
 * `commitment:<investmentId>` is the investment's own, so nothing can write it twice.
 */
export function notifyCommitment(
  db: Database,
  e: { projectId: string; investmentId: string; investorId: string; text: string; now: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, ?2, 'commitment', 'commitment:' || ?1, ?3, ?4, ?5, ?6
       where exists (select 1 from investments i2 where i2.id = ?1 and i2.investor_id = ?2)
       ${NO_REPEAT}`,
    )
    .bind(e.investmentId, e.investorId, e.projectId, e.text, receiptLink(e.investmentId), e.now);
}

/**
 * A later funding deadline, for every active investor of the project, whatever their
 * preferences (a material change: `PREFERENCE_OF.deadline` is null). It rides in the edit's batch
 * AFTER the project's UPDATE and fires only if that UPDATE wrote this deadline (`updated_at` is the
 * edit's own instant); the caller adds it only when the new deadline is later than the one it
 * read. Event key `deadline:<projectId>:<date>`: saving the same date again tells nobody twice.
 */
export function notifyDeadlineMoved(
  db: Database,
  e: { projectId: string; fundingDeadline: string; text: string; now: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, 'deadline', 'deadline:' || ?1 || ':' || ?3, ?1, ?2, '/portfolio', ?4
       from (select distinct i.investor_id as user_id from investments i where i.project_id = ?1 and i.held = 1) r
       where exists (select 1 from projects p where p.id = ?1 and p.funding_deadline = ?3 and p.updated_at = ?4)
         and ${wants(PREFERENCE_OF.deadline)}
       ${NO_REPEAT}`,
    )
    .bind(e.projectId, e.text, e.fundingDeadline, e.now);
}

/**
 * One person (a founder, an asker), unless they switched this kind off or caused the event
 * themselves. `onlyIf`: a parameterless SQL condition that must hold when the batch reaches this
 * statement (`changes() = 1`: the statement before it wrote its one row).
 */
export function notifyOne(
  db: Database,
  kind: NotificationKind,
  recipientId: string,
  e: FanOut,
  onlyIf = "1 = 1",
): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, ?8, ?1, ?2, ?3, ?4, ?5
       from (select ?6 as user_id) r
       where (${onlyIf}) and r.user_id <> ?7 and ${wants(PREFERENCE_OF[kind])}
       ${NO_REPEAT}`,
    )
    .bind(e.eventKey, e.projectId, e.text, e.link, e.now, recipientId, e.actorId ?? "", kind);
}

/** The founder of `projectId` (if the project has one), as `notifyOne` does for a known person. */
export function notifyFounder(db: Database, kind: NotificationKind, e: FanOut): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, ?6, ?1, ?2, ?3, ?4, ?5
       from (select p.founder_id as user_id from projects p where p.id = ?2 and p.founder_id is not null) r
       where r.user_id <> ?7 and ${wants(PREFERENCE_OF[kind])}
       ${NO_REPEAT}`,
    )
    .bind(e.eventKey, e.projectId, e.text, e.link, e.now, kind, e.actorId ?? "");
}

/**
 * The daily cron's fan-out: followers of every open project whose funding ends within the next 48
 * hours (deadline today + 1 or + 2: funding ends at 00:00 UTC of the deadline). One statement for
 * all projects; once per project and person.
 */
export function notifyClosingSoon(db: Database, now: number): D1PreparedStatement {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, r.user_id, 'closing', 'closing:' || p.id, p.id, ${NOTIFICATION_SQL.closing("p.title")},
              '/project/' || p.slug, ?1
       from project_follows r
       join projects p on p.id = r.project_id
       where p.status = 'active' and p.shares_sold < p.total_shares
         and p.funding_deadline > date(?1 / 1000, 'unixepoch')
         and p.funding_deadline <= date(?1 / 1000, 'unixepoch', '+2 days')
         and ${wants("closing")}
       ${NO_REPEAT}`,
    )
    .bind(now);
}

export async function runClosingSoon(db: Database, now: number = Date.now()): Promise<number> {
  const res = await notifyClosingSoon(db, now).run();
  return res.meta.changes ?? 0;
}

// ---- reading and marking ----

export interface NotificationDTO {
  id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  projectId: string | null;
  createdAt: string;
  read: boolean;
}

/** Notifications a page (and the most ids one mark-read names: D1 binds at most 100 parameters). */
export const NOTIFICATIONS_PAGE = 50;

export interface NotificationsPage extends PageInfo {
  notifications: NotificationDTO[];
  /** Unread, every page. */
  unread: number;
}

/**
 * One page of the viewer's notifications, newest first, with their total and the unread count, in
 * one statement (the left join keeps the counts when the page is past the end). The page reads
 * notifications_user_idx in order (no sort, no scan past the page); the counts are the viewer's
 * rows on notifications_user_idx and notifications_unread_idx. A constant statement read as
 * tuples: no SQL built and no row objects made per request (?1 the viewer, ?2 the page size, ?3
 * the offset).
 */
const NOTIFICATIONS_READ = `select c.total, c.unread, s.id, s.kind, s.text, s.link, s.project_id, s.created_at, s.read_at
from (
  select (select count(*) from notifications where user_id = ?1) as total,
    (select count(*) from notifications where user_id = ?1 and read_at is null) as unread
) as c
left join (
  select id, kind, text, link, project_id, created_at, read_at from notifications
  where user_id = ?1
  order by created_at desc, id desc
  limit ?2 offset ?3
) as s on 1 = 1
order by s.created_at desc, s.id desc`;

/** NOTIFICATIONS_READ's columns, in order (no row's columns when the page is past the end). */
type NotificationsReadRow = [
  total: number,
  unread: number,
  id: string | null,
  kind: NotificationKind,
  text: string,
  link: string,
  projectId: string | null,
  createdAt: number,
  readAt: number | null,
];

export async function listNotifications(
  db: Database,
  viewer: SessionUser | null,
  page: number = 1,
  pageSize: number = NOTIFICATIONS_PAGE,
): Promise<NotificationsPage> {
  requireSignedIn(viewer);
  const rows = await db.$client
    .prepare(NOTIFICATIONS_READ)
    .bind(viewer.id, pageSize, offsetOf(page, pageSize))
    .raw<NotificationsReadRow>();
  const list: NotificationDTO[] = [];
  for (const [, , id, kind, text, link, projectId, createdAt, readAt] of rows) {
    if (id == null) continue;
    list.push({
      id,
      kind,
      text,
      link,
      projectId,
      createdAt: new Date(createdAt).toISOString(),
      read: readAt !== null,
    });
  }
  return {
    notifications: list,
    unread: Number(rows[0]?.[1] ?? 0),
    ...pageInfo(Number(rows[0]?.[0] ?? 0), page, pageSize),
  };
}

export const NOTIFICATION_MESSAGES = {
  idsInvalid: `ids must be a list of at most ${NOTIFICATIONS_PAGE} notification ids`,
  notFound: "Notification not found",
  allRead: "All notifications are marked as read",
  saved: "Your notification settings were saved",
  flag: (key: string) => `${key} must be true or false`,
} as const;

/**
 * Marks the viewer's notifications read: those in `ids` (at most a page's 50: D1 binds at most
 * 100 parameters; an empty list names none), or all of them when `ids` is left out. Someone else's
 * ids match nothing. Answers how many are still unread.
 */
export async function markRead(db: Database, viewer: SessionUser | null, body: unknown): Promise<{ unread: number }> {
  requireSignedIn(viewer);
  const raw =
    body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>).ids : undefined;
  let ids: string[] | null = null;
  if (raw !== undefined && raw !== null && raw !== "") {
    const list = typeof raw === "string" ? [raw] : raw;
    if (
      !Array.isArray(list) ||
      list.length > NOTIFICATIONS_PAGE ||
      !list.every((x) => typeof x === "string" && x.length <= 64)
    ) {
      throw new ServiceError(400, NOTIFICATION_MESSAGES.idsInvalid, "invalid_ids");
    }
    ids = list as string[];
  }
  const now = Date.now();
  const mine = and(eq(notifications.userId, viewer.id), isNull(notifications.readAt));
  if (ids === null || ids.length) {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
  }
  const [counted] = await db
    .select({ unread: sql<number>`count(*)` })
    .from(notifications)
    .where(mine);
  return { unread: Number(counted?.unread ?? 0) };
}

/** Opening one: marks it read and answers where it points (null when it is not the viewer's). */
export async function openNotification(db: Database, viewer: SessionUser | null, id: string): Promise<string | null> {
  requireSignedIn(viewer);
  if (!id || id.length > 64) return null;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${Date.now()})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, viewer.id)))
    .returning({ link: notifications.link });
  return rows[0]?.link ?? null;
}

// ---- preferences ----

export async function getPreferences(db: Database, viewer: SessionUser | null): Promise<NotificationSettingsDTO> {
  requireSignedIn(viewer);
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, viewer.id))
    .limit(1);
  const row = rows[0];
  if (!row) return { ...DEFAULT_PREFERENCES, digest: "off" };
  const { updates, answers, questions, investments, goals, closing, marketMails, replies, digest } = row;
  return { updates, answers, questions, investments, goals, closing, marketMails, replies, digest };
}

const yes = (x: unknown) =>
  x === true || x === 1 || (typeof x === "string" && ["on", "true", "1", "yes"].includes(x.trim().toLowerCase()));

/**
 * Saves the switches. A form sends only the checked boxes (so a missing key is off); an API client
 * may send only what it changes (`partial`), the rest kept. The digest choice (`off`, `daily`,
 * `weekly`) is kept when left out, by either.
 */
export async function savePreferences(
  db: Database,
  viewer: SessionUser | null,
  body: unknown,
  opts: { partial: boolean },
): Promise<NotificationSettingsDTO> {
  requireSignedIn(viewer);
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const digest = digestChoiceOf(input.digest);
  if (digest === null) throw new ServiceError(400, DIGEST_MESSAGE, "invalid_digest");
  const saved = await getPreferences(db, viewer);
  const current = opts.partial ? saved : null;
  const next = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof NotificationPreferences)[]) {
    if (key in input) {
      const x = input[key];
      if (opts.partial && typeof x !== "boolean") {
        throw new ServiceError(400, NOTIFICATION_MESSAGES.flag(key), "invalid_preference");
      }
      next[key] = yes(x);
    } else next[key] = current ? current[key] : false;
  }
  const chosen = { ...next, digest: digest ?? saved.digest };
  await db
    .insert(notificationPreferences)
    // The digest's period: '' (never sent) rather than null, so the job reads it by index range.
    .values({ userId: viewer.id, ...chosen, digestPeriod: "", updatedAt: Date.now() })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        ...chosen,
        digestPeriod: sql`coalesce(${notificationPreferences.digestPeriod}, '')`,
        updatedAt: Date.now(),
      },
    });
  return chosen;
}

export {
  DEFAULT_PREFERENCES,
  PREFERENCE_LABELS,
  type NotificationPreferences,
} from "../../../domain/conversation/notification-preferences";
