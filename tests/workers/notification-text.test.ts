/**
 * Every notification's wording comes from domain/conversation/notification-text.ts, and the fan-outs
 * that build it in SQL (the goal, closing soon) say exactly what the JavaScript wording says, for
 * any title a founder can save.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { NOTIFICATION_SQL, NOTIFICATION_TEXT } from "../../domain/conversation/notification-text";

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

describe("settlement notices built in SQL (ADR 043)", () => {
  // [amount cents, shares, price cents, investors]
  const FIGURES = [
    [500_000, 100, 5_000, 14],
    [1_050, 1, 1_050, 1],
    [123_456_789, 1_234_567, 100, 1_200],
    [0, 1, 0, 0],
  ] as const;
  it.each(FIGURES)(
    "matches the JavaScript wording for %i cents, %i shares at %i cents, %i investors",
    async (cents, shares, price, investors) => {
      for (const title of TITLES) {
        const row = await env.DB.prepare(
          `select ${NOTIFICATION_SQL.confirmed("t.title", "t.cents", "t.shares", "t.price")} as confirmed,
           ${NOTIFICATION_SQL.returned("t.title", "t.cents", "t.shares", "t.price")} as returned,
           ${NOTIFICATION_SQL.outcome("t.title", "'funded'", "t.cents", "t.investors")} as funded,
           ${NOTIFICATION_SQL.outcome("t.title", "'closed'", "t.cents", "t.investors")} as closed
         from (select ?1 as title, ?2 as cents, ?3 as shares, ?4 as price, ?5 as investors) t`,
        )
          .bind(title, cents, shares, price, investors)
          .first();
        expect(row).toEqual({
          confirmed: NOTIFICATION_TEXT.confirmed(title, cents / 100, shares, price / 100),
          returned: NOTIFICATION_TEXT.returned(title, cents / 100, shares, price / 100),
          funded: NOTIFICATION_TEXT.outcome(title, "funded", cents / 100, investors),
          closed: NOTIFICATION_TEXT.outcome(title, "closed", cents / 100, investors),
        });
      }
    },
  );
});

describe("company event notices built in SQL (ADR 052)", () => {
  // [kind, shares, mark cents, proceeds cents]
  const EVENTS = [
    ["round", 50, 7_500, 0],
    ["round", 1, 1_050, 0],
    ["write_down", 1_234_567, 1, 0],
    ["write_up", 3, 20_000, 0],
    ["acquisition", 50, 0, 10_025],
    ["shutdown", 7, 0, 0],
    ["shutdown", 1, 0, 33],
  ] as const;
  it.each(EVENTS)(
    "matches the JavaScript wording for a %s, %i shares, mark %i, proceeds %i",
    async (kind, shares, mark, proceeds) => {
      for (const title of TITLES) {
        const row = await env.DB.prepare(
          `select ${NOTIFICATION_SQL.valuation(kind, "t.title", "t.shares", mark, proceeds)} as text
         from (select ?1 as title, ?2 as shares) t`,
        )
          .bind(title, shares)
          .first<{ text: string }>();
        expect(row?.text).toBe(NOTIFICATION_TEXT.valuation(kind, title, shares, mark / 100, proceeds / 100));
      }
    },
  );

  it("says what a round did to the holding", () => {
    expect(NOTIFICATION_TEXT.valuation("round", "Campus Keys", 50, 75, 0)).toBe(
      "“Campus Keys” closed a priced round: your 50 shares are now valued at $3,750 ($75 a share)",
    );
  });
});

describe("the commitment notice's wording (ADR 043)", () => {
  const cutoff = Date.parse("2026-12-18T00:00:00Z");
  it.each([
    [
      [1_250, 125, 10],
      "You committed $1,250 (125 shares at $10) to “Campus Keys”: you can cancel until Dec 18, 2026, 00:00 UTC",
    ],
    [
      [10.5, 1, 10.5],
      "You committed $10.50 (1 share at $10.50) to “Campus Keys”: you can cancel until Dec 18, 2026, 00:00 UTC",
    ],
  ] as const)("says %j as %s", ([amount, shares, price], text) => {
    expect(NOTIFICATION_TEXT.commitment("Campus Keys", amount, shares, price, cutoff)).toBe(text);
  });
});
