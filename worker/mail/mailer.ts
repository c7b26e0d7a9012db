/**
 * The one mailer (ADR 044): Cloudflare Email Service's `send_email` binding (`EMAIL`),
 * behind a D1 outbox.
 *
 * The pattern, for every door that sends mail:
 * 1. render the mail before the write (worker/mail/templates: `RenderedMail`, HTML and text);
 * 2. put `outboxStatement(db, id, to, mail, …)` in the request's own batch, so the mail exists
 *    exactly when the request's write does (its `onlyIf` makes it conditional in SQL: "this email
 *    has an account", "the reset happened"), and a refused or failed request leaves no mail;
 * 3. after the batch, `mailer.sendLater([id])`: the send runs after the response
 *    (`ctx.waitUntil`), so it never delays or breaks the request. A failed send is logged and the
 *    row stays `pending`;
 * 4. the daily job (`retryPendingMail`, worker/index.ts `scheduled`) tries pending rows again, at
 *    most MAX_SEND_ATTEMPTS times each and RETRY_BATCH rows a run, skips the ones past
 *    `expires_at`, and erases the bodies of finished rows after an hour (they may hold a one-time link).
 * Sends claim their rows first (one UPDATE … RETURNING), so the request's send and the daily job
 * never send one row twice at once.
 */
import type { Database } from "../../db/client";
import type { RenderedMail } from "./templates";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../domain/shared/dates";
import { logLine } from "../observability/log";
import { countEvent } from "../observability/metrics";

/** The site's origin in a stored mail, filled from `APP_ORIGIN` when it is sent. */
export const ORIGIN_MARK = "%%ORIGIN%%";
/** Rounds of RETRY_BATCH the frequent mail job sends per run (a settlement's backlog drains over several runs). */
export const DRAIN_ROUNDS = 10;

/** Attempts per mail, the request's own included; then the row is `failed`. */
export const MAX_SEND_ATTEMPTS = 5;
/** Rows the daily job sends per run (each is one call to the binding). */
export const RETRY_BATCH = 50;
/** A claimed row is not claimed again for this long (a send in flight). */
export const CLAIM_MS = 5 * MINUTE_MS;
/** Finished rows keep their bodies this long (longer than any link in them works). */
export const BODY_KEPT_MS = HOUR_MS;
/**
 * How far back the job looks for bodies to erase: a window, so the read is a bounded range of
 * `mail_outbox_pending_idx` and never walks every old row (a row older than this whose body a
 * missed run left is deleted with its row at OUTBOX_KEPT_MS).
 */
export const ERASE_WINDOW_MS = 7 * DAY_MS;
/** Finished rows are deleted after this (ADR 046's retention): the operator's view reads 7 days. */
export const OUTBOX_KEPT_MS = 30 * DAY_MS;
/** Rows erased, and rows deleted, per run at most. */
export const PRUNE_BATCH = 500;

/** The part of the environment the mailer reads: the binding and the sender (wrangler.toml vars). */
export interface MailEnv {
  EMAIL: SendEmail;
  MAIL_FROM: string;
  MAIL_FROM_NAME: string;
  /** The site's origin (`https://…`, no trailing slash): fills `%%ORIGIN%%` in mails written without a request (notices, digests). */
  APP_ORIGIN: string;
}

/**
 * What a door hands a service that sends mail: `sendLater` runs the sends after the response;
 * `origin` is the configured site address (`APP_ORIGIN`), the one base of every link a mail holds.
 * A request's Host never reaches a mail: a service builds its links from `mailer.origin` alone.
 */
export interface Mailer {
  sendLater(ids: string[]): void;
  readonly origin: string;
}

export interface SendOutcome {
  sent: number;
  failed: number;
}

/**
 * The insert of one mail into the outbox, for the caller's batch. With `onlyIf` (an SQL condition
 * with its own binds, numbered from ?9) the row is written only when the condition holds when the
 * batch runs.
 */
export function outboxStatement(
  db: Database,
  id: string,
  to: string,
  mail: RenderedMail,
  options: { now: number; expiresAt?: number | null; onlyIf?: { sql: string; binds: unknown[] } },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into mail_outbox (id, kind, to_address, subject, html, text, created_at, expires_at)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where ${options.onlyIf ? `(${options.onlyIf.sql})` : "true"}`,
    )
    .bind(
      id,
      mail.kind,
      to,
      mail.subject,
      mail.html,
      mail.text,
      options.now,
      options.expiresAt ?? null,
      ...(options.onlyIf?.binds ?? []),
    );
}

interface ClaimedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: string | null;
  attempts: number;
}

/** Rows still worth sending that nobody is sending: pending, under the bound, not expired, not in flight. */
const SENDABLE = `status = 'pending' and attempts < ?2 and (expires_at is null or expires_at > ?1)
  and (last_attempt_at is null or last_attempt_at <= ?1 - ?3)`;

/** Takes the given rows (those still sendable) for one attempt each: one statement. */
async function claim(db: Database, ids: string[] | null, now: number): Promise<ClaimedRow[]> {
  const which =
    ids === null
      ? `id in (select id from mail_outbox where ${SENDABLE} order by created_at limit ?4)`
      : `id in (select value from json_each(?4)) and ${SENDABLE}`;
  const { results } = await db.$client
    .prepare(
      `update mail_outbox set attempts = attempts + 1, last_attempt_at = ?1 where ${which}
       returning id, kind, to_address, subject, html, text, headers, attempts`,
    )
    .bind(now, MAX_SEND_ATTEMPTS, CLAIM_MS, ids === null ? RETRY_BATCH : JSON.stringify(ids))
    .all<ClaimedRow>();
  return results;
}

/** Why a send failed, short enough to keep (never the body). */
function reason(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.slice(0, 500);
}

/** Sends claimed rows one by one, then records every outcome in one batch. */
async function deliver(env: MailEnv, db: Database, rows: ClaimedRow[], now: number): Promise<SendOutcome> {
  const d1 = db.$client;
  const outcomes: D1PreparedStatement[] = [];
  let sent = 0;
  // Mails written without a request (notices, digests) name the site as a marker.
  const origin = (s: string) => s.replaceAll(ORIGIN_MARK, env.APP_ORIGIN);
  for (const row of rows) {
    try {
      const headers = row.headers
        ? Object.fromEntries(
            Object.entries(JSON.parse(row.headers) as Record<string, string>).map(([k, v]) => [k, origin(v)]),
          )
        : undefined;
      const answer = await env.EMAIL.send({
        from: { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME },
        to: row.to_address,
        subject: row.subject,
        html: origin(row.html),
        text: origin(row.text),
        ...(headers ? { headers } : {}),
      });
      sent++;
      countEvent("mail.sent");
      outcomes.push(
        d1
          .prepare(
            "update mail_outbox set status = 'sent', sent_at = ?2, message_id = ?3, last_error = null where id = ?1",
          )
          .bind(row.id, now, answer?.messageId ?? null),
      );
    } catch (e) {
      countEvent("mail.failed");
      // Logged with the row, never the address or the body.
      logLine("error", "mail send failed", { mail: row.id, kind: row.kind, attempt: row.attempts, reason: reason(e) });
      outcomes.push(
        d1
          .prepare(
            `update mail_outbox set last_error = ?2, last_attempt_at = ?4,
               status = case when attempts >= ?3 then 'failed' else 'pending' end where id = ?1`,
          )
          // The claim's hold ends with the failure: the next run may try again at once.
          .bind(row.id, reason(e), MAX_SEND_ATTEMPTS, now - CLAIM_MS),
      );
    }
  }
  if (outcomes.length) await d1.batch(outcomes);
  return { sent, failed: rows.length - sent };
}

/** Sends the given outbox rows now (those still sendable). Never throws for a failed send. */
export async function sendQueued(
  env: MailEnv,
  db: Database,
  ids: string[],
  now: number = Date.now(),
): Promise<SendOutcome> {
  if (!ids.length) return { sent: 0, failed: 0 };
  return deliver(env, db, await claim(db, ids, now), now);
}

/** The mailer of one request: sends after the response; a failure is logged, the row stays pending. */
export function mailerFor(env: MailEnv, ctx: Pick<ExecutionContext, "waitUntil">, db: Database): Mailer {
  return {
    origin: env.APP_ORIGIN,
    sendLater(ids) {
      if (!ids.length) return;
      ctx.waitUntil(
        sendQueued(env, db, ids).catch((e: unknown) =>
          logLine("error", "mail send after response failed", { reason: reason(e) }),
        ),
      );
    },
  };
}

export interface RetryOutcome extends SendOutcome {
  expired: number;
  erased: number;
  deleted: number;
}

/**
 * The mail job: pending mails past their expiry are given up (`expired`), then at most
 * RETRY_BATCH pending rows are sent again (per round), then the bodies of rows finished over
 * BODY_KEPT_MS ago (within ERASE_WINDOW_MS) are erased and finished rows older than OUTBOX_KEPT_MS
 * deleted, PRUNE_BATCH of each a run.
 */
export async function retryPendingMail(
  env: MailEnv,
  db: Database,
  now: number = Date.now(),
  rounds = 1,
): Promise<RetryOutcome> {
  const d1 = db.$client;
  const expired = await d1
    .prepare(
      "update mail_outbox set status = 'expired' where status = 'pending' and expires_at is not null and expires_at <= ?1",
    )
    .bind(now)
    .run();
  const outcome: SendOutcome = { sent: 0, failed: 0 };
  // Each round claims at most RETRY_BATCH rows; a short round means the backlog is empty.
  for (let round = 0; round < rounds; round++) {
    const rows = await claim(db, null, now);
    const { sent, failed } = await deliver(env, db, rows, now);
    outcome.sent += sent;
    outcome.failed += failed;
    if (rows.length < RETRY_BATCH) break;
  }
  const [erased, deleted] = await d1.batch([
    d1
      .prepare(
        `update mail_outbox set html = '', text = '' where id in (
           select id from mail_outbox where status in ('sent', 'failed', 'expired')
              and created_at > ?2 and created_at <= ?1 and (html <> '' or text <> '')
            limit ?3)`,
      )
      .bind(now - BODY_KEPT_MS, now - ERASE_WINDOW_MS, PRUNE_BATCH),
    d1
      .prepare(
        `delete from mail_outbox where id in (
           select id from mail_outbox where status in ('sent', 'failed', 'expired') and created_at <= ?1 limit ?2)`,
      )
      .bind(now - OUTBOX_KEPT_MS, PRUNE_BATCH),
  ]);
  return {
    ...outcome,
    expired: expired.meta.changes,
    erased: erased?.meta.changes ?? 0,
    deleted: deleted?.meta.changes ?? 0,
  };
}
