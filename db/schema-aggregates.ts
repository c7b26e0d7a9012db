/**
 * Sums kept by the database (ADR 037): what the project page, the founder dashboard,
 * the portfolio, the profile and the AI tab show of many investments, kept up to date by triggers
 * on `investments` and `projects` (migrations/0015_kept_aggregates.sql) in the same transaction as
 * the purchase or cancellation that changes them, so a page reads a few rows whatever the number
 * of investments behind them, and no write path (the purchase batch, the cancellation, the seed, a
 * cascade) can forget them. Every row here is derived: Σ of the active investments it stands for
 * (checked after every Workers and app test file, tests/workers/kept-aggregates.ts).
 *
 * - `positions`: an investor's active holding in one project (one row while they hold a share);
 *   the project's largest investor and the investor's largest projects read one end of its indexes.
 * - `project_days`: a project's active investments per UTC day (the dashboard's funding series).
 * - `investor_mix`: an investor's active money per project category and risk level (the sector
 *   chart, the risk score, the stat cards).
 * - `investor_stats`: per investor, every investment (any status, the portfolio's pager), the
 *   projects held and Σ of each project's cents squared (the concentration index).
 * - `investor_days`: an investor's active investments per UTC day (the report's last 90/180 days)
 *   and their cents that count towards the Reg CF limit (its 12-month window).
 * The projects table keeps `investor_count` and `investment_count` beside `shares_sold`.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const positions = sqliteTable(
  "positions",
  {
    projectId: text("project_id").notNull(),
    investorId: text("investor_id").notNull(),
    /** The project's category and risk level, copied (a project edit moves them: its trigger). */
    category: text("category").notNull(),
    riskLevel: text("risk_level").notNull(),
    shares: integer("shares").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Active investments in this position. */
    investments: integer("investments").notNull(),
    /** When the newest of them was made (ms): a group's newest project, and the groups' order. */
    lastAt: integer("last_at").notNull(),
    /** When the oldest of them was made (ms): the holding's vintage is its year. */
    firstAt: integer("first_at").notNull().default(0),
    /**
     * The holding's mark per share (ADR 052): null at cost, else the price per share of the latest
     * reviewed event applied to it (`mark_event_id`, on UTC day `marked_day`); 0 once it exited.
     */
    markCents: integer("mark_cents"),
    markEventId: text("mark_event_id"),
    markedDay: integer("marked_day"),
    /** What it is worth: `amount_cents` at cost, else shares × `mark_cents`. */
    valueCents: integer("value_cents").notNull().default(0),
    /**
     * Cash it paid its investor: an acquisition's price, a shutdown's proceeds, and sales on the
     * exchange (what the buyers paid less the fee, ADR 053).
     */
    realizedCents: integer("realized_cents").notNull().default(0),
    /**
     * The exchange (ADR 053): shares listed in the investor's open sell orders (never more than
     * `shares`), and the cost of the shares sold, at the position's average cost. `amount_cents` is
     * every dollar put in (raise and exchange purchases) and never falls on a sale, so the multiple
     * stays (value + realized) ÷ cost; at cost the holding is worth `amount_cents − cost_out_cents`.
     */
    reservedShares: integer("reserved_shares").notNull().default(0),
    costOutCents: integer("cost_out_cents").notNull().default(0),
    /** Its multiple on invested capital, (value + realized) ÷ cost: the best and worst holdings' order. */
    moic: real("moic").generatedAlwaysAs(sql`(value_cents + realized_cents) * 1.0 / max(amount_cents, 1)`, {
      mode: "virtual",
    }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.investorId] }),
    /** A project's largest investor: the top of its range. */
    index("positions_project_amount_idx").on(t.projectId, t.amountCents),
    /** An investor's largest projects. */
    index("positions_investor_amount_idx").on(t.investorId, t.amountCents, t.projectId),
    /** The newest project an investor bought into in each of their categories and risk levels. */
    index("positions_investor_group_idx").on(t.investorId, t.category, t.riskLevel, t.lastAt, t.projectId),
    /** An investor's largest holding by value (the concentration by value, ADR 052). */
    index("positions_investor_value_idx").on(t.investorId, t.valueCents, t.projectId),
    /** An investor's best and worst holdings: both ends of its range. */
    index("positions_investor_moic_idx").on(t.investorId, t.moic, t.projectId),
  ],
);

export const projectDays = sqliteTable(
  "project_days",
  {
    projectId: text("project_id").notNull(),
    /** Days since 1970-01-01 UTC (`created_at / 86400000`). */
    day: integer("day").notNull(),
    investments: integer("investments").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

export const investorMix = sqliteTable(
  "investor_mix",
  {
    investorId: text("investor_id").notNull(),
    category: text("category").notNull(),
    riskLevel: text("risk_level").notNull(),
    investments: integer("investments").notNull(),
    amountCents: integer("amount_cents").notNull(),
    shares: integer("shares").notNull(),
    /** Σ of its positions' value (at cost until a reviewed event marks them, ADR 052). */
    valueCents: integer("value_cents").notNull(),
    /** Σ of its positions' realized cash (acquisitions, shutdown proceeds). */
    realizedCents: integer("realized_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.investorId, t.category, t.riskLevel] })],
);

export const investorStats = sqliteTable("investor_stats", {
  investorId: text("investor_id").primaryKey(),
  /** Every investment row of the investor, whatever its status. */
  investments: integer("investments").notNull().default(0),
  /** Projects with an active position. */
  positions: integer("positions").notNull().default(0),
  /** Σ over the positions of amount_cents² (a real: it passes 2^63 before a $1B portfolio). */
  centsSquared: real("cents_squared").notNull().default(0),
  /** Σ over the positions of value_cents² (ADR 052): the concentration by value. */
  valueSquared: real("value_squared").notNull().default(0),
});

export const investorDays = sqliteTable(
  "investor_days",
  {
    investorId: text("investor_id").notNull(),
    day: integer("day").notNull(),
    investments: integer("investments").notNull(),
    /**
     * Cents of those in offerings whose regulation counts towards the Reg CF 12-month limit
     * (domain/money/reg-cf.ts REG_CF_COUNTED; the regulation is locked from the first sale on).
     */
    limitCents: integer("limit_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.investorId, t.day] })],
);

/**
 * An investor's money by UTC day (ADR 052): what they put in (their held purchases, on the day of
 * each), what they were paid (distributions, on the event's day) and how the marks moved their
 * holdings' value over cost (on the event's day). The portfolio's IRR, its value-over-time chart,
 * its invested, value and realized totals all read these rows, at most one a day with activity,
 * whatever the number of holdings. Value on a day = Σ invested + Σ marked up to that day.
 */
export const investorFlows = sqliteTable(
  "investor_flows",
  {
    investorId: text("investor_id").notNull(),
    day: integer("day").notNull(),
    investedCents: integer("invested_cents").notNull().default(0),
    distributedCents: integer("distributed_cents").notNull().default(0),
    /** The change of the holdings' value over their cost that day (a mark, an exit's closing). */
    markedCents: integer("marked_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.investorId, t.day] })],
);

/** An investor's holdings by the year of their first purchase (the vintage), kept like investor_mix. */
export const investorVintages = sqliteTable(
  "investor_vintages",
  {
    investorId: text("investor_id").notNull(),
    year: integer("year").notNull(),
    positions: integer("positions").notNull(),
    amountCents: integer("amount_cents").notNull(),
    valueCents: integer("value_cents").notNull(),
    realizedCents: integer("realized_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.investorId, t.year] })],
);
