/**
 * /api/docs: the reference page's markup and policy (its drawing is a browser test,
 * tests/e2e/api-docs.spec.ts).
 */
import { describe, expect, it } from "vitest";

import { call } from "./helpers";

describe("GET /api/docs", () => {
  it("answers a page that loads the reference from our origin, under the response's nonce, pointed at the document", async () => {
    const res = await call("/api/docs");
    const html = await res.text();
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attrs]) => ({
      src: /\bsrc="([^"]*)"/.exec(attrs!)?.[1] ?? null,
      nonce: /\bnonce="([^"]*)"/.exec(attrs!)?.[1] === nonce,
      url: /\bdata-url="([^"]*)"/.exec(attrs!)?.[1] ?? null,
    }));
    expect({
      status: res.status,
      type: res.headers.get("Content-Type"),
      scripts,
      // No host but ours anywhere in the policy.
      otherHosts: policy.match(/https?:\/\/[^\s;']+/g) ?? [],
    }).toEqual({
      status: 200,
      type: "text/html; charset=UTF-8",
      scripts: [
        { src: null, nonce: true, url: "/api/openapi.json" },
        { src: "/vendor/scalar/api-reference.js", nonce: true, url: null },
      ],
      otherHosts: [],
    });
  });
});
