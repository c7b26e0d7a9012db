/**
 * Projects and the money: projects, investments, the whole-table counters, uploads, AI insights and founders' working copies of the project form.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { HELD_SQL, INVESTMENT_STATUSES } from "../domain/raises/settlement";
import type { CreatorInfo, DocumentLink, Faq, Person, ProjectDetails, SocialLinks } from "../domain/shared/types";
import { now } from "./schema-columns";
import { users } from "./schema-accounts";

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    /** One project per founder: unique, nullable for projects without an account. */
    founderId: text("founder_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** A project-form category, stored lower case ("food & beverage"). */
    category: text("category").notNull(),
    /** The browse filter id the category maps to (domain/projects/categories.ts). */
    sector: text("sector").notNull(),
    description: text("description").notNull(),
    shortDescription: text("short_description").notNull(),
    about: text("about").notNull().default(""),
    image: text("image").notNull(),
    gallery: text("gallery", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    logo: text("logo"),
    creatorInfo: text("creator_info", { mode: "json" }).$type<CreatorInfo>().notNull(),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    location: text("location"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    status: text("status").notNull().default("active"),
    riskLevel: text("risk_level", { enum: ["low", "medium", "high"] })
      .notNull()
      .default("medium"),
    returnRate: real("return_rate"),
    projectDuration: integer("project_duration").notNull(),
    teamDescription: text("team_description"),
    socialLinks: text("social_links", { mode: "json" })
      .$type<SocialLinks>()
      .notNull()
      .default(sql`'{}'`),
    universityName: text("university_name"),
    universityLogo: text("university_logo"),

    fundingGoalCents: integer("funding_goal_cents").notNull(),
    fundingCurrentCents: integer("funding_current_cents").notNull().default(0),
    /** ISO date: the last day on which shares can be bought. */
    fundingDeadline: text("funding_deadline").notNull(),
    sharePriceCents: integer("share_price_cents").notNull(),
    totalShares: integer("total_shares").notNull(),
    sharesSold: integer("shares_sold").notNull().default(0),
    /** Investors with a held investment, and held investments: kept by triggers (schema-aggregates.ts). */
    investorCount: integer("investor_count").notNull().default(0),
    investmentCount: integer("investment_count").notNull().default(0),
    /**
     * Settlement (ADR 043): when the raise was decided (`status` became `funded` or `closed`), and
     * what it had at that moment: the money and shares committed and the investors holding them.
     * Null until then. A closed raise's figures stay here after its investments were returned.
     */
    settledAt: integer("settled_at"),
    /** When its founder moved the deadline earlier to close early (ADR 043); null otherwise. */
    closedEarlyAt: integer("closed_early_at"),
    settledCents: integer("settled_cents"),
    settledShares: integer("settled_shares"),
    settledInvestors: integer("settled_investors"),
    /**
     * After a funded raise (ADR 052, domain/money/valuation.ts): the mark per share of the latest
     * reviewed event (null at cost), which event it was and its day; a converted SAFE's conversion
     * price per share (cents, fractional); and `exited_at` once an acquisition or a shutdown closed
     * every holding (no event is accepted after it).
     */
    markCents: integer("mark_cents"),
    markEventId: text("mark_event_id"),
    markedOn: text("marked_on"),
    conversionPriceCents: real("conversion_price_cents"),
    exitedAt: integer("exited_at"),
    /**
     * What the raise shows as raised (ADR 043, domain/raises/settlement.ts `raiseProgress`): its held money,
     * or for a raise closed below its goal what had been committed and was returned. Computed by
     * SQLite, so the "Most funded" order (projects_funded_idx, projects_browse_idx) ranks by what
     * every card shows.
     */
    raisedCents: integer("raised_cents")
      .notNull()
      .generatedAlwaysAs(
        sql`(case when status = 'closed' then coalesce(settled_cents, 0) else funding_current_cents end)`,
        { mode: "virtual" },
      ),
    regulationType: text("regulation_type", { enum: ["SAFE", "RegCF", "RegA+"] })
      .notNull()
      .default("SAFE"),
    valuationCents: integer("valuation_cents"),
    equityPercentage: real("equity_percentage").notNull().default(10),
    minInvestmentCents: integer("min_investment_cents").notNull().default(10000),

    details: text("details", { mode: "json" })
      .$type<ProjectDetails>()
      .notNull()
      .default(sql`'{}'`),
    founders: text("founders", { mode: "json" })
      .$type<Person[]>()
      .notNull()
      .default(sql`'[]'`),
    team: text("team", { mode: "json" })
      .$type<Person[]>()
      .notNull()
      .default(sql`'[]'`),
    documents: text("documents", { mode: "json" })
      .$type<DocumentLink[]>()
      .notNull()
      .default(sql`'[]'`),
    faqs: text("faqs", { mode: "json" })
      .$type<Faq[]>()
      .notNull()
      .default(sql`'[]'`),

    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /**
     * Coming soon (ADR 055): stored status `coming_soon` until this instant (ms), when the raise opens
     * for investment (the founder may open it sooner). Null for a raise that opened on approval.
     */
    launchAt: integer("launch_at"),
    /** Kept (ADR 055): the active reservations' total and count, written in each reservation's batch. */
    reservedCents: integer("reserved_cents").notNull().default(0),
    reservationCount: integer("reservation_count").notNull().default(0),
    /** The Trending rail's momentum (ADR 055), recomputed from project_activity_days. */
    trendScore: real("trend_score").notNull().default(0),
    /** The UTC day trend_score was computed for (domain/projects/trending.ts); null: never (score 0). */
    trendDay: text("trend_day"),
    /** Kept: the newest update's time (the "Last update N days ago" line and the 90-day reminder). */
    lastUpdateAt: integer("last_update_at"),
    /** When the founder was last reminded to post an update (at most once per quiet period). */
    updateRemindedAt: integer("update_reminded_at"),
    /** Kept: the Discussion's visible threads (its pages' total without a count). */
    threadCount: integer("thread_count").notNull().default(0),
    /** When it went live; null while a draft or in review (seen by its founder and admins only). */
    publishedAt: integer("published_at"),
    /** When its founder last submitted it for review: the review queue's order (oldest first). */
    submittedAt: integer("submitted_at"),
    /** The reviewer's note when changes were requested; cleared when it is submitted again. */
    reviewNote: text("review_note"),
  },
  (t) => [
    uniqueIndex("projects_slug_unique").on(t.slug),
    uniqueIndex("projects_founder_unique").on(t.founderId),
    index("projects_sector_idx").on(t.sector, t.createdAt),
    index("projects_featured_idx").on(t.featured),
    check("projects_total_shares_positive", sql`${t.totalShares} > 0`),
    check("projects_shares_sold_range", sql`${t.sharesSold} >= 0 and ${t.sharesSold} <= ${t.totalShares}`),
    check("projects_share_price_positive", sql`${t.sharePriceCents} > 0`),
    check("projects_funding_current_nonneg", sql`${t.fundingCurrentCents} >= 0`),
    check("projects_funding_goal_min", sql`${t.fundingGoalCents} >= 500000`),
    check("projects_min_investment_min", sql`${t.minInvestmentCents} >= 10000`),
    check("projects_equity_range", sql`${t.equityPercentage} > 0 and ${t.equityPercentage} <= 100`),
    check("projects_regulation_valid", sql`${t.regulationType} in ('SAFE','RegCF','RegA+')`),
    index("projects_status_idx").on(t.status, t.submittedAt),
    /** Raises past their deadline and not yet settled: `status = 'active' and funding_deadline <= today`. */
    index("projects_due_idx").on(t.status, t.fundingDeadline),
    index("projects_updated_idx").on(t.updatedAt),
    /**
     * The browser's page (`listProjectsPage`): every column its filters and sorts read, so a page's
     * rows are chosen from this index alone and only the chosen rows are read whole.
     */
    index("projects_browse_idx").on(
      t.sector,
      t.status,
      t.featured,
      t.createdAt,
      t.publishedAt,
      t.fundingDeadline,
      t.sharesSold,
      t.totalShares,
      t.fundingCurrentCents,
      t.fundingGoalCents,
      t.raisedCents,
      t.slug,
    ),
    /**
     * A search in an order other than relevance walks these in order and stops at its page
     * (worker/services/projects/internal/project-order.ts, whose sort keys are these expressions, the same text:
     * SQLite uses an expression index only for the identical expression). Ties by slug; `ending`
     * walks the deadline index both ways, sorting only equal deadlines by slug.
     */
    index("projects_funded_idx").on(
      sql`coalesce(cast(${t.raisedCents} as real) / nullif(${t.fundingGoalCents}, 0), 0) desc`,
      t.slug,
    ),
    index("projects_newest_idx").on(sql`coalesce(${t.publishedAt}, ${t.createdAt}) desc`, t.slug),
    index("projects_deadline_idx").on(t.fundingDeadline, t.slug),
    index("projects_remaining_idx").on(sql`${t.totalShares} - ${t.sharesSold}`, t.slug),
    /**
     * The sitemap's pages of published projects (worker/services/visitors/sitemap.ts): walked by slug, the
     * status checked and `lastmod` read from the index alone, never the wide rows.
     */
    index("projects_sitemap_idx").on(t.slug, t.status, t.updatedAt),
    // The rails (ADR 055): each walks one index in order and stops at 12.
    index("projects_trending_idx").on(t.status, t.trendScore, t.slug),
    index("projects_new_idx").on(t.status, t.publishedAt, t.slug),
    // "Because you follow …": open raises in a followed project's sector or university, by momentum.
    index("projects_sector_trending_idx").on(t.sector, t.status, t.trendScore, t.slug),
    index("projects_university_trending_idx").on(t.universityName, t.status, t.trendScore, t.slug),
    // Coming soon raises whose launch is due (the opening job), soonest first.
    index("projects_launch_idx").on(t.status, t.launchAt),
    // Funded companies whose last update is oldest (the reminder job, the admin's overdue list).
    index("projects_update_due_idx").on(t.status, t.lastUpdateAt),
  ],
);

export const investments = sqliteTable(
  "investments",
  {
    id: text("id").primaryKey(),
    investorId: text("investor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    shares: integer("shares").notNull(),
    /** The share price at purchase time, copied from the project row inside the purchase batch. */
    sharePriceCents: integer("share_price_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /**
     * domain/raises/settlement.ts `INVESTMENT_STATUSES`: `active` while the raise runs, `confirmed` once it
     * is funded, `returned` when it closed below its goal (ADR 043), `cancelled` by the investor
     * (ADR 021). Rows are never deleted; only held ones count.
     */
    status: text("status", { enum: INVESTMENT_STATUSES }).notNull().default("active"),
    /**
     * 1 while the investor holds it (`HELD_STATUSES`: active or confirmed), else 0: computed by
     * SQLite from the status, so one definition serves every sum, trigger and index that counts.
     */
    held: integer("held")
      .notNull()
      .generatedAlwaysAs(sql`(status in ${sql.raw(HELD_SQL)})`, { mode: "virtual" }),
    /** When its raise was settled (confirmed or returned); null before. */
    settledAt: integer("settled_at"),
    /** When the investor (or an admin) cancelled it; null while it stands. */
    cancelledAt: integer("cancelled_at"),
    /**
     * The last instant (ms) this investment may be cancelled, fixed at purchase from the deadline
     * the offering stated then: no later edit can shorten it. A later deadline gives
     * more time (the cancel reads the later of this and the current deadline's cutoff).
     */
    cancelCutoffAt: integer("cancel_cutoff_at"),
    /** Client-chosen key: a retried or double-submitted purchase buys once. */
    /** Bonus shares a perk added to this purchase (ADR 055): held with it, paid for by nobody, counted in shares_sold. */
    bonusShares: integer("bonus_shares").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("investments_idempotency_unique").on(t.investorId, t.idempotencyKey),
    /** An investor's portfolio a page at a time, newest first (ties by id): no sort, no scan past the page. */
    index("investments_investor_recent_idx").on(t.investorId, t.createdAt, t.id),
    /**
     * The project page's public investor list: a project's held investments, newest first, a page
     * at a time; with the amount, the founder dashboard's totals and funding series from the index alone.
     */
    index("investments_project_held_recent_idx").on(t.projectId, t.held, t.createdAt, t.id, t.amountCents),
    /** A raise's investments still open (settlement takes them a chunk at a time, ADR 043). */
    index("investments_project_status_idx").on(t.projectId, t.status, t.id),
    /**
     * One investor's held investments in one project: the kept position's newest purchase after a
     * cancellation (migrations/0015 `investments_kept_leave`) and a regulation change's sums.
     */
    index("investments_project_held_investor_idx").on(t.projectId, t.held, t.investorId, t.amountCents),
    check("investments_whole_shares", sql`${t.shares} >= 1 and ${t.shares} = cast(${t.shares} as integer)`),
    check("investments_amount_matches", sql`${t.amountCents} = ${t.shares} * ${t.sharePriceCents}`),
  ],
);

/**
 * Counts a page shows that would otherwise read a whole growing table, kept exact by
 * triggers in the database itself (migrations/0013_counters.sql), so no code path that inserts or
 * deletes a row can forget them: `supporters` (the number of sign-ups on /support).
 */
export const counters = sqliteTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

/**
 * Every image stored in R2 (ADR 023): who stored it and how big, so the per-account
 * quota (count and bytes) is one guarded INSERT before the bytes go to R2, a project may use only
 * its founder's uploads, and the daily cron deletes the ones no project references.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    /** The R2 key: `projects/<uuid>.<ext>`. */
    key: text("key").primaryKey(),
    ownerId: text("owner_id").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    contentType: text("content_type").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId, t.createdAt), index("uploads_created_idx").on(t.createdAt)],
);

/** What the AI insights cache keeps (worker/ai/insights.ts): validated again when read. */
export interface AiInsightsAnswer {
  insights: string[];
  recommendedSectors: { name: string; reason: string }[];
}

/**
 * The AI insights cache (ADR 019): one row per user, the newest answer. A lookup matches the user
 * and `holdings_hash` (SHA-256 of the holdings: project ids and amounts in cents, sorted), so a
 * changed portfolio never reads an answer written for another one. A model answer lives a day, a
 * fallback 10 minutes (so a recovered model is used soon); an expired model answer is still served
 * when the per-user limit on model calls is reached.
 */
export const aiInsights = sqliteTable(
  "ai_insights",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    holdingsHash: text("holdings_hash").notNull(),
    answer: text("answer", { mode: "json" }).$type<AiInsightsAnswer>().notNull(),
    source: text("source", { enum: ["model", "fallback"] }).notNull(),
    model: text("model"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [check("ai_insights_source_valid", sql`${t.source} in ('model','fallback')`)],
);

/**
 * A founder's working copy of their project form (ADR 033): what they last typed when
 * it could not yet become the project, because required fields are still empty (or because it was
 * autosaved). One per founder: for the project they have not created yet (`project_id` null) or for
 * their draft project. `body` is the form's values as the API speaks them (JSON, at most 256 KB);
 * every rule but "required" held when it was written. The project row keeps the last complete
 * save; a complete save by the founder deletes the working copy.
 */
export const projectDrafts = sqliteTable(
  "project_drafts",
  {
    founderId: text("founder_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("project_drafts_project_idx").on(t.projectId),
    check("project_drafts_body_json", sql`json_valid(${t.body}) and length(${t.body}) <= 262144`),
  ],
);

export const REVISION_STATUSES = ["pending", "approved", "changes_requested", "withdrawn"] as const;

/**
 * A founder's material changes to a live project (ADR 050): the edited copy of the material
 * columns (`body`, JSON), the fields it changes, waiting for an admin's review. One pending
 * revision per project: a later save replaces its body. Approval copies `body` onto the project.
 */
export const projectRevisions = sqliteTable(
  "project_revisions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: REVISION_STATUSES }).notNull().default("pending"),
    /** The material columns as the founder saved them, JSON (domain/projects/revisions.ts MATERIAL_FIELDS). */
    body: text("body").notNull(),
    /** The names of the material fields it changes, JSON. */
    fields: text("fields").notNull(),
    reviewNote: text("review_note"),
    reviewerId: text("reviewer_id"),
    submittedAt: integer("submitted_at").notNull(),
    reviewedAt: integer("reviewed_at"),
  },
  (t) => [
    uniqueIndex("project_revisions_pending_idx")
      .on(t.projectId)
      .where(sql`status = 'pending'`),
    // The review queue: pending revisions, oldest first.
    index("project_revisions_status_idx").on(t.status, t.submittedAt),
    index("project_revisions_project_idx").on(t.projectId, t.submittedAt),
    check("project_revisions_body_json", sql`json_valid(${t.body}) and length(${t.body}) <= 262144`),
  ],
);

export const RECONFIRMATION_STATUSES = ["pending", "reconfirmed", "canceled", "lapsed"] as const;

/**
 * An investor's reconfirmation of an approved material change (ADR 050, 17 CFR 227.304(c)): one
 * pending per investment; reconfirmed, canceled by the investor, or lapsed at `due_at` (the
 * scheduled job cancels the investment and returns the money).
 */
export const reconfirmations = sqliteTable(
  "reconfirmations",
  {
    id: text("id").primaryKey(),
    investmentId: text("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    investorId: text("investor_id").notNull(),
    projectId: text("project_id").notNull(),
    revisionId: text("revision_id").notNull(),
    /** The fields the change touched, JSON, as the investor is told. */
    fields: text("fields").notNull(),
    status: text("status", { enum: RECONFIRMATION_STATUSES }).notNull().default("pending"),
    dueAt: integer("due_at").notNull(),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("reconfirmations_pending_idx")
      .on(t.investmentId)
      .where(sql`status = 'pending'`),
    // The lapse job: pending ones by due instant.
    index("reconfirmations_due_idx").on(t.status, t.dueAt),
    // The portfolio's "reconfirm" list and the settlement's wait.
    index("reconfirmations_investor_idx").on(t.investorId, t.status),
    index("reconfirmations_project_idx").on(t.projectId, t.status),
  ],
);
