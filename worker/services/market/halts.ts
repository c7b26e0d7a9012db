/**
 * An admin halts and resumes a market (ADR 053), with a reason: required, at most REASON_MAX, shown
 * on the company's market while it is halted. A halt is one batch: the market halted with its reason
 * and its `seq` moved on (so a batch of an order that read it open rolls back and reads it again),
 * the audit row, every open order not yet past its time cancelled (reason `halt`, their shares freed
 * by the reservation trigger), and one notice to each of their owners. Orders already past their time
 * are the expiry's (expiry.ts). Resuming reopens the book (empty) with its own audit row. Each takes
 * a slot of the admin's hourly limit. A closed market (the company exited) can be neither.
 */
import { haltRefusal, HALT_MESSAGES, type AdminMarketDTO, type HaltAction } from "../../../domain/market/halts";
import type { MarketStatus } from "../../../domain/market/market";
import type { SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { auditStatement, reserveAdminAction } from "../operator/audit";
import { requireAdmin } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { parseReason } from "../shared/reason";
import { cancelledNotices, marketTemplate } from "./notices";

export interface HaltResult {
  message: string;
  market: {
    projectId: string;
    slug: string;
    title: string;
    status: MarketStatus;
    haltReason: string | null;
    /** Open orders the halt cancelled (0 for a resumption). */
    cancelledOrders: number;
  };
}

interface Head {
  id: string;
  slug: string;
  title: string;
  status: MarketStatus;
}

async function marketOf(db: Database, project: string): Promise<Head> {
  const row =
    project && project.length <= 200
      ? await db.$client
          .prepare(
            `select p.id, p.slug, p.title, m.status from projects p join markets m on m.project_id = p.id
             where p.id = ?1 or p.slug = ?1 limit 1`,
          )
          .bind(project)
          .first<Head>()
      : null;
  if (!row) throw new ServiceError(404, HALT_MESSAGES.notFound, "not_found");
  return row;
}

function refuse(action: HaltAction, status: MarketStatus): void {
  const refusal = haltRefusal(action, status);
  if (refusal) throw new ServiceError(409, refusal.message, refusal.code);
}

/** Halts trading in a company: its open orders cancelled, the reason shown on its market. */
export async function haltMarket(
  db: Database,
  viewer: SessionUser | null,
  project: string,
  body: unknown,
  now: number = Date.now(),
): Promise<HaltResult> {
  requireAdmin(viewer);
  const reason = parseReason(body, {
    required: HALT_MESSAGES.haltReasonRequired,
    tooLong: HALT_MESSAGES.reasonTooLong,
  });
  const market = await marketOf(db, project);
  refuse("halt", market.status);
  const template = await marketTemplate();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [halted, , cancelled] = await runBatch(d1, [
    d1
      .prepare(
        `update markets set status = 'halted', halt_reason = ?2, halted_by = ?3, halted_at = ?4, seq = seq + 1
         where project_id = ?1 and status = 'open'`,
      )
      .bind(market.id, reason, viewer.id, now),
    auditStatement(db, {
      adminId: viewer.id,
      action: "halt_market",
      targetType: "project",
      targetId: market.id,
      targetName: market.title,
      reason,
      now,
    }),
    // Only when this batch halted it (another admin's halt at the same instant cancels its own).
    d1
      .prepare(
        `update market_orders set status = 'cancelled', cancel_reason = 'halt', closed_at = ?2
         where project_id = ?1 and status = 'open' and expires_at > ?2
           and exists (select 1 from markets m where m.project_id = ?1 and m.status = 'halted' and m.halted_at = ?2 and m.halted_by = ?3)
         returning id`,
      )
      .bind(market.id, now, viewer.id),
    ...cancelledNotices(db, template, { projectId: market.id, cause: "halt", closedAt: now, now, reason }),
  ]);
  if (!halted.meta.changes) {
    // Another request changed it first: say where it stands now.
    refuse("halt", (await marketOf(db, market.id)).status);
    throw new ServiceError(409, HALT_MESSAGES.alreadyHalted, "already_halted");
  }
  return {
    message: HALT_MESSAGES.halted,
    market: {
      projectId: market.id,
      slug: market.slug,
      title: market.title,
      status: "halted",
      haltReason: reason,
      cancelledOrders: cancelled.results.length,
    },
  };
}

/** Resumes trading in a halted company: its book opens again. */
export async function resumeMarket(
  db: Database,
  viewer: SessionUser | null,
  project: string,
  body: unknown,
  now: number = Date.now(),
): Promise<HaltResult> {
  requireAdmin(viewer);
  const reason = parseReason(body, {
    required: HALT_MESSAGES.resumeReasonRequired,
    tooLong: HALT_MESSAGES.reasonTooLong,
  });
  const market = await marketOf(db, project);
  refuse("resume", market.status);
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [resumed] = await runBatch(d1, [
    d1
      .prepare(
        `update markets set status = 'open', halt_reason = null, halted_by = null, halted_at = null, seq = seq + 1
         where project_id = ?1 and status = 'halted'`,
      )
      .bind(market.id),
    auditStatement(db, {
      adminId: viewer.id,
      action: "resume_market",
      targetType: "project",
      targetId: market.id,
      targetName: market.title,
      reason,
      now,
    }),
  ]);
  if (!resumed.meta.changes) {
    refuse("resume", (await marketOf(db, market.id)).status);
    throw new ServiceError(409, HALT_MESSAGES.notHalted, "not_halted");
  }
  return {
    message: HALT_MESSAGES.resumed,
    market: {
      projectId: market.id,
      slug: market.slug,
      title: market.title,
      status: "open",
      haltReason: null,
      cancelledOrders: 0,
    },
  };
}

/** Markets the admin page lists. */
export const ADMIN_MARKETS_SHOWN = 50;

/**
 * The markets trading or halted, for /admin: the most recently traded first, then the newest; one
 * statement, bounded, walking markets_listed_idx (a closed market can be neither halted nor resumed).
 */
export async function listMarketsForAdmin(db: Database, viewer: SessionUser | null): Promise<AdminMarketDTO[]> {
  requireAdmin(viewer);
  const rows = await db.$client
    .prepare(
      `select m.project_id, p.slug, p.title, m.status, m.halt_reason, m.halted_at, m.last_trade_at, m.trades
       from markets m join projects p on p.id = m.project_id
       where m.status <> 'closed'
       order by m.last_trade_at desc, m.opened_at desc limit ?1`,
    )
    .bind(ADMIN_MARKETS_SHOWN)
    .all<{
      project_id: string;
      slug: string;
      title: string;
      status: MarketStatus;
      halt_reason: string | null;
      halted_at: number | null;
      last_trade_at: number | null;
      trades: number;
    }>();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return rows.results.map((r) => ({
    projectId: r.project_id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    haltReason: r.halt_reason,
    haltedAt: iso(r.halted_at),
    lastTradeAt: iso(r.last_trade_at),
    trades: r.trades,
  }));
}
