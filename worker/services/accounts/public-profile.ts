/**
 * Public investor profiles (spec sections 3, 4, 7): the owner's settings (read and save, self or
 * admin) and the public page `/investors/{username}`, which shows only what the owner allows.
 * Usernames are stored lower-cased, so the unique index makes them unique without regard to case,
 * and two saves racing for one name end with one owner and one 409. The
 * platform's, staff and route names are reserved (domain/accounts/usernames.ts), a name given up is held
 * for its last owner for 30 days (`released_usernames`), and an account changes its username at
 * most 3 times a day, all checked inside the save's one batch.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { DAY_MS } from "../../../domain/shared/dates";
import {
  EMPTY_PROFILE,
  PROFILE_MESSAGES,
  USERNAME_LIMITS,
  validatePublicProfile,
  type PublicProfile,
} from "../../../domain/accounts/public-profile-form";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, guaranteed } from "../../../db/client";
import { investments, projects, publicProfiles, users } from "../../../db/schema";
import { assertSelfOrAdmin, requireSignedIn } from "../shared/access";
import { constraintFailed, isServiceError, ServiceError, validOrThrow } from "../shared/errors";
import { isPublished, publicInvestorName } from "../projects/projects";
import { reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { changedFields, overseeing } from "../operator/audit";

type ProfileRow = typeof publicProfiles.$inferSelect;

function toProfile(row: ProfileRow): PublicProfile {
  return {
    username: row.username ?? "",
    wefunderUrl: row.wefunderUrl ?? "",
    bio: row.bio ?? "",
    site: row.site ?? "",
    investingThesis: row.investingThesis ?? "",
    about: row.about ?? "",
    offPlatformInvestments: row.offPlatformInvestments ?? "",
    investmentSize: row.investmentSize ?? "",
    interests: Array.isArray(row.interests) ? row.interests : [],
    confidentiality: {
      hideBadges: row.hideBadges,
      hideInvestments: row.hideInvestments,
      hideInSearchEngines: row.hideInSearchEngines,
      hideLocation: row.hideLocation,
    },
  };
}

/** The profile of `userId` (self or admin), or null when none has been saved yet. */
export async function getPublicProfile(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
): Promise<PublicProfile | null> {
  assertSelfOrAdmin(viewer, userId);
  const rows = await db.select().from(publicProfiles).where(eq(publicProfiles.userId, userId)).limit(1);
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Username changes per account (a new name or clearing it; saving the same name again is free). */
export const USERNAME_RATE_LIMIT = {
  max: USERNAME_LIMITS.changesPerDay,
  windowMs: DAY_MS,
  message: PROFILE_MESSAGES.usernameTooOften,
} as const satisfies RateLimit;

export const USERNAME_HOLD_MS = USERNAME_LIMITS.holdDays * DAY_MS;

/** The guard below fails on this: a name held for someone else. */
const HELD = /NOT NULL constraint failed: released_usernames\.user_id/i;

const COLUMNS = `user_id, username, wefunder_url, bio, site, investing_thesis, about, off_platform_investments,
  investment_size, interests, hide_badges, hide_investments, hide_in_search_engines, hide_location, updated_at`;

type RawProfileRow = {
  user_id: string;
  username: string | null;
  wefunder_url: string | null;
  bio: string | null;
  site: string | null;
  investing_thesis: string | null;
  about: string | null;
  off_platform_investments: string | null;
  investment_size: string | null;
  interests: string | null;
  hide_badges: number;
  hide_investments: number;
  hide_in_search_engines: number;
  hide_location: number;
  updated_at: number;
};

function fromRaw(r: RawProfileRow): ProfileRow {
  let interests: unknown = [];
  try {
    interests = JSON.parse(r.interests ?? "[]");
  } catch {
    interests = [];
  }
  return {
    userId: r.user_id,
    username: r.username,
    wefunderUrl: r.wefunder_url,
    bio: r.bio,
    site: r.site,
    investingThesis: r.investing_thesis,
    about: r.about,
    offPlatformInvestments: r.off_platform_investments,
    investmentSize: r.investment_size,
    interests: Array.isArray(interests) ? (interests as string[]) : [],
    hideBadges: r.hide_badges === 1,
    hideInvestments: r.hide_investments === 1,
    hideInSearchEngines: r.hide_in_search_engines === 1,
    hideLocation: r.hide_location === 1,
    updatedAt: r.updated_at,
  };
}

function usernameRefused(status: 409 | 429, message: string, retryAfter?: number): ServiceError {
  return new ServiceError(status, message, status === 429 ? "rate_limited" : "username_taken", {
    retryAfter,
    errors: { username: message },
  });
}

/**
 * Saves the whole profile (PUT: a field left out is emptied). 401 signed out ('You must be logged
 * in to save settings'), 403 for someone else's, 404 for an unknown user (admins), 400 with every
 * field's error (a reserved name: 'This username is reserved'), 409 'That username is taken' or
 * held, 429 past the username change limit.
 *
 * One D1 batch (ADR 025), so each rule is checked by the write itself and two saves
 * racing cannot slip past one: (1) a slot of the account's daily username-change limit, taken only
 * when the stored username differs from the new one; (2) a guard that fails the batch when the new
 * name is held for someone else (released within 30 days); (3) the old name, if this changes it,
 * held for this account from now; (4) the new name's own hold, if any, dropped (it is theirs, or
 * expired); (5) the profile upsert, whose unique index refuses a name someone holds now.
 */
export async function savePublicProfile(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  body: Record<string, unknown>,
  now: number = Date.now(),
): Promise<PublicProfile> {
  requireSignedIn(viewer, PROFILE_MESSAGES.signedOut);
  assertSelfOrAdmin(viewer, userId);
  const p = validOrThrow(validatePublicProfile(body));
  if (viewer.id !== userId) {
    const owner = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!owner[0]) throw new ServiceError(404, PROFILE_MESSAGES.userNotFound, "not_found");
  }
  const username = p.username || null;
  const d1 = db.$client;
  const work: D1PreparedStatement[] = [];
  // An admin editing someone else's public profile: on the record by field name only (a person's
  // own words must not outlive their erasure in an append-only log). The batch's writes cannot
  // silently do nothing (the upsert writes its row or the batch fails), so the row goes first.
  const oversight = await overseeing(db, viewer, userId, now);
  if (oversight.adminId) {
    const before = (await getPublicProfile(db, viewer, userId)) ?? EMPTY_PROFILE;
    const fields = Object.keys(EMPTY_PROFILE) as (keyof PublicProfile)[];
    work.push(
      ...oversight.audit(
        {
          action: "edit_public_profile",
          targetType: "user",
          targetId: userId,
          changes: changedFields(before, p, fields, false),
        },
        "1 = 1",
      ),
    );
  }
  if (username) {
    work.push(
      d1
        .prepare(
          `insert into released_usernames (username, user_id, released_at)
           select ?1, null, 0 where exists (
             select 1 from released_usernames where username = ?1 and user_id <> ?2 and released_at > ?3)`,
        )
        .bind(username, userId, now - USERNAME_HOLD_MS),
    );
  }
  work.push(
    d1
      .prepare(
        `insert into released_usernames (username, user_id, released_at)
         select username, user_id, ?3 from public_profiles
         where user_id = ?1 and username is not null and username <> coalesce(?2, '')
         on conflict (username) do update set user_id = excluded.user_id, released_at = excluded.released_at`,
      )
      .bind(userId, username, now),
  );
  if (username) work.push(d1.prepare("delete from released_usernames where username = ?1").bind(username));
  work.push(
    d1
      .prepare(
        `insert into public_profiles (${COLUMNS})
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
         on conflict (user_id) do update set
           username = excluded.username, wefunder_url = excluded.wefunder_url, bio = excluded.bio,
           site = excluded.site, investing_thesis = excluded.investing_thesis, about = excluded.about,
           off_platform_investments = excluded.off_platform_investments, investment_size = excluded.investment_size,
           interests = excluded.interests, hide_badges = excluded.hide_badges,
           hide_investments = excluded.hide_investments, hide_in_search_engines = excluded.hide_in_search_engines,
           hide_location = excluded.hide_location, updated_at = excluded.updated_at
         returning *`,
      )
      .bind(
        userId,
        username,
        p.wefunderUrl || null,
        p.bio || null,
        p.site || null,
        p.investingThesis || null,
        p.about || null,
        p.offPlatformInvestments || null,
        p.investmentSize || null,
        JSON.stringify(p.interests),
        p.confidentiality.hideBadges ? 1 : 0,
        p.confidentiality.hideInvestments ? 1 : 0,
        p.confidentiality.hideInSearchEngines ? 1 : 0,
        p.confidentiality.hideLocation ? 1 : 0,
        now,
      ),
  );
  const change: Slot = {
    key: `username:user:${userId}`,
    limit: USERNAME_RATE_LIMIT,
    onlyIf: {
      sql: "coalesce((select username from public_profiles where user_id = ?5), '') <> ?6",
      binds: [userId, username ?? ""],
    },
  };
  try {
    const results = await reserveAndRun(db, [change], work, now);
    // The last statement reads the saved profile back.
    const saved = guaranteed(results.at(-1), "the saved profile").results as RawProfileRow[];
    return toProfile(fromRaw(guaranteed(saved[0], "the saved profile")));
  } catch (e) {
    if (isServiceError(e) && e.status === 429) {
      throw usernameRefused(429, e.message, e.retryAfter ?? undefined);
    }
    if (constraintFailed(e, HELD)) throw usernameRefused(409, PROFILE_MESSAGES.usernameHeld);
    if (constraintFailed(e, /UNIQUE constraint failed: public_profiles\.username/i)) {
      throw usernameRefused(409, PROFILE_MESSAGES.usernameTaken);
    }
    throw e;
  }
}

/** A public investor page: only what its owner allows. */
export interface PublicInvestorPage {
  username: string;
  name: string;
  bio: string;
  investingThesis: string;
  about: string;
  interests: string[];
  site: string;
  wefunderUrl: string;
  /** "Premium Investor" once they hold an investment, unless hidden. */
  badges: string[];
  /** Published projects backed, most recent first (titles and dates, never amounts); null when hidden. */
  investments: { title: string; slug: string; date: number }[] | null;
  noindex: boolean;
}

export async function getPublicInvestor(db: Database, username: string): Promise<PublicInvestorPage | null> {
  const name = username.trim().toLowerCase();
  if (!/^[a-z0-9_-]{3,30}$/.test(name)) return null;
  const rows = await db
    .select({
      profile: publicProfiles,
      firstName: users.firstName,
      lastName: users.lastName,
      // Whether they hold an investment now: the kept sums (ADR 037), one row per category and risk.
      held: sql<number>`exists (select 1 from investor_mix m where m.investor_id = ${users.id} and m.investments > 0)`,
    })
    .from(publicProfiles)
    .innerJoin(users, eq(users.id, publicProfiles.userId))
    // A suspended account's public profile is hidden (ADR 030).
    .where(and(eq(publicProfiles.username, name), isNull(users.suspendedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const p = toProfile(row.profile);
  let backed: PublicInvestorPage["investments"] = null;
  if (!p.confidentiality.hideInvestments) {
    // One line per project, dated by the first purchase in it.
    const list = await db
      .select({ title: projects.title, slug: projects.slug, date: sql<number>`min(${investments.createdAt})` })
      .from(investments)
      .innerJoin(projects, eq(projects.id, investments.projectId))
      // Active investments only: a project whose every investment was cancelled is not backed.
      .where(and(eq(investments.investorId, row.profile.userId), eq(investments.held, 1), isPublished))
      .groupBy(projects.id)
      .orderBy(desc(sql`min(${investments.createdAt})`))
      .limit(50);
    backed = list;
  }
  return {
    username: p.username,
    name: publicInvestorName(row.firstName, row.lastName),
    bio: p.bio,
    investingThesis: p.investingThesis,
    about: p.about,
    interests: p.interests,
    site: p.site,
    wefunderUrl: p.wefunderUrl,
    // The spec's badge is earned, as on the profile (app/routes/profile.tsx `roleBadge`): it shows
    // once they hold an investment; before, the page claims nothing.
    badges: p.confidentiality.hideBadges || Number(row.held) !== 1 ? [] : ["Premium Investor"],
    investments: backed,
    noindex: p.confidentiality.hideInSearchEngines,
  };
}
