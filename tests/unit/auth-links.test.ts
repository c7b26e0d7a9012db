import { describe, expect, it } from "vitest";

import {
  CARRIED_DRAFT_MAX,
  pagePurpose,
  readAuthTarget,
  signinHref,
  signupHref,
} from "../../domain/accounts/auth-links";

describe("links to sign in or up that bring the person back", () => {
  it("encode the path and its query as one redirectTo value", () => {
    expect(signinHref("/purchase/campusroute?shares=10")).toBe(
      "/signin?redirectTo=%2Fpurchase%2Fcampusroute%3Fshares%3D10",
    );
    expect(signupHref("/project/quietly?tab=questions")).toBe(
      "/signup?redirectTo=%2Fproject%2Fquietly%3Ftab%3Dquestions",
    );
  });

  it("without a path are the plain pages", () => {
    expect([signinHref(), signinHref(""), signupHref(null)]).toEqual(["/signin", "/signin", "/signup"]);
  });
});

describe("intents", () => {
  it("a follow or a thread's draft is carried as an intent and read back", () => {
    const follow = signinHref({ action: "follow", project: "sundorm" });
    expect(follow).toBe("/signin?intent=follow&project=sundorm");
    const ask = signupHref({ action: "post", project: "sundorm", body: "Who pays? 50% + tax" });
    expect(ask).toBe("/signup?intent=post&project=sundorm&body=Who%20pays%3F%2050%25%20%2B%20tax");
    const read = (href: string) => {
      const q = new URL(href, "http://x").searchParams;
      return readAuthTarget((n) => q.get(n));
    };
    expect(read(follow)).toEqual({ action: "follow", project: "sundorm" });
    expect(read(ask)).toEqual({ action: "post", project: "sundorm", body: "Who pays? 50% + tax" });
    expect(read("/signin?redirectTo=%2Fportfolio")).toBe("/portfolio");
  });

  it("only known actions and project references: anything else falls back to redirectTo or nothing", () => {
    const read = (query: Record<string, string>) => readAuthTarget((n) => query[n] ?? null);
    expect(read({ intent: "delete", project: "sundorm" })).toBeNull();
    expect(read({ intent: "follow", project: "../admin" })).toBeNull();
    expect(read({ intent: "follow", project: "", redirectTo: "/portfolio" })).toBe("/portfolio");
  });

  it("a long draft is cut so the link stays short", () => {
    const target = readAuthTarget((n) => ({ intent: "post", project: "p", body: "é".repeat(5000) })[n] ?? null);
    expect(typeof target === "object" && target?.action === "post" && Array.from(target.body!).length).toBe(
      CARRIED_DRAFT_MAX,
    );
  });

  it("signed-in pages say what the visitor wanted; others nothing", () => {
    expect(pagePurpose("/portfolio")).toEqual({ kind: "page", phrase: "see your portfolio" });
    expect(pagePurpose("/purchase/sundorm?shares=10")).toEqual({ kind: "invest", project: "sundorm" });
    expect(pagePurpose("/settings?tab=watchlist")).toEqual({ kind: "page", phrase: "see your watchlist" });
    expect(pagePurpose("/about")).toBeNull();
    expect(pagePurpose("/purchase/%E0%A4%A")).toBeNull();
  });
});
