/**
 * Passkeys (WebAuthn; ADR 054), the ceremonies run by `@simplewebauthn/server` (attestation,
 * signatures, origin and relying-party checks): nothing here parses attestation by hand.
 * - Registration, signed in and freshly confirmed (step-up: a second factor is a security change);
 *   the account's own passkeys are excluded so one authenticator is not added twice.
 * - Sign-in without a password: a discoverable credential names its account (`userHandle`); it
 *   proves possession and the person (user verification required), so it counts as two factors
 *   and makes a session even when two-step sign-in is on.
 * - The second step of a pending sign-in (after the password): only a passkey of that account.
 * Challenges are single use (claimed by `delete … returning`) and live PASSKEY_CHALLENGE_MS; the
 * relying party is the site's host (`relyingPartyFor`). Failed verifications and anonymous option
 * requests count against per-network limits (the one rate limiter).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import * as v from "valibot";

import {
  MAX_PASSKEYS_PER_USER,
  PASSKEY_CHALLENGE_MS,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEY_RP_NAME,
  userHandleOf,
} from "../../../domain/accounts/passkeys";
import { REVIEW_MESSAGES } from "../../../domain/projects/review";
import { MINUTE_MS } from "../../../domain/shared/dates";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { passkeys, projects, signInNetworks, trustedDevices, users } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import type { Mailer } from "../../mail/mailer";
import { announceSecurityChange } from "./security-alerts";
import type { ClientInfo } from "../shared/client";
import { constraintFailed, ServiceError, validateFirst } from "../shared/errors";
import { releaseStatements, reserve, reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { finishPendingSignIn, knownOrigin, readPendingSignIn, startSession, type PendingSignInRow } from "./auth";
import { parseToken, toSessionUser, userWithProjectColumns, type SignedIn } from "./sessions";
import { requireRecentConfirmation } from "./step-up";

/**
 * Per network (an IPv4 address or an IPv6 /64): failed passkey answers (each answer takes a slot
 * before it is checked; a verified one gives it back), and option requests (each stores a
 * challenge row).
 */
export const PASSKEY_LIMITS = {
  failures: { max: 20, windowMs: 15 * MINUTE_MS, message: PASSKEY_MESSAGES.tooManyFailures },
  options: { max: 30, windowMs: 15 * MINUTE_MS, message: PASSKEY_MESSAGES.tooManyRequests },
} as const satisfies Record<string, RateLimit>;

/** EdDSA, ES256, RS256: what every platform authenticator offers, and WebCrypto in the Worker checks. */
const ALGORITHMS = [-8, -7, -257];

/** Who the passkeys belong to: the site's host name (the WebAuthn RP ID) and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of a request. In production it is always the configured site (`APP_ORIGIN`,
 * as mail links are), whatever the request's Host says. Local runs and tests are reached at
 * whatever address the browser used (localhost or 127.0.0.1, and WebAuthn refuses an IP address
 * as an RP ID), so there it is the request's own origin, the one the CSRF check already holds
 * writes to.
 */
export function relyingPartyFor(env: { APP_ORIGIN: string; APP_ENV?: string }, requestUrl: string): RelyingParty {
  const url = new URL(env.APP_ENV === "production" ? env.APP_ORIGIN : requestUrl);
  return { id: url.hostname, origin: url.origin };
}

/** A passkey as its owner sees it (Settings, GET /api/auth/passkeys). */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** `multiDevice` (synced, say by a password manager) or `singleDevice` (a security key). */
  deviceType: string;
  backedUp: boolean;
}

type PasskeyRow = typeof passkeys.$inferSelect;

function toView(row: Pick<PasskeyRow, "id" | "name" | "createdAt" | "lastUsedAt" | "deviceType" | "backedUp">) {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
    deviceType: row.deviceType,
    backedUp: row.backedUp,
  } satisfies PasskeyView;
}

/** A passkey's name: trimmed, 1 to PASSKEY_NAME_MAX characters. */
export const PasskeyName = v.pipe(
  v.string(PASSKEY_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(PASSKEY_MESSAGES.nameRequired),
  v.maxLength(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong),
);

export const PasskeyNameBody = v.object({ name: PasskeyName });

// --- base64url, as WebAuthn's JSON writes bytes ---

function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

// --- what a browser sends back: shapes checked before the library sees them ---

const b64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/));
const credentialFields = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: v.literal("public-key"),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
  authenticatorAttachment: v.optional(v.picklist(["platform", "cross-platform"])),
};
const RegistrationResponse = v.looseObject({
  ...credentialFields,
  response: v.looseObject({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(30)))),
  }),
});
const AuthenticationResponse = v.looseObject({
  ...credentialFields,
  response: v.looseObject({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: v.optional(b64url(200)),
  }),
});

/** The request bodies (the API documents these). */
export const AddPasskeyBody = v.object({
  name: PasskeyName,
  response: v.pipe(v.unknown(), v.description("What `navigator.credentials.create()` answered, as JSON")),
});
export const PasskeySignInOptionsBody = v.object({
  pendingToken: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(200))),
    v.description("The second step's token (POST /api/auth/login's 202); none for a sign-in without a password"),
  ),
});
export const PasskeySignInBody = v.object({
  response: v.pipe(v.unknown(), v.description("What `navigator.credentials.get()` answered, as JSON")),
});
export const PasskeySecondStepBody = v.object({
  pendingToken: v.pipe(v.string(), v.maxLength(200)),
  response: v.pipe(v.unknown(), v.description("What `navigator.credentials.get()` answered, as JSON")),
});

function readResponse<S extends typeof RegistrationResponse | typeof AuthenticationResponse>(
  schema: S,
  raw: unknown,
): v.InferOutput<S> & { challenge: string } {
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw new ServiceError(400, PASSKEY_MESSAGES.responseRequired, "invalid_fields");
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(new TextDecoder().decode(fromBase64Url(parsed.output.response.clientDataJSON))) as {
        challenge?: unknown;
      }
    ).challenge;
  } catch {
    challenge = null;
  }
  if (typeof challenge !== "string" || challenge.length > 200) throw notVerified();
  return { ...parsed.output, challenge };
}

const notVerified = () => new ServiceError(400, PASSKEY_MESSAGES.notVerified, "passkey_not_verified");

// --- challenges ---

type Purpose = "register" | "sign-in" | "second-factor";

/** Stores a challenge (its id is the challenge itself, so an answer finds it by primary key); old ones go. */
function challengeStatements(db: Database, challenge: string, purpose: Purpose, userId: string | null, now: number) {
  const d1 = db.$client;
  return [
    d1.prepare("delete from webauthn_challenges where expires_at <= ?1").bind(now),
    d1
      .prepare(
        "insert into webauthn_challenges (id, user_id, purpose, challenge, expires_at) values (?1, ?2, ?3, ?1, ?4)",
      )
      .bind(challenge, userId, purpose, now + PASSKEY_CHALLENGE_MS),
  ];
}

/** Claims a challenge: deleted as it is read, so one answer uses it; an expired, used or foreign one is a 400. */
async function claimChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: number,
): Promise<string> {
  const row = await db.$client
    .prepare(
      `delete from webauthn_challenges where id = ?1 and purpose = ?2 and user_id is ?3 and expires_at > ?4
       returning challenge`,
    )
    .bind(challenge, purpose, userId, now)
    .first<{ challenge: string }>();
  if (!row) throw new ServiceError(400, PASSKEY_MESSAGES.challengeExpired, "challenge_expired");
  return row.challenge;
}

const optionsSlot = (clientIp: string): Slot => ({
  key: `passkey:options:${clientIp}`,
  limit: PASSKEY_LIMITS.options,
});
const failureSlot = (clientIp: string): Slot => ({
  key: `passkey:fail:${clientIp}`,
  limit: PASSKEY_LIMITS.failures,
});

// --- registration ---

/** The options for `navigator.credentials.create()`: signed in, confirmed within 10 minutes, under the cap. */
export async function registrationOptions(
  db: Database,
  viewer: SessionUser | null,
  rp: RelyingParty,
  options: { clientIp: string; now?: number },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  requireSignedIn(viewer);
  const now = options.now ?? Date.now();
  requireRecentConfirmation(viewer, now);
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, viewer.id))
    .limit(MAX_PASSKEYS_PER_USER);
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw new ServiceError(409, PASSKEY_MESSAGES.tooMany, "too_many");
  const out = await generateRegistrationOptions({
    rpName: PASSKEY_RP_NAME,
    rpID: rp.id,
    userName: viewer.email,
    userID: userHandleOf(viewer.id),
    userDisplayName: `${viewer.firstName} ${viewer.lastName}`.trim(),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // A discoverable credential (it signs in without an email) that checks the person (a PIN,
    // a fingerprint): what lets it stand in for the password and the code.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await reserveAndRun(
    db,
    [optionsSlot(options.clientIp)],
    challengeStatements(db, out.challenge, "register", viewer.id, now),
    now,
  );
  return out;
}

/** Verifies a registration and keeps the passkey under its name: 201's view, or 400/403/409. */
export async function addPasskey(
  db: Database,
  viewer: SessionUser | null,
  body: Record<string, unknown>,
  rp: RelyingParty,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<PasskeyView> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  const { name } = validateFirst(PasskeyNameBody, { name: body.name });
  const response = readResponse(RegistrationResponse, body.response);
  const challenge = await claimChallenge(db, response.challenge, "register", viewer.id, now);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw notVerified();
  }
  if (!verified.verified) throw notVerified();
  const info = verified.registrationInfo;
  const row = {
    id: info.credential.id,
    userId: viewer.id,
    publicKey: toBase64Url(info.credential.publicKey),
    counter: info.credential.counter,
    transports: (info.credential.transports ?? []).slice(0, 10),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name,
    createdAt: now,
    lastUsedAt: null,
  };
  let inserted;
  try {
    // The cap, in the insert's own condition: two registrations at once cannot pass it together.
    inserted = await db.$client
      .prepare(
        `insert into passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, name, created_at)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
         where (select count(*) from passkeys where user_id = ?2) < ?10`,
      )
      .bind(
        row.id,
        row.userId,
        row.publicKey,
        row.counter,
        JSON.stringify(row.transports),
        row.deviceType,
        row.backedUp ? 1 : 0,
        row.name,
        row.createdAt,
        MAX_PASSKEYS_PER_USER,
      )
      .run();
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: passkeys\.id/i)) {
      throw new ServiceError(409, PASSKEY_MESSAGES.alreadyAdded, "already_added");
    }
    throw e;
  }
  if (inserted.meta.changes !== 1) throw new ServiceError(409, PASSKEY_MESSAGES.tooMany, "too_many");
  await announceSecurityChange(db, viewer, "passkey-added", now, mailer);
  return toView(row);
}

/** The account's passkeys, oldest first (at most MAX_PASSKEYS_PER_USER). */
export async function listPasskeys(db: Database, viewer: SessionUser | null): Promise<PasskeyView[]> {
  requireSignedIn(viewer);
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, viewer.id))
    .orderBy(passkeys.createdAt)
    .limit(MAX_PASSKEYS_PER_USER);
  return rows.map(toView);
}

/** Renames one of the viewer's passkeys (404 for anyone else's). */
export async function renamePasskey(
  db: Database,
  viewer: SessionUser | null,
  id: string,
  body: Record<string, unknown>,
): Promise<PasskeyView> {
  requireSignedIn(viewer);
  const { name } = validateFirst(PasskeyNameBody, { name: body.name });
  const row = await db.$client
    .prepare("update passkeys set name = ?3 where id = ?1 and user_id = ?2 returning *")
    .bind(id, viewer.id, name)
    .first<{
      id: string;
      name: string;
      created_at: number;
      last_used_at: number | null;
      device_type: string;
      backed_up: number;
    }>();
  if (!row) throw new ServiceError(404, PASSKEY_MESSAGES.notFound, "not_found");
  return toView({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
  });
}

/** Removes one of the viewer's passkeys: a second factor's change, so it needs a fresh confirmation. */
export async function removePasskey(
  db: Database,
  viewer: SessionUser | null,
  id: string,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<void> {
  requireSignedIn(viewer);
  requireRecentConfirmation(viewer, now);
  const out = await db.$client.prepare("delete from passkeys where id = ?1 and user_id = ?2").bind(id, viewer.id).run();
  if (out.meta.changes !== 1) throw new ServiceError(404, PASSKEY_MESSAGES.notFound, "not_found");
  await announceSecurityChange(db, viewer, "passkey-removed", now, mailer);
}

// --- sign-in ---

/**
 * The options for `navigator.credentials.get()`: with a pending sign-in's token, its second step
 * (only that account's passkeys); without, a sign-in without a password (any passkey of ours).
 */
export async function passkeySignInOptions(
  db: Database,
  body: Record<string, unknown>,
  rp: RelyingParty,
  options: { clientIp: string; now?: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const now = options.now ?? Date.now();
  const { pendingToken } = validateFirst(PasskeySignInOptionsBody, { pendingToken: body.pendingToken });
  if (pendingToken !== undefined) {
    const pending = await readPendingSignIn(db, pendingToken, now);
    return secondStepOptions(db, pending, rp, { ...options, now });
  }
  const out = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: "required",
  });
  await reserveAndRun(
    db,
    [optionsSlot(options.clientIp)],
    challengeStatements(db, out.challenge, "sign-in", null, now),
    now,
  );
  return out;
}

/**
 * The second step's options for a pending sign-in (the API's, and /signin/verify's page). 400 when
 * the account has no passkey. `clientIp` null: the page's loader, which holds the pending sign-in
 * and is not counted.
 */
export async function secondStepOptions(
  db: Database,
  pending: PendingSignInRow,
  rp: RelyingParty,
  options: { clientIp: string | null; now?: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const now = options.now ?? Date.now();
  const own = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, pending.userId))
    .limit(MAX_PASSKEYS_PER_USER);
  if (!own.length) throw new ServiceError(400, PASSKEY_MESSAGES.noPasskeys, "no_passkeys");
  const out = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_MS,
    allowCredentials: own.map((p) => ({ id: p.id, transports: p.transports })),
    // The password already came: the passkey is the second factor, presence is enough.
    userVerification: "preferred",
  });
  const slots = options.clientIp === null ? [] : [optionsSlot(options.clientIp)];
  await reserveAndRun(db, slots, challengeStatements(db, out.challenge, "second-factor", pending.userId, now), now);
  return out;
}

/**
 * Checks an assertion against a stored passkey with the library, then advances its counter (a
 * conditional update: a cloned authenticator's or a replayed counter never passes) and its last use.
 */
async function verifyAssertion(
  db: Database,
  response: v.InferOutput<typeof AuthenticationResponse>,
  passkey: Pick<PasskeyRow, "id" | "publicKey" | "counter" | "transports">,
  challenge: string,
  rp: RelyingParty,
  requireUserVerification: boolean,
  now: number,
) {
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: fromBase64Url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    });
  } catch {
    throw notVerified();
  }
  if (!verified.verified) throw notVerified();
  const counter = verified.authenticationInfo.newCounter;
  const claimed = await db.$client
    .prepare(
      `update passkeys set counter = ?2, last_used_at = ?3, backed_up = ?4
       where id = ?1 and (counter < ?2 or (counter = 0 and ?2 = 0))`,
    )
    .bind(passkey.id, counter, now, verified.authenticationInfo.credentialBackedUp ? 1 : 0)
    .run();
  if (claimed.meta.changes !== 1) throw notVerified();
}

export interface PasskeySignInOptions {
  clientIp: string;
  deviceToken?: string | null;
  client?: ClientInfo;
  kind?: "browser" | "api";
  now?: number;
  /** Sends a new-sign-in alert after the response (else the outbox's drain sends it). */
  mailer?: Mailer;
}

/**
 * Signs in with a passkey alone (no password): the credential names the account, the assertion is
 * verified with user verification, a suspended account is refused as at login (after the proof,
 * ADR 030), and the session records `second_factor = 'passkey'`. Each attempt takes a slot of the
 * network's failure limit first; a verified one gives it back.
 */
export async function signInWithPasskey(
  db: Database,
  body: Record<string, unknown>,
  rp: RelyingParty,
  options: PasskeySignInOptions,
): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const response = readResponse(AuthenticationResponse, body.response);
  const slot = failureSlot(options.clientIp);
  await reserve(db, [slot], now);
  const challenge = await claimChallenge(db, response.challenge, "sign-in", null, now);

  const device = parseToken(options.deviceToken ?? null);
  const row = (
    await db
      .select({
        passkey: passkeys,
        ...userWithProjectColumns,
        deviceId: trustedDevices.id,
        deviceSecretHash: trustedDevices.secretHash,
        deviceUsedAt: trustedDevices.lastUsedAt,
        networkUsedAt: signInNetworks.lastUsedAt,
      })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .leftJoin(projects, eq(projects.founderId, users.id))
      .leftJoin(
        trustedDevices,
        sql`${trustedDevices.id} = ${device?.id ?? null} and ${trustedDevices.userId} = ${users.id}`,
      )
      .leftJoin(
        signInNetworks,
        sql`${signInNetworks.userId} = ${users.id} and ${signInNetworks.network} = ${options.clientIp}`,
      )
      .where(eq(passkeys.id, response.id))
      .limit(1)
  )[0];
  if (!row) throw new ServiceError(400, PASSKEY_MESSAGES.unknownPasskey, "unknown_passkey");
  // The authenticator's own record of whose passkey it is must agree with ours.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== toBase64Url(userHandleOf(row.passkey.userId))) throw notVerified();
  await verifyAssertion(db, response, row.passkey, challenge, rp, true, now);
  if (row.user.suspendedAt !== null) throw new ServiceError(403, REVIEW_MESSAGES.suspended, "suspended");

  const { trusted, knownNetwork } = await knownOrigin(row, device, options.clientIp, now);
  const client = options.client ?? { userAgent: null, country: null, city: null };
  return startSession(
    db,
    toSessionUser({ ...row.user, ownedProjectId: row.ownedProjectId, ownedProjectSlug: row.ownedProjectSlug }),
    {
      now,
      origin: { kind: options.kind ?? "browser", ...client, network: options.clientIp, secondFactor: "passkey" },
      trustedDeviceId: trusted ? row.deviceId : null,
      newDevice: !trusted && !knownNetwork,
      extra: releaseStatements(db, [slot], now),
      mailer: options.mailer,
    },
  );
}

/**
 * The second step of a pending sign-in with a passkey: the credential must be one of that
 * account's (another account's is refused), verified against the challenge handed out for this
 * step; then the pending sign-in becomes a session (`finishPendingSignIn`, method `passkey`).
 */
export async function finishSignInWithPasskey(
  db: Database,
  pendingToken: unknown,
  rawResponse: unknown,
  rp: RelyingParty,
  options: { clientIp: string; now?: number; mailer?: Mailer },
): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const pending = await readPendingSignIn(db, pendingToken, now);
  const response = readResponse(AuthenticationResponse, rawResponse);
  const slot = failureSlot(options.clientIp);
  await reserve(db, [slot], now);
  const challenge = await claimChallenge(db, response.challenge, "second-factor", pending.userId, now);
  const passkey = (
    await db
      .select()
      .from(passkeys)
      .where(sql`${passkeys.id} = ${response.id} and ${passkeys.userId} = ${pending.userId}`)
      .limit(1)
  )[0];
  if (!passkey) throw new ServiceError(400, PASSKEY_MESSAGES.notYours, "passkey_not_yours");
  await verifyAssertion(db, response, passkey, challenge, rp, false, now);
  const out = await finishPendingSignIn(db, pending, "passkey", now, options.mailer);
  await db.$client.batch(releaseStatements(db, [slot], now));
  return out;
}
