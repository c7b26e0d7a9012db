/**
 * GET/HEAD /uploads/<uuid>.<ext> (ADR 017, ADR 031): a founder's image or document (PDF) from R2
 * (`projects/<name>`), served from our own origin. The bytes were checked when stored
 * (worker/services/projects/uploads.ts); here they are answered with the stored content type, `nosniff`
 * and a policy that sandboxes the file if it is opened as a page. An image is `inline`; a PDF is an
 * `attachment` under its document's name (`Investor Deck.pdf`): browsers' PDF viewers do not run
 * under the sandbox (Chrome blocks the page), and a download never renders on our origin at all. Names are random and never reused, so an
 * image is cached for a year (`immutable`) and revalidated by ETag. Anything else under /uploads/
 * is a plain 404, never the pages' catch-all. Uploads are the same for everyone: the session is
 * not looked up for them (worker/middleware/session.ts isPublicFileRequest), so no cookie and no `private` answer.
 */
import {
  UPLOAD_KEY_PREFIX,
  UPLOAD_URL_PREFIX,
  documentFilename,
  isDocumentName,
  isUploadName,
} from "./services/projects/uploads";

/** R2 answers a conditional get whose precondition failed with the object's metadata, without its body. */
const hasBody = (object: R2Object): object is R2ObjectBody => "body" in object;

export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * How a stored file is offered: an image inline, a document as a download under its safe ASCII
 * name (stored with it; made safe again here).
 */
function disposition(name: string, object: R2Object): string {
  if (!isDocumentName(name)) return "inline";
  return `attachment; filename="${documentFilename(object.customMetadata?.filename)}"`;
}

/**
 * The answer to a GET or HEAD under /uploads/ from `bucket`. The caller gives the response
 * UPLOAD_CONTENT_SECURITY_POLICY (worker/security-headers.ts) instead of the pages' policy.
 */
export async function serveUpload(request: Request, bucket: R2Bucket): Promise<Response> {
  const name = new URL(request.url).pathname.slice(UPLOAD_URL_PREFIX.length);
  const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-cache" } });
  if (!isUploadName(name)) return notFound();

  const key = UPLOAD_KEY_PREFIX + name;
  const object =
    request.method === "HEAD" ? await bucket.head(key) : await bucket.get(key, { onlyIf: request.headers });
  if (!object) return notFound();

  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Content-Length": String(object.size),
    "Content-Disposition": disposition(name, object),
    "Cache-Control": UPLOAD_CACHE_CONTROL,
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
  });
  if (request.method === "HEAD") return new Response(null, { headers });
  if (!hasBody(object)) {
    // A precondition of the request failed: If-None-Match (the browser has this version) is a 304,
    // any other (If-Match, If-Unmodified-Since) a 412.
    headers.delete("Content-Length");
    const status = request.headers.has("If-None-Match") || request.headers.has("If-Modified-Since") ? 304 : 412;
    return new Response(null, { status, headers });
  }
  return new Response(object.body, { headers });
}
