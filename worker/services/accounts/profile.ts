/**
 * The signed-in user's own profile (spec sections 2, 3, 5 and 8): read it, and save the profile
 * edit form. Only ever the viewer's own row: there is no user id to pass, so no one can write
 * another account. Both doors use it: `GET /api/users/me/profile`, `PUT /api/users/me`
 * (worker/api/me.ts) and the /profile page's loader and action.
 */
import { eq } from "drizzle-orm";

import { PROFILE_MESSAGES, profileFormSchema, type ProfileDTO } from "../../../domain/accounts/profile-form";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { MESSAGES } from "../../../domain/shared/messages";
import { ServiceError, validateFields } from "../shared/errors";
import { requireSignedIn } from "../shared/access";

/** The columns a profile shows: not the account's secrets, counters and settings. */
const PROFILE_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  phoneNumber: users.phoneNumber,
  bio: users.bio,
  profileImage: users.profileImage,
  riskTolerance: users.riskTolerance,
  timeHorizon: users.timeHorizon,
  preferredSectors: users.preferredSectors,
  investmentGoals: users.investmentGoals,
  createdAt: users.createdAt,
};

function toProfile(u: Pick<typeof users.$inferSelect, keyof typeof PROFILE_COLUMNS>): ProfileDTO {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    phoneNumber: u.phoneNumber,
    bio: u.bio,
    profileImage: u.profileImage,
    investmentPreferences: {
      riskTolerance: u.riskTolerance,
      timeHorizon: u.timeHorizon,
      preferredSectors: Array.isArray(u.preferredSectors) ? u.preferredSectors : [],
      investmentGoals: Array.isArray(u.investmentGoals) ? u.investmentGoals : [],
    },
    memberSince: new Date(u.createdAt).toISOString(),
  };
}

/** The viewer's profile; 401 'Authentication required' without a session. */
export async function getProfile(db: Database, viewer: SessionUser | null): Promise<ProfileDTO> {
  requireSignedIn(viewer);
  const [row] = await db.select(PROFILE_COLUMNS).from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!row) throw new ServiceError(401, MESSAGES.authRequired, "auth_required");
  return toProfile(row);
}

/**
 * Saves the profile edit form from the raw body (page form or API JSON). 401 'You must be logged
 * in to save settings' without a session; 400 with every field's error (keyed by form name) when
 * a rule is broken, nothing written. The email and the role are never read from the body.
 */
export async function updateProfile(
  db: Database,
  viewer: SessionUser | null,
  rawBody: Record<string, unknown>,
): Promise<ProfileDTO> {
  requireSignedIn(viewer, PROFILE_MESSAGES.signedOut);
  // 400 with the form's banner and every field's error, nothing written (ADR 016)
  const {
    firstName,
    lastName,
    phoneNumber,
    bio,
    investmentPreferences: prefs,
  } = validateFields(profileFormSchema, rawBody);
  const set: Partial<typeof users.$inferInsert> = { firstName, lastName };
  if (phoneNumber !== undefined) set.phoneNumber = phoneNumber || null;
  if (bio !== undefined) set.bio = bio || null;
  if (prefs.riskTolerance !== undefined) set.riskTolerance = prefs.riskTolerance;
  if (prefs.timeHorizon !== undefined) set.timeHorizon = prefs.timeHorizon;
  if (prefs.preferredSectors !== undefined) set.preferredSectors = prefs.preferredSectors;
  if (prefs.investmentGoals !== undefined) set.investmentGoals = prefs.investmentGoals;
  const [row] = await db.update(users).set(set).where(eq(users.id, viewer.id)).returning(PROFILE_COLUMNS);
  if (!row) throw new ServiceError(401, PROFILE_MESSAGES.signedOut, "auth_required");
  return toProfile(row);
}
