/**
 * POST /api/contacts (home form: name, email, message) and POST /api/contact (contact page: plus
 * subject). Both answer 201 { success, message } or 4xx { success: false, message }.
 */
import { Hono, type Context } from "hono";

import { MESSAGES } from "../../domain/messages";
import { clientAddress } from "../services/client";
import { submitContactMessage } from "../services/contacts";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

function handler(withSubject: boolean) {
  return async (c: Context<HonoEnv>) => {
    const body = await readBody(c);
    await submitContactMessage(c.get("db"), body, { withSubject, clientIp: clientAddress(c.req.raw) });
    return c.json({ success: true, message: MESSAGES.contactSuccess }, 201);
  };
}

/** Mounted at /api/contacts. */
export const contactsApi = new Hono<HonoEnv>().post("/", handler(false));
/** Mounted at /api/contact. */
export const contactApi = new Hono<HonoEnv>().post("/", handler(true));
