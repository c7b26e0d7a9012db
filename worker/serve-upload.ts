/**
 * GET/HEAD /uploads/<uuid>.<ext> (ADR 017): a founder's image from R2 (`projects/<name>`), served
 * from our own origin. The bytes were checked when stored (worker/services/uploads.ts); here they
 * are answered with the stored content type, `nosniff`, `Content-Disposition: inline` and a policy
 * that sandboxes the file if it is opened as a page. Names are random and never reused, so an
 * image is cached for a year (`immutable`) and revalidated by ETag. Anything else under /uploads/
 * is a plain 404, never the pages' catch-all. Uploads are the same for everyone: the session is
 * not looked up for them (worker/app.ts), so no cookie and no `private` answer.
 */
import { UPLOAD_KEY_PREFIX, UPLOAD_URL_PREFIX, isUploadName } from "./services/uploads";

/** R2 answers a conditional get whose precondition failed with the object's metadata, without its body. */
const hasBody = (object: R2Object): object is R2ObjectBody => "body" in object;

export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Whether a request is for a served upload (its path is under /uploads/, any name). */
export function isUploadRequest(request: Request): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    new URL(request.url).pathname.startsWith(UPLOAD_URL_PREFIX)
  );
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
    "Content-Disposition": "inline",
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
