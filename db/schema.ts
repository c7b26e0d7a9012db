/**
 * The D1 schema for the whole product spec (section 3), in Drizzle: every table, one file per area,
 * all re-exported here (the one import for services and drizzle-kit's one `schema` entry).
 *
 * Conventions (see docs/decisions):
 * - money is integer cents (`*_cents`); the API converts to the spec's dollar numbers;
 * - timestamps are integer milliseconds since the epoch; calendar dates are ISO `YYYY-MM-DD` text;
 * - nested project details that are only ever read and written whole (team, FAQs, roadmap …)
 *   are JSON text columns (ADR 004); everything we filter, sort, join or guard on is a real column.
 */
import type { users } from "./schema-accounts";
import type { investments, projects } from "./schema-projects";

export * from "./schema-accounts";
export * from "./schema-projects";
export * from "./schema-conversation";
export * from "./schema-site";
export * from "./schema-aggregates";
export * from "./schema-mail";
export * from "./schema-valuations";
export * from "./schema-market";
export * from "./schema-factors";
export * from "./schema-discussion";
export * from "./schema-engagement";
export * from "./schema-observability";

export type { AdminAction } from "../domain/operator/admin";
export type UserRow = typeof users.$inferSelect;
/** A project row as written (the computed `raised_cents` is SQLite's: reads may carry it, writes never do). */
export type ProjectRow = Omit<typeof projects.$inferSelect, "raisedCents">;
/** An investment as written (`held` is computed by SQLite from its status, never written). */
export type InvestmentRow = Omit<typeof investments.$inferSelect, "held">;
