import type { Context } from "hono";

import { parseFormFields } from "../../domain/shared/form-kit";
import { MESSAGES } from "../../domain/shared/messages";
import type { ProjectDTO } from "../../domain/shared/types";
import { ServiceError } from "../services/shared/errors";
import type { HonoEnv } from "../types";

export const MAX_BODY_BYTES = 64 * 1024;

export const BODY_MESSAGES = {
  notJson: "Request body is not valid JSON",
  notObject: MESSAGES.bodyNotObject,
  unsupportedType: "Content-Type must be application/json",
  unreadableForm: "The form data could not be read",
} as const;

const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);
const isFormType = (type: string) => /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type);

/**
 * Reads a JSON (or, for tolerance, form-encoded) body as a plain object. Malformed JSON or a
 * non-object body is a 400, another content type a 415, with a clear message; never a 500. The
 * refusal is thrown as a `ServiceError`, answered like any other by `apiErrorResponse`
 * (worker/api/errors.ts). An empty body without a content type is an empty object (the
 * validation then names what is missing).
 */
export async function readBody(c: Context<HonoEnv>): Promise<Record<string, unknown>> {
  const read = await readBodyOrRefusal(c);
  if (read instanceof ServiceError) throw read;
  return read;
}

/** `readBody`'s work: the body, or the refusal to throw (built here, thrown outside the catch-all). */
async function readBodyOrRefusal(c: Context<HonoEnv>): Promise<Record<string, unknown> | ServiceError> {
  const type = (c.req.header("Content-Type") ?? "").trim();
  const refuse = (message: string, status: 400 | 415) =>
    new ServiceError(status, message, status === 415 ? "unsupported_media_type" : "invalid_body");
  try {
    if (isFormType(type)) {
      const form = await c.req.formData();
      const fields: [string, string][] = [];
      for (const [k, v] of form) if (typeof v === "string") fields.push([k, v]);
      // the form kit's names (`creatorInfo.name`, `team[0].role`) nest as they do for the pages
      return parseFormFields(fields);
    }
    if (!isJsonType(type)) {
      // Only an empty body may come without a (JSON or form) type: it is an empty object.
      if (!type && (await c.req.arrayBuffer()).byteLength === 0) return {};
      return refuse(BODY_MESSAGES.unsupportedType, 415);
    }
    const text = await c.req.text();
    if (!text.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(BODY_MESSAGES.notJson, 400);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return refuse(BODY_MESSAGES.notObject, 400);
    return parsed as Record<string, unknown>;
  } catch {
    return refuse(isFormType(type) ? BODY_MESSAGES.unreadableForm : BODY_MESSAGES.notJson, 400);
  }
}

/** What a purchase or a cancellation answers of its project: who it is and its figures after the write. */
export function projectFigures(p: ProjectDTO) {
  return {
    _id: p._id,
    slug: p.slug,
    title: p.title,
    sharesSold: p.sharesSold,
    sharesRemaining: p.sharesRemaining,
    fundingCurrent: p.fundingCurrent,
  };
}
