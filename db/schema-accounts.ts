/**
 * People and their sign-in: accounts, sessions, the limits and trusted devices that guard sign-in, usernames, public profiles and investor financials.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { now } from "./schema-columns";

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
    /** Posting in discussions suspended until this instant (ADR 055): repeated hidden posts. */
    postingSuspendedUntil: integer("posting_suspended_until"),
    /** When the account's current address was proved by a link or code (ADR 045); null: never. Only mail depends on it. */
    emailVerifiedAt: integer("email_verified_at"),
    /**
     * Delete my account (ADR 046): when the owner asked. Signing in within the grace period clears it;
     * past it, the daily job erases the account's personal data and sets `deleted_at`.
     */
    deletionRequestedAt: integer("deletion_requested_at"),
    /** When the account's personal data was erased (ADR 046): the row stays as the anonymous holder of its investments. */
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_idx").on(t.createdAt),
    // The deletion job's read (ADR 046): accounts whose grace period has run out, oldest request first.
    index("users_deletion_idx").on(t.deletionRequestedAt),
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
    /**
     * What made the session (ADR 054): a browser's sign-in (`browser`), an API client's sign-in
     * (`api`), or a named API token created in Settings (`token`, with `name`).
     */
    kind: text("kind", { enum: ["browser", "api", "token"] })
      .notNull()
      .default("browser"),
    name: text("name"),
    /** The sign-in's User-Agent header (at most 300 characters kept), read as "Firefox on macOS" in Settings. */
    userAgent: text("user_agent"),
    /** The sign-in's network (an IPv4 address or an IPv6 /64) and Cloudflare's approximate place. */
    network: text("network"),
    country: text("country"),
    city: text("city"),
    /**
     * The last time this session's holder proved who they are (ADR 054): the password or a second
     * factor at sign-in, or a confirmation since. Changing the email, the password or the second
     * factors, downloading the data, deleting the account and creating an API token need it recent.
     */
    confirmedAt: integer("confirmed_at").notNull().default(0),
    /** The second factor the sign-in proved (`totp`, `recovery`, `passkey`), or null for a password alone. */
    secondFactor: text("second_factor", { enum: ["totp", "recovery", "passkey"] }),
    /** SHA-256 of the token in the new-sign-in mail's "end this session" link, or null when none was sent. */
    alertTokenHash: text("alert_token_hash"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_created_idx").on(t.createdAt),
    // The new-sign-in mail's "End That Session" link finds its session by the token's hash (ADR 054).
    index("sessions_alert_idx").on(t.alertTokenHash),
  ],
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
     * The sitemap's investor pages (worker/services/visitors/sitemap.ts): walked and counted by username,
     * the opt-out checked and `lastmod` read from the index alone.
     */
    index("public_profiles_sitemap_idx").on(t.username, t.hideInSearchEngines, t.updatedAt, t.userId),
  ],
);

/**
 * Fixed-window counters for rate limits (worker/services/shared/rate-limit.ts). A request reserves a slot
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
