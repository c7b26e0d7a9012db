import type { Context } from "hono";

import { isServiceError } from "../services/errors";
import type { HonoEnv } from "../types";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON (or, for tolerance, form-encoded) body as a plain object.
 * Malformed JSON or a non-object body is a 400 with a clear message, never a 500.
 */
export async function readBody(
  c: Context<HonoEnv>,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  const type = c.req.header("Content-Type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.formData();
      const body: Record<string, unknown> = {};
      for (const [k, v] of form) if (typeof v === "string") body[k] = v;
      return { ok: true, body };
    }
    const text = await c.req.text();
    if (!text.trim()) return { ok: true, body: {} };
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      return { ok: false, response: c.json({ message: "Request body must be a JSON object" }, 400) };
    }
    return { ok: true, body: parsed as Record<string, unknown> };
  } catch {
    return { ok: false, response: c.json({ message: "Request body is not valid JSON" }, 400) };
  }
}

/** Turns a ServiceError into the spec's `{ message }` answer; rethrows anything else. */
export function serviceErrorResponse(c: Context<HonoEnv>, e: unknown): Response {
  if (isServiceError(e)) {
    if (e.status === 429) c.header("Retry-After", "900");
    return c.json({ success: false, message: e.message }, e.status);
  }
  throw e;
}
