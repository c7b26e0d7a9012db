/**
 * /admin's Mail section (ADR 044), as the operator reads it: the counts and the newest failed mail
 * with the error it last met.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { adminSession, page, unique, visibleText } from "./helpers";

describe("/admin's Mail section", () => {
  it("shows the counts and the newest failed mail with its last error", async () => {
    const id = unique("mail-");
    await env.DB.prepare(
      `insert into mail_outbox (id, kind, to_address, subject, html, text, status, attempts, last_error, created_at)
       values (?1, 'password-reset', ?2, 'Reset your CampusFund password', '', '', 'failed', 5, ?3, ?4)`,
    )
      .bind(id, `${id}@example.edu`, "destination address is not verified", Date.now() - 60_000)
      .run();
    const res = await page("/admin", { token: await adminSession() });
    expect(res.status).toBe(200);
    const text = visibleText(await res.text()).replace(/\s+/g, " ");
    expect(text).toContain("Failed in the last 7 days");
    expect(text).toMatch(
      new RegExp(`${id}@example\\.edu Reset your CampusFund password 5 destination address is not verified`),
    );
  });
});
