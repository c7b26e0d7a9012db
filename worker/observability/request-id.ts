/**
 * The request's id (ADR 056): Cloudflare's `cf-ray` where it is present and well formed (16 hex
 * digits, then the colo: `8f1e2d3c4b5a6978-AMS`), so our id is the one Cloudflare's own logs and
 * support know; else 16 random hex digits. Answered as `X-Request-Id`, written on every log line,
 * in every API error body and on every error page, so a user can quote it.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

const CF_RAY = /^[0-9a-f]{16}(?:-[A-Z]{3,4})?$/;

export function requestIdFor(request: Request): string {
  const ray = request.headers.get("cf-ray");
  if (ray && CF_RAY.test(ray)) return ray;
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
