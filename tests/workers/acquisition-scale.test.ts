/**
 * An acquisition of a company with 10,000 holders settles in bounded chunks (ADR 052): each holder
 * marked and paid exactly once, the invariants holding at the end. Prints the time and the batches
 * sent, for the note; the assertions are about what was paid, not about speed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { isoDay } from "../../domain/shared/dates";
import { APPLY_CHUNK, applyEvent } from "../../worker/services/money/valuations";
import { db, insertProject, signup } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { bulkInvestments, bulkUsers } from "./scale";

const HOLDERS = 10_000;
const PRICE_CENTS = 2_345;

describe("an acquisition of a company with 10,000 holders", () => {
  it("pays every holder price × shares once, in bounded batches, with two appliers at once", async () => {
    const founder = await signup("founder");
    const project = await insertProject({
      founderId: founder.user.id,
      sharePriceCents: 1_000,
      totalShares: 1_000_000,
      fundingGoalCents: 1_000_000,
      status: "funded",
      settledAt: Date.now() - 1000,
    });
    await bulkUsers("acq", HOLDERS);
    await bulkInvestments("acqi", project.id, "acq", HOLDERS, HOLDERS);
    // Funded: its investments confirmed, its figures theirs (as settlement leaves them, ADR 043).
    await env.DB.batch([
      env.DB.prepare("update investments set status = 'confirmed', settled_at = ?2 where project_id = ?1").bind(
        project.id,
        Date.now() - 1000,
      ),
      env.DB.prepare(
        `update projects set shares_sold = s.shares, funding_current_cents = s.cents, settled_shares = s.shares,
           settled_cents = s.cents, settled_investors = ?2
         from (select sum(shares) as shares, sum(amount_cents) as cents from investments where project_id = ?1) s
         where id = ?1`,
      ).bind(project.id, HOLDERS),
    ]);
    const eventId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `insert into valuation_events (id, project_id, kind, status, effective_on, price_cents, statement, mark_cents,
           proceeds_per_share_cents, holders, created_at, reviewed_at)
         values (?1, ?2, 'acquisition', 'approved', ?3, ?4, 'Acquired.', 0, ?4, ?5, ?6, ?6)`,
      ).bind(eventId, project.id, isoDay(now), PRICE_CENTS, HOLDERS, now),
      env.DB.prepare(
        "update projects set mark_cents = 0, mark_event_id = ?1, marked_on = ?2, exited_at = ?3 where id = ?4",
      ).bind(eventId, isoDay(now), now, project.id),
    ]);
    const started = performance.now();
    const runs = await Promise.all([applyEvent(db(), eventId, now), applyEvent(db(), eventId, now)]);
    const ms = performance.now() - started;
    const paid = await env.DB.prepare(
      `select count(*) as n, count(distinct investor_id) as holders, sum(amount_cents) as cents,
         sum(amount_cents = shares * ?2) as exact
       from distributions where event_id = ?1`,
    )
      .bind(eventId, PRICE_CENTS)
      .first();
    const shares = await env.DB.prepare("select sum(shares) as s from investments where project_id = ?1")
      .bind(project.id)
      .first<number>("s");
    expect([paid, runs[0].holders + runs[1].holders]).toEqual([
      { n: HOLDERS, holders: HOLDERS, cents: shares! * PRICE_CENTS, exact: HOLDERS },
      HOLDERS,
    ]);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
    const batches = runs[0].batches + runs[1].batches;
    console.log(
      `acquisition of a company with ${HOLDERS} holders: ${ms.toFixed(0)} ms, ${batches} batches of at most ${APPLY_CHUNK} holders (two appliers at once)`,
    );
  });
});
