/**
 * Contact messages (spec sections 2, 3, 5, 7): the home form (name, email, message) and the contact
 * page's form (plus subject). Both doors (POST /api/contacts, POST /api/contact and the /contact
 * action) call `submitContactMessage` with the raw fields.
 *
 * Spam: a filled honeypot is answered as a person would be and nothing is stored (no D1 query);
 * each client address may send CONTACT_LIMIT.perIp messages per window.
 */
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";
import {
  MESSAGES,
  contactSchema,
  isHoneypotFilled,
  parseFirst,
  type ContactInput,
} from "../../app/lib/schemas";
import { ServiceError } from "./errors";
import { checkLimit, hitLimit } from "./rate-limit";

export const CONTACT_LIMIT = { perIp: 5, windowMs: 10 * 60 * 1000 } as const;

const limitKey = (clientIp: string) => `contact:ip:${clientIp}`;

/** Stores one message; 429 once the address has sent its quota in the current window. */
export async function sendContactMessage(
  db: Database,
  input: ContactInput,
  clientIp: string,
  now: number = Date.now(),
): Promise<{ id: string }> {
  const key = limitKey(clientIp);
  if (await checkLimit(db, [key], [CONTACT_LIMIT.perIp], CONTACT_LIMIT.windowMs, now)) {
    throw new ServiceError(429, MESSAGES.contactRateLimited, "rate_limited");
  }
  const id = crypto.randomUUID();
  await db.insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    createdAt: now,
  });
  await hitLimit(db, [key], CONTACT_LIMIT.windowMs, now);
  return { id };
}

/**
 * The whole rule for one submission, as both doors receive it: honeypot, validation (400 with the
 * spec's message), then `sendContactMessage`. `stored` is false for a bot.
 */
export async function submitContactMessage(
  db: Database,
  fields: Record<string, unknown>,
  options: { withSubject: boolean; clientIp: string },
): Promise<{ stored: boolean }> {
  if (isHoneypotFilled(fields)) return { stored: false };
  const parsed = parseFirst(contactSchema({ withSubject: options.withSubject }), fields);
  if (!parsed.ok) throw new ServiceError(400, parsed.message, "invalid_request");
  await sendContactMessage(db, parsed.value, options.clientIp);
  return { stored: true };
}
