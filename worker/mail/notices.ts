/**
 * Transactional notice mails: each is the mail twin of one notification, written to the
 * outbox by ONE set-based statement in the same batch as the notifications it mirrors, right after
 * them. The template is rendered once per kind (React Email, cached per isolate) with markers; the
 * statement fills each row's text (HTML-escaped in SQL) and link, so a settlement of 10,000
 * investments renders nothing per row. The site origin is filled at send time (mailer.ts).
 *
 * Only proved addresses (`users.email_verified_at`) of accounts not deleted get one. The mail's id
 * is `notice:<event key>:<user id>`, the notification's own uniqueness: written at most once.
 */
import type { Database } from "../../db/client";
import type { RenderedMail } from "./templates";
import { noticeTemplate } from "./templates";
import { MARK, type NoticeKind } from "./templates/notice";

const cache = new Map<NoticeKind, Promise<RenderedMail>>();

/** The notice template of `kind`, rendered once per isolate. */
export function noticeTemplateOf(kind: NoticeKind): Promise<RenderedMail> {
  let found = cache.get(kind);
  if (!found) {
    found = noticeTemplate(kind);
    cache.set(kind, found);
  }
  return found;
}

/** The mail id of the notice mirroring notification (eventKey, userId): known before the batch runs. */
export const noticeMailId = (eventKey: string, userId: string) => `notice:${eventKey}:${userId}`;

/** SQL: `x` made safe for HTML text and attribute values. */
export const htmlEscapeSql = (x: string) =>
  `replace(replace(replace(replace(replace(${x}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/** Who may get a mail: a proved address of an account not deleted (`u` is users). */
export const MAILABLE = `u.email_verified_at is not null and u.deleted_at is null`;

/**
 * One statement: the mails of the notifications `n` that `where` picks (an SQL condition on `n`,
 * with binds numbered from ?6), written at `now` by this batch (`n.created_at = ?5`).
 */
export function noticeMailsStatement(
  db: Database,
  template: RenderedMail,
  where: { sql: string; binds: unknown[] },
  now: number,
): D1PreparedStatement {
  const fill = (tpl: string, text: string) =>
    // The link first, the text last: a text holding a marker is not filled again.
    `replace(replace(${tpl}, '${MARK.link}', ${htmlEscapeSql("n.link")}), '${MARK.text}', ${text})`;
  return db.$client
    .prepare(
      `insert into mail_outbox (id, kind, to_address, subject, html, text, created_at)
       select 'notice:' || n.event_key || ':' || n.user_id, ?1, u.email, ?2,
              ${fill("?3", htmlEscapeSql("n.text"))}, ${fill("?4", "n.text")}, ?5
       from notifications n join users u on u.id = n.user_id
       where n.created_at = ?5 and (${where.sql}) and ${MAILABLE}
       on conflict (id) do nothing`,
    )
    .bind(template.kind, template.subject, template.html, template.text, now, ...where.binds);
}
