/**
 * The project form never changes what a founder typed: a rule about a count of items is not a
 * character limit on the input that carries them (the Tags input once rendered maxLength="10" for
 * "at most 10 tags", so a browser cut "edtech, study groups, campus" to "edtech, st").
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { page, projectForm, signup } from "./helpers";

/** The opening tag of the input named `name` in a page's HTML. */
function inputTag(html: string, name: string): string | undefined {
  return html.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`))?.[0];
}

describe("the Tags input", () => {
  it("carries no character limit: the create page's input has no maxlength", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", { token: founder.token });
    const tag = inputTag(await res.text(), "tags");
    expect({ status: res.status, found: tag !== undefined, maxlength: /\bmaxlength=/i.test(tag ?? "") }).toEqual({
      status: 200,
      found: true,
      maxlength: false,
    });
  });

  it('saves "edtech, study groups, campus" as three tags, through the form without JavaScript', async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: projectForm({ tags: "edtech, study groups, campus" }),
    });
    const saved = await env.DB.prepare("select tags from projects where founder_id = ?")
      .bind(founder.user.id)
      .first<{ tags: string }>();
    expect({ status: res.status, tags: saved ? (JSON.parse(saved.tags) as string[]) : null }).toEqual({
      status: 302,
      tags: ["edtech", "study groups", "campus"],
    });
  });
});
