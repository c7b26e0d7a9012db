/**
 * What happens to a company after its raise (ADR 052): its events and the cash they paid.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 *
 * - `valuation_events`: a priced round, an acquisition, a shutdown (a founder's report, waiting for
 *   an admin's review, or an admin's record) and the platform's write-downs and write-ups. Only an
 *   approved one marks anybody's holding; `applied_at` is set once every holder has been marked.
 * - `distributions`: the cash an exit paid one investor, once (unique per event and investor).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { EVENT_KINDS, EVENT_STATUSES } from "../domain/money/valuation";
import { users } from "./schema-accounts";
import { projects } from "./schema-projects";

export const valuationEvents = sqliteTable(
  "valuation_events",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("pending"),
    /** The day it happened (ISO `YYYY-MM-DD`). */
    effectiveOn: text("effective_on").notNull(),
    /** The price per share it states: a round's, an acquisition's, a shutdown's proceeds, a write's value. */
    priceCents: integer("price_cents").notNull(),
    /** A round's pre-money valuation (a SAFE converts on it). */
    preMoneyCents: integer("pre_money_cents"),
    roundName: text("round_name").notNull().default(""),
    statement: text("statement").notNull(),
    /** The evidence: an uploaded PDF (`/uploads/<uuid>.pdf`), required of a founder. */
    evidence: text("evidence").notNull().default(""),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    /** What the approval decided (domain/money/valuation.ts `markAfter`): null before. */
    markCents: integer("mark_cents"),
    proceedsPerShareCents: integer("proceeds_per_share_cents"),
    conversionPriceCents: real("conversion_price_cents"),
    /** The holders it applies to when approved (the project's investor count then). */
    holders: integer("holders"),
    reviewNote: text("review_note"),
    reviewerId: text("reviewer_id"),
    createdAt: integer("created_at").notNull(),
    reviewedAt: integer("reviewed_at"),
    /** When every holder had been marked (and paid): null while the job works through them. */
    appliedAt: integer("applied_at"),
  },
  (t) => [
    // One report waits for review per company at a time.
    uniqueIndex("valuation_events_pending_idx")
      .on(t.projectId)
      .where(sql`status = 'pending'`),
    // The review queue: pending reports, oldest first.
    index("valuation_events_status_idx").on(t.status, t.createdAt),
    // A company's history.
    index("valuation_events_project_idx").on(t.projectId, t.effectiveOn, t.createdAt),
    // The job: approved events still being applied.
    index("valuation_events_applying_idx")
      .on(t.reviewedAt)
      .where(sql`status = 'approved' and applied_at is null`),
    check("valuation_events_price", sql`${t.priceCents} >= 0`),
  ],
);

export const distributions = sqliteTable(
  "distributions",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull(),
    projectId: text("project_id").notNull(),
    investorId: text("investor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shares: integer("shares").notNull(),
    /** The holding's cost, for the realized gain or loss of the tax statement. */
    costCents: integer("cost_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The event's day (UTC days since 1970-01-01) and when it was paid (ms). */
    day: integer("day").notNull(),
    paidAt: integer("paid_at").notNull(),
  },
  (t) => [
    uniqueIndex("distributions_once_idx").on(t.eventId, t.investorId),
    // The investor's statement and tax lines, by date.
    index("distributions_investor_idx").on(t.investorId, t.paidAt),
    index("distributions_investor_project_idx").on(t.investorId, t.projectId),
    check("distributions_amount", sql`${t.amountCents} >= 0`),
  ],
);
