/**
 * Cancelling an investment (worker/services/money/cancellations.ts `cancelInvestment`, the API's
 * `POST /api/investments/{id}/cancel`): the 48-hour Reg CF window, one atomic write, a second
 * cancel that changes nothing, who may cancel, and cancelled investments counted nowhere.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadline, cancelDeadlineText } from "../../domain/money/cancellation";
import type { SessionUser } from "../../domain/shared/types";
import { createDb } from "../../db/client";
import { SESSION_COOKIE, validateSessionToken } from "../../worker/services/accounts/sessions";
import { getFounderDashboard } from "../../worker/services/projects/founder-dashboard";
import { cancelInvestment, cancelWindowClosedMessage } from "../../worker/services/money/cancellations";
import { getPublicInvestor } from "../../worker/services/accounts/public-profile";
import { buyShares, call, db, inDays, insertProject, json, makeAdmin, signup, unique } from "./helpers";

type CancelOut = {
  success: boolean;
  message: string;
  investment: Record<string, unknown> & { status: string; cancelledAt: string | null };
  project: { sharesSold: number; sharesRemaining: number; fundingCurrent: number; investors: number };
};

const buy = buyShares;

const cancel = (id: string, token?: string, headers: Record<string, string> = {}) =>
  call(`/api/investments/${encodeURIComponent(id)}/cancel`, { method: "POST", token, headers });

/** What D1 holds for a project: its counters and its investments (active and all). */
async function state(projectId: string) {
  return (await env.DB.prepare(
    `select p.shares_sold, p.funding_current_cents, p.total_shares,
       (select coalesce(sum(shares),0) from investments where project_id = p.id and status = 'active') as active_shares,
       (select coalesce(sum(amount_cents),0) from investments where project_id = p.id and status = 'active') as active_cents,
       (select count(*) from investments where project_id = p.id and status = 'active') as active_count,
       (select count(*) from investments where project_id = p.id and status = 'cancelled') as cancelled_count,
       (select count(*) from investments where project_id = p.id) as all_count
     from projects p where p.id = ?`,
  )
    .bind(projectId)
    .first<Record<string, number>>())!;
}

async function row(investmentId: string) {
  return env.DB.prepare("select status, cancelled_at, shares, amount_cents from investments where id = ?")
    .bind(investmentId)
    .first<{ status: string; cancelled_at: number | null; shares: number; amount_cents: number }>();
}

/**
 * The deadline set straight in D1, with the project's investments holding the cutoff they would
 * have had if bought under it (a cutoff is fixed at purchase, so moving only the
 * project's deadline earlier would no longer close anyone's window): the last days of an offering.
 */
async function setDeadline(projectId: string, deadline: string, target: D1Database = env.DB) {
  await target.batch([
    target.prepare("update projects set funding_deadline = ? where id = ?").bind(deadline, projectId),
    target
      .prepare("update investments set cancel_cutoff_at = unixepoch(?) * 1000 - 172800000 where project_id = ?")
      .bind(deadline, projectId),
  ]);
}

async function viewerFor(token: string): Promise<SessionUser> {
  const session = await validateSessionToken(db(), token);
  if (!session) throw new Error("the token did not validate");
  return session.user;
}

/** A $10-a-share project (1,000 shares) where Ada bought 30 and Bob 20. */
async function twoInvestments(overrides: Parameters<typeof insertProject>[0] = {}) {
  const project = await insertProject({ sharePriceCents: 1_000, totalShares: 1_000, ...overrides });
  const ada = await signup("investor", { firstName: "Ada", lastName: "Lovelace" });
  const bob = await signup("investor", { firstName: "Bob", lastName: "Builder" });
  const adaInv = await buy(project.id, ada.token, 30);
  const bobInv = await buy(project.id, bob.token, 20);
  return { project, ada, bob, adaInv, bobInv };
}

describe("POST /api/investments/{id}/cancel", () => {
  it("before the cutoff: the project goes down by exactly that investment, the row is kept as cancelled", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const before = Date.now();
    const res = await cancel(adaInv, ada.token);
    const out = await json<CancelOut>(res);
    const kept = await row(adaInv);
    expect({
      status: res.status,
      message: out.message,
      investment: { id: out.investment._id, status: out.investment.status, cancellable: out.investment.cancellable },
      project: out.project,
      db: await state(project.id),
      row: { status: kept!.status, cancelledAtSet: kept!.cancelled_at! >= before, shares: kept!.shares },
    }).toEqual({
      status: 200,
      message: `Your investment in ${project.title} was canceled: 30 shares ($300) went back to the project.`,
      investment: { id: adaInv, status: "cancelled", cancellable: false },
      project: expect.objectContaining({ sharesSold: 20, sharesRemaining: 980, fundingCurrent: 200, investors: 1 }),
      db: {
        shares_sold: 20,
        funding_current_cents: 20_000,
        total_shares: 1_000,
        active_shares: 20,
        active_cents: 20_000,
        active_count: 1,
        cancelled_count: 1,
        all_count: 2,
      },
      row: { status: "cancelled", cancelledAtSet: true, shares: 30 },
    });
    expect(out.investment.cancelledAt).toBe(new Date(kept!.cancelled_at!).toISOString());
  });

  it("after the cutoff (inside the last 48 hours): refused with the closing time, nothing changes", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    // Funding ends at 00:00 UTC of the deadline day: with the deadline two days out, the window
    // closed at 00:00 UTC today.
    const deadline = inDays(2);
    await setDeadline(project.id, deadline);
    const before = await state(project.id);
    const res = await cancel(adaInv, ada.token);
    expect({
      status: res.status,
      message: (await json(res)).message,
      db: await state(project.id),
      row: (await row(adaInv))!.status,
    }).toEqual({
      status: 409,
      message: `Investments can no longer be canceled: the cancellation window closed on ${cancelDeadlineText(deadline)}, 48 hours before the funding deadline`,
      db: before,
      row: "active",
    });
  });

  it("with the deadline three days out the window is still open", async () => {
    const { ada, adaInv, project } = await twoInvestments();
    await setDeadline(project.id, inDays(3));
    expect((await cancel(adaInv, ada.token)).status).toBe(200);
  });

  it("the SQL guard holds the cutoff too: a deadline moved inside 48 hours between the check and the write", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const before = await state(project.id);
    const real = env.DB;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch") {
          return async (stmts: D1PreparedStatement[]) => {
            await setDeadline(project.id, inDays(1), target);
            return target.batch(stmts);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const viewer = await viewerFor(ada.token);
    const outcome = await cancelInvestment(createDb(racing), viewer, adaInv).then(
      () => ({ status: 200, message: "" }),
      (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
    );
    expect({ outcome, db: await state(project.id), row: (await row(adaInv))!.status }).toEqual({
      outcome: { status: 409, message: cancelWindowClosedMessage(cancelDeadline(inDays(1))) },
      db: before,
      row: "active",
    });
  });

  it("cancelling twice changes nothing the second time: 409 'This investment is already canceled'", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    expect((await cancel(adaInv, ada.token)).status).toBe(200);
    const after = await state(project.id);
    const firstAt = (await row(adaInv))!.cancelled_at;
    const again = await cancel(adaInv, ada.token);
    expect({
      status: again.status,
      message: (await json(again)).message,
      db: await state(project.id),
      cancelledAt: (await row(adaInv))!.cancelled_at,
    }).toEqual({ status: 409, message: "This investment is already canceled", db: after, cancelledAt: firstAt });
  });

  it("two concurrent cancels of one investment: one succeeds, the numbers go down once", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const results = await Promise.all([cancel(adaInv, ada.token), cancel(adaInv, ada.token)]);
    expect({
      statuses: results.map((r) => r.status).sort(),
      db: await state(project.id),
    }).toEqual({
      statuses: [200, 409],
      db: expect.objectContaining({
        shares_sold: 20,
        funding_current_cents: 20_000,
        active_count: 1,
        cancelled_count: 1,
      }),
    });
  });

  it("ten concurrent cancels of one investment through the service: the numbers go down once", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const viewer = await viewerFor(ada.token);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancelInvestment(db(), viewer, adaInv).then(
          () => 200,
          (e: { status: number }) => e.status,
        ),
      ),
    );
    expect({
      ok: outcomes.filter((s) => s === 200).length,
      refused: outcomes.filter((s) => s === 409).length,
      db: await state(project.id),
    }).toEqual({
      ok: 1,
      refused: 9,
      db: expect.objectContaining({ shares_sold: 20, funding_current_cents: 20_000, cancelled_count: 1 }),
    });
  });

  it("someone else's investment: 404 'Investment not found' (its existence is not revealed), nothing changes", async () => {
    const { project, bob, adaInv } = await twoInvestments();
    const before = await state(project.id);
    const res = await cancel(adaInv, bob.token);
    expect({ status: res.status, message: (await json(res)).message, db: await state(project.id) }).toEqual({
      status: 404,
      message: "Investment not found",
      db: before,
    });
  });

  it("an admin may cancel anyone's investment", async () => {
    const { project, adaInv } = await twoInvestments();
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);
    const res = await cancel(adaInv, admin.token);
    expect({ status: res.status, db: await state(project.id) }).toEqual({
      status: 200,
      db: expect.objectContaining({ shares_sold: 20, cancelled_count: 1 }),
    });
  });

  it("a founder gets 404 'Investment not found', nothing changes", async () => {
    const { project, adaInv } = await twoInvestments();
    const founder = await signup("founder");
    const before = await state(project.id);
    const res = await cancel(adaInv, founder.token);
    expect({ status: res.status, message: (await json(res)).message, db: await state(project.id) }).toEqual({
      status: 404,
      message: "Investment not found",
      db: before,
    });
  });

  it("a visitor gets 401 'Authentication required', nothing changes", async () => {
    const { project, adaInv } = await twoInvestments();
    const before = await state(project.id);
    const res = await cancel(adaInv);
    expect({ status: res.status, message: (await json(res)).message, db: await state(project.id) }).toEqual({
      status: 401,
      message: "Authentication required",
      db: before,
    });
  });

  it("an unknown id: 404 'Investment not found'", async () => {
    const { ada } = await twoInvestments();
    const res = await cancel("no-such-investment", ada.token);
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 404,
      message: "Investment not found",
    });
  });

  it("an id of 5,000 characters: 404, not a 500", async () => {
    const { ada } = await twoInvestments();
    expect((await cancel("x".repeat(5_000), ada.token)).status).toBe(404);
  });

  it("works with the session cookie from the same site", async () => {
    const { ada, adaInv } = await twoInvestments();
    const res = await cancel(adaInv, undefined, {
      Cookie: `${SESSION_COOKIE}=${ada.token}`,
      Origin: "http://localhost",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(res.status).toBe(200);
  });

  it("refuses a cross-site post riding on the session cookie: 403, nothing changes", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const before = await state(project.id);
    const res = await cancel(adaInv, undefined, {
      Cookie: `${SESSION_COOKIE}=${ada.token}`,
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect({ status: res.status, db: await state(project.id) }).toEqual({ status: 403, db: before });
  });

  it("GET on the cancel route is a 405 naming POST", async () => {
    const { ada, adaInv } = await twoInvestments();
    const res = await call(`/api/investments/${adaInv}/cancel`, { token: ada.token });
    expect({ status: res.status, allow: res.headers.get("Allow") }).toEqual({ status: 405, allow: "POST" });
  });

  it("a sold-out project may still be cancelled before the cutoff: the shares go back on sale", async () => {
    const project = await insertProject({ sharePriceCents: 1_000, totalShares: 50 });
    const ada = await signup();
    const bob = await signup();
    const adaInv = await buy(project.id, ada.token, 30);
    await buy(project.id, bob.token, 20);
    const soldOut = await json<{ sharesRemaining: number }>(await call(`/api/projects/${project.id}`));
    const res = await cancel(adaInv, ada.token);
    const after = await json<{ sharesRemaining: number; status: string }>(await call(`/api/projects/${project.id}`));
    expect({ soldOut: soldOut.sharesRemaining, status: res.status, remaining: after.sharesRemaining }).toEqual({
      soldOut: 0,
      status: 200,
      remaining: 30,
    });
  });

  it("a project marked funded may still be cancelled before the cutoff", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    await env.DB.prepare("update projects set status = 'funded' where id = ?").bind(project.id).run();
    const res = await cancel(adaInv, ada.token);
    expect({ status: res.status, db: await state(project.id) }).toEqual({
      status: 200,
      db: expect.objectContaining({ shares_sold: 20, funding_current_cents: 20_000 }),
    });
  });

  it("the invariants hold after 40 concurrent purchases and cancellations on one project", async () => {
    // 300 shares at $10; 15 investors hold 10 shares each (150 sold). At once: those 15
    // investments are cancelled (5 of them twice) and 20 other investors buy 10 to 24 shares each,
    // together more than can ever be free.
    const project = await insertProject({ sharePriceCents: 1_000, totalShares: 300, minInvestmentCents: 10_000 });
    const holders = await Promise.all(Array.from({ length: 15 }, () => signup()));
    const held = await Promise.all(holders.map((h) => buy(project.id, h.token, 10)));
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signup()));
    const ops: Promise<{ kind: "cancel" | "buy"; status: number }>[] = [
      ...held.map((id, i) =>
        cancel(id, holders[i]!.token).then((r) => ({ kind: "cancel" as const, status: r.status })),
      ),
      ...held
        .slice(0, 5)
        .map((id, i) => cancel(id, holders[i]!.token).then((r) => ({ kind: "cancel" as const, status: r.status }))),
      ...buyers.map((b, i) =>
        call(`/api/projects/${project.id}/invest`, {
          method: "POST",
          body: { shares: 10 + ((i * 5) % 15), sharePrice: project.sharePriceCents / 100 },
          token: b.token,
          headers: { "Idempotency-Key": unique("mix") },
        }).then((r) => ({ kind: "buy" as const, status: r.status })),
      ),
    ];
    expect(ops).toHaveLength(40);
    const outcomes = await Promise.all(ops);
    const s = await state(project.id);
    const bought = outcomes.filter((o) => o.kind === "buy" && o.status === 201).length;
    const bad = await env.DB.prepare(
      `select count(*) as n from investments where project_id = ?
         and (shares < 1 or amount_cents != shares * share_price_cents
              or (status = 'cancelled') != (cancelled_at is not null))`,
    )
      .bind(project.id)
      .first<{ n: number }>();
    expect({
      cancelsOk: outcomes.filter((o) => o.kind === "cancel" && o.status === 200).length,
      cancelsRefused: outcomes.filter((o) => o.kind === "cancel" && o.status === 409).length,
      buysAnswered: outcomes.filter((o) => o.kind === "buy" && (o.status === 201 || o.status === 409)).length,
      sharesMatch: s.active_shares === s.shares_sold,
      centsMatch: s.active_cents === s.funding_current_cents,
      withinTotal: s.shares_sold! <= s.total_shares!,
      activeRows: s.active_count,
      cancelledRows: s.cancelled_count,
      malformed: bad!.n,
    }).toEqual({
      cancelsOk: 15,
      cancelsRefused: 5,
      buysAnswered: 20,
      sharesMatch: true,
      centsMatch: true,
      withinTotal: true,
      activeRows: bought,
      cancelledRows: 15,
      malformed: 0,
    });
  });
});

describe("cancelled investments count nowhere", () => {
  it("a cancellation drops the visitors' cached copies, so they see the numbers go down", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    const cached = await call(`/api/projects/${project.slug}`);
    const hit = await call(`/api/projects/${project.slug}`);
    expect((await cancel(adaInv, ada.token)).status).toBe(200);
    const after = await call(`/api/projects/${project.slug}`);
    expect({
      before: (await json<{ sharesSold: number }>(cached)).sharesSold,
      hit: hit.headers.get("X-Edge-Cache"),
      after: after.headers.get("X-Edge-Cache"),
      sharesSold: (await json<{ sharesSold: number }>(after)).sharesSold,
    }).toEqual({ before: 50, hit: "HIT", after: "MISS", sharesSold: 20 });
  });

  it("the project's investor count and public investors list leave them out", async () => {
    const { project, ada, adaInv } = await twoInvestments();
    await cancel(adaInv, ada.token);
    const detail = await json<{ investors: number; sharesSold: number }>(await call(`/api/projects/${project.slug}`));
    const list = await json<{ count: number; investors: { name: string }[] }>(
      await call(`/api/projects/${project.slug}/investors`),
    );
    expect({
      investors: detail.investors,
      sharesSold: detail.sharesSold,
      count: list.count,
      names: list.investors.map((i) => i.name),
    }).toEqual({ investors: 1, sharesSold: 20, count: 1, names: ["Bob B."] });
  });

  it("an investor who cancelled one of two investments in a project is still counted once", async () => {
    const project = await insertProject();
    const ada = await signup();
    const first = await buy(project.id, ada.token, 10);
    await buy(project.id, ada.token, 15);
    await cancel(first, ada.token);
    const detail = await json<{ investors: number }>(await call(`/api/projects/${project.slug}`));
    expect(detail.investors).toBe(1);
  });

  it("the holdings list keeps it, labelled cancelled, and says which stand and may still be cancelled", async () => {
    const { ada, adaInv, project } = await twoInvestments();
    const other = await buy(project.id, ada.token, 12);
    await cancel(adaInv, ada.token);
    const list = await json<Record<string, unknown>[]>(
      await call(`/api/investments/user/${ada.user.id}`, { token: ada.token }),
    );
    const deadline = (await env.DB.prepare("select funding_deadline as d from projects where id = ?")
      .bind(project.id)
      .first<{ d: string }>())!.d;
    const cutoff = new Date(Date.parse(`${deadline}T00:00:00Z`) - 48 * 3_600_000).toISOString();
    expect(
      list.map((i) => ({ id: i._id, status: i.status, cancellable: i.cancellable, cancelDeadline: i.cancelDeadline })),
    ).toEqual([
      { id: other, status: "active", cancellable: true, cancelDeadline: cutoff },
      { id: adaInv, status: "cancelled", cancellable: false, cancelDeadline: cutoff },
    ]);
  });

  it("portfolio analytics leave them out of every total", async () => {
    const p1 = await insertProject({ category: "fintech" });
    const p2 = await insertProject({ category: "healthcare" });
    const ada = await signup();
    const keep = await buy(p1.id, ada.token, 10);
    const drop = await buy(p2.id, ada.token, 30);
    await cancel(drop, ada.token);
    const body = await json(await call("/api/analytics/comprehensive", { method: "POST", body: {}, token: ada.token }));
    expect({
      keep: typeof keep,
      totalInvested: body.totalInvested,
      totalInvestments: body.totalInvestments,
      sectors: (body.sectorDistribution as { name: string }[]).map((s) => s.name),
    }).toEqual({ keep: "string", totalInvested: 100, totalInvestments: 1, sectors: ["Fintech"] });
  });

  it("the founder dashboard (and its CSV) leave them out: raised, investments, investors, series", async () => {
    const founder = await signup("founder");
    const { project, ada, adaInv } = await twoInvestments({ founderId: founder.user.id });
    await cancel(adaInv, ada.token);
    const dash = await getFounderDashboard(db(), await viewerFor(founder.token));
    expect({
      fundingCurrent: dash!.project.fundingCurrent,
      investors: dash!.project.investors,
      investments: dash!.project.investments,
      sharesSold: dash!.project.sharesSold,
      average: dash!.project.averageInvestment,
      names: dash!.investors.investors.map((i) => i.name),
      lastPoint: dash!.series.at(-1)?.cumulative,
      project: dash!.project.id,
    }).toEqual({
      fundingCurrent: 200,
      investors: 1,
      investments: 1,
      sharesSold: 20,
      average: 200,
      names: ["Bob B."],
      lastPoint: 200,
      project: project.id,
    });
  });

  it("the public investor page no longer lists a project whose investment was cancelled", async () => {
    const kept = await insertProject();
    const dropped = await insertProject();
    const me = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
    await buy(kept.id, me.token, 10);
    const gone = await buy(dropped.id, me.token, 10);
    await cancel(gone, me.token);
    const username = unique("gh-").toLowerCase().slice(0, 30);
    const put = await call(`/api/users/profile/${me.user.id}`, {
      method: "PUT",
      token: me.token,
      body: { username, confidentiality: {} },
    });
    expect(put.status).toBe(200);
    const page = await getPublicInvestor(db(), username);
    expect(page!.investments!.map((i) => i.title)).toEqual([kept.title]);
  });
});
