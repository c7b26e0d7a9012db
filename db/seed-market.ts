/**
 * The demo's Campus Exchange (ADR 053): a few weeks of trading in the funded companies whose
 * shares trade freely (a year past their raise), and a live book of resting orders, so a visitor
 * sees a market with prices, volume and orders waiting. Pure and deterministic for a date: each
 * trade is a buy order and a sell order that it fills exactly; the positions, the reservations, the
 * markets' figures and the holders' money follow from the rows by the triggers of migration 0030
 * (the rows are inserted in time order: orders that filled, then the trades, then the resting orders).
 *
 * The demo investor (Nadia) takes no part in the history (her portfolio's figures stay the ones
 * the README quotes) but has one sell order resting, so her Trade tab shows an open order.
 */
import { expiresAt, feeFor, freeFrom, isLocked, type OrderSide } from "../domain/market/terms.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../domain/shared/dates.ts";
import type { InvestmentRow, ProjectRow, UserRow } from "./schema";

export type DemoOrderRow = {
  id: string;
  projectId: string;
  ownerId: string;
  forCompany: boolean;
  side: OrderSide;
  priceCents: number;
  shares: number;
  remaining: number;
  status: "open" | "filled";
  cancelReason: null;
  seq: number;
  idempotencyKey: string;
  createdAt: number;
  expiresAt: number;
  closedAt: number | null;
};

export type DemoTradeRow = {
  id: string;
  projectId: string;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  buyerCompany: boolean;
  sellerId: string;
  shares: number;
  priceCents: number;
  valueCents: number;
  feeCents: number;
  sellerCostCents: number;
  createdAt: number;
  day: number;
};

/** The companies with a demo market, in the order their history is written. */
export const DEMO_MARKETS = ["proj-tutorloop", "proj-rentright", "proj-suncanopy", "proj-gigboard"] as const;
/** Trades in each market's history, over its last `HISTORY_DAYS`. */
const TRADES_PER_MARKET = 12;
const HISTORY_DAYS = 40;

/** A small seeded generator (mulberry32), so the demo is the same for the same date. */
function random(seed: string): () => number {
  let h = 1779033703;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Holding {
  shares: number;
  amountCents: number;
  costOutCents: number;
}

/**
 * The demo's orders and trades. `marks`: each company's mark per share once its events applied
 * (null at cost): prices move around it.
 */
export function buildMarketDemo(
  now: number,
  projects: readonly ProjectRow[],
  investments: readonly InvestmentRow[],
  users: readonly Pick<UserRow, "id" | "role" | "createdAt">[],
  marks: ReadonlyMap<string, number | null>,
  demoInvestorId: string,
): { orders: DemoOrderRow[]; trades: DemoTradeRow[] } {
  const orders: DemoOrderRow[] = [];
  const trades: DemoTradeRow[] = [];
  const investors = users.filter((u) => u.role === "investor" && u.id !== demoInvestorId);
  for (const projectId of DEMO_MARKETS) {
    const project = projects.find((p) => p.id === projectId);
    if (!project || project.status !== "funded" || project.settledAt === null || project.exitedAt !== null) continue;
    if (isLocked(freeFrom(project.regulationType, project.settledAt), now)) continue;
    const rand = random(`${projectId}:market`);
    const holdings = new Map<string, Holding>();
    for (const i of investments) {
      if (i.projectId !== projectId || (i.status !== "active" && i.status !== "confirmed")) continue;
      const h = holdings.get(i.investorId) ?? { shares: 0, amountCents: 0, costOutCents: 0 };
      h.shares += i.shares;
      h.amountCents += i.amountCents;
      holdings.set(i.investorId, h);
    }
    let seq = 0;
    let price = marks.get(projectId) ?? project.sharePriceCents;
    const order = (o: Omit<DemoOrderRow, "seq" | "forCompany" | "cancelReason" | "idempotencyKey" | "expiresAt">) => {
      seq += 1;
      const row: DemoOrderRow = {
        ...o,
        seq,
        forCompany: false,
        cancelReason: null,
        idempotencyKey: `demo-${o.id}`,
        expiresAt: expiresAt(o.createdAt),
      };
      orders.push(row);
      return row;
    };

    // The history: a seller who holds shares (not the demo investor) sells some to another investor.
    for (let k = 0; k < TRADES_PER_MARKET; k++) {
      const at =
        now - HISTORY_DAYS * DAY_MS + Math.floor(((k + rand()) / TRADES_PER_MARKET) * (HISTORY_DAYS - 2) * DAY_MS);
      const sellers = [...holdings.entries()].filter(([id, h]) => id !== demoInvestorId && h.shares >= 2);
      if (sellers.length === 0) break;
      const [sellerId, held] = sellers[Math.floor(rand() * sellers.length)]!;
      // Someone who had an account by then.
      const buyers = investors.filter((u) => u.id !== sellerId && u.createdAt < at - DAY_MS).map((u) => u.id);
      if (buyers.length === 0) continue;
      const buyerId = buyers[Math.floor(rand() * buyers.length)]!;
      const shares = Math.max(1, Math.min(held.shares - 1, Math.round(held.shares * (0.05 + rand() * 0.2))));
      price = Math.max(1, Math.round(price * (0.96 + rand() * 0.09)));
      const sell = order({
        id: `demo-order-${projectId}-${k}-s`,
        projectId,
        ownerId: sellerId,
        side: "sell",
        priceCents: price,
        shares,
        remaining: 0,
        status: "filled",
        createdAt: at - (2 + Math.floor(rand() * 20)) * HOUR_MS,
        closedAt: at,
      });
      const buy = order({
        id: `demo-order-${projectId}-${k}-b`,
        projectId,
        ownerId: buyerId,
        side: "buy",
        priceCents: price + Math.floor(rand() * 3) * 5,
        shares,
        remaining: 0,
        status: "filled",
        createdAt: at,
        closedAt: at,
      });
      const basis = held.amountCents - held.costOutCents;
      const costCents =
        shares === held.shares ? basis : Math.floor((basis * shares * 2 + held.shares) / (2 * held.shares));
      const valueCents = shares * price;
      trades.push({
        id: `demo-trade-${projectId}-${k}`,
        projectId,
        buyOrderId: buy.id,
        sellOrderId: sell.id,
        buyerId,
        buyerCompany: false,
        sellerId,
        shares,
        priceCents: price,
        valueCents,
        feeCents: feeFor(valueCents),
        sellerCostCents: costCents,
        createdAt: at,
        day: Math.floor(at / DAY_MS),
      });
      held.shares -= shares;
      held.costOutCents += costCents;
      const bought = holdings.get(buyerId) ?? { shares: 0, amountCents: 0, costOutCents: 0 };
      bought.shares += shares;
      bought.amountCents += valueCents;
      holdings.set(buyerId, bought);
    }

    // The live book: asks above the last price from holders, bids below it from others.
    const holders = [...holdings.entries()].filter(([id, h]) => id !== demoInvestorId && h.shares >= 4);
    for (let k = 0; k < Math.min(3, holders.length); k++) {
      const [ownerId, held] = holders[k]!;
      const shares = Math.max(1, Math.floor(held.shares / 4));
      order({
        id: `demo-order-${projectId}-ask-${k}`,
        projectId,
        ownerId,
        side: "sell",
        priceCents: Math.round(price * (1.02 + 0.03 * k)),
        shares,
        remaining: shares,
        status: "open",
        createdAt: now - (9 - 3 * k) * DAY_MS + 17 * MINUTE_MS,
        closedAt: null,
      });
    }
    const bidders = investors.map((u) => u.id).filter((id) => !holdings.has(id));
    for (let k = 0; k < Math.min(3, bidders.length); k++) {
      const shares = 5 + Math.floor(rand() * 20);
      order({
        id: `demo-order-${projectId}-bid-${k}`,
        projectId,
        ownerId: bidders[k]!,
        side: "buy",
        priceCents: Math.max(1, Math.round(price * (0.98 - 0.03 * k))),
        shares,
        remaining: shares,
        status: "open",
        createdAt: now - (8 - 2 * k) * DAY_MS + 41 * MINUTE_MS,
        closedAt: null,
      });
    }
    const mine = holdings.get(demoInvestorId);
    if (mine && mine.shares >= 2) {
      const shares = Math.floor(mine.shares / 2);
      order({
        id: `demo-order-${projectId}-mine`,
        projectId,
        ownerId: demoInvestorId,
        side: "sell",
        priceCents: Math.round(price * 1.12),
        shares,
        remaining: shares,
        status: "open",
        createdAt: now - 3 * DAY_MS,
        closedAt: null,
      });
    }
  }
  return { orders, trades };
}
