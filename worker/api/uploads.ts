/**
 * POST /api/uploads (ADR 017): one image in the multipart field `file`, stored by `storeImage`.
 * POST /api/uploads/documents (ADR 031): one PDF in the field `file` (and an optional `name`, its
 * download name: "Investor Deck"), stored by `storeDocument`; its URL goes in a project's
 * `documents[].url`.
 * Both answer 201 { success, url, contentType, size }, or 4xx { success: false, message }: 401/403
 * for who may upload (checked before the body is parsed), 415 for another content type, 400 without
 * a file or with two, then the service's 400/413/415 for the file itself, 409 when the account's
 * upload quota is full and 429 (with Retry-After) past the hourly limit (ADR 023): images and
 * documents share the ledger, the quota and the limit. The body may be up to UPLOAD_BODY_BYTES
 * (DOCUMENT_UPLOAD_BODY_BYTES for a document; worker/middleware/body-limits.ts gives these paths
 * their own limits; the rest of the API keeps 64 KB).
 */
import { Hono, type Context } from "hono";

import {
  DOCUMENT_MESSAGES,
  UPLOAD_MESSAGES,
  assertCanUpload,
  storeDocument,
  storeImage,
  type StoredUpload,
} from "../services/projects/uploads";
import { DOCUMENT_LIMITS, IMAGE_LIMITS } from "../../domain/shared/limits";
import type { HonoEnv } from "../types";
import {
  DocumentUploadAnswer,
  DocumentUploadBody,
  EXAMPLES,
  ImageUploadAnswer,
  ImageUploadBody,
} from "./answers/uploads";
import { operation } from "./openapi";
import { BODY_MESSAGES } from "./util";

/** The largest body `/api/uploads` reads: one image at its limit plus room for the multipart framing. */
export const UPLOAD_BODY_BYTES = IMAGE_LIMITS.maxBytes + 64 * 1024;

/** The largest body `/api/uploads/documents` reads: one PDF at its limit plus room for the framing and its name. */
export const DOCUMENT_UPLOAD_BODY_BYTES = DOCUMENT_LIMITS.maxBytes + 64 * 1024;

const isMultipart = (type: string) => /^multipart\/form-data\s*(;|$)/i.test(type);

/** One file from the multipart field `file`, handed to `store` with the form's other fields. */
async function uploadOne(
  c: Context<HonoEnv>,
  messages: { missingFile: string; oneFile: string },
  store: (file: File, form: FormData) => Promise<StoredUpload>,
) {
  // A refusal before the body is parsed still reads it (at most the path's body limit) and drops
  // it: a client, or wrangler dev's proxy, still sending would otherwise see a lost connection.
  const dropBody = () => c.req.raw.arrayBuffer().catch(() => undefined);
  try {
    assertCanUpload(c.get("user"));
  } catch (e) {
    await dropBody();
    throw e;
  }
  if (!isMultipart((c.req.header("Content-Type") ?? "").trim())) {
    await dropBody();
    return c.json({ success: false, message: UPLOAD_MESSAGES.notMultipart }, 415);
  }
  let form: FormData;
  let files: File[];
  try {
    form = await c.req.raw.formData();
    files = form.getAll("file").filter((v): v is File => typeof v !== "string");
  } catch {
    return c.json({ success: false, message: BODY_MESSAGES.unreadableForm }, 400);
  }
  const [file, ...more] = files;
  if (!file) return c.json({ success: false, message: messages.missingFile }, 400);
  if (more.length) return c.json({ success: false, message: messages.oneFile }, 400);
  const stored = await store(file, form);
  return c.json({ success: true, url: stored.url, contentType: stored.contentType, size: stored.size }, 201);
}

/** Mounted at /api/uploads. */
export const uploadsApi = new Hono<HonoEnv>()
  .post(
    "/",
    operation({
      operationId: "uploadImage",
      tag: "Uploads",
      summary: "Upload an image",
      description:
        "One PNG, JPEG or WebP image (at most 2 MB) in the multipart field `file`, for a founder's project: its " +
        "`url` goes in the project's image, logo, gallery or team photos. Uploads share an account quota (409 " +
        "when full) and an hourly limit (429) with documents.",
      access: "signed-in",
      body: { schema: ImageUploadBody, example: EXAMPLES.image, media: "multipart/form-data" },
      ok: { 201: { description: "Stored", schema: ImageUploadAnswer, example: EXAMPLES.imageStored } },
      refusals: [400, 401, 403, 409, 413, 415, 429],
    }),
    (c) => uploadOne(c, UPLOAD_MESSAGES, (file) => storeImage(c.get("db"), c.env.IMAGES, c.get("user"), file)),
  )
  .post(
    "/documents",
    operation({
      operationId: "uploadDocument",
      tag: "Uploads",
      summary: "Upload a document",
      description:
        "One PDF (at most 10 MB) in the multipart field `file`, with an optional download `name`: its `url` goes " +
        "in a project's `documents[].url`. Shares the quota and the hourly limit with images.",
      access: "signed-in",
      body: { schema: DocumentUploadBody, example: EXAMPLES.document, media: "multipart/form-data" },
      ok: { 201: { description: "Stored", schema: DocumentUploadAnswer, example: EXAMPLES.documentStored } },
      refusals: [400, 401, 403, 409, 413, 415, 429],
    }),
    (c) =>
      uploadOne(c, DOCUMENT_MESSAGES, (file, form) => {
        const name = form.get("name");
        return storeDocument(c.get("db"), c.env.IMAGES, c.get("user"), file, {
          name: typeof name === "string" ? name : undefined,
        });
      }),
  );
