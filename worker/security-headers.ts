/**
 * Security headers (ADR 014). The Worker sets them on every response it makes; static files, which
 * the assets binding serves before the Worker runs, get the same set from `public/_headers`
 * (a test keeps the two in step).
 *
 * The Content-Security-Policy allows scripts only with this response's nonce ('strict-dynamic'
 * lets those scripts load the app's modules; 'self' is the fallback for browsers without it).
 * No 'unsafe-inline' for scripts. Styles come from our own stylesheets; inline `style`
 * attributes (React's `style={...}`, used for progress bars) are allowed, `<style>` elements not.
 * Images may come from any https host: the project form takes founders' image URLs (spec section
 * 5) besides uploads, which we serve ourselves (ADR 017); an image cannot run script.
 */
export function contentSecurityPolicy(nonce: string, { inlineStyles = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // Only the API reference (worker/api/docs.ts) draws its styles at run time.
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The policy of a served upload (ADR 017): an image is never a page. Nothing it references loads,
 * and opened on its own it is sandboxed (no script, an opaque origin), whatever its bytes hold.
 */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** The headers every response carries besides the policy. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** 128 random bits, base64: a fresh nonce per response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
