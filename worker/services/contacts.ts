/**
 * Contact messages (spec sections 2, 3, 5, 7): the home form (name, email, message) and the contact
 * page's form (plus subject). Both doors (POST /api/contacts, POST /api/contact and the /contact
 * action) validate with `contactSchema` and then call `sendContactMessage`.
 *
 * Spam: the honeypot is handled by the callers before validation (answer success, store nothing,
 * no D1 query); here, each client address may send CONTACT_LIMIT.perIp messages per window.
 */
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { MESSAGES, type ContactInput } from "../../app/lib/schemas";
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
