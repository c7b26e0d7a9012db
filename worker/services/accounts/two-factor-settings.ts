/**
 * Settings for two-step sign-in (ADR 054): turning the authenticator app on (a new secret waits as
 * an unconfirmed `totp_factors` row until its first code), the ten one-time recovery codes (stored
 * as SHA-256 of the normalised code, shown once), making new ones, and turning it off. Both doors
 * (Settings' /settings/two-factor and /api/auth/two-factor) call these. Every change needs a fresh
 * confirmation first (step-up.ts `requireRecentConfirmation`), and each change's writes are one
 * D1 batch.
 */
import { newRecoveryCodes, readSecondFactorAnswer, TWO_FACTOR_MESSAGES } from "../../../domain/accounts/two-factor";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import type { Mailer } from "../../mail/mailer";
import { announceSecurityChange } from "./security-alerts";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { sha256Hex } from "./internal/secrets";
import { qrSvg } from "./internal/qr";
import { newTotpSecret, totpUri } from "./internal/totp";
import { checkSecondFactor, requireAnswer } from "./second-factor";
import { recentlyConfirmed, requireRecentConfirmation } from "./step-up";

/** What Settings and `GET /api/auth/two-factor` show. */
export interface TwoFactorStatus {
  /** Two-step sign-in is on: the authenticator app is confirmed. */
  on: boolean;
  /** When it was turned on (ms), or null. */
  confirmedAt: number | null;
  /** An app is being added: a secret waits for its first code. */
  enrolling: boolean;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
}

/** A new secret as a person adds it to their app: the QR code (an SVG, safe to inline) and the text. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

const alreadyOn = () => new ServiceError(409, TWO_FACTOR_MESSAGES.alreadyOn, "two_factor_on");
const notOn = () => new ServiceError(409, TWO_FACTOR_MESSAGES.notOn, "two_factor_off");
const noEnrolment = () => new ServiceError(409, TWO_FACTOR_MESSAGES.noEnrolment, "no_enrolment");

const enrolmentOf = (secret: string, email: string): TotpEnrolment => {
  const uri = totpUri(secret, email);
  return { secret, uri, qrSvg: qrSvg(uri) };
};

/** The account's two-step sign-in, in one read (both by the user's primary key). */
export async function readTwoFactor(db: Database, viewer: SessionUser | null): Promise<TwoFactorStatus> {
  requireSignedIn(viewer);
  const row = await db.$client
    .prepare(
      `select f.user_id is not null as has_factor, f.confirmed_at as confirmed_at,
         (select count(*) from recovery_codes r where r.user_id = ?1 and r.used_at is null) as codes_left
       from (select 1) left join totp_factors f on f.user_id = ?1`,
    )
    .bind(viewer.id)
    .first<{ has_factor: number; confirmed_at: number | null; codes_left: number }>();
  const confirmedAt = row?.confirmed_at ?? null;
  return {
    on: confirmedAt !== null,
    confirmedAt,
    enrolling: row?.has_factor === 1 && confirmedAt === null,
    recoveryCodesLeft: confirmedAt === null ? 0 : Number(row?.codes_left ?? 0),
  };
}

/**
 * The enrolment waiting for its first code, to show again (Settings after its redirect), or null.
 * Only within the session's confirmation window: the secret is shown to whoever proved who they are.
 */
export async function readTotpEnrolment(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<TotpEnrolment | null> {
  requireSignedIn(viewer);
  if (!recentlyConfirmed(viewer, now)) return null;
  const row = await db.$client
    .prepare("select secret from totp_factors where user_id = ?1 and confirmed_at is null")
    .bind(viewer.id)
    .first<{ secret: string }>();
  return row ? enrolmentOf(row.secret, viewer.email) : null;
}

/**
 * Starts adding an authenticator app: a new secret, stored unconfirmed (it replaces an older
 * unconfirmed one). 409 when the app is already on.
 */
export async function startTotpEnrolment(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<TotpEnrolment> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  const secret = newTotpSecret();
  // One statement: a confirmed app is never replaced, even by a start racing its confirmation.
  const out = await db.$client
    .prepare(
      `insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, ?2, ?3, null, 0)
       on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at, last_step = 0
       where totp_factors.confirmed_at is null`,
    )
    .bind(viewer.id, secret, now)
    .run();
  if (out.meta.changes !== 1) throw alreadyOn();
  return enrolmentOf(secret, viewer.email);
}

/** The statements that store `codes` (hashed) in place of the account's others, when `guard` holds. */
async function recoveryCodeStatements(
  db: Database,
  userId: string,
  codes: string[],
  now: number,
  guard: { sql: string; binds: unknown[] },
): Promise<D1PreparedStatement[]> {
  const d1 = db.$client;
  const hashes = await Promise.all(codes.map((c) => sha256Hex(readSecondFactorAnswer(c)!.code)));
  return [
    d1.prepare(`delete from recovery_codes where user_id = ?1 and ${guard.sql}`).bind(userId, ...guard.binds),
    ...hashes.map((hash) =>
      d1
        .prepare(
          `insert into recovery_codes (user_id, code_hash, created_at) select ?1, ?${guard.binds.length + 2}, ?${guard.binds.length + 3} where ${guard.sql}`,
        )
        .bind(userId, ...guard.binds, hash, now),
    ),
  ];
}

/**
 * Confirms the enrolment with the app's first code (`body.code`), checked by the one code check
 * (limits and replay rule included): two-step sign-in is on from now, and ten recovery codes
 * replace any others. Answers the codes, which are never shown again.
 */
export async function confirmTotpEnrolment(
  db: Database,
  viewer: SessionUser | null,
  body: Record<string, unknown>,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<{ recoveryCodes: string[] }> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  // What was typed is read before the enrolment's state: a malformed code is a 400 whatever the state.
  requireAnswer(body.code);
  const factor = await db.$client
    .prepare("select secret, confirmed_at from totp_factors where user_id = ?1")
    .bind(viewer.id)
    .first<{ secret: string; confirmed_at: number | null }>();
  if (!factor) throw noEnrolment();
  if (factor.confirmed_at !== null) throw alreadyOn();
  await checkSecondFactor(db, viewer.id, body.code, { now, secret: factor.secret, enrolling: true });

  const recoveryCodes = newRecoveryCodes();
  // The codes are stored only if this request is the one that turned the app on (confirmed_at = now
  // and the secret it checked): a second confirmation racing it changes nothing.
  const confirmedByThis = {
    sql: "exists (select 1 from totp_factors where user_id = ?1 and confirmed_at = ?2 and secret = ?3)",
    binds: [now, factor.secret],
  };
  const results = await db.$client.batch([
    db.$client
      .prepare("update totp_factors set confirmed_at = ?2 where user_id = ?1 and secret = ?3 and confirmed_at is null")
      .bind(viewer.id, now, factor.secret),
    ...(await recoveryCodeStatements(db, viewer.id, recoveryCodes, now, confirmedByThis)),
  ]);
  if (results[0]?.meta.changes !== 1) throw noEnrolment();
  await announceSecurityChange(db, viewer, "two-factor-on", now, mailer);
  return { recoveryCodes };
}

/** Ten new recovery codes in place of the old ones (used or not, which stop working). 409 when off. */
export async function regenerateRecoveryCodes(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<{ recoveryCodes: string[] }> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  const recoveryCodes = newRecoveryCodes();
  const on = { sql: "exists (select 1 from totp_factors where user_id = ?1 and confirmed_at is not null)", binds: [] };
  const results = await db.$client.batch(await recoveryCodeStatements(db, viewer.id, recoveryCodes, now, on));
  if (results[1]?.meta.changes !== 1) throw notOn();
  await announceSecurityChange(db, viewer, "recovery-codes", now, mailer);
  return { recoveryCodes };
}

/** Turns two-step sign-in off (or drops an unfinished enrolment): the app's secret and the recovery codes go. */
export async function disableTotp(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<void> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  const wasOn = (await readTwoFactor(db, viewer)).on;
  const results = await db.$client.batch([
    db.$client.prepare("delete from totp_factors where user_id = ?1").bind(viewer.id),
    db.$client.prepare("delete from recovery_codes where user_id = ?1").bind(viewer.id),
  ]);
  if (results[0]?.meta.changes !== 1) throw notOn();
  // Dropping an unfinished enrolment changes nothing the owner relied on: only turning it off is told.
  if (wasOn) await announceSecurityChange(db, viewer, "two-factor-off", now, mailer);
}
