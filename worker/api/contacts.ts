/**
 * POST /api/contacts (home form: name, email, message) and POST /api/contact (contact page: plus
 * subject). Both answer 201 { success, message } or 4xx { success: false, message }.
 */
import { Hono, type Context } from "hono";

import { contactSchema, isHoneypotFilled, MESSAGES, parseFirst } from "../../app/lib/schemas";
import { sendContactMessage } from "../services/contacts";
import type { HonoEnv } from "../types";
import { readBody, serviceErrorResponse } from "./util";

const clientIp = (req: Request) => req.headers.get("CF-Connecting-IP") ?? "local";

function handler(withSubject: boolean) {
  return async (c: Context<HonoEnv>) => {
    const read = await readBody(c);
    if (!read.ok) return read.response;
    // A filled honeypot is a bot: it is told what a person would be, and nothing is stored.
    if (isHoneypotFilled(read.body)) return c.json({ success: true, message: MESSAGES.contactSuccess }, 201);
    const parsed = parseFirst(contactSchema({ withSubject }), read.body);
    if (!parsed.ok) return c.json({ success: false, message: parsed.message }, 400);
    try {
      await sendContactMessage(c.get("db"), parsed.value, clientIp(c.req.raw));
      return c.json({ success: true, message: MESSAGES.contactSuccess }, 201);
    } catch (e) {
      return serviceErrorResponse(c, e);
    }
  };
}

/** Mounted at /api/contacts. */
export const contactsApi = new Hono<HonoEnv>().post("/", handler(false));
/** Mounted at /api/contact. */
export const contactApi = new Hono<HonoEnv>().post("/", handler(true));
