/**
 * Orders are good for ORDER_GOOD_FOR_DAYS (ADR 053): the every-10-minutes cron expires those past
 * their time, in bounded batches on market_orders_expiry_idx (the open orders by expiry), each one
 * batch: the markets' `seq` moved on (every change to a book does), the orders expired (their
 * reservations freed by trigger), and one notice to each order's owner. A placing also expires its
 * own market's due orders before it matches (orders.ts), so the book never trades one.
 */
import type { Database } from "../../../db/client";
import { expiredNotices, marketTemplate } from "./notices";

/** Orders one batch expires. */
export const EXPIRY_BATCH = 100;
/** Batches one run takes at most (the next run, ten minutes later, takes the rest). */
export const EXPIRY_ROUNDS = 10;

/** Expires due open orders; answers how many. */
export async function expireOrders(db: Database, now: number = Date.now()): Promise<number> {
  const d1 = db.$client;
  const template = await marketTemplate();
  let expired = 0;
  for (let round = 0; round < EXPIRY_ROUNDS; round++) {
    const due = await d1
      .prepare(
        `select id from market_orders indexed by market_orders_expiry_idx
         where status = 'open' and expires_at <= ?1 order by expires_at limit ?2`,
      )
      .bind(now, EXPIRY_BATCH)
      .all<{ id: string }>();
    const ids = due.results.map((r) => r.id);
    if (ids.length === 0) break;
    const json = JSON.stringify(ids);
    const [, done] = await d1.batch([
      d1
        .prepare(
          `update markets set seq = seq + 1 where project_id in
             (select o.project_id from json_each(?1) j join market_orders o on o.id = j.value where o.status = 'open')`,
        )
        .bind(json),
      d1
        .prepare(
          `update market_orders set status = 'expired', closed_at = ?2
           where id in (select value from json_each(?1)) and status = 'open' and expires_at <= ?2`,
        )
        .bind(json, now),
      ...expiredNotices(db, template, { orderIds: ids, now }),
    ]);
    expired += done!.meta.changes ?? 0;
    if (ids.length < EXPIRY_BATCH) break;
  }
  return expired;
}
