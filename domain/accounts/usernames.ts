/**
 * Usernames nobody may take (ADR 025): a public profile lives at `/investors/{username}`
 * and its name is shown as a person's handle, so names that would speak for the platform, for its
 * staff or a role, or that look like one of our own paths, are refused with a field message.
 * Pure: the public profile schema (both doors) and its tests use it.
 *
 * Compared after lower-casing, without `-` and `_`, and with common digit-for-letter swaps undone
 * (`Camp_us-Fund`, `c4mpusfund`, `adm1n`, `supp0rt`). The brand is refused anywhere in a name
 * (`campusfundhq`, `the-campusfund-team`); staff and role words as the whole name, alone or followed
 * by digits (`admin`, `admin2`, `support-24`); route words as the whole name.
 */

/** The brand: refused wherever it appears in a name. */
export const BRAND_WORDS = ["campusfund"] as const;

/** Staff, role and official-sounding words (and their obvious plurals). */
export const STAFF_WORDS = [
  "admin",
  "admins",
  "administrator",
  "administrators",
  "superuser",
  "sysadmin",
  "root",
  "system",
  "sys",
  "support",
  "help",
  "helpdesk",
  "staff",
  "moderator",
  "moderators",
  "mod",
  "mods",
  "official",
  "security",
  "team",
  "founder",
  "founders",
  "investor",
  "investors",
  "owner",
  "operator",
  "service",
  "compliance",
  "legal",
  "billing",
  "payments",
  "trust",
  "safety",
  "abuse",
  "postmaster",
  "webmaster",
  "hostmaster",
  "noreply",
  "info",
  "contact",
  "press",
  "news",
  "announcements",
  "bot",
  "everyone",
  "anonymous",
  "null",
  "undefined",
] as const;

/**
 * The first segment of every page path in app/routes.ts, plus the Worker's own paths (`/api`,
 * `/uploads`) and the static folders in public/. tests/workers/usernames.test.ts compares this
 * list with the route config, so a new top-level route that is not added here fails the tests.
 */
export const ROUTE_WORDS = [
  "signin",
  "signup",
  "forgot-password",
  "reset-password",
  "unsubscribe",
  "verify-email",
  "logout",
  "login",
  "dashboard",
  "access-denied",
  "profile",
  "settings",
  "investors",
  "notifications",
  "demo",
  "explore",
  "project",
  "purchase",
  "invest",
  "portfolio",
  "portfolio-page",
  "reservations",
  "markets",
  // a Discussion's pages (ADR 055): reporting a post
  "discussion",
  "my-projects",
  "founder-dashboard",
  "about",
  "contact",
  "privacy-policy",
  "terms-of-service",
  "support",
  "tasks",
  "confirm-access",
  "end-session",
  "admin",
  // the Worker and static files
  "api",
  "uploads",
  "assets",
  "images",
  "favicon",
  "robots",
  "sitemap",
  "well-known",
  "cdn-cgi",
] as const;

/** The name as compared: lower case, separators dropped, digits read as the letters they mimic. */
function skeletons(name: string): string[] {
  const bare = name.toLowerCase().replace(/[-_]/g, "");
  const swap = (one: string) =>
    bare.replace(/[013457]/g, (d) => ({ "0": "o", "1": one, "3": "e", "4": "a", "5": "s", "7": "t" })[d] ?? d);
  return [...new Set([bare, swap("i"), swap("l")])];
}

const STAFF = new Set<string>(STAFF_WORDS);
const ROUTES = new Set<string>(ROUTE_WORDS.map((w) => w.replace(/[-_]/g, "")));

/** Whether `username` is reserved for the platform (any case, separators, digit lookalikes). */
export function isReservedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  const bare = lower.replace(/[-_]/g, "");
  if (ROUTES.has(bare)) return true;
  for (const s of skeletons(lower)) {
    if (BRAND_WORDS.some((b) => s.includes(b))) return true;
    // a staff word alone or with a number after it; the digits of the original name stay digits
    const word = s.slice(0, s.length - (/\d*$/.exec(bare)?.[0].length ?? 0));
    if (STAFF.has(s) || STAFF.has(word)) return true;
  }
  return false;
}
