/**
 * What brings people back after a listing (ADR 055): reservations before a raise opens ("Coming
 * soon"), perks by tier and the awards purchases earn, and the daily activity the Trending rail
 * reads. Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { now } from "./schema-columns";
import { users } from "./schema-accounts";
import { investments, projects } from "./schema-projects";

export const RESERVATION_STATUSES = ["active", "canceled", "confirmed", "lapsed"] as const;

/**
 * A non-binding reservation of an amount in a Coming soon raise: no money moves. One per person
 * per project (reserving again changes the amount). When the raise opens, `lapses_at` is set and
 * the reserver told; confirming buys at the raise's terms (`investment_id`), else it lapses.
 */
export const projectReservations = sqliteTable(
  "project_reservations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: RESERVATION_STATUSES }).notNull().default("active"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    canceledAt: integer("canceled_at"),
    /** Set when the raise opens: an active reservation not confirmed by then lapses. */
    lapsesAt: integer("lapses_at"),
    confirmedAt: integer("confirmed_at"),
    investmentId: text("investment_id").references(() => investments.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("project_reservations_unique").on(t.projectId, t.userId),
    // A project's reservations by status (the founder's total, the opening's fan-out), with the amount.
    index("project_reservations_project_idx").on(t.projectId, t.status, t.amountCents),
    // One person's reservations, newest first (the portfolio).
    index("project_reservations_user_idx").on(t.userId, t.createdAt, t.id),
    // The lapse job: active reservations past their time.
    index("project_reservations_lapse_idx").on(t.status, t.lapsesAt),
    check("project_reservations_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

export const PERK_KINDS = ["reward", "bonus_shares"] as const;

/**
 * A founder's perk: earned by a purchase of at least `min_amount_cents` (a tier), and/or by the
 * first `first_investors` investors (a slot each, counted in `awarded_count`, taken in the
 * purchase's batch by one conditional update). `bonus_shares` perks add `bonus_percent` % of the
 * purchase's shares (rounded down) as bonus shares.
 */
export const projectPerks = sqliteTable(
  "project_perks",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PERK_KINDS }).notNull().default("reward"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    minAmountCents: integer("min_amount_cents"),
    firstInvestors: integer("first_investors"),
    bonusPercent: real("bonus_percent"),
    awardedCount: integer("awarded_count").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("project_perks_project_idx").on(t.projectId, t.position),
    check("project_perks_title_length", sql`length(${t.title}) between 1 and 80`),
    check("project_perks_description_length", sql`length(${t.description}) <= 500`),
    check("project_perks_awarded_nonneg", sql`${t.awardedCount} >= 0`),
    check(
      "project_perks_first_bound",
      sql`${t.firstInvestors} is null or (${t.firstInvestors} >= 1 and ${t.awardedCount} <= ${t.firstInvestors})`,
    ),
  ],
);

/** A perk a purchase earned: once per perk per investment, written in the purchase's batch. */
export const perkAwards = sqliteTable(
  "perk_awards",
  {
    id: text("id").primaryKey(),
    perkId: text("perk_id")
      .notNull()
      .references(() => projectPerks.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    investmentId: text("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    investorId: text("investor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bonusShares: integer("bonus_shares").notNull().default(0),
    /** Set when its investment was canceled or returned: the award (and any bonus shares) went with it. */
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("perk_awards_unique").on(t.perkId, t.investmentId),
    index("perk_awards_investor_idx").on(t.investorId, t.createdAt, t.id),
    index("perk_awards_investment_idx").on(t.investmentId),
    check("perk_awards_bonus_nonneg", sql`${t.bonusShares} >= 0`),
  ],
);

/**
 * One project's activity on one UTC day (`YYYY-MM-DD`): dollars invested (cents, net of
 * cancellations that day) and new followers, upserted in the batch that caused it. The Trending
 * rail's score (projects.trend_score) is computed from the last days of these.
 */
export const projectActivityDays = sqliteTable(
  "project_activity_days",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    investedCents: integer("invested_cents").notNull().default(0),
    newFollowers: integer("new_followers").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] }), index("project_activity_days_day_idx").on(t.day)],
);
