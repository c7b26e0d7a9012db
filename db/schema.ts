/**
 * The D1 schema for the whole product spec (section 3), in Drizzle.
 *
 * Conventions (see docs/decisions):
 * - money is integer cents (`*_cents`); the API converts to the spec's dollar numbers;
 * - timestamps are integer milliseconds since the epoch; calendar dates are ISO `YYYY-MM-DD` text;
 * - nested project details that are only ever read and written whole (team, FAQs, roadmap …)
 *   are JSON text columns (ADR 004); everything we filter, sort, join or guard on is a real column.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { ADMIN_ACTIONS, type AdminAction } from "../domain/admin";
import type { CreatorInfo, DocumentLink, Faq, Person, ProjectDetails, SocialLinks } from "../domain/types";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthDate: text("birth_date").notNull(),
    role: text("role", { enum: ["investor", "founder", "admin"] })
      .notNull()
      .default("investor"),
    phoneNumber: text("phone_number"),
    bio: text("bio"),
    profileImage: text("profile_image"),
    riskTolerance: text("risk_tolerance", { enum: ["low", "medium", "high"] })
      .notNull()
      .default("medium"),
    timeHorizon: text("time_horizon", { enum: ["short", "medium", "long"] })
      .notNull()
      .default("medium"),
    preferredSectors: text("preferred_sectors", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'["Technology","Real Estate"]'`),
    investmentGoals: text("investment_goals", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'["Growth","Income"]'`),
    createdAt: integer("created_at").notNull().default(now),
    /** Set by an admin (ADR 030): the account cannot sign in and its public content is hidden. */
    suspendedAt: integer("suspended_at"),
    suspendedReason: text("suspended_reason"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_idx").on(t.createdAt),
    check("users_email_lower", sql`${t.email} = lower(trim(${t.email}))`),
    check("users_role_valid", sql`${t.role} in ('investor','founder','admin')`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** The public half of the token `id.secret`. */
    id: text("id").primaryKey(),
    /** Hex SHA-256 of the secret half; the secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastVerifiedAt: integer("last_verified_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_created_idx").on(t.createdAt)],
);

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
    /** The browse filter id the category maps to (domain/categories.ts). */
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
    /** Investors with an active investment, and active investments: kept by triggers (schema-aggregates.ts). */
    investorCount: integer("investor_count").notNull().default(0),
    investmentCount: integer("investment_count").notNull().default(0),
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
      t.slug,
    ),
    /**
     * A search in an order other than relevance walks these in order and stops at its page
     * (worker/services/project-order.ts, whose sort keys are these expressions, the same text:
     * SQLite uses an expression index only for the identical expression). Ties by slug; `ending`
     * walks the deadline index both ways, sorting only equal deadlines by slug.
     */
    index("projects_funded_idx").on(
      sql`coalesce(cast(${t.fundingCurrentCents} as real) / nullif(${t.fundingGoalCents}, 0), 0) desc`,
      t.slug,
    ),
    index("projects_newest_idx").on(sql`coalesce(${t.publishedAt}, ${t.createdAt}) desc`, t.slug),
    index("projects_deadline_idx").on(t.fundingDeadline, t.slug),
    index("projects_remaining_idx").on(sql`${t.totalShares} - ${t.sharesSold}`, t.slug),
    /**
     * The sitemap's pages of published projects (worker/services/sitemap.ts): walked by slug, the
     * status checked and `lastmod` read from the index alone, never the wide rows.
     */
    index("projects_sitemap_idx").on(t.slug, t.status, t.updatedAt),
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
    /** 'cancelled' keeps the row (history is never deleted) but it no longer counts anywhere (ADR 021). */
    status: text("status", { enum: ["active", "pending", "cancelled"] })
      .notNull()
      .default("active"),
    /** When the investor (or an admin) cancelled it; null while it stands. */
    cancelledAt: integer("cancelled_at"),
    /**
     * The last instant (ms) this investment may be cancelled, fixed at purchase from the deadline
     * the offering stated then: no later edit can shorten it. A later deadline gives
     * more time (the cancel reads the later of this and the current deadline's cutoff).
     */
    cancelCutoffAt: integer("cancel_cutoff_at"),
    /** Client-chosen key: a retried or double-submitted purchase buys once. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("investments_idempotency_unique").on(t.investorId, t.idempotencyKey),
    /** An investor's portfolio a page at a time, newest first (ties by id): no sort, no scan past the page. */
    index("investments_investor_recent_idx").on(t.investorId, t.createdAt, t.id),
    /**
     * The project page's public investor list: a project's active investments, newest first, a page
     * at a time; with the amount, the founder dashboard's totals and funding series from the index alone.
     */
    index("investments_project_recent_idx").on(t.projectId, t.status, t.createdAt, t.id, t.amountCents),
    /**
     * One investor's active investments in one project: the kept position's newest purchase after a
     * cancellation (migrations/0015 `investments_kept_leave`) and a regulation change's sums.
     */
    index("investments_project_investor_idx").on(t.projectId, t.status, t.investorId, t.amountCents),
    check("investments_whole_shares", sql`${t.shares} >= 1 and ${t.shares} = cast(${t.shares} as integer)`),
    check("investments_amount_matches", sql`${t.amountCents} = ${t.shares} * ${t.sharePriceCents}`),
  ],
);

export const supporters = sqliteTable(
  "supporters",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    showPublicly: integer("show_publicly", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  // One row per supporter email, compared case-insensitively: a second sign-up updates the row.
  (t) => [
    uniqueIndex("supporters_email_lower_uq").on(sql`lower(${t.email})`),
    index("supporters_created_idx").on(t.createdAt),
    // The public list: the newest of those who chose to be shown, without walking the others.
    index("supporters_public_idx").on(t.showPublicly, t.createdAt),
  ],
);

/**
 * Counts a page shows that would otherwise read a whole growing table (issue 20 §3), kept exact by
 * triggers in the database itself (migrations/0013_counters.sql), so no code path that inserts or
 * deletes a row can forget them: `supporters` (the number of sign-ups on /support).
 */
export const counters = sqliteTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject", { enum: ["general", "support", "business", "other"] }),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const publicProfiles = sqliteTable(
  "public_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    wefunderUrl: text("wefunder_url"),
    bio: text("bio"),
    site: text("site"),
    investingThesis: text("investing_thesis"),
    about: text("about"),
    offPlatformInvestments: text("off_platform_investments"),
    investmentSize: text("investment_size"),
    interests: text("interests", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    hideBadges: integer("hide_badges", { mode: "boolean" }).notNull().default(false),
    hideInvestments: integer("hide_investments", { mode: "boolean" }).notNull().default(false),
    hideInSearchEngines: integer("hide_in_search_engines", { mode: "boolean" }).notNull().default(false),
    hideLocation: integer("hide_location", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("public_profiles_username_unique").on(t.username),
    /**
     * The sitemap's investor pages (worker/services/sitemap.ts): walked and counted by username,
     * the opt-out checked and `lastmod` read from the index alone.
     */
    index("public_profiles_sitemap_idx").on(t.username, t.hideInSearchEngines, t.updatedAt, t.userId),
  ],
);

/**
 * Fixed-window counters for rate limits (worker/services/rate-limit.ts). A request reserves a slot
 * by raising `count` in one upsert; the CHECK makes a reservation past `max_count` fail, which
 * rolls back the whole batch it is part of, so concurrent requests cannot slip past the limit.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    windowMs: integer("window_ms").notNull(),
    count: integer("count").notNull(),
    maxCount: integer("max_count").notNull(),
  },
  (t) => [
    check("rate_limits_within_limit", sql`${t.count} <= ${t.maxCount}`),
    index("rate_limits_window_idx").on(t.windowStart),
  ],
);

/**
 * Browsers that have signed in to an account before (OWASP's device cookies, ADR 013): sign-in
 * failures from a known device count against that device only, so nobody else can lock the owner
 * out. Like sessions, only SHA-256 of the cookie's secret half is stored.
 */
export const trustedDevices = sqliteTable(
  "trusted_devices",
  {
    id: text("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at").notNull(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId, t.lastUsedAt)],
);

/**
 * Networks an account has signed in from (ADR 026): the client's IPv4 address or IPv6
 * /64. A sign-in from a known network is not held back by guesses from elsewhere (the account's
 * all-unknown-browsers limit), as a known device is not. At most MAX_NETWORKS_PER_USER per user.
 */
export const signInNetworks = sqliteTable(
  "sign_in_networks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    lastUsedAt: integer("last_used_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.network] }), index("sign_in_networks_used_idx").on(t.lastUsedAt)],
);

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

/**
 * Usernames given up (ADR 025): a released public-profile username stays reserved for
 * 30 days, so nobody can take it over to speak as the person who had it.
 */
export const releasedUsernames = sqliteTable(
  "released_usernames",
  {
    /** Lower case, as usernames compare. */
    username: text("username").primaryKey(),
    userId: text("user_id").notNull(),
    releasedAt: integer("released_at").notNull(),
  },
  (t) => [index("released_usernames_released_idx").on(t.releasedAt)],
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
 * An investor's self-declared, simulated finances: the inputs of the Reg CF 12-month
 * limit. Whole dollars. `applyLimits` off (the default) keeps the spec's unlimited demo funds.
 */
export const investorFinancials = sqliteTable(
  "investor_financials",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    annualIncome: integer("annual_income"),
    netWorth: integer("net_worth"),
    accredited: integer("accredited", { mode: "boolean" }).notNull().default(false),
    applyLimits: integer("apply_limits", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    check("investor_financials_income_range", sql`${t.annualIncome} is null or ${t.annualIncome} >= 0`),
    check("investor_financials_net_worth_range", sql`${t.netWorth} is null or ${t.netWorth} >= 0`),
  ],
);

// ---- founders and investors talk (ADR 022) ----

/** Who follows which project (the watchlist). Following twice is one row. */
export const projectFollows = sqliteTable(
  "project_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    // A project's followers, newest first (the founder's Followers tab, the fan-outs' audience).
    index("project_follows_project_idx").on(t.projectId, t.createdAt, t.userId),
    // A user's watchlist, most recently followed first, a page at a time.
    index("project_follows_user_idx").on(t.userId, t.createdAt, t.projectId),
  ],
);

/** A founder's update to a project: plain text, public or for the project's investors only. */
export const projectUpdates = sqliteTable(
  "project_updates",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    investorsOnly: integer("investors_only", { mode: "boolean" }).notNull().default(false),
    /** Hidden by an admin (moderation): shown to nobody but its founder and admins. */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("project_updates_project_idx").on(t.projectId, t.createdAt, t.id),
    check("project_updates_title_length", sql`length(${t.title}) between 1 and 120`),
    check("project_updates_body_length", sql`length(${t.body}) between 1 and 10000`),
  ],
);

/** A question on a project, its founder's answer, and whether the founder hid it. */
export const projectQuestions = sqliteTable(
  "project_questions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    askerId: text("asker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer"),
    answeredAt: integer("answered_at"),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("project_questions_project_idx").on(t.projectId, t.createdAt, t.id),
    check("project_questions_question_length", sql`length(${t.question}) between 1 and 1000`),
    check("project_questions_answer_length", sql`${t.answer} is null or length(${t.answer}) between 1 and 5000`),
  ],
);

/**
 * `deadline`: a project moved its funding deadline later, told to every active investor
 * regardless of preferences (a material change to the offering). TypeScript only: no CHECK in SQL.
 */
export const NOTIFICATION_KINDS = [
  "update",
  "answer",
  "question",
  "investment",
  "goal",
  "closing",
  "deadline",
  "review",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One notification for one user. `event_key` names the event that caused it (`update:<id>`,
 * `goal:<projectId>` …); the unique index on (user_id, event_key) makes a repeated fan-out a no-op,
 * so nobody is told twice about the same event.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text("event_key").notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    link: text("link").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    readAt: integer("read_at"),
  },
  (t) => [
    // Event first: the same uniqueness (ON CONFLICT names the columns in any order), and it also
    // finds one event's notifications for all users (deleting an update's) without a scan.
    uniqueIndex("notifications_event_unique").on(t.eventKey, t.userId),
    index("notifications_user_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_unread_idx").on(t.userId, t.readAt),
  ],
);

/** Which events a user wants to hear about; no row means every kind is on (the default). */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  updates: integer("updates", { mode: "boolean" }).notNull().default(true),
  answers: integer("answers", { mode: "boolean" }).notNull().default(true),
  questions: integer("questions", { mode: "boolean" }).notNull().default(true),
  investments: integer("investments", { mode: "boolean" }).notNull().default(true),
  goals: integer("goals", { mode: "boolean" }).notNull().default(true),
  closing: integer("closing", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at").notNull().default(now),
});

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;

export type { AdminAction };

/**
 * Every admin action, append-only (ADR 030): who, what, which record, the reason, when. Nothing
 * updates or deletes a row here; the admin's id stays even if their account goes.
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").notNull(),
    action: text("action", { enum: ADMIN_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: ["project", "user", "question", "update"] }).notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt), index("admin_audit_target_idx").on(t.targetId)],
);

/**
 * A founder's working copy of their project form (issue 18 §2, ADR 033): what they last typed when
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

export * from "./schema-aggregates";
