/**
 * The doors' one way to answer a download (ADR 046's data export, the founder's investors CSV, the
 * tax statement): a service returns a `Download` (worker/services/shared/download.ts: name, type, body),
 * and the API route or the page's resource route answers with `downloadResponse`. A refused
 * download answers its message as plain text (`downloadRefusal`), with `Retry-After` when a limit
 * refused it. Services never build a `Response` (eslint: worker/services/**).
 */
import { errorHeaders, type ServiceError } from "./services/shared/errors";
import type { Download } from "./services/shared/download";

/** The attachment: its type, `Content-Disposition`, `Cache-Control` (private, no-store unless the service says) and `nosniff`. */
export function downloadResponse(d: Download): Response {
  return new Response(d.body, {
    headers: {
      "Content-Type": d.contentType,
      "Content-Disposition": `attachment; filename="${d.filename}"`,
      "Cache-Control": d.cacheControl ?? "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A download's refusal: its message as plain text with its status, and the refusal's own headers (`Retry-After`). */
export function downloadRefusal(
  status: number,
  message: string,
  extra: { error?: ServiceError; headers?: Record<string, string> } = {},
): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...extra.headers,
      ...(extra.error ? errorHeaders(extra.error) : {}),
    },
  });
}
