/**
 * Placing and cancelling orders on the Campus Exchange (ADR 053): the one place the exchange's
 * rules are enforced. Both doors (the Trade tab's form actions and `/api/markets/...`) call these.
 *
 * Serialized per market by a guarded D1 batch. A request reads the market (its `seq`, the book's
 * crossing orders, the trader's position and open orders), decides with the pure rules
 * (domain/market), then writes one batch whose first statement moves the market's `seq` on from
 * the value it read, or to -1, which `markets_seq` CHECK refuses when another batch moved it first:
 * the whole batch rolls back and the request reads and decides again (at most `ATTEMPTS` times).
 * So every batch that writes saw the market exactly as it was, and a trade is one transaction:
 * the orders' remainders, the trade row, and by trigger (migrations/0030) both positions, the
 * reservation, the market's figures, the day's figures and both holders' money by day.
 * Within one isolate, requests for one market also queue behind each other (`serialized`), so they
 * do not spend their attempts on each other; across isolates the guard alone decides.
 *
 * Idempotent: an order's key is unique per trader (`market_orders_key_idx`); a replayed key answers
 * the order as it is now, and a key reused for a different order is a 409.
 */
import { byPriority, match, type RestingOrder } from "../../../domain/market/matching";
import {
  expiresAt,
  feeFor,
  freeFrom,
  isLocked,
  MARKET_MESSAGES,
  MAX_FILLS_PER_ORDER,
  mayBuyWhileLocked,
  OPEN_ORDERS_MAX,
  orderOutcome,
  ORDERS_PER_HOUR,
  parseOrder,
  type CancelReason,
  type MarketStatus,
  type OrderSide,
  type OrderStatus,
} from "../../../domain/market/market";
import { IDEMPOTENCY_KEY_MAX } from "../../../domain/projects/project";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import { can } from "../../../domain/shared/access";
import { DAY_MS, HOUR_MS } from "../../../domain/shared/dates";
import { toDollars } from "../../../domain/shared/money";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireSignedIn } from "../shared/access";
import { constraintFailed, ServiceError } from "../shared/errors";
import { isOverLimit, refusal, reserveStatement, type RateLimit, type Slot } from "../shared/rate-limit";
import { EXPIRY_BATCH } from "./expiry";
import { expiredNotices, fillNotices, marketLink, marketTemplate } from "./notices";
import { serialized } from "./queue";

/** Reads and writes one request may try before it answers that the market is busy. */
export const ATTEMPTS = 12;

export const ORDER_LIMIT: RateLimit = { max: ORDERS_PER_HOUR, windowMs: HOUR_MS, message: MARKET_MESSAGES.rate };
export const orderSlot = (userId: string): Slot => ({ key: `order:user:${userId}`, limit: ORDER_LIMIT });

const SEQ_MOVED = /CHECK constraint failed: markets_seq/i;
const OVERSOLD = /position_oversold/i;
const KEY_TAKEN = /UNIQUE constraint failed: market_orders\.owner_id, market_orders\.idempotency_key/i;
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

export interface OrderDTO {
  id: string;
  projectId: string;
  side: OrderSide;
  /** A founder's buy order for the company (a buyback). */
  forCompany: boolean;
  shares: number;
  /** Shares still to fill (0 once filled; what was left when it was cancelled or expired). */
  remaining: number;
  filled: number;
  /** The limit price per share, dollars. */
  price: number;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  createdAt: string;
  expiresAt: string;
  closedAt: string | null;
}

export interface FillDTO {
  tradeId: string;
  shares: number;
  /** The resting order's price per share, dollars. */
  price: number;
  /** shares × price, dollars. */
  value: number;
  /** The seller's fee, dollars (0 to a buyer). */
  fee: number;
}

export interface PlaceOrderRequest {
  /** The company's `_id` or slug. */
  project: string;
  side: unknown;
  shares: unknown;
  /** Dollars per share, as typed. */
  price: unknown;
  idempotencyKey: unknown;
}

export interface PlaceOrderResult {
  order: OrderDTO;
  /** The trades this order made when it was placed (none for a replay). */
  fills: FillDTO[];
  replayed: boolean;
  message: string;
}

interface OrderRow {
  id: string;
  project_id: string;
  owner_id: string;
  for_company: number;
  side: OrderSide;
  price_cents: number;
  shares: number;
  remaining: number;
  status: OrderStatus;
  cancel_reason: CancelReason | null;
  seq: number;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

export function toOrderDTO(r: OrderRow): OrderDTO {
  return {
    id: r.id,
    projectId: r.project_id,
    side: r.side,
    forCompany: r.for_company === 1,
    shares: r.shares,
    remaining: r.remaining,
    filled: r.shares - r.remaining,
    price: toDollars(r.price_cents),
    status: r.status,
    cancelReason: r.cancel_reason,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
  };
}

/** A company and its market as an order needs them. */
interface MarketHead {
  projectId: string;
  slug: string;
  title: string;
  founderId: string | null;
  regulation: string;
  settledAt: number | null;
  settledShares: number;
  /** null: the company is not funded and settled, so it has no market. */
  status: MarketStatus | null;
  haltReason: string | null;
}

async function marketHead(db: Database, project: string): Promise<MarketHead | null> {
  const row = await db.$client
    .prepare(
      `select p.id, p.slug, p.title, p.founder_id, p.regulation_type, p.settled_at, coalesce(p.settled_shares, 0) as settled_shares,
              m.status, m.halt_reason
       from projects p left join markets m on m.project_id = p.id
       where (p.id = ?1 or p.slug = ?1) and p.published_at is not null
       limit 1`,
    )
    .bind(project)
    .first<{
      id: string;
      slug: string;
      title: string;
      founder_id: string | null;
      regulation_type: string;
      settled_at: number | null;
      settled_shares: number;
      status: MarketStatus | null;
      halt_reason: string | null;
    }>();
  if (!row) return null;
  return {
    projectId: row.id,
    slug: row.slug,
    title: row.title,
    founderId: row.founder_id,
    regulation: row.regulation_type,
    settledAt: row.settled_at,
    settledShares: row.settled_shares,
    status: row.status,
    haltReason: row.halt_reason,
  };
}

/** Refuses an order in a market that does not trade now: none yet, halted or closed (409). */
function assertTrading(head: MarketHead): void {
  if (head.status === null) throw new ServiceError(409, MARKET_MESSAGES.notTrading, "market_not_trading");
  if (head.status === "closed") throw new ServiceError(409, MARKET_MESSAGES.closed, "market_closed");
  if (head.status === "halted") {
    throw new ServiceError(409, MARKET_MESSAGES.halted(head.haltReason ?? ""), "market_halted");
  }
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(50, 2 ** attempt) * Math.random()));

async function findByKey(db: Database, ownerId: string, key: string): Promise<OrderRow | null> {
  return db.$client
    .prepare(`select * from market_orders where owner_id = ?1 and idempotency_key = ?2`)
    .bind(ownerId, key)
    .first<OrderRow>();
}

function replayOf(
  row: OrderRow,
  head: MarketHead,
  asked: { side: OrderSide; shares: number; priceCents: number },
): PlaceOrderResult {
  if (
    row.project_id !== head.projectId ||
    row.side !== asked.side ||
    row.shares !== asked.shares ||
    row.price_cents !== asked.priceCents
  ) {
    throw new ServiceError(409, MARKET_MESSAGES.keyReused, "key_reused");
  }
  const order = toOrderDTO(row);
  return { order, fills: [], replayed: true, message: replayMessage(order) };
}

function replayMessage(order: OrderDTO): string {
  const status =
    order.status === "open" ? "is on the book" : order.status === "filled" ? "has filled" : `was ${order.status}`;
  return `This order was already placed: it ${status} (${order.filled} of ${order.shares} shares filled).`;
}

/**
 * Places a limit order: validated (400), the market trading (409), the trader allowed (the
 * transfer rule 403, shares to sell 409), matched against the book and written in one guarded batch.
 */
export async function placeOrder(
  db: Database,
  user: SessionUser | null,
  req: PlaceOrderRequest,
  now: number = Date.now(),
): Promise<PlaceOrderResult> {
  requireSignedIn(user);
  const key = typeof req.idempotencyKey === "string" ? req.idempotencyKey.trim() : "";
  if (!key) throw new ServiceError(400, "An idempotency key is required", "key_required");
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ServiceError(
      400,
      `The idempotency key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
      "key_invalid",
    );
  }
  const head = await marketHead(db, req.project);
  if (!head) throw new ServiceError(404, MARKET_MESSAGES.notFound, "not_found");
  const parsed = parseOrder(req, Math.max(head.settledShares, 1));
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.problems.map((p) => [p.field, p.message]));
    throw new ServiceError(400, parsed.problems[0]!.message, "invalid_fields", { errors });
  }
  const asked = parsed.order;

  const previous = await findByKey(db, user.id, key);
  if (previous) return replayOf(previous, head, asked);

  // Who may place it: investors (and admins) buy and sell; a founder only buys back their own company.
  const forCompany = user.role === "founder";
  if (forCompany) {
    if (head.founderId !== user.id)
      throw new ServiceError(403, MARKET_MESSAGES.founderBuysOther, "founder_cannot_trade");
    if (asked.side === "sell") throw new ServiceError(403, MARKET_MESSAGES.founderSells, "founder_cannot_sell");
  } else if (!can(user, "invest")) {
    throw new ServiceError(403, MARKET_MESSAGES.cannotTrade, "cannot_trade");
  }
  assertTrading(head);

  const freeOn = freeFrom(head.regulation, head.settledAt);
  if (asked.side === "buy" && isLocked(freeOn, now) && !forCompany) {
    const financials = await db.$client
      .prepare(`select accredited from investor_financials where user_id = ?1`)
      .bind(user.id)
      .first<{ accredited: number }>();
    if (!mayBuyWhileLocked({ company: false, accredited: financials?.accredited === 1 })) {
      throw new ServiceError(403, MARKET_MESSAGES.locked(freeOn!), "transfer_restricted", { details: { freeOn } });
    }
  }

  return serialized(head.projectId, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await attemptOrder(db, user, head, asked, forCompany, key, now);
      } catch (e) {
        if (constraintFailed(e, KEY_TAKEN)) {
          const row = await findByKey(db, user.id, key);
          if (row) return replayOf(row, head, asked);
        }
        if (isOverLimit(e)) throw await refusal(db, [orderSlot(user.id)], now);
        const retry = constraintFailed(e, SEQ_MOVED) || constraintFailed(e, OVERSOLD);
        if (!retry) throw e;
        if (attempt + 1 >= ATTEMPTS) throw new ServiceError(409, MARKET_MESSAGES.busy, "market_busy");
        await pause(attempt);
      }
    }
  });
}

interface BookRow {
  id: string;
  owner_id: string;
  for_company: number;
  side: OrderSide;
  price_cents: number;
  remaining: number;
  seq: number;
}

async function attemptOrder(
  db: Database,
  user: SessionUser,
  head: MarketHead,
  asked: { side: OrderSide; shares: number; priceCents: number },
  forCompany: boolean,
  key: string,
  now: number,
): Promise<PlaceOrderResult> {
  const d1 = db.$client;
  const pid = head.projectId;
  const opposite = asked.side === "buy" ? "sell" : "buy";
  // The book's crossing orders in priority (one past the most an order may fill, to see a self-trade
  // or a sweep), the market's state, the trader's position and open orders: one consistent read.
  const bookSql =
    opposite === "sell"
      ? `select id, owner_id, for_company, side, price_cents, remaining, seq from market_orders indexed by market_orders_asks_idx
         where project_id = ?1 and status = 'open' and side = 'sell' and price_cents <= ?2 and expires_at > ?3
         order by price_cents, seq limit ?4`
      : `select id, owner_id, for_company, side, price_cents, remaining, seq from market_orders indexed by market_orders_bids_idx
         where project_id = ?1 and status = 'open' and side = 'buy' and price_cents >= ?2 and expires_at > ?3
         order by price_cents desc, seq limit ?4`;
  const [marketRes, positionRes, mineRes, bookRes, dueRes] = await d1.batch([
    d1.prepare(`select seq, status, halt_reason from markets where project_id = ?1`).bind(pid),
    d1
      .prepare(`select shares, reserved_shares from positions where project_id = ?1 and investor_id = ?2`)
      .bind(pid, user.id),
    d1
      .prepare(
        `select side, remaining, expires_at from market_orders where owner_id = ?1 and project_id = ?2 and status = 'open'`,
      )
      .bind(user.id, pid),
    d1.prepare(bookSql).bind(pid, asked.priceCents, now, MAX_FILLS_PER_ORDER + 1),
    // Orders past their time that the cron has not expired yet: this batch expires them, and tells their owners.
    d1
      .prepare(
        `select id from market_orders indexed by market_orders_project_idx
         where project_id = ?1 and status = 'open' and expires_at <= ?2 limit ?3`,
      )
      .bind(pid, now, EXPIRY_BATCH),
  ]);
  const market = marketRes!.results[0] as { seq: number; status: MarketStatus; halt_reason: string | null } | undefined;
  if (!market) throw new ServiceError(409, MARKET_MESSAGES.notTrading, "market_not_trading");
  assertTrading({ ...head, status: market.status, haltReason: market.halt_reason });

  const mine = mineRes!.results as { side: OrderSide; remaining: number; expires_at: number }[];
  const live = mine.filter((o) => o.expires_at > now);
  if (live.length >= OPEN_ORDERS_MAX) throw new ServiceError(409, MARKET_MESSAGES.tooManyOpen, "too_many_orders");
  if (asked.side === "sell") {
    const position = positionRes!.results[0] as { shares: number; reserved_shares: number } | undefined;
    if (!position || position.shares === 0) throw new ServiceError(409, MARKET_MESSAGES.notHolder, "not_a_holder");
    const listed = live.filter((o) => o.side === "sell").reduce((sum, o) => sum + o.remaining, 0);
    const free = position.shares - listed;
    if (asked.shares > free) throw new ServiceError(409, MARKET_MESSAGES.notEnoughShares(free), "not_enough_shares");
  }

  const book: (RestingOrder & { forCompany: boolean })[] = (bookRes!.results as BookRow[]).map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    side: r.side,
    priceCents: r.price_cents,
    remaining: r.remaining,
    seq: r.seq,
    forCompany: r.for_company === 1,
  }));
  const result = match(
    { ownerId: user.id, side: asked.side, priceCents: asked.priceCents, shares: asked.shares },
    book,
  );
  if (result.kind === "self-trade") {
    throw new ServiceError(409, MARKET_MESSAGES.selfTrade(asked.side, result.priceCents), "self_trade");
  }

  const seq = market.seq + 1;
  const id = crypto.randomUUID();
  const day = Math.floor(now / DAY_MS);
  const status: OrderStatus = result.rests > 0 ? "open" : result.swept > 0 ? "cancelled" : "filled";
  const template = await marketTemplate();
  const dueIds = (dueRes!.results as { id: string }[]).map((r) => r.id);
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `update markets set seq = case when seq = ?2 and status = 'open' then seq + 1 else -1 end where project_id = ?1`,
      )
      .bind(pid, market.seq),
    // Orders past their time stop resting (and reserving) before anything else is decided.
    d1
      .prepare(
        `update market_orders set status = 'expired', closed_at = ?2 where project_id = ?1 and status = 'open' and expires_at <= ?2`,
      )
      .bind(pid, now),
    ...expiredNotices(db, template, { orderIds: dueIds, now }),
    d1
      .prepare(
        `insert into market_orders (id, project_id, owner_id, for_company, side, price_cents, shares, remaining, status,
           cancel_reason, seq, idempotency_key, created_at, expires_at, closed_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)`,
      )
      .bind(
        id,
        pid,
        user.id,
        forCompany ? 1 : 0,
        asked.side,
        asked.priceCents,
        asked.shares,
        result.rests + result.swept,
        status,
        result.swept > 0 && result.rests === 0 ? "sweep" : null,
        seq,
        key,
        now,
        expiresAt(now),
        status === "open" ? null : now,
      ),
  ];
  const fills: FillDTO[] = [];
  let valueCents = 0;
  // Each person this placing traded for, summed over their orders it met: one notice each.
  type Told = { role: "buyer" | "seller" | "company"; shares: number; value: number; fee: number; prices: Set<number> };
  const told = new Map<string, Told>();
  const tell = (userId: string, role: Told["role"], shares: number, priceCents: number, fee: number) => {
    const t = told.get(userId) ?? { role, shares: 0, value: 0, fee: 0, prices: new Set<number>() };
    t.prices.add(priceCents);
    told.set(userId, { ...t, shares: t.shares + shares, value: t.value + shares * priceCents, fee: t.fee + fee });
  };
  for (const fill of result.fills) {
    const resting = book.find((o) => o.id === fill.restingId)!;
    const tradeId = crypto.randomUUID();
    const value = fill.shares * fill.priceCents;
    const fee = feeFor(value);
    const buy =
      asked.side === "buy"
        ? { order: id, owner: user.id, company: forCompany }
        : { order: resting.id, owner: resting.ownerId, company: resting.forCompany };
    const sell = asked.side === "sell" ? { order: id, owner: user.id } : { order: resting.id, owner: resting.ownerId };
    statements.push(
      d1
        .prepare(
          `update market_orders set remaining = remaining - ?2,
             status = case when remaining = ?2 then 'filled' else status end,
             closed_at = case when remaining = ?2 then ?3 else closed_at end
           where id = ?1 and status = 'open'`,
        )
        .bind(resting.id, fill.shares, now),
      // The seller's cost of these shares: their average cost, to the cent, halves up (all of it for their
      // last shares); integer arithmetic (D1 binds a JavaScript number as a real, hence the cast).
      d1
        .prepare(
          `insert into trades (id, project_id, buy_order_id, sell_order_id, buyer_id, buyer_company, seller_id, shares,
             price_cents, value_cents, fee_cents, seller_cost_cents, created_at, day)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?8 * ?9, ?10,
             (select case when pos.shares = ?8 then pos.amount_cents - pos.cost_out_cents
                     else ((pos.amount_cents - pos.cost_out_cents) * cast(?8 as integer) * 2 + pos.shares) / (2 * pos.shares) end
              from positions pos where pos.project_id = ?2 and pos.investor_id = ?7),
             ?11, ?12)`,
        )
        .bind(
          tradeId,
          pid,
          buy.order,
          sell.order,
          buy.owner,
          buy.company ? 1 : 0,
          sell.owner,
          fill.shares,
          fill.priceCents,
          fee,
          now,
          day,
        ),
    );
    valueCents += value;
    tell(buy.owner, buy.company ? "company" : "buyer", fill.shares, fill.priceCents, 0);
    tell(sell.owner, "seller", fill.shares, fill.priceCents, fee);
    fills.push({
      tradeId,
      shares: fill.shares,
      price: toDollars(fill.priceCents),
      value: toDollars(value),
      fee: asked.side === "sell" ? toDollars(fee) : 0,
    });
  }
  statements.push(
    ...fillNotices(db, template, {
      orderId: id,
      projectId: pid,
      link: marketLink(head.slug),
      now,
      texts: [...told].map(([userId, t]) => ({
        userId,
        text: NOTIFICATION_TEXT.marketFill(t.role, head.title, t.shares, t.value, t.fee, t.prices.size > 1),
      })),
    }),
  );
  statements.push(reserveStatement(db, orderSlot(user.id), now));
  await d1.batch(statements);

  const filled = result.fills.reduce((sum, f) => sum + f.shares, 0);
  const order = toOrderDTO({
    id,
    project_id: pid,
    owner_id: user.id,
    for_company: forCompany ? 1 : 0,
    side: asked.side,
    price_cents: asked.priceCents,
    shares: asked.shares,
    remaining: result.rests + result.swept,
    status,
    cancel_reason: result.swept > 0 && result.rests === 0 ? "sweep" : null,
    seq,
    created_at: now,
    expires_at: expiresAt(now),
    closed_at: status === "open" ? null : now,
  });
  const message = orderOutcome({
    side: asked.side,
    shares: asked.shares,
    priceCents: asked.priceCents,
    filled,
    valueCents,
    rests: result.rests,
    swept: result.swept,
    forCompany,
  });
  return { order, fills, replayed: false, message };
}

/**
 * Cancels the trader's own open order (one guarded batch that also moves the market's `seq`, so a
 * batch that read the order as resting cannot fill it after). Cancelling an order its owner already
 * cancelled answers it again; one that filled or expired is a 409.
 */
export async function cancelOrder(
  db: Database,
  user: SessionUser | null,
  orderId: string,
  now: number = Date.now(),
): Promise<{ order: OrderDTO; message: string }> {
  requireSignedIn(user);
  const d1 = db.$client;
  const row = await d1.prepare(`select * from market_orders where id = ?1`).bind(orderId).first<OrderRow>();
  if (!row) throw new ServiceError(404, MARKET_MESSAGES.orderNotFound, "not_found");
  if (row.owner_id !== user.id) throw new ServiceError(403, MARKET_MESSAGES.notYourOrder, "forbidden");
  const cancelled = "Your order was canceled: nothing more of it will trade.";
  if (row.status === "cancelled" && row.cancel_reason === "owner")
    return { order: toOrderDTO(row), message: cancelled };
  if (row.status !== "open") throw new ServiceError(409, MARKET_MESSAGES.notOpen, "order_not_open");
  const [, updated] = await d1.batch<OrderRow>([
    d1.prepare(`update markets set seq = seq + 1 where project_id = ?1`).bind(row.project_id),
    d1
      .prepare(
        `update market_orders set status = 'cancelled', cancel_reason = 'owner', closed_at = ?2
         where id = ?1 and status = 'open' returning *`,
      )
      .bind(orderId, now),
  ]);
  const after = updated!.results[0];
  if (!after) throw new ServiceError(409, MARKET_MESSAGES.notOpen, "order_not_open");
  return { order: toOrderDTO(after), message: cancelled };
}

/** The book's sides for display: at most `levels` prices each, their shares summed, in priority. */
export function levelsOf(
  orders: readonly RestingOrder[],
  levels: number,
): { price: number; shares: number; orders: number }[] {
  const out: { priceCents: number; shares: number; orders: number }[] = [];
  for (const o of byPriority(orders)) {
    const last = out.at(-1);
    if (last && last.priceCents === o.priceCents) {
      last.shares += o.remaining;
      last.orders += 1;
    } else if (out.length < levels) out.push({ priceCents: o.priceCents, shares: o.remaining, orders: 1 });
    else break;
  }
  return out.map((l) => ({ price: toDollars(l.priceCents), shares: l.shares, orders: l.orders }));
}
