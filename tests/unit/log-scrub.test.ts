/** What log.ts `scrub` takes out of a log line's strings, and what it keeps (ADR 056). */
import { describe, expect, it } from "vitest";

import { scrub } from "../../worker/observability/log";

describe("scrub", () => {
  it("keeps a user's id (a UUID), which the request line names on purpose", () => {
    expect(scrub("5352c10a-be18-4b67-beac-4d9b0e463530")).toBe("5352c10a-be18-4b67-beac-4d9b0e463530");
  });

  it("takes out an address, a session token and a long opaque token", () => {
    expect(
      scrub("ada@example.edu 79bh2qwar2492syd.89j7szdieub3ccshf7xmcazggjvb235r Zx8kQ2mN4pR6tV9wB1cD3fG5hJ7kL0aS2dF4"),
    ).toBe("[email] [redacted] [redacted]");
  });
});
