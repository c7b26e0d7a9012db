/**
 * A User-Agent header read as people say it ("Firefox on macOS", "Safari on iPhone"), for the
 * session list in Settings and the new-sign-in alert (ADR 054). Pure and forgiving: headers are
 * client-written, so anything it does not recognize is "Unknown browser" rather than the raw text.
 */

/** What an unrecognized or missing header reads as. */
export const UNKNOWN_BROWSER = "Unknown browser";

/** API clients and tools, by their product token (checked first: they name no platform). */
const CLIENTS: [RegExp, string][] = [
  [/^curl\//i, "curl"],
  [/^PostmanRuntime\//i, "Postman"],
  [/^insomnia\//i, "Insomnia"],
  [/^HTTPie\//i, "HTTPie"],
  [/^Wget\//i, "Wget"],
  [/^python-requests\//i, "Python requests"],
  [/^axios\//i, "axios"],
  [/^node-fetch\b|^undici\b|^node$/i, "Node.js"],
  [/^okhttp\//i, "OkHttp"],
];

/** Browsers, most specific first: Edge and Opera say "Chrome", Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPiOS\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/\b(?:Headless)?Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\/\w+$/, "Safari"],
];

/** Platforms, most specific first: Android says "Linux", iPhone says "like Mac OS X". */
const PLATFORMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** "Firefox on macOS", "curl", "Chrome" (platform unknown), or "Unknown browser". */
export function describeUserAgent(header: string | null | undefined): string {
  const ua = (header ?? "").trim();
  if (!ua) return UNKNOWN_BROWSER;
  for (const [pattern, name] of CLIENTS) if (pattern.test(ua)) return name;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const platform = PLATFORMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (browser && platform) return `${browser} on ${platform}`;
  if (browser) return browser;
  if (platform) return `${UNKNOWN_BROWSER} on ${platform}`;
  return UNKNOWN_BROWSER;
}
