/**
 * Contact messages (spec sections 2, 3, 5, 7): the home form (name, email, message) and the contact
 * page's form (plus subject). Both doors (POST /api/contacts, POST /api/contact and the /contact
 * action) call `submitContactMessage` with the raw fields.
 *
 * Spam: a filled honeypot is answered as a person would be and nothing is stored (no D1 query);
 * each client address may send CONTACT_LIMIT.max messages per window. The slot is reserved in the
 * same D1 transaction as the insert (ADR 013), so concurrent posts cannot store more.
 */
import type { Database } from "../../../db/client";
import { MESSAGES } from "../../../domain/shared/messages";
import { contactSchema, isHoneypotFilled } from "../../../domain/shared/schemas";
import { validateFirst } from "../shared/errors";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { MINUTE_MS } from "../../../domain/shared/dates";

export const CONTACT_LIMIT = {
  max: 5,
  windowMs: 10 * MINUTE_MS,
  message: MESSAGES.contactRateLimited,
} as const satisfies RateLimit;

/**
 * The whole rule for one submission, as both doors receive it: honeypot, validation (400 with the
 * spec's message), then the rate-limited insert (429 once the address has sent its quota).
 * `stored` is false for a bot.
 */
export async function submitContactMessage(
  db: Database,
  fields: Record<string, unknown>,
  options: { withSubject: boolean; clientIp: string; now?: number },
): Promise<{ stored: boolean }> {
  if (isHoneypotFilled(fields)) return { stored: false };
  const input = validateFirst(contactSchema({ withSubject: options.withSubject }), fields);
  const now = options.now ?? Date.now();
  const insert = db.$client
    .prepare(
      "insert into contact_messages (id, name, email, subject, message, created_at) values (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind(crypto.randomUUID(), input.name, input.email, input.subject, input.message, now);
  await reserveAndRun(db, [{ key: `contact:ip:${options.clientIp}`, limit: CONTACT_LIMIT }], [insert], now);
  return { stored: true };
}
