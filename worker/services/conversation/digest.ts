/**
 * The email digest of unread notifications (Settings → Notifications: off, daily or weekly) and its
 * one-click unsubscribe (RFC 8058).
 *
 * The scheduled job (`runDigests`, worker/index.ts) claims the people due this period with ONE
 * guarded UPDATE of `notification_preferences.digest_period` (read by the index (digest,
 * digest_period); a period is `2026-11-28` daily, `2026-W48` weekly), so two runs at once never
 * claim the same person twice, and each person gets at most one digest a period. A claimed person
 * with a proved address, an account not deleted and unread notifications created since their last
 * digest (at most one period back) gets one mail: the newest DIGEST_ITEMS, "and K more". At most
 * DIGEST_PEOPLE_PER_RUN people a run; the rest wait for the next run (every 10 minutes).
 *
 * The template is rendered once per period kind with markers; each person's list is filled here,
 * HTML-escaped. Every digest carries `List-Unsubscribe` (`<origin/unsubscribe/<token>>`) and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (kept in mail_outbox.headers, passed to the
 * binding). The token needs no sign-in: the user id and an HMAC-SHA256 of it and the list's name with
 * the server secret UNSUBSCRIBE_SECRET (a development key stands in outside production).
 */
import { eq } from "drizzle-orm";

import { DAY_MS, isoDay } from "../../../domain/shared/dates";
import type { Database } from "../../../db/client";
import { notificationPreferences } from "../../../db/schema";
import { type MailEnv, ORIGIN_MARK, sendQueued } from "../../mail/mailer";
import { MAILABLE } from "../../mail/notices";
import { digestTemplate } from "../../mail/templates";
import { DIGEST_MARK } from "../../mail/templates/digest";

export const DIGEST_PEOPLE_PER_RUN = 200;
/** Notifications listed in one digest; the rest are counted ("and K more"). */
export const DIGEST_ITEMS = 20;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
type Period = keyof typeof PERIOD_MS;

/** The list's name in the token (another list would get its own). */
const LIST = "digest";
const DEV_SECRET = "campusfund-development-only-unsubscribe-key";

export interface DigestEnv extends MailEnv {
  APP_ENV: string;
  UNSUBSCRIBE_SECRET?: string;
}

/** The server secret of unsubscribe tokens; outside production a fixed development key stands in. */
export function unsubscribeSecret(env: { APP_ENV: string; UNSUBSCRIBE_SECRET?: string }): string {
  if (env.UNSUBSCRIBE_SECRET) return env.UNSUBSCRIBE_SECRET;
  if (env.APP_ENV !== "production") return DEV_SECRET;
  throw new Error("UNSUBSCRIBE_SECRET is not set: no digest is sent until it is (wrangler secret put)");
}

/** The period a digest of `choice` sent at `now` belongs to: the UTC date, or the ISO week. */
export function digestPeriod(choice: Period, now: number): string {
  if (choice === "daily") return isoDay(now);
  const d = new Date(now);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3));
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

async function mac(secret: string, userId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return b64url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${LIST}:${userId}`)));
}

/** `<user id>.<HMAC>`: URL-safe, no sign-in needed. */
export async function unsubscribeToken(secret: string, userId: string): Promise<string> {
  return `${userId}.${await mac(secret, userId)}`;
}

/** The user a token names, or null when it is not one of ours. */
export async function userOfToken(secret: string, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const userId = token.slice(0, dot);
  const expected = await mac(secret, userId);
  const given = token.slice(dot + 1);
  if (given.length !== expected.length) return null;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0 ? userId : null;
}

export const UNSUBSCRIBE_MESSAGES = {
  invalid: "This unsubscribe link does not work. Change the digest in Settings → Notifications.",
  done: "You will no longer receive the digest.",
} as const;

/** Turns the digest off for the token's person (no sign-in). False: the token is not valid. */
export async function unsubscribeDigest(db: Database, secret: string, token: string): Promise<boolean> {
  const userId = await userOfToken(secret, token);
  if (!userId) return false;
  await db
    .update(notificationPreferences)
    .set({ digest: "off", updatedAt: Date.now() })
    .where(eq(notificationPreferences.userId, userId));
  return true;
}

/** The claim: who is due this period (by the index (digest, digest_period)), taken in one guarded UPDATE. */
export const CLAIM_SQL = `update notification_preferences set digest_period = ?2
  where user_id in (select user_id from notification_preferences where digest = ?1 and digest_period < ?2 limit ?3)
    and digest = ?1 and digest_period < ?2
  returning user_id`;

interface Item {
  user_id: string;
  email: string;
  text: string;
  link: string;
  total: number;
}

/** The claimed people's unread notifications since their last digest: the newest DIGEST_ITEMS each, and their count. */
const ITEMS_SQL = `with claimed(user_id) as (select value from json_each(?1)),
  who as (
    select u.id as user_id, u.email,
           max(?2, coalesce((select max(m.created_at) from mail_outbox m where m.to_address = u.email and m.kind = 'digest'), 0)) as since
    from claimed c join users u on u.id = c.user_id
    where ${MAILABLE})
  select user_id, email, text, link, total from (
    select w.user_id, w.email, n.text, n.link,
           count(*) over (partition by n.user_id) as total,
           row_number() over (partition by n.user_id order by n.created_at desc, n.id desc) as rn
    from who w join notifications n on n.user_id = w.user_id and n.read_at is null and n.created_at > w.since)
  where rn <= ?3
  order by user_id, rn`;

const escapeHtml = (s: string) =>
  s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

export interface DigestOutcome {
  claimed: number;
  mailed: number;
  sent: number;
}

/** One run of the digest job (see the top of this file). */
export async function runDigests(
  env: DigestEnv,
  db: Database,
  now: number = Date.now(),
  limit: number = DIGEST_PEOPLE_PER_RUN,
): Promise<DigestOutcome> {
  const secret = unsubscribeSecret(env);
  const d1 = db.$client;
  const outcome: DigestOutcome = { claimed: 0, mailed: 0, sent: 0 };
  const ids: string[] = [];
  for (const choice of ["daily", "weekly"] as const) {
    const room = limit - outcome.claimed;
    if (room <= 0) break;
    const period = digestPeriod(choice, now);
    const { results: claimed } = await d1.prepare(CLAIM_SQL).bind(choice, period, room).all<{ user_id: string }>();
    outcome.claimed += claimed.length;
    if (!claimed.length) continue;
    const { results: items } = await d1
      .prepare(ITEMS_SQL)
      .bind(JSON.stringify(claimed.map((c) => c.user_id)), now - PERIOD_MS[choice], DIGEST_ITEMS)
      .all<Item>();
    const byUser = Map.groupBy(items, (i) => i.user_id);
    const template = await digestTemplate(choice);
    const inserts: D1PreparedStatement[] = [];
    for (const [userId, list] of byUser) {
      const first = list[0]!;
      const more = first.total - list.length;
      const unsubscribe = `${ORIGIN_MARK}/unsubscribe/${await unsubscribeToken(secret, userId)}`;
      // The person's own words last (a function replacer: no `$` patterns), so nothing in them is filled again.
      const fill = (tpl: string, items: string) =>
        tpl
          .replaceAll(DIGEST_MARK.unsubscribe, () => unsubscribe)
          .replace(DIGEST_MARK.more, () => (more > 0 ? `and ${more} more` : ""))
          .replace(DIGEST_MARK.items, () => items);
      const html = fill(
        template.html,
        list
          .map(
            (i) =>
              `<li style="margin:0 0 8px"><a href="${ORIGIN_MARK}${escapeHtml(i.link)}">${escapeHtml(i.text)}</a></li>`,
          )
          .join(""),
      );
      const text = fill(template.text, list.map((i) => `- ${i.text} (${ORIGIN_MARK}${i.link})`).join("\n"));
      const headers = {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
      const id = `digest:${userId}:${period}`;
      ids.push(id);
      inserts.push(
        d1
          .prepare(
            `insert into mail_outbox (id, kind, to_address, subject, html, text, created_at, headers)
             values (?1, 'digest', ?2, ?3, ?4, ?5, ?6, ?7) on conflict (id) do nothing`,
          )
          .bind(id, first.email, template.subject, html, text, now, JSON.stringify(headers)),
      );
    }
    if (inserts.length) await d1.batch(inserts);
    outcome.mailed += inserts.length;
  }
  if (ids.length) outcome.sent = (await sendQueued(env, db, ids, now)).sent;
  return outcome;
}
