/**
 * `/api/docs`: the API's reference page (ADR 042), Scalar's API reference drawn in the browser
 * from `/api/openapi.json`. Its script is served from our own origin (`/vendor/scalar/api-reference.js`,
 * copied from the `@scalar/api-reference` package by the build: vite.config.ts), so the page
 * works offline and under a Content-Security-Policy with no other host in it. The reference draws
 * its styles at run time, so this page alone allows inline styles; its scripts still need the
 * response's nonce. Without JavaScript the page shows its title and a link to the document (a
 * `<noscript>` style un-hides them), so it is never blank.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import * as v from "valibot";

import { contentSecurityPolicy } from "../security-headers";
import type { HonoEnv } from "../types";
import { operation } from "./openapi";

export const API_REFERENCE_SCRIPT = "/vendor/scalar/api-reference.js";
/** The build's copy of the script (vite.config.ts), which `apiReferenceScript` serves compressed. */
export const API_REFERENCE_FILE = "/vendor/scalar/api-reference.raw.js";
/** A day fresh, then a week served while it is fetched again: the file changes only with a deploy. */
export const API_REFERENCE_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * GET /vendor/scalar/api-reference.js: the reference's 4.8 MB script, gzip-compressed for a
 * browser that accepts it (1.4 MB) and cached by browsers and shared caches.
 * The static asset beside it is the uncompressed copy (the assets binding does not compress).
 */
export async function apiReferenceScript(c: Context<HonoEnv>) {
  const asset = await c.env.ASSETS.fetch(new URL(API_REFERENCE_FILE, c.req.url));
  if (!asset.ok || !asset.body) return c.text("Not found", 404);
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": API_REFERENCE_CACHE,
    Vary: "Accept-Encoding",
  });
  const etag = asset.headers.get("ETag");
  if (etag) headers.set("ETag", etag);
  // Naming the encoding is enough: the Workers runtime compresses a body whose response says gzip.
  if (/\bgzip\b/i.test(c.req.header("Accept-Encoding") ?? "")) headers.set("Content-Encoding", "gzip");
  return c.body(asset.body, 200, Object.fromEntries(headers));
}

/** What the reference is told: our document, our fonts (none from elsewhere), nothing sent anywhere else. */
const CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: false,
  hideDarkModeToggle: false,
  telemetry: false,
  // Scalar's hosted services (share, deploy, SDK generation) are not ours to offer.
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  metaData: { title: "CampusFund API reference" },
};

export const apiDocsOperation = operation({
  operationId: "getApiReference",
  tag: "Site",
  summary: "This reference, as a web page",
  description: "A readable, searchable reference of this document, drawn in the browser.",
  access: "public",
  ok: {
    200: {
      description: "The reference page (HTML)",
      schema: v.string(),
      example: "<!doctype html>…",
      media: "text/html",
    },
  },
  refusals: [],
});

/** GET /api/docs */
export function apiDocsPage(c: Context<HonoEnv>) {
  const nonce = c.get("nonce");
  c.set("contentSecurityPolicy", contentSecurityPolicy(nonce, { inlineStyles: true }));
  // `html` escapes what it is given (the nonce, the configuration's JSON) for its attribute.
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>CampusFund API reference</title>
          <meta
            name="description"
            content="The CampusFund JSON API: every operation, its parameters, bodies and answers."
          />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </head>
        <body>
          <main id="no-script" hidden>
            <h1>CampusFund API reference</h1>
            <p>
              The reference needs JavaScript. The document itself is at
              <a href="/api/openapi.json">/api/openapi.json</a>.
            </p>
          </main>
          <noscript
            ><style>
              #no-script {
                display: block;
                font:
                  1rem/1.5 system-ui,
                  sans-serif;
                margin: 2rem;
              }
            </style></noscript
          >
          <script
            id="api-reference"
            nonce="${nonce}"
            data-url="/api/openapi.json"
            data-configuration="${JSON.stringify(CONFIGURATION)}"
          ></script>
          <script nonce="${nonce}" src="${API_REFERENCE_SCRIPT}"></script>
        </body>
      </html>`,
  );
}
