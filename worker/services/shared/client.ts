/**
 * Who is asking: the client network used to key per-address rate limits (ADR 013).
 * Cloudflare sets `CF-Connecting-IP` at the edge (a client cannot override it there); `wrangler dev`
 * passes a client-sent one through, which is how local tests act as many addresses.
 *
 * An IPv4 address is its own key. An IPv6 host is given a whole /64 (2^64 addresses: any ordinary
 * host can rotate through them), so an IPv6 address is keyed by its /64, in canonical form (lower
 * case, `::` expanded, leading zeros dropped): `2001:db8:1:2::/64`, however the address was
 * written. An IPv4-mapped IPv6 address (`::ffff:203.0.113.9`) is the IPv4 address it maps.
 * Anything that does not parse as an address (missing, too long, odd characters) counts as one
 * shared "unknown" client, so garbage in the header cannot mint fresh rate-limit keys.
 */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  // An embedded IPv4 address (`::ffff:203.0.113.9`) is the last two groups, written in hex.
  const lastColon = text.lastIndexOf(":");
  if (lastColon >= 0 && text.includes(".", lastColon)) {
    const v4 = text.slice(lastColon + 1);
    if (!IPV4.test(v4)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const [before = "", after] = halves;
  const head = parse(before);
  const rest = after === undefined ? [] : parse(after);
  if (![...head, ...rest].every((g) => HEXTET.test(g))) return null;
  const given = head.length + rest.length;
  if (halves.length === 2 ? given > 7 : given !== 8) return null;
  const zeros = halves.length === 2 ? Array<string>(8 - given).fill("0") : [];
  return [...head, ...zeros, ...rest].map((g) => parseInt(g, 16));
}

/** The rate-limit key of an address: IPv4 as written, IPv6 as its /64, or null when it is neither. */
export function networkOf(raw: string): string | null {
  const text = raw.trim();
  if (text.length < 2 || text.length > 45) return null;
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // ::ffff:a.b.c.d is an IPv4 client.
  const [, , , , , sixth, high = 0, low = 0] = groups;
  if (groups.slice(0, 5).every((g) => g === 0) && sixth === 0xffff) {
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The client network of a request (IPv4 address or IPv6 /64), or "unknown". */
export function clientAddress(request: Request): string {
  return networkOf(request.headers.get("CF-Connecting-IP") ?? "") ?? "unknown";
}

/** What a sign-in records of its client besides the network (ADR 054): shown in Settings' session list. */
export interface ClientInfo {
  userAgent: string | null;
  /** Cloudflare's approximate place of the address (`request.cf`), or null (locally, always). */
  country: string | null;
  city: string | null;
}

export function clientInfo(request: Request): ClientInfo {
  const cf = (request as Request & { cf?: { country?: unknown; city?: unknown } }).cf;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 100) : null);
  return {
    userAgent: request.headers.get("User-Agent")?.trim() || null,
    country: text(cf?.country),
    city: text(cf?.city),
  };
}
