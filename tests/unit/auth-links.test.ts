import { describe, expect, it } from "vitest";

import { signinHref, signupHref } from "../../domain/auth-links";

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
