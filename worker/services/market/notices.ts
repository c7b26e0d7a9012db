/**
 * The exchange's notices (ADR 053): a person's own order filled, expired, or was cancelled by a
 * halt or an exit. Each is written in the batch of the change it tells of, as one set-based
 * statement (never a write per person), and its mail twin right after it (worker/mail/notices.ts):
 * in the bell always (`PREFERENCE_OF.market` is null), by mail unless the person turned the
 * exchange's mails off (`notification_preferences.market_mails`), and only to proved addresses.
 */
import { NOTIFICATION_SQL } from "../../../domain/conversation/notification-text";
import type { Database } from "../../../db/client";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import type { RenderedMail } from "../../mail/templates";
import { INSERT, NEW_ID, NO_REPEAT } from "../conversation/notifications";

/** The switch for the mail of notification `n` (no preferences row: on). */
const WANTS_MAIL = `coalesce((select np.market_mails from notification_preferences np where np.user_id = n.user_id), 1) = 1`;

/** Where a market's notice points: the company's page (its Trade tab). */
export const marketLink = (slug: string) => `/project/${slug}?tab=trade`;
/** The same link, written by SQL from a project row `p`. */
const MARKET_LINK_SQL = "'/project/' || p.slug || '?tab=trade'";

/** The exchange's mail template, rendered once per isolate. */
export const marketTemplate = (): Promise<RenderedMail> => noticeTemplateOf("market");

/** The mails of the market notices this batch wrote under `eventKeySql` (an SQL condition on `n`, binds from ?6). */
function mails(db: Database, template: RenderedMail, where: string, binds: unknown[], now: number) {
  return noticeMailsStatement(db, template, { sql: `n.kind = 'market' and ${where} and ${WANTS_MAIL}`, binds }, now);
}

/** One placing's notices: one per person it traded for (`texts`, at most one order's fills + 1), keyed by the order. */
export function fillNotices(
  db: Database,
  template: RenderedMail,
  e: { orderId: string; projectId: string; link: string; now: number; texts: { userId: string; text: string }[] },
): D1PreparedStatement[] {
  if (e.texts.length === 0) return [];
  const eventKey = `market:fill:${e.orderId}`;
  return [
    db.$client
      .prepare(
        `${INSERT}
         select ${NEW_ID}, json_extract(j.value, '$.userId'), 'market', ?1, ?2, json_extract(j.value, '$.text'), ?3, ?4
         from json_each(?5) j
         where true
         ${NO_REPEAT}`,
      )
      .bind(eventKey, e.projectId, e.link, e.now, JSON.stringify(e.texts)),
    mails(db, template, `n.event_key = ?6`, [eventKey], e.now),
  ];
}

/**
 * The owners of the orders a halt or an exit cancelled at `closedAt` in one market: one notice per
 * owner, counting their orders (read on market_orders_project_idx). `reasonSql`: the halt's reason
 * (bound as ?5), unused for an exit.
 */
export function cancelledNotices(
  db: Database,
  template: RenderedMail,
  e: { projectId: string; cause: "halt" | "exit"; closedAt: number; now: number; reason?: string },
): D1PreparedStatement[] {
  const eventKey = `market:${e.cause}:${e.projectId}:${e.closedAt}`;
  const text =
    e.cause === "halt"
      ? NOTIFICATION_SQL.marketHalted("p.title", "?5", "o.orders")
      : NOTIFICATION_SQL.marketClosed("p.title", "o.orders");
  return [
    db.$client
      .prepare(
        `${INSERT}
         select ${NEW_ID}, o.owner_id, 'market', ?1, ?2, ${text}, ${MARKET_LINK_SQL}, ?4
         from (select owner_id, count(*) as orders from market_orders
               where project_id = ?2 and status = 'cancelled' and cancel_reason = ?6 and closed_at = ?3
               group by owner_id) o
         join projects p on p.id = ?2
         ${NO_REPEAT}`,
      )
      .bind(eventKey, e.projectId, e.closedAt, e.now, e.reason ?? "", e.cause),
    mails(db, template, `n.event_key = ?6`, [eventKey], e.now),
  ];
}

/** One notice per order this batch expired (`orderIds`, bound as JSON), to its owner. */
export function expiredNotices(
  db: Database,
  template: RenderedMail,
  e: { orderIds: string[]; now: number },
): D1PreparedStatement[] {
  if (e.orderIds.length === 0) return [];
  const ids = JSON.stringify(e.orderIds);
  return [
    db.$client
      .prepare(
        `${INSERT}
         select ${NEW_ID}, o.owner_id, 'market', 'market:expired:' || o.id, o.project_id,
                ${NOTIFICATION_SQL.marketExpired("p.title", "o.side", "o.shares", "o.remaining", "o.price_cents")},
                ${MARKET_LINK_SQL}, ?2
         from json_each(?1) j
         join market_orders o on o.id = j.value
         join projects p on p.id = o.project_id
         where o.status = 'expired' and o.closed_at = ?2
         ${NO_REPEAT}`,
      )
      .bind(ids, e.now),
    mails(db, template, `n.event_key in (select 'market:expired:' || value from json_each(?6))`, [ids], e.now),
  ];
}
