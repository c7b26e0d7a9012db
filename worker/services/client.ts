/**
 * Who is asking: the client address used to key rate limits. Cloudflare sets `CF-Connecting-IP`
 * at the edge (a client cannot override it there); `wrangler dev` passes a client-sent one through,
 * which is how local tests act as many addresses. Anything that is not a plausible address
 * (missing, too long, odd characters) counts as one shared "unknown" client, so garbage in the
 * header cannot mint fresh rate-limit keys.
 */
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

export function clientAddress(request: Request): string {
  const raw = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  return ADDRESS.test(raw) ? raw.toLowerCase() : "unknown";
}
