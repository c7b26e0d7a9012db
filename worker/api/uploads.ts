/**
 * POST /api/uploads (ADR 017): one image in the multipart field `file`, stored by `storeImage`.
 * Answers 201 { success, url, contentType, size }, or 4xx { success: false, message }: 401/403 for
 * who may upload (checked before the body is parsed), 415 for another content type, 400 without a
 * file or with two, then the service's 400/413/415 for the image itself, 409 when the account's
 * upload quota is full and 429 (with Retry-After) past the hourly limit (ADR 023). The body may be up to
 * UPLOAD_BODY_BYTES (worker/app.ts gives this path its own limit; the rest of the API keeps 64 KB).
 */
import { Hono } from "hono";

import { UPLOAD_MESSAGES, assertCanUpload, storeImage } from "../services/uploads";
import { IMAGE_LIMITS } from "../../domain/limits";
import type { HonoEnv } from "../types";
import { BODY_MESSAGES } from "./util";

/** The largest body `/api/uploads` reads: one image at its limit plus room for the multipart framing. */
export const UPLOAD_BODY_BYTES = IMAGE_LIMITS.maxBytes + 64 * 1024;

const isMultipart = (type: string) => /^multipart\/form-data\s*(;|$)/i.test(type);

/** Mounted at /api/uploads. */
export const uploadsApi = new Hono<HonoEnv>().post("/", async (c) => {
  // A refusal before the body is parsed still reads it (at most UPLOAD_BODY_BYTES) and drops it:
  // a client, or wrangler dev's proxy, still sending would otherwise see a lost connection.
  const dropBody = () => c.req.raw.arrayBuffer().catch(() => undefined);
  const user = c.get("user");
  try {
    assertCanUpload(user);
  } catch (e) {
    await dropBody();
    throw e;
  }
  if (!isMultipart((c.req.header("Content-Type") ?? "").trim())) {
    await dropBody();
    return c.json({ success: false, message: UPLOAD_MESSAGES.notMultipart }, 415);
  }
  let files: File[];
  try {
    const form = await c.req.raw.formData();
    files = form.getAll("file").filter((v): v is File => typeof v !== "string");
  } catch {
    return c.json({ success: false, message: BODY_MESSAGES.unreadableForm }, 400);
  }
  const [file, ...more] = files;
  if (!file) return c.json({ success: false, message: UPLOAD_MESSAGES.missingFile }, 400);
  if (more.length) return c.json({ success: false, message: UPLOAD_MESSAGES.oneFile }, 400);
  const stored = await storeImage(c.get("db"), c.env.IMAGES, user, file);
  return c.json({ success: true, url: stored.url, contentType: stored.contentType, size: stored.size }, 201);
});
