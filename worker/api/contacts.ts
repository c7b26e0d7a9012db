/**
 * POST /api/contacts (home form: name, email, message) and POST /api/contact (contact page: plus
 * subject). Both answer 201 { success, message } or 4xx { success: false, message }.
 */
import { Hono, type Context } from "hono";

import { MESSAGES } from "../../domain/shared/messages";
import { CONTACT_SUBJECTS, contactSchema, HONEYPOT_FIELD } from "../../domain/shared/schemas";
import { clientAddress } from "../services/shared/client";
import { CONTACT_LIMIT, submitContactMessage } from "../services/visitors/contacts";
import type { HonoEnv } from "../types";
import { MessageAnswer } from "./answers/common";
import { EXAMPLES } from "./answers/site";
import { operation, type OperationSpec } from "./openapi";
import { readBody } from "./util";
import { MINUTE_MS } from "../../domain/shared/dates";

function handler(withSubject: boolean) {
  return async (c: Context<HonoEnv>) => {
    const body = await readBody(c);
    await submitContactMessage(c.get("db"), body, { withSubject, clientIp: clientAddress(c.req.raw) });
    return c.json({ success: true, message: MESSAGES.contactSuccess }, 201);
  };
}

/** What both forms share in the document: the answer, the spam trap and the rate limit. */
const CONTACT = {
  tag: "Site",
  access: "public",
  ok: { 201: { description: "Sent", schema: MessageAnswer, example: EXAMPLES.contactSent } },
  refusals: [400, 415, 429],
} as const satisfies Partial<OperationSpec>;

const SPAM_AND_LIMITS =
  `A filled \`${HONEYPOT_FIELD}\` field (the spam trap) is answered the same and nothing is stored. ` +
  `Each client address may send ${CONTACT_LIMIT.max} messages in ${CONTACT_LIMIT.windowMs / MINUTE_MS} minutes (429 past it).`;

/** Mounted at /api/contacts. */
export const contactsApi = new Hono<HonoEnv>().post(
  "/",
  operation({
    ...CONTACT,
    operationId: "sendHomeContactMessage",
    summary: "Send a message (the home page's form)",
    description: `Name, email and message, all required; no subject (one sent is ignored). ${SPAM_AND_LIMITS}`,
    body: { schema: contactSchema({ withSubject: false }), example: EXAMPLES.homeContact },
  }),
  handler(false),
);

/** Mounted at /api/contact. */
export const contactApi = new Hono<HonoEnv>().post(
  "/",
  operation({
    ...CONTACT,
    operationId: "sendContactMessage",
    summary: "Send a message (the contact page's form)",
    description:
      `Name, email and message, all required, and a subject: one of ${CONTACT_SUBJECTS.join(", ")} ` +
      `(general when left out). ${SPAM_AND_LIMITS}`,
    body: { schema: contactSchema({ withSubject: true }), example: EXAMPLES.contact },
  }),
  handler(true),
);
