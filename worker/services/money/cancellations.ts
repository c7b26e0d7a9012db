/**
 * Cancelling an investment (Reg CF 17 CFR 227.304, ADR 024): its owner or an admin, until its
 * cutoff, in one guarded batch (`cancelInvestment`), with its messages and hourly limit.
 */
import { cancelCutoffSql, cutoffText } from "../../../domain/money/cancellation";
import { formatNumber, formatPrice } from "../../../domain/shared/format";
import type { InvestmentDTO, ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { type Database, runBatch } from "../../../db/client";
import { overseeing } from "../operator/audit";
import { reconfirmationOf } from "./reconfirmations";
import { ServiceError } from "../shared/errors";
import { requireSignedIn } from "../shared/access";
import { getInvestment, INVESTMENT_NOT_FOUND } from "./holdings";
import { getProject } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { PURCHASE_MESSAGES } from "./purchases";
import { isOverLimit, refusal, reserveStatement, type RateLimit, type Slot } from "../shared/rate-limit";
import { HOUR_MS, isoDay } from "../../../domain/shared/dates";
import { activityStatements } from "../projects/trending";
import { countEvent } from "../../observability/metrics";

/** Per user: a buy-and-cancel loop cannot flood a founder or the database. */
export const CANCEL_LIMIT: RateLimit = {
  max: 30,
  windowMs: HOUR_MS,
  message: "You can cancel at most 30 investments an hour. Please try again later.",
};
export const cancelSlot = (userId: string): Slot => ({ key: `cancel:user:${userId}`, limit: CANCEL_LIMIT });

// ---------------------------------------------------------------------------------------------
// Reading one investment and cancelling it (Reg CF 17 CFR 227.304)

export const CANCEL_MESSAGES = {
  notFound: INVESTMENT_NOT_FOUND,
  alreadyCancelled: "This investment is already canceled",
  notActive: "Only an active investment can be canceled",
} as const;

/** The refusal after the cutoff (ms: the investment's own, see `investmentCancelDeadline`), naming when the window closed. */
export const cancelWindowClosedMessage = (cutoff: number) => {
  const when = cutoffText(cutoff);
  return `Investments can no longer be canceled: the cancellation window closed${when ? ` on ${when}` : ""}, 48 hours before the funding deadline`;
};

/** What the investor is told after a cancellation (the portfolio's banner and the API's `message`). */
export const cancelledMessage = (title: string, shares: number, amount: number) =>
  `Your investment in ${title} was canceled: ${formatNumber(shares)} shares (${formatPrice(amount)}) went back to the project.`;

export interface CancelResult {
  investment: InvestmentDTO;
  /** The project as it stands after the cancellation (its shares and funding gone down). */
  project: ProjectDTO;
  message: string;
}

/** Why an investment as read now (its DTO) cannot be cancelled, or null when it can. */
function cancelRefusal(inv: InvestmentDTO, now: number, reconfirming = false): ServiceError | null {
  if (inv.status === "cancelled") return new ServiceError(409, CANCEL_MESSAGES.alreadyCancelled, "already_cancelled");
  if (inv.status !== "active") return new ServiceError(409, CANCEL_MESSAGES.notActive, "not_active");
  const cutoff = inv.cancelDeadline ? Date.parse(inv.cancelDeadline) : 0;
  // A change waiting for the investor's reconfirmation (ADR 050) may be answered by canceling,
  // whatever the usual cutoff says.
  if (!(now < cutoff) && !reconfirming) {
    return new ServiceError(409, cancelWindowClosedMessage(cutoff), "cancel_window_closed");
  }
  return null;
}

/**
 * Cancels an investment: its owner or an admin, until its cutoff (domain/money/cancellation.ts): the
 * later of the cutoff stored at purchase (48 hours before the deadline stated then) and 48 hours
 * before the current deadline, so no edit shortens it and a later deadline extends it.
 * The row is kept with status 'cancelled' and `cancelled_at`; the project's `shares_sold` and
 * `funding_current` go down by exactly its shares (with any bonus shares its perks added: their
 * awards are revoked by trigger, ADR 055) and amount. 30 cancellations an hour per user.
 *
 * One D1 batch (one transaction), every statement guarded by the same predicate, "this
 * investment is still active and its cutoff has not passed" (`cancelCutoffSql`, computed from the
 * investment and project rows as `investmentCancelDeadline` computes it):
 *  0. take one of the user's cancellation slots (a `Slot` with `onlyIf`), only if the predicate
 *     holds: a refused cancel uses none, and one past the limit fails the batch (429, nothing changed);
 *  1. UPDATE the project, subtracting the investment's shares and amount read in the same
 *     statement from the investment row while it is still active;
 *  2. UPDATE the investment to cancelled, RETURNING it.
 * Nothing runs between them, so both match or neither does: a second (or concurrent) cancel finds
 * the row cancelled and subtracts nothing; a cancel after the cutoff changes nothing.
 *
 * Refusals: 401 without a user; 404 'Investment not found' for an unknown id and for someone
 * else's investment (never revealing that it exists); 409 'This investment is already cancelled';
 * 409 naming when the cancellation window closed. A project that sold out or was marked funded
 * may still be cancelled from before the cutoff: its shares go back on sale.
 */
export async function cancelInvestment(
  db: Database,
  viewer: SessionUser | null,
  investmentId: string,
): Promise<CancelResult> {
  requireSignedIn(viewer);
  const found = await getInvestment(db, viewer, investmentId);
  const id = found.investment._id;
  const now = Date.now();
  const reconfirming = (await reconfirmationOf(db, id)) !== null;
  const refused = cancelRefusal(found.investment, now, reconfirming);
  if (refused) throw refused;
  // The window: before the cutoff, or while a reconfirmation waits (`?2` is now in every statement).
  const open = (inv: string, project: string) =>
    `(?2 < ${cancelCutoffSql(inv, project)} or exists (select 1 from reconfirmations rc
       where rc.investment_id = ${inv}.id and rc.status = 'pending' and rc.due_at > ?2))`;

  const d1 = db.$client;
  const slot = cancelSlot(viewer.id);
  const reserve = reserveStatement(
    db,
    {
      ...slot,
      onlyIf: {
        sql: `exists (select 1 from investments i join projects p on p.id = i.project_id
          where i.id = ?5 and i.status = 'active' and ${open("i", "p")})`,
        binds: [id],
      },
    },
    now,
  );
  const giveBack = d1
    .prepare(
      `update projects as p
       set shares_sold = p.shares_sold - i.shares - i.bonus_shares,
           funding_current_cents = p.funding_current_cents - i.amount_cents,
           updated_at = ?2
       from (select id, project_id, shares, bonus_shares, amount_cents, cancel_cutoff_at from investments
             where id = ?1 and status = 'active') as i
       where p.id = i.project_id and ${open("i", "p")}`,
    )
    .bind(id, now);
  const markCancelled = d1
    .prepare(
      `update investments
       set status = 'cancelled', cancelled_at = ?2
       where id = ?1 and status = 'active'
         and exists (select 1 from projects p
                     where p.id = investments.project_id and ${open("investments", "p")})
       returning id`,
    )
    .bind(id, now);
  // An admin canceling someone else's investment: on the record, right after the write it made.
  const oversight = await overseeing(db, viewer, found.investment.userId, now);
  const audit = oversight.audit({
    action: "cancel_investment",
    targetType: "investment",
    targetId: id,
    targetName: `${found.investment.shares} shares of ${found.investment.projectTitle}`,
  });
  let marked: D1Result;
  try {
    [, , marked] = await runBatch(d1, [
      reserve,
      giveBack,
      markCancelled,
      ...audit,
      // The Trending rail: the amount leaves the day it was bought, if that day is still in the window.
      ...activityStatements(db, found.project._id, now, {
        investedCents: -Math.round(found.investment.amountInvested * 100),
        day: isoDay(Date.parse(found.investment.investedAt)),
        onlyIf: {
          sql: "exists (select 1 from investments where id = ?5 and status = 'cancelled' and cancelled_at = ?6)",
          binds: [id, now],
        },
      }),
      // A reconfirmation it answers is closed as canceled (ADR 050).
      d1
        .prepare(
          `update reconfirmations set status = 'canceled', resolved_at = ?2
           where investment_id = ?1 and status = 'pending'
             and exists (select 1 from investments where id = ?1 and status = 'cancelled' and cancelled_at = ?2)`,
        )
        .bind(id, now),
    ]);
  } catch (e) {
    if (isOverLimit(e)) throw await refusal(db, [slot], now);
    throw e;
  }
  if (!marked.results?.length) {
    // Someone cancelled it first (or the cutoff passed) between our read and our write.
    const fresh = await getInvestment(db, viewer, id);
    throw (
      cancelRefusal(fresh.investment, Date.now(), (await reconfirmationOf(db, id)) !== null) ??
      new ServiceError(409, CANCEL_MESSAGES.alreadyCancelled, "already_cancelled")
    );
  }
  markPublicContentChanged();
  countEvent("cancellation");
  const [after, project] = await Promise.all([getInvestment(db, viewer, id), getProject(db, found.project._id)]);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  const investment = after.investment;
  return {
    investment,
    project,
    message: cancelledMessage(investment.projectTitle, investment.shares, investment.amountInvested),
  };
}
