/**
 * Buying shares: the one place the purchase rules live. Both doors (the
 * purchase form's action and `POST /api/projects/{id}/invest`) call `purchaseShares`.
 *
 * Atomicity (DESIGN §3): the purchase is one D1 batch, which D1 runs as one transaction:
 *  1. INSERT the investment, SELECTing price and amount from the project row itself and only if
 *     the project is open and the total reaches the minimum (0 rows inserted otherwise);
 *  2. UPDATE the project's shares_sold and funding_current by exactly that investment's shares and
 *     amount (a no-op when step 1 inserted nothing).
 * Overselling violates `CHECK (shares_sold <= total_shares)` and fails the whole batch, so the
 * investment row is rolled back too. A reused idempotency key violates the unique index on
 * (investor_id, idempotency_key) and fails the batch before anything changes; the original
 * investment is then returned as the answer.
 *
 * The investment limits (worker/services/money/investor-limits.ts) are one more condition of
 * step 1's WHERE: when the investor's switch is on, their active investments that count (Reg CF:
 * RegCF and SAFE of the last 365 days; RegA+: this offering) plus this purchase must stay within
 * the limit computed from their financials row, all read inside the same statement, so concurrent
 * purchases cannot together exceed it.
 *
 * The stated price, the cutoff and the hourly limit (ADR 024):
 *  - The purchase states the price it expects (`sharePrice`, or the spec's `amount` = shares ×
 *    price): neither is a 400. Step 1's WHERE compares the project's price with the STATED one, so
 *    a founder who changes the price (possible until the first sale) never makes anyone pay more.
 *  - Step 1 stores the investment's cancellation cutoff (`cancel_cutoff_at`: 48 hours before
 *    00:00 UTC of the deadline, read from the project row in the same SELECT).
 *  - 30 purchases an hour per investor: the slot is taken in the same batch, after step 2 and only
 *    if step 1 inserted the row (a `Slot` with `onlyIf`), so a refused purchase or a replayed key
 *    uses none, and a purchase past the limit fails the batch and buys nothing.
 *  - A replayed key of a purchase since cancelled is a 409 `purchase_cancelled`, never "successful".
 */
import { and, eq } from "drizzle-orm";

import { cancelDeadline, cutoffText, deadlineCutoffSql } from "../../../domain/money/cancellation";
import { HOUR_MS, isoDay } from "../../../domain/shared/dates";
import { activityStatements } from "../projects/trending";
import { MESSAGES } from "../../../domain/shared/messages";
import {
  belowMinimum,
  fundingState,
  IDEMPOTENCY_KEY_MAX,
  parseShares,
  PURCHASE_MAX_SHARES,
  SHARE_MESSAGES,
  totalFor,
} from "../../../domain/projects/project";
import { formatMoney } from "../../../domain/shared/format";
import { toCents } from "../../../domain/shared/money";
import { allowanceFor, limitKindFor, limitRefusal, LIMIT_WINDOW_MS } from "../../../domain/money/reg-cf";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import type { InvestmentDTO, ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { type Database, runBatch } from "../../../db/client";
import { investments } from "../../../db/schema";
import { requireCan } from "../shared/access";
import { constraintFailed, ServiceError } from "../shared/errors";
import { toInvestmentDTO } from "./holdings";
import { PERK_BONUS_RESULT, perkStatements } from "./perks";
import { getProjectWithStanding, limitGuardSql, type InvestorStanding } from "./investor-limits";
import type { Mailer } from "../../mail/mailer";
import { noticeMailId, noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { notifyCommitment, notifyGoalReached, notifyInvestment } from "../conversation/notifications";
import { isOverLimit, refusal, reserveStatement, type RateLimit, type Slot } from "../shared/rate-limit";
import { getProject, publicInvestorName } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { countEvent } from "../../observability/metrics";

export const PURCHASE_MESSAGES = {
  notFound: MESSAGES.projectNotFound,
  closed: "Funding for this project is closed",
  soldOut: "This project is sold out",
  wholeShares: SHARE_MESSAGES.wholeShares,
  amountMismatch: "The amount does not match shares times the share price",
  keyRequired: "An idempotency key is required",
  keyInvalid: `The idempotency key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
  keyReused: "This idempotency key was already used for a different purchase",
  priceChanged: "The share price has just changed. Please review the new price and try again.",
  priceRequired:
    "Please state the price you expect to pay: send amount (shares × share price) or sharePrice (the price per share, in dollars)",
  sharePriceInvalid:
    "sharePrice must be the price per share in dollars, with at most 2 decimals (for example 10 or 2.5)",
} as const;

/** Per investor: a buy-and-cancel loop cannot flood a founder or the database. */
export const PURCHASE_LIMIT: RateLimit = {
  max: 30,
  windowMs: HOUR_MS,
  message: "You can make at most 30 purchases an hour. Please try again later.",
};
export const purchaseSlot = (investorId: string): Slot => ({
  key: `purchase:user:${investorId}`,
  limit: PURCHASE_LIMIT,
});

/** A replayed purchase key whose investment was cancelled since. */
export const purchaseCancelledMessage = (cancelledAt: number | null) =>
  `This purchase was canceled${cancelledAt ? ` on ${cutoffText(cancelledAt)}` : ""}: nothing was bought again. To invest, start a new purchase.`;

export const onlyAvailable = (n: number) => `Only ${n} shares are available for purchase`;
export const belowMinimumMessage = SHARE_MESSAGES.belowMinimum;
export const successMessage = (n: number, title: string) =>
  `Your investment was successful! You have purchased ${n} shares of ${title}.`;
export const portfolioMessage = (title: string, n: number, amount: number) =>
  `Successfully invested in ${title}! You now own ${n} shares worth ${formatMoney(amount)}.`;

export interface PurchaseRequest {
  /** `_id` or slug. */
  project: string;
  /** Raw shares as sent: validated here (whole number ≥ 1). */
  shares: unknown;
  /** The client-computed amount (shares × the price it was shown): checked, never trusted. */
  amount?: unknown;
  /** The price per share (dollars) the client was shown. A purchase states this or `amount`. */
  sharePrice?: unknown;
  /** Raw key as sent: validated here (1 to 100 visible ASCII characters). */
  idempotencyKey: unknown;
}

export interface PurchaseResult {
  investment: InvestmentDTO;
  project: ProjectDTO;
  /** True when this request replayed an earlier one with the same key: nothing new was bought. */
  replayed: boolean;
  message: string;
}

/**
 * Only investors (and admins) invest: 401 without a user, the spec's founder message (403) for a
 * founder. The purchase page's loader and action and the API all ask this one function.
 */
export function assertCanInvest(user: SessionUser | null): asserts user is SessionUser {
  requireCan(user, "invest", () => new ServiceError(403, MESSAGES.founderCannotInvest, "founder_cannot_invest"));
}

/**
 * The price a purchase states: `sharePrice` (dollars per share) and/or the spec's
 * `amount` (shares × price). `null` when it states neither. `sharePrice` must be a positive number
 * of whole cents (else a 400); an `amount` that is no number is kept as NaN (checkPurchase answers
 * that it does not match).
 */
export interface StatedPrice {
  /** The price per share the client named, in cents (null when it sent only `amount`). */
  sharePriceCents: number | null;
  /** The amount the client named, in cents (NaN when unreadable; null when not sent). */
  amountCents: number | null;
}

const present = (x: unknown) => x !== undefined && x !== null && !(typeof x === "string" && x.trim() === "");

export function statedPrice(req: Pick<PurchaseRequest, "amount" | "sharePrice">): StatedPrice | null {
  const hasPrice = present(req.sharePrice);
  const hasAmount = present(req.amount);
  if (!hasPrice && !hasAmount) return null;
  let sharePriceCents: number | null = null;
  if (hasPrice) {
    const text = typeof req.sharePrice === "number" ? String(req.sharePrice) : String(req.sharePrice).trim();
    const dollars = typeof req.sharePrice === "number" || typeof req.sharePrice === "string" ? Number(text) : NaN;
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || !Number.isFinite(dollars) || dollars <= 0) {
      throw new ServiceError(400, PURCHASE_MESSAGES.sharePriceInvalid, "invalid_share_price");
    }
    sharePriceCents = toCents(dollars);
  }
  let amountCents: number | null = null;
  if (hasAmount) {
    const sent =
      typeof req.amount === "number" ? req.amount : typeof req.amount === "string" ? Number(req.amount) : NaN;
    amountCents = Number.isFinite(sent) ? toCents(sent) : NaN;
  }
  return { sharePriceCents, amountCents };
}

/** The per-share price (cents) the stated figures name for `shares`, or NaN when they name none. */
export function statedPriceCents(stated: StatedPrice, shares: number): number {
  if (stated.sharePriceCents !== null) return stated.sharePriceCents;
  const amount = stated.amountCents ?? NaN;
  return Number.isFinite(amount) && amount > 0 && amount % shares === 0 ? amount / shares : NaN;
}

/** Validates a purchase against a project as read now; throws the first rule broken. */
export function checkPurchase(project: ProjectDTO, shares: number, stated: StatedPrice | null): void {
  const state = fundingState(project);
  if (state === "sold-out") throw new ServiceError(409, PURCHASE_MESSAGES.soldOut, "sold_out");
  if (state === "closed") throw new ServiceError(409, PURCHASE_MESSAGES.closed, "funding_closed");
  const priceCents = toCents(project.sharePrice);
  // A stated price per share that is no longer the project's: the client saw another price.
  if (stated?.sharePriceCents != null && stated.sharePriceCents !== priceCents) {
    throw new ServiceError(409, PURCHASE_MESSAGES.priceChanged, "price_changed");
  }
  if (shares > project.sharesRemaining) {
    throw new ServiceError(409, onlyAvailable(project.sharesRemaining), "not_enough_shares");
  }
  const amountCents = shares * priceCents;
  // The rule the pages show (the last shares may be bought below the minimum); the SQL guard repeats it.
  if (belowMinimum(shares, project)) {
    throw new ServiceError(422, belowMinimumMessage(project.investmentTerms.minInvestment), "below_minimum");
  }
  if (stated?.amountCents != null && stated.amountCents !== amountCents) {
    throw new ServiceError(422, PURCHASE_MESSAGES.amountMismatch, "amount_mismatch");
  }
}

/**
 * The investment limit, checked against a standing read now (for the precise message; the SQL
 * guard repeats it inside the write): refused with how much the investor can still invest.
 */
export function checkLimit(project: ProjectDTO, shares: number, standing: InvestorStanding | null): void {
  if (!standing?.financials.applyLimits || standing.financials.accredited) return;
  const kind = limitKindFor(project.regulationType);
  const used = kind === "reg-a" ? standing.usedInOfferingCents : standing.usedRegCfCents;
  const allowance = allowanceFor(kind, standing.financials, used);
  const amountCents = shares * toCents(project.sharePrice);
  if (allowance.remaining !== null && amountCents > toCents(allowance.remaining)) {
    throw new ServiceError(
      409,
      limitRefusal(kind, allowance.remaining, standing.financials, project.title),
      "investment_limit",
    );
  }
}

/** Printable ASCII, as HTTP header values and our forms' UUIDs are (the API's document says the same). */
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The shares asked for: the pages' own reading (`parseShares`), at most nine digits. */
function sharesAsked(raw: unknown): number {
  const shares = parseShares(raw);
  if (shares === null || shares > PURCHASE_MAX_SHARES) {
    throw new ServiceError(400, PURCHASE_MESSAGES.wholeShares, "invalid_shares");
  }
  return shares;
}

export async function purchaseShares(
  db: Database,
  user: SessionUser | null,
  req: PurchaseRequest,
  mailer?: Mailer,
): Promise<PurchaseResult> {
  assertCanInvest(user);
  const key = typeof req.idempotencyKey === "string" ? req.idempotencyKey.trim() : "";
  if (!key) throw new ServiceError(400, PURCHASE_MESSAGES.keyRequired, "key_required");
  if (!IDEMPOTENCY_KEY.test(key)) throw new ServiceError(400, PURCHASE_MESSAGES.keyInvalid, "key_invalid");

  // A replay first: a retried request must answer like the original even if the project has
  // since sold out.
  const previous = await findByKey(db, user.id, key);
  if (previous) return replayed(db, previous, req);

  const shares = sharesAsked(req.shares);
  // The price the client expects to pay: required, so a purchase never pays whatever
  // the price has become.
  const stated = statedPrice(req);
  if (!stated) throw new ServiceError(400, PURCHASE_MESSAGES.priceRequired, "price_required");
  const now = Date.now();
  // The project and the investor's standing in it (limits, used): one statement.
  const found = await getProjectWithStanding(db, req.project, { investorId: user.id, now });
  if (!found) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  const { project } = found;
  checkPurchase(project, shares, stated);
  checkLimit(project, shares, found.standing);
  // Checked equal to the project's price as read above; the SQL guard compares it again.
  const expectedPriceCents = statedPriceCents(stated, shares);

  const id = crypto.randomUUID();
  const today = isoDay(now);
  const d1 = db.$client;
  const insert = d1
    .prepare(
      `insert into investments
         (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, created_at,
          cancel_cutoff_at)
       select ?1, ?2, p.id, ?3, p.share_price_cents, ?3 * p.share_price_cents, 'active', ?4, ?5,
              ${deadlineCutoffSql("p")}
       from projects p
       where p.id = ?6 and p.status = 'active' and p.funding_deadline > ?7
         and (?3 * p.share_price_cents >= p.min_investment_cents or ?3 = p.total_shares - p.shares_sold)
         and p.share_price_cents = ?8
         and ${limitGuardSql("?2", "?3", "?9")}
       returning id, share_price_cents, amount_cents, cancel_cutoff_at`,
    )
    // ?8: the price the CLIENT stated (its sharePrice, or its amount ÷ shares); a founder who
    // changes the price before any share is sold makes this purchase buy nothing rather than charge more.
    // ?9: the start of the limit's 12-month window.
    .bind(id, user.id, shares, key, now, project._id, today, expectedPriceCents, now - LIMIT_WINDOW_MS);
  const update = d1
    .prepare(
      `update projects
       set shares_sold = shares_sold + i.shares,
           funding_current_cents = funding_current_cents + i.amount_cents,
           updated_at = ?2
       from (select shares, amount_cents from investments where id = ?1) as i
       where projects.id = ?3`,
    )
    .bind(id, now, project._id);

  // The investor's purchase slot: taken only if the INSERT above bought something.
  const slot = purchaseSlot(user.id);
  const reserve = reserveStatement(
    db,
    { ...slot, onlyIf: { sql: "exists (select 1 from investments where id = ?5)", binds: [id] } },
    now,
  );

  type Inserted = { id: string; share_price_cents: number; amount_cents: number; cancel_cutoff_at: number };
  let inserted: Inserted[];
  let bonusShares = 0;
  try {
    // The founder's, the goal's and the buyer's own notifications ride in the same transaction
    // (ADR 022, ADR 043); each does nothing unless the INSERT above bought something.
    const notify = [
      notifyInvestment(db, {
        projectId: project._id,
        investmentId: id,
        actorId: user.id,
        text: NOTIFICATION_TEXT.investment(
          publicInvestorName(user.firstName, user.lastName),
          totalFor(shares, project.sharePrice),
          project.title,
        ),
        now,
      }),
      notifyGoalReached(db, { projectId: project._id, investmentId: id, actorId: user.id, now }),
      notifyCommitment(db, {
        projectId: project._id,
        investmentId: id,
        investorId: user.id,
        // The cutoff the INSERT stores (deadlineCutoffSql of the same deadline), said in UTC.
        text: NOTIFICATION_TEXT.commitment(
          project.title,
          totalFor(shares, project.sharePrice),
          shares,
          project.sharePrice,
          cancelDeadline(project.fundingDeadline),
        ),
        now,
      }),
    ];
    // The commitment's mail twin (a proved address only), right after its notification: sent after the response.
    const mail = noticeMailsStatement(
      db,
      await noticeTemplateOf("commitment"),
      { sql: "n.event_key = 'commitment:' || ?6 and n.user_id = ?7", binds: [id, user.id] },
      now,
    );
    // The Trending rail's day and score (trending.ts), only if the INSERT above bought something.
    const activity = activityStatements(db, project._id, now, {
      investedCents: expectedPriceCents * shares,
      onlyIf: { sql: "exists (select 1 from investments where id = ?5)", binds: [id] },
    });
    // The perks it earns (worker/services/money/perks.ts), after the figures took its shares.
    const perks = perkStatements(db, id, now);
    const results = await runBatch(d1, [insert, update, ...perks, reserve, ...notify, mail, ...activity]);
    inserted = (results[0]?.results ?? []) as Inserted[];
    bonusShares = (results[2 + PERK_BONUS_RESULT]?.results as { bonus_shares: number }[])[0]?.bonus_shares ?? 0;
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: investments\.investor_id/i)) {
      const original = await findByKey(db, user.id, key);
      if (original) return replayed(db, original, req);
    }
    if (isOverLimit(e)) throw await refusal(db, [slot], now);
    if (constraintFailed(e, /CHECK constraint failed: projects_shares_sold_range/i)) {
      // Someone bought the last shares between our read and our write.
      const fresh = await getProject(db, project._id);
      const left = fresh ? fresh.sharesRemaining : 0;
      if (left <= 0) throw new ServiceError(409, PURCHASE_MESSAGES.soldOut, "sold_out");
      throw new ServiceError(409, onlyAvailable(left), "not_enough_shares");
    }
    throw e;
  }
  const row = inserted[0];
  if (!row) {
    // The guarded INSERT matched nothing: the project (or the investor's room under their limit,
    // taken by a concurrent purchase) changed since we read it. Re-check to give the precise reason.
    const again = await getProjectWithStanding(db, project._id, { investorId: user.id, now });
    if (!again) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
    const fresh = again.project;
    if (toCents(fresh.sharePrice) !== expectedPriceCents) {
      throw new ServiceError(409, PURCHASE_MESSAGES.priceChanged, "price_changed");
    }
    checkPurchase(fresh, shares, null);
    checkLimit(fresh, shares, again.standing);
    throw new ServiceError(409, PURCHASE_MESSAGES.closed, "funding_closed");
  }
  markPublicContentChanged();
  countEvent("purchase");
  mailer?.sendLater([noticeMailId(`commitment:${id}`, user.id)]);
  const after = (await getProject(db, project._id)) ?? project;
  const investment = toInvestmentDTO(
    {
      id,
      investorId: user.id,
      projectId: project._id,
      shares,
      bonusShares,
      sharePriceCents: row.share_price_cents,
      amountCents: row.amount_cents,
      status: "active",
      createdAt: now,
      cancelCutoffAt: row.cancel_cutoff_at,
    },
    after,
  );
  return {
    investment,
    project: after,
    replayed: false,
    message: successMessage(shares, project.title),
  };
}

async function findByKey(db: Database, investorId: string, key: string) {
  const rows = await db
    .select()
    .from(investments)
    .where(and(eq(investments.investorId, investorId), eq(investments.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The answer to a request whose key was used before: the original purchase, if the request is the
 * same one (same project, same shares); a different request under an old key is refused.
 */
async function replayed(
  db: Database,
  original: typeof investments.$inferSelect,
  req: PurchaseRequest,
): Promise<PurchaseResult> {
  const project = await getProject(db, original.projectId);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  const sameProject = req.project === project._id || req.project === project.slug;
  if (!sameProject || String(req.shares ?? "").trim() !== String(original.shares)) {
    throw new ServiceError(409, PURCHASE_MESSAGES.keyReused, "idempotency_key_reused");
  }
  const investment = toInvestmentDTO(original, project);
  if (original.status === "cancelled") {
    // Never "successful": the purchase this key made was cancelled since, and nothing is bought again.
    throw new ServiceError(409, purchaseCancelledMessage(original.cancelledAt), "purchase_cancelled", {
      details: { code: "purchase_cancelled", investment },
    });
  }
  return {
    investment,
    project,
    replayed: true,
    message: successMessage(original.shares, project.title),
  };
}
