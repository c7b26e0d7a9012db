/**
 * The second-factor check every door shares (ADR 054): an authenticator code or a recovery code,
 * answered at sign-in's second step, when confirming it is you (step-up) or when turning the app
 * off. `checkSecondFactor` is the one function that says yes or no:
 * - it takes a slot of the account's wrong-answer limits first (SECOND_FACTOR_LIMITS: 10 an hour,
 *   20 a day), so answers sent at once are held to the same numbers; a right answer gives it back;
 * - a code is accepted only for a time step later than the last one accepted, claimed by one
 *   conditional update, so a code (or an earlier one) never works twice, even sent twice at once;
 * - a recovery code is claimed by one conditional update too: used once.
 */
import { and, eq, isNotNull } from "drizzle-orm";

import { readSecondFactorAnswer, SECOND_FACTOR_LIMITS, TWO_FACTOR_MESSAGES } from "../../../domain/accounts/two-factor";
import type { Database } from "../../../db/client";
import { totpFactors } from "../../../db/schema";
import { ServiceError } from "../shared/errors";
import { releaseStatements, reserve, type Slot } from "../shared/rate-limit";
import { sha256Hex } from "./internal/secrets";
import { matchingStep } from "./internal/totp";

export type SecondFactorMethod = "totp" | "recovery";

/** The slots one answer takes: the account's two limits, and its network's at sign-in. */
export function secondFactorSlots(userId: string, network?: string | null): Slot[] {
  const perNetwork: Slot[] =
    network && network !== "unknown"
      ? [
          {
            key: `2fa:net:${network}`,
            limit: { ...SECOND_FACTOR_LIMITS.network, message: TWO_FACTOR_MESSAGES.tooManyCodesNetwork },
          },
        ]
      : [];
  return [
    ...perNetwork,
    {
      key: `2fa:hour:${userId}`,
      limit: { ...SECOND_FACTOR_LIMITS.hour, message: TWO_FACTOR_MESSAGES.tooManyCodesHour },
    },
    { key: `2fa:day:${userId}`, limit: { ...SECOND_FACTOR_LIMITS.day, message: TWO_FACTOR_MESSAGES.tooManyCodesDay } },
  ];
}

/** A typed answer that is a code or a recovery code, or the 400 naming the field `code`. */
export function requireAnswer(answer: unknown) {
  const read = readSecondFactorAnswer(answer);
  if (!read) {
    throw new ServiceError(400, TWO_FACTOR_MESSAGES.codeRequired, "code_required", {
      errors: { code: TWO_FACTOR_MESSAGES.codeRequired },
    });
  }
  return read;
}

/** Whether the account's authenticator app is on (confirmed). */
export async function totpEnabled(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return rows.length === 1;
}

/**
 * Checks `answer` (a 6-digit code or a recovery code) for `userId` and uses it up. Answers which
 * method it was; throws 400 (the field `code` named) for a missing, malformed, wrong or replayed
 * answer, 429 past the limits. `secret` is the app's secret to check codes against: the confirmed
 * one, or (turning the app on) the enrolment's.
 */
export async function checkSecondFactor(
  db: Database,
  userId: string,
  answer: unknown,
  options: { now?: number; secret?: string; enrolling?: boolean; network?: string | null } = {},
): Promise<SecondFactorMethod> {
  const now = options.now ?? Date.now();
  const read = requireAnswer(answer);
  const slots = secondFactorSlots(userId, options.network);
  await reserve(db, slots, now);
  const wrong = () =>
    new ServiceError(400, TWO_FACTOR_MESSAGES.wrongCode, "wrong_code", {
      errors: { code: TWO_FACTOR_MESSAGES.wrongCode },
    });
  const d1 = db.$client;

  if (read.kind === "recovery") {
    if (options.enrolling) throw wrong();
    const used = await d1
      .prepare("update recovery_codes set used_at = ?3 where user_id = ?1 and code_hash = ?2 and used_at is null")
      .bind(userId, await sha256Hex(read.code), now)
      .run();
    if (used.meta.changes !== 1) throw wrong();
    await d1.batch(releaseStatements(db, slots, now));
    return "recovery";
  }

  const factor = (
    await db
      .select({ secret: totpFactors.secret, confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .limit(1)
  )[0];
  const secret = options.secret ?? (factor?.confirmedAt != null ? factor.secret : null);
  const step = secret ? matchingStep(secret, read.code, now) : null;
  if (step === null) throw wrong();
  // The claim: only a step later than the last accepted one, in one statement (ADR 054).
  const claimed = await d1
    .prepare("update totp_factors set last_step = ?2 where user_id = ?1 and last_step < ?2")
    .bind(userId, step)
    .run();
  if (claimed.meta.changes !== 1) throw wrong();
  await d1.batch(releaseStatements(db, slots, now));
  return "totp";
}
