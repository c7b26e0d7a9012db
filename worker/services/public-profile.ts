/**
 * Public investor profiles (spec sections 3, 4, 7): the owner's settings (read and save, self or
 * admin) and the public page `/investors/{username}`, which shows only what the owner allows.
 * Usernames are stored lower-cased, so the unique index makes them unique without regard to case,
 * and two saves racing for one name end with one owner and one 409.
 */
import { and, desc, eq, sql } from "drizzle-orm";

import { PROFILE_MESSAGES, validatePublicProfile, type PublicProfile } from "../../app/lib/public-profile-form";
import { bannerMessage } from "../../app/lib/form-kit";
import type { SessionUser } from "../../app/lib/types";
import type { Database } from "../../db/client";
import { investments, projects, publicProfiles, users } from "../../db/schema";
import { assertSelfOrAdmin } from "./access";
import { constraintFailed, ServiceError } from "./errors";
import { isPublished, publicInvestorName } from "./projects";

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

/**
 * Saves the whole profile (PUT: a field left out is emptied). 401 signed out ('You must be logged
 * in to save settings'), 403 for someone else's, 404 for an unknown user (admins), 400 with every
 * field's error, 409 'That username is taken'.
 */
export async function savePublicProfile(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
  body: Record<string, unknown>,
  now: number = Date.now(),
): Promise<PublicProfile> {
  if (!viewer) throw new ServiceError(401, PROFILE_MESSAGES.signedOut, "auth_required");
  assertSelfOrAdmin(viewer, userId);
  const checked = validatePublicProfile(body);
  if (!checked.ok) {
    throw new ServiceError(400, bannerMessage(checked.count), "invalid_fields", { errors: checked.errors });
  }
  if (viewer.id !== userId) {
    const owner = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!owner[0]) throw new ServiceError(404, "User not found", "not_found");
  }
  const p = checked.value;
  const values = {
    username: p.username || null,
    wefunderUrl: p.wefunderUrl || null,
    bio: p.bio || null,
    site: p.site || null,
    investingThesis: p.investingThesis || null,
    about: p.about || null,
    offPlatformInvestments: p.offPlatformInvestments || null,
    investmentSize: p.investmentSize || null,
    interests: p.interests,
    ...p.confidentiality,
    updatedAt: now,
  };
  try {
    const saved = await db
      .insert(publicProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: publicProfiles.userId, set: values })
      .returning();
    return toProfile(saved[0]);
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: public_profiles\.username/i)) {
      throw new ServiceError(409, PROFILE_MESSAGES.usernameTaken, "username_taken", {
        errors: { username: PROFILE_MESSAGES.usernameTaken },
      });
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
  /** "Premium Investor", unless hidden. */
  badges: string[];
  /** Published projects backed, most recent first (titles and dates, never amounts); null when hidden. */
  investments: { title: string; slug: string; date: number }[] | null;
  noindex: boolean;
}

export async function getPublicInvestor(db: Database, username: string): Promise<PublicInvestorPage | null> {
  const name = username.trim().toLowerCase();
  if (!/^[a-z0-9_-]{3,30}$/.test(name)) return null;
  const rows = await db
    .select({ profile: publicProfiles, firstName: users.firstName, lastName: users.lastName })
    .from(publicProfiles)
    .innerJoin(users, eq(users.id, publicProfiles.userId))
    .where(eq(publicProfiles.username, name))
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
      .where(and(eq(investments.investorId, row.profile.userId), eq(investments.status, "active"), isPublished))
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
    badges: p.confidentiality.hideBadges ? [] : ["Premium Investor"],
    investments: backed,
    noindex: p.confidentiality.hideInSearchEngines,
  };
}
