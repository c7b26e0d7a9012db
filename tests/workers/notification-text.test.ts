/**
 * Every notification's wording comes from domain/notification-text.ts, and the fan-outs
 * that build it in SQL (the goal, closing soon) say exactly what the JavaScript wording says, for
 * any title a founder can save.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { NOTIFICATION_SQL, NOTIFICATION_TEXT } from "../../domain/notification-text";

const TITLES = [
  "Campus Keys",
  'Say "hi" to “Claim your payout at evil.example”',
  "„Lower” and ‟reversed‟ quotes",
  "x".repeat(100),
  "Ünïcødé 🚀 ".repeat(9).trim(),
];

describe("notification wording built in SQL", () => {
  it.each(TITLES)("matches the JavaScript wording for %s", async (title) => {
    const row = await env.DB.prepare(
      `select ${NOTIFICATION_SQL.goal("t.title")} as goal, ${NOTIFICATION_SQL.closing("t.title")} as closing
       from (select ?1 as title) t`,
    )
      .bind(title)
      .first<{ goal: string; closing: string }>();
    expect(row).toEqual({ goal: NOTIFICATION_TEXT.goal(title), closing: NOTIFICATION_TEXT.closing(title) });
  });
});
