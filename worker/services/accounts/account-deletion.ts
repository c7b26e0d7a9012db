/**
 * Delete my account (ADR 046).
 * - **asking** (`requestAccountDeletion`): the current password, checked as the password change
 *   checks it (its message and wrong-guess limit), then ONE batch: `deletion_requested_at`, every
 *   other session and every remembered device ended (the asking session stays), the wrong-guess
 *   counter cleared and, to a proved address, the "we received your request" mail. 5 requests an
 *   hour per account. Before confirming, `deletionWarnings` says what deletion does to an open raise
 *   or to investments still cancellable (bounded reads: a count and the first few titles).
 * - **keeping** (`cancelAccountDeletion`, and signing in within the grace period: auth.ts `login`).
 * - **erasing** (`eraseDueAccounts`, the daily job): accounts whose request is older than
 *   DELETION_GRACE_MS, at most ERASE_BATCH a run (users_deletion_idx), each in ONE batch guarded by
 *   the request read (same instant, same address, not yet erased): a sign-in that cancelled first
 *   makes the whole batch do nothing. The users row stays as the anonymous holder of its
 *   investments; what names a person is erased or deleted; investments, projects, questions,
 *   answers and updates stay, shown under "a former member".
 * A suspended account cannot ask (its sessions end with the suspension and it cannot sign in); a
 * request made before a suspension runs its course: the suspension does not take the erasure away.
 */
import { DELETED_BODY } from "../conversation/discussion";
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";

import {
  cancellableWarning,
  DELETION_GRACE_MS,
  DELETION_MESSAGES,
  deletionDate,
  ERASE_BATCH,
  erasedEmail,
  FORMER_MEMBER_NAME,
  openRaiseWarning,
} from "../../../domain/accounts/account-deletion";
import { cancelCutoffSql } from "../../../domain/money/cancellation";
import { formatDate } from "../../../domain/shared/format";
import { quoted } from "../../../domain/shared/quote";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { outboxStatement, type Mailer } from "../../mail/mailer";
import { deletionRequestedMail } from "../../mail/templates";
import { requireSignedIn } from "../shared/access";
import { checkCurrentPassword } from "./account-security";
import { confirmedByProof } from "./step-up";
import { ServiceError } from "../shared/errors";
import { publicInvestorName } from "../projects/projects";
import { clearStatements, keyPart, reserve, type RateLimit } from "../shared/rate-limit";
import { HOUR_MS } from "../../../domain/shared/dates";

/** Deletion requests: 5 an hour per account (wrong passwords also count toward the password lockout). */
export const DELETION_LIMIT = {
  max: 5,
  windowMs: HOUR_MS,
  message: DELETION_MESSAGES.tooMany,
} as const satisfies RateLimit;

/** The first few titles a warning names. */
const NAMED = 3;

/** The session id of an `id.secret` token. */
const sessionIdOf = (token: string | null) => (token ? (token.split(".")[0] ?? "") : "");

/** What deletion would do to the viewer's open raise and cancellable investments, as sentences. */
export async function deletionWarnings(db: Database, userId: string, now: number = Date.now()): Promise<string[]> {
  const d1 = db.$client;
  const [raise, held] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare("select title from projects where founder_id = ?1 and status = 'active' and settled_at is null limit 1")
      .bind(userId),
    d1
      .prepare(
        `with open as (
           select p.title as title, ${cancelCutoffSql("i", "p")} as cutoff, i.created_at as created_at
           from investments i join projects p on p.id = i.project_id
           where i.investor_id = ?1 and i.status = 'active' and p.settled_at is null)
         select count(*) as n, min(cutoff) as earliest, max(cutoff) as latest,
           (select json_group_array(title) from (select distinct title from open where cutoff > ?2
              order by title limit ${NAMED})) as titles,
           (select count(distinct title) from open where cutoff > ?2) as raises
         from open where cutoff > ?2`,
      )
      .bind(userId, now),
  ]);
  const warnings: string[] = [];
  const title = raise?.results[0]?.title;
  if (typeof title === "string") warnings.push(openRaiseWarning(title));
  const row = held?.results[0] as
    { n: number; earliest: number; latest: number; titles: string; raises: number } | undefined;
  if (row && row.n > 0) {
    const titles = JSON.parse(row.titles) as string[];
    warnings.push(cancellableWarning(row.n, titles, row.raises, row.earliest, row.latest));
  }
  return warnings;
}

export interface DeletionRequested {
  /** When the account will be erased (ms). */
  deletionDate: number;
  message: string;
  warnings: string[];
  endedSessions: number;
}

/**
 * Asks for the viewer's account to be deleted: 400 for a missing or wrong password, 409 when it is
 * already asked, 429 past a limit; nothing changes on any refusal.
 */
export async function requestAccountDeletion(
  db: Database,
  viewer: SessionUser | null,
  sessionToken: string | null,
  fields: Record<string, unknown>,
  options: { mailer: Mailer; now?: number },
): Promise<DeletionRequested> {
  requireSignedIn(viewer);
  const now = options.now ?? Date.now();
  const password = fields.password;
  if (typeof password !== "string" || password === "") {
    throw new ServiceError(400, DELETION_MESSAGES.passwordRequired, "validation_error", {
      errors: { password: DELETION_MESSAGES.passwordRequired },
    });
  }
  await reserve(db, [{ key: `delete:acct:${viewer.id}`, limit: DELETION_LIMIT }], now);
  const [state] = await db
    .select({ at: users.deletionRequestedAt })
    .from(users)
    .where(eq(users.id, viewer.id))
    .limit(1);
  if (state?.at != null) {
    throw new ServiceError(
      409,
      DELETION_MESSAGES.alreadyScheduled(deletionDate(state.at)),
      "deletion_already_requested",
    );
  }
  const slot = await checkCurrentPassword(db, viewer.id, password, "password", now);
  const warnings = await deletionWarnings(db, viewer.id, now);
  const when = deletionDate(now);
  const mail = await deletionRequestedMail(formatDate(when), options.mailer.origin);
  const mailId = crypto.randomUUID();
  const d1 = db.$client;
  // Every statement after the first runs only if the first wrote this request.
  const asked = "exists (select 1 from users where id = ?1 and deletion_requested_at = ?2)";
  const results = await d1.batch([
    d1
      .prepare(
        "update users set deletion_requested_at = ?2 where id = ?1 and deletion_requested_at is null and deleted_at is null",
      )
      .bind(viewer.id, now),
    d1
      .prepare(`delete from sessions where user_id = ?1 and id <> ?3 and ${asked}`)
      .bind(viewer.id, now, sessionIdOf(sessionToken)),
    d1.prepare(`delete from trusted_devices where user_id = ?1 and ${asked}`).bind(viewer.id, now),
    ...clearStatements(db, [slot.key]),
    // The right password is the step-up's confirmation (ADR 054), and it counts.
    ...confirmedByProof(db, viewer, now),
    outboxStatement(db, mailId, viewer.email, mail, {
      now,
      onlyIf: {
        sql: "exists (select 1 from users where id = ?9 and deletion_requested_at = ?10 and email_verified_at is not null)",
        binds: [viewer.id, now],
      },
    }),
  ]);
  if (results[0]?.meta.changes !== 1) {
    throw new ServiceError(409, DELETION_MESSAGES.notScheduled, "deletion_already_requested");
  }
  options.mailer.sendLater([mailId]);
  return {
    deletionDate: when,
    message: DELETION_MESSAGES.scheduled(when),
    warnings,
    endedSessions: results[1]?.meta.changes ?? 0,
  };
}

/** Keeps the viewer's account: 409 when no deletion is asked. */
export async function cancelAccountDeletion(db: Database, viewer: SessionUser | null): Promise<{ message: string }> {
  requireSignedIn(viewer);
  const kept = await db
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, viewer.id), isNotNull(users.deletionRequestedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (kept.length !== 1) throw new ServiceError(409, DELETION_MESSAGES.notScheduled, "deletion_not_requested");
  return { message: DELETION_MESSAGES.canceled };
}

/** When the viewer's account will be deleted (ms), or null. */
export async function deletionScheduledFor(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ at: users.deletionRequestedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row?.at == null ? null : deletionDate(row.at);
}

/** The statement of the sign-in's batch (SQL: it runs in that batch, ADR 027) that cancels a standing request (auth.ts `login`). */
export function cancelOnSignInStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      "update users set deletion_requested_at = null where id = ?1 and deletion_requested_at is not null and deleted_at is null",
    )
    .bind(userId);
}

export interface DueAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  requestedAt: number;
}

/** A value no password verifies against (secrets.ts `verifyPassword` expects `scrypt$…`). */
const NO_PASSWORD = "erased";

/** The batch that erases one account, every statement guarded by the request as read. */
async function eraseStatements(db: Database, a: DueAccount, now: number): Promise<D1PreparedStatement[]> {
  const d1 = db.$client;
  const acct = await keyPart(a.email);
  // ?1 the account, ?2 the request's instant, ?3 its address: the request still stands as read.
  const standing =
    "exists (select 1 from users where id = ?1 and deletion_requested_at = ?2 and email = ?3 and deleted_at is null)";
  const guarded = (sql: string, ...binds: unknown[]) =>
    d1.prepare(`${sql} and ${standing}`).bind(a.id, a.requestedAt, a.email, ...binds);
  const byUser = (table: string, column = "user_id") => guarded(`delete from ${table} where ${column} = ?1`);
  const name = quoted(publicInvestorName(a.firstName, a.lastName));
  return [
    byUser("sessions"),
    byUser("trusted_devices"),
    byUser("sign_in_networks"),
    // The username stays held for 30 days (ADR 025), so nobody takes it to speak as the person.
    d1
      .prepare(
        `insert into released_usernames (username, user_id, released_at)
         select lower(username), user_id, ?4 from public_profiles
         where user_id = ?1 and username is not null and ${standing}
         on conflict (username) do update set user_id = excluded.user_id, released_at = excluded.released_at`,
      )
      .bind(a.id, a.requestedAt, a.email, now),
    byUser("public_profiles"),
    byUser("investor_financials"),
    byUser("notifications"),
    byUser("notification_preferences"),
    byUser("project_follows"),
    byUser("email_verifications"),
    byUser("password_resets"),
    byUser("ai_insights"),
    byUser("project_drafts", "founder_id"),
    guarded("delete from mail_outbox where to_address = ?3"),
    guarded("delete from supporters where lower(email) = ?3"),
    guarded("delete from contact_messages where lower(trim(email)) = ?3"),
    // Rate-limit counters naming the account (its id) or its address (its key part).
    guarded("delete from rate_limits where (instr(key, ?1) > 0 or instr(key, ?4) > 0)", acct),
    // The founders' "… invested $50 in …" notices name the investor: they now say "a former member".
    guarded(
      `update notifications set text = replace(text, ?4, ?5) where rowid in (
         select n.rowid from (select distinct project_id from investments where investor_id = ?1) p
         join notifications n on n.event_key >= 'investment:' || p.project_id || ':' || ?1 || ':'
           and n.event_key < 'investment:' || p.project_id || ':' || ?1 || ';')`,
      name,
      quoted(FORMER_MEMBER_NAME),
    ),
    // Discussion posts keep their place in their threads (replies hang from them); their words go,
    // and pages name the author "Deleted account" (discussion.ts DELETED_AUTHOR, DELETED_BODY).
    guarded("update discussion_posts set body = ?4 where author_id = ?1", DELETED_BODY),
    // The founder's project stays (company data); the founder's own details on it go.
    guarded(
      `update projects set creator_info = json_object('name', ?4, 'bio', '') where founder_id = ?1`,
      FORMER_MEMBER_NAME,
    ),
    // Last: the row itself, which the guard above reads. Its first name becomes the name every page
    // shows for kept content (publicInvestorName: "A former member", no initial).
    d1
      .prepare(
        `update users set email = ?4, password_hash = ?5, first_name = ?7, last_name = '', birth_date = '',
           phone_number = null, bio = null, profile_image = null, risk_tolerance = 'medium', time_horizon = 'medium',
           preferred_sectors = '[]', investment_goals = '[]', suspended_reason = null, email_verified_at = null,
           deleted_at = ?6
         where id = ?1 and deletion_requested_at = ?2 and email = ?3 and deleted_at is null`,
      )
      .bind(a.id, a.requestedAt, a.email, erasedEmail(a.id), NO_PASSWORD, now, FORMER_MEMBER_NAME),
  ];
}

/** The accounts whose grace period has run out at `now`, oldest request first, at most `limit` (users_deletion_idx). */
export async function dueAccounts(db: Database, now: number, limit: number): Promise<DueAccount[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      requestedAt: users.deletionRequestedAt,
    })
    .from(users)
    .where(and(lte(users.deletionRequestedAt, now - DELETION_GRACE_MS), isNull(users.deletedAt)))
    .orderBy(asc(users.deletionRequestedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, requestedAt: r.requestedAt ?? 0 }));
}

/**
 * Erases one account as read by `dueAccounts`, in one batch; true when erased, false when the
 * request no longer stands as read (a sign-in or "Keep my account" came first: nothing changes).
 */
export async function eraseAccount(db: Database, account: DueAccount, now: number): Promise<boolean> {
  const results = await db.$client.batch(await eraseStatements(db, account, now));
  return results[results.length - 1]?.meta.changes === 1;
}

/**
 * The daily job: erases the accounts whose grace period has run out, oldest request first, at most
 * `limit` a run. Returns the ids erased.
 */
export async function eraseDueAccounts(db: Database, now: number = Date.now(), limit = ERASE_BATCH): Promise<string[]> {
  const erased: string[] = [];
  for (const account of await dueAccounts(db, now, limit)) {
    if (await eraseAccount(db, account, now)) erased.push(account.id);
  }
  return erased;
}
