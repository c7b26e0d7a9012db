/**
 * Body caps, answered with a 413 only after the rest of the body is drained: the API's 64 KB (the
 * image upload: one image, ADR 017; the document upload: one PDF, ADR 031) and the pages' 128 KB
 * (the project form's pages: the form's own, larger limit, 22.25 MB with its images and documents;
 * the founder dashboard and /admin: their forms' limit, with a company event's PDF, ADR 052).
 * Each page form's own limit is smaller or equal (app/server/form.server.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

import { FORM_LIMITS } from "../../domain/shared/limits";
import { DOCUMENT_UPLOAD_BODY_BYTES, UPLOAD_BODY_BYTES } from "../api/uploads";
import { MAX_BODY_BYTES } from "../api/util";
import type { HonoEnv } from "../types";

/**
 * Reads and drops what is left of a refused body, up to `max` bytes, before answering: a client
 * (or `wrangler dev`'s proxy) still sending a large body otherwise sees a lost connection, not
 * the 413. Larger bodies are cut off.
 */
async function drain(request: Request, max = 32 * 1024 * 1024): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= max) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing to drain
  }
}

/** A body limit whose 413 (`answer`) is sent only after the rest of the body is drained. */
function limitBody(maxSize: number, answer: (c: Context<HonoEnv>) => Response) {
  return bodyLimit({
    maxSize,
    onError: async (c) => {
      await drain(c.req.raw);
      return answer(c as Context<HonoEnv>);
    },
  });
}

/** The largest body a page action reads (each form has its own, smaller limit: app/server/form.server.ts)… */
export const MAX_PAGE_BODY_BYTES = 128 * 1024;

/** …except the project form's pages, which take images and PDFs (their documents and `.data` requests, any trailing slash). */
const PROJECT_FORM_PATH = /^\/my-projects\/(create|edit\/[^/]+?)(\.data|\/|\/_\.data)?$/i;

/** …and the pages whose company event form takes a PDF of evidence (ADR 052). */
const DASHBOARD_PATH = /^\/founder-dashboard(\.data|\/|\/_\.data)?$/i;
const ADMIN_PATH = /^\/admin(\.data|\/|\/_\.data)?$/i;

/** The body cap of a page request to `pathname`: a form's own limit where it takes files, 128 KB elsewhere. */
export function maxPageBodyBytes(pathname: string): number {
  if (PROJECT_FORM_PATH.test(pathname)) return FORM_LIMITS.project.maxBytes;
  if (DASHBOARD_PATH.test(pathname)) return FORM_LIMITS.dashboard.maxBytes;
  if (ADMIN_PATH.test(pathname)) return FORM_LIMITS.admin.maxBytes;
  return MAX_PAGE_BODY_BYTES;
}

/**
 * `/api`: 64 KB for every route but the uploads: the image upload takes one image (ADR 017), the
 * document upload one PDF (ADR 031).
 */
export function apiBodyLimits(): MiddlewareHandler<HonoEnv> {
  const tooLarge = (c: Context<HonoEnv>) => c.json({ success: false, message: "Request body is too large" }, 413);
  const apiLimit = limitBody(MAX_BODY_BYTES, tooLarge);
  const uploadLimit = limitBody(UPLOAD_BODY_BYTES, tooLarge);
  const documentLimit = limitBody(DOCUMENT_UPLOAD_BODY_BYTES, tooLarge);
  return (c, next) => {
    const path = new URL(c.req.url).pathname;
    const limit = path === "/api/uploads" ? uploadLimit : path === "/api/uploads/documents" ? documentLimit : apiLimit;
    return limit(c, next);
  };
}

/** The pages: no page reads more than its path's cap. */
export function pageBodyLimits(): MiddlewareHandler<HonoEnv> {
  const tooLarge = (c: Context<HonoEnv>) => c.text("The form is too large", 413);
  return (c, next) => limitBody(maxPageBodyBytes(new URL(c.req.url).pathname), tooLarge)(c, next);
}
