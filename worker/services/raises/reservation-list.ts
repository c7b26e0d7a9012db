/**
 * One person's reservations (ADR 055), newest first, at most RESERVATIONS_SHOWN: the statement and
 * its rows as the portfolio and the API show them. A statement of its own (not a builder query) so
 * the portfolio reads it in its one batch (worker/services/money/holdings.ts `readPortfolio`), as
 * it reads the reconfirmations; on project_reservations_user_idx.
 */
import { RESERVATIONS_SHOWN, reservedShares, type ReservationDTO } from "../../../domain/raises/reservations";
import { toDollars } from "../../../domain/shared/money";

/** A reservation row joined with its project's title, slug, status, launch and price. */
export interface ReservationRow {
  id: string;
  projectId: string;
  userId: string;
  amountCents: number;
  status: ReservationDTO["status"];
  createdAt: number;
  updatedAt: number;
  canceledAt: number | null;
  lapsesAt: number | null;
  confirmedAt: number | null;
  investmentId: string | null;
  title: string;
  slug: string;
  projectStatus: string;
  launchAt: number | null;
  sharePriceCents: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The columns of a `ReservationRow`, `r` the reservation and `p` its project. */
export const RESERVATION_COLUMNS = `r.id as id, r.project_id as projectId, r.user_id as userId,
  r.amount_cents as amountCents, r.status as status, r.created_at as createdAt, r.updated_at as updatedAt,
  r.canceled_at as canceledAt, r.lapses_at as lapsesAt, r.confirmed_at as confirmedAt,
  r.investment_id as investmentId, p.title as title, p.slug as slug, p.status as projectStatus,
  p.launch_at as launchAt, p.share_price_cents as sharePriceCents`;

/** The statement of one person's reservations, newest first, bounded. */
export function myReservationsStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1
    .prepare(
      `select ${RESERVATION_COLUMNS}
       from project_reservations r join projects p on p.id = r.project_id
       where r.user_id = ?1 order by r.created_at desc, r.id desc limit ?2`,
    )
    .bind(userId, RESERVATIONS_SHOWN);
}

/** A row as the pages and the API show it. */
export function reservationOf(r: ReservationRow): ReservationDTO {
  const amount = toDollars(r.amountCents);
  const sharePrice = toDollars(r.sharePriceCents);
  return {
    id: r.id,
    projectId: r.projectId,
    projectTitle: r.title,
    projectSlug: r.slug,
    amount,
    status: r.status,
    raiseOpen: r.projectStatus === "active",
    launchAt: iso(r.launchAt),
    sharePrice,
    shares: reservedShares(amount, sharePrice),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    lapsesAt: iso(r.lapsesAt),
    confirmedAt: iso(r.confirmedAt),
    canceledAt: iso(r.canceledAt),
    investmentId: r.investmentId,
  };
}

/** The rows of `myReservationsStatement`. */
export const reservationsOf = (rows: unknown[]): ReservationDTO[] => (rows as ReservationRow[]).map(reservationOf);
