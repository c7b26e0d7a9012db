import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { call, inDays, insertProject, json, makeAdmin, signup, unique, withPrice } from "./helpers";

type InvestOut = {
  success: boolean;
  message: string;
  replayed: boolean;
  investment: Record<string, unknown>;
  project: { sharesSold: number; sharesRemaining: number; fundingCurrent: number };
};

/** A purchase as sent, body untouched. */
const investRaw = (id: string, token: string | undefined, body: unknown, key?: string) =>
  call(`/api/projects/${id}/invest`, {
    method: "POST",
    body,
    token,
    headers: key ? { "Idempotency-Key": key } : {},
  });

/**
 * A purchase by a client that read the project first: a body stating neither `amount` nor
 * `sharePrice` gets the project's current price (a purchase must state one of them, ADR 024).
 */
const invest = async (id: string, token: string | undefined, body: Record<string, unknown>, key?: string) =>
  investRaw(id, token, "amount" in body || "sharePrice" in body ? body : await withPrice(id, body), key);

/**
 * The project's counters beside its investments (DESIGN §3, over ACTIVE investments: a cancelled
 * one is kept as history but holds no shares): Σ active shares = shares_sold ≤ total_shares and
 * Σ active amounts = funding_current. `inv_count` counts every row, cancelled ones too.
 */
async function projectState(id: string) {
  return (await env.DB.prepare(
    `select p.shares_sold, p.funding_current_cents, p.total_shares,
       (select coalesce(sum(shares),0) from investments where project_id = p.id and status = 'active') as inv_shares,
       (select coalesce(sum(amount_cents),0) from investments where project_id = p.id and status = 'active') as inv_cents,
       (select count(*) from investments where project_id = p.id) as inv_count
     from projects p where p.id = ?`,
  )
    .bind(id)
    .first<{
      shares_sold: number;
      funding_current_cents: number;
      total_shares: number;
      inv_shares: number;
      inv_cents: number;
      inv_count: number;
    }>())!;
}

describe("POST /api/projects/{id}/invest", () => {
  it("buys shares: the server computes the amount and D1 holds exactly the purchase", async () => {
    const project = await insertProject({ sharePriceCents: 250, totalShares: 4_000, fundingGoalCents: 1_000_000 });
    const { token, user } = await signup();
    const res = await invest(project.id, token, { shares: 40, amount: 100 }, unique("k"));
    expect(res.status).toBe(201);
    const out = await json<InvestOut>(res);
    expect(out.message).toBe(`Your investment was successful! You have purchased 40 shares of ${project.title}.`);
    expect(out.investment).toMatchObject({
      projectId: project.id,
      projectSlug: project.slug,
      projectTitle: project.title,
      shares: 40,
      sharePrice: 2.5,
      amountInvested: 100,
      status: "active",
      userId: user.id,
    });
    expect(out.project).toMatchObject({ sharesSold: 40, sharesRemaining: 3_960, fundingCurrent: 100 });
    const s = await projectState(project.id);
    expect(s).toMatchObject({
      shares_sold: 40,
      funding_current_cents: 10_000,
      inv_shares: 40,
      inv_cents: 10_000,
      inv_count: 1,
    });
  });

  it("accepts the slug as well as the id", async () => {
    const project = await insertProject({ slug: unique("slug-") });
    const { token } = await signup();
    const res = await invest(project.slug, token, { shares: 10 }, unique("k"));
    expect(res.status).toBe(201);
  });

  it("requires a signed-in user: 401 'Authentication required'", async () => {
    const project = await insertProject();
    const res = await invest(project.id, undefined, { shares: 10 });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ message: "Authentication required" });
    expect((await projectState(project.id)).inv_count).toBe(0);
  });

  it("refuses a founder with the spec's message", async () => {
    const project = await insertProject();
    const { token } = await signup("founder");
    const res = await invest(project.id, token, { shares: 10 }, unique("k"));
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({
      message:
        "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.",
    });
    expect((await projectState(project.id)).inv_count).toBe(0);
  });

  it("lets an admin invest", async () => {
    const project = await insertProject();
    const { token, user } = await signup();
    await makeAdmin(user.id);
    expect((await invest(project.id, token, { shares: 10 }, unique("k"))).status).toBe(201);
  });

  for (const shares of [0, -5, 1.5, "2.5", "abc", "", null, "1e3", 10_000_000_000]) {
    it(`refuses shares=${JSON.stringify(shares)} with 400 and changes nothing`, async () => {
      const project = await insertProject();
      const { token } = await signup();
      const res = await invest(project.id, token, { shares }, unique("k"));
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: "Please enter a whole number of shares (at least 1)" });
      expect(await projectState(project.id)).toMatchObject({ shares_sold: 0, inv_count: 0 });
    });
  }

  it("refuses more than the remaining shares: 'Only {n} shares are available for purchase'", async () => {
    const project = await insertProject({ totalShares: 1_000 });
    const { token } = await signup();
    await invest(project.id, token, { shares: 990 }, unique("k"));
    const res = await invest(project.id, token, { shares: 11 }, unique("k"));
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ message: "Only 10 shares are available for purchase" });
    expect((await projectState(project.id)).shares_sold).toBe(990);
  });

  it("refuses a total below the minimum investment", async () => {
    const project = await insertProject({ minInvestmentCents: 50_000 }); // $500 at $10/share
    const { token } = await signup();
    const res = await invest(project.id, token, { shares: 49 }, unique("k"));
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ message: "The minimum investment is $500" });
    expect((await invest(project.id, token, { shares: 50 }, unique("k"))).status).toBe(201);
  });

  it("checks a client-sent amount and never trusts it", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const res = await invest(project.id, token, { shares: 10, amount: 1 }, unique("k"));
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ message: "The amount does not match shares times the share price" });
    expect((await projectState(project.id)).inv_count).toBe(0);
  });

  it("refuses projects past their deadline, sold out, or not active", async () => {
    const { token } = await signup();
    const past = await insertProject({ fundingDeadline: inDays(-1) });
    const today = await insertProject({ fundingDeadline: inDays(0) });
    const funded = await insertProject({ status: "funded" });
    for (const p of [past, today, funded]) {
      const res = await invest(p.id, token, { shares: 10 }, unique("k"));
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ message: "Funding for this project is closed" });
    }
    const full = await insertProject({ totalShares: 100 });
    await invest(full.id, token, { shares: 100 }, unique("k"));
    const res = await invest(full.id, token, { shares: 10 }, unique("k"));
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ message: "This project is sold out" });
  });

  it("answers 404 for an unknown project", async () => {
    const { token } = await signup();
    const res = await invest("no-such-project", token, { shares: 10 }, unique("k"));
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ message: "Project Not Found" });
  });

  it("a replayed idempotency key buys once and answers with the original purchase", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const key = unique("retry");
    const first = await invest(project.id, token, { shares: 12 }, key);
    expect(first.status).toBe(201);
    const a = await json<InvestOut>(first);
    const again = await invest(project.id, token, { shares: 12 }, key);
    expect(again.status).toBe(200);
    const b = await json<InvestOut>(again);
    expect(b.replayed).toBe(true);
    expect(b.investment._id).toBe(a.investment._id);
    // concurrent double-submit of one key: still one purchase
    const key2 = unique("double");
    const both = await Promise.all([
      invest(project.id, token, { shares: 17 }, key2),
      invest(project.id, token, { shares: 17 }, key2),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await projectState(project.id)).toMatchObject({ shares_sold: 29, inv_shares: 29, inv_count: 2 });
    // the same key with other shares is refused, not silently replayed
    const changed = await invest(project.id, token, { shares: 13 }, key);
    expect(changed.status).toBe(409);
    expect(await json(changed)).toMatchObject({
      message: "This idempotency key was already used for a different purchase",
    });
    // the same key for another project is refused, not silently replayed
    const other = await insertProject();
    const reuse = await invest(other.id, token, { shares: 10 }, key);
    expect(reuse.status).toBe(409);
    expect((await projectState(other.id)).inv_count).toBe(0);
  });

  it("keys are per investor: two investors may use the same key", async () => {
    const project = await insertProject();
    const a = await signup();
    const b = await signup();
    expect((await invest(project.id, a.token, { shares: 10 }, "same-key")).status).toBe(201);
    expect((await invest(project.id, b.token, { shares: 10 }, "same-key")).status).toBe(201);
  });

  it("never oversells when many investors race for the last shares, and the invariants hold", async () => {
    const project = await insertProject({ totalShares: 100, sharePriceCents: 1_000, minInvestmentCents: 10_000 });
    const investors = await Promise.all(Array.from({ length: 12 }, () => signup()));
    // Each wants 10–25 shares; together they want far more than the 100 available.
    const wants = investors.map((_, i) => 10 + ((i * 7) % 16));
    const results = await Promise.all(
      investors.map((inv, i) => invest(project.id, inv.token, { shares: wants[i] }, unique("race"))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    const s = await projectState(project.id);
    expect(s.shares_sold).toBeLessThanOrEqual(s.total_shares);
    expect(s.inv_shares).toBe(s.shares_sold);
    expect(s.inv_cents).toBe(s.funding_current_cents);
    expect(s.inv_count).toBe(statuses.filter((x) => x === 201).length);
    const bad = await env.DB.prepare(
      "select count(*) as n from investments where project_id = ? and (shares < 1 or amount_cents != shares * share_price_cents)",
    )
      .bind(project.id)
      .first<{ n: number }>();
    expect(bad!.n).toBe(0);
    // every refusal names what is left, or says sold out
    for (const r of results.filter((x) => x.status === 409)) {
      expect((await json<{ message: string }>(r)).message).toMatch(
        /^(Only \d+ shares are available for purchase|This project is sold out)$/,
      );
    }
  });

  it("the database itself refuses an oversell (CHECK constraint)", async () => {
    const project = await insertProject({ totalShares: 10 });
    await expect(
      env.DB.prepare("update projects set shares_sold = 11 where id = ?").bind(project.id).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("refuses a cross-site form post riding on the session cookie", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const res = await call(`/api/projects/${project.id}/invest`, {
      method: "POST",
      body: { shares: 10 },
      headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await projectState(project.id)).inv_count).toBe(0);
  });
});

describe("GET /api/investments/user/{userId}", () => {
  it("lists the user's own investments with the spec's fields, newest first", async () => {
    const p1 = await insertProject({ category: "healthcare" });
    const p2 = await insertProject({ category: "fintech", sharePriceCents: 500 });
    const { token, user } = await signup();
    await invest(p1.id, token, { shares: 10 }, unique("k"));
    await invest(p2.id, token, { shares: 30 }, unique("k"));
    const res = await call(`/api/investments/user/${user.id}`, { token });
    expect(res.status).toBe(200);
    const list = await json<Record<string, unknown>[]>(res);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      projectId: p2.id,
      projectTitle: p2.title,
      projectSlug: p2.slug,
      projectCategory: "fintech",
      shares: 30,
      sharePrice: 5,
      amountInvested: 150,
      currentValue: 150,
      status: "active",
      riskLevel: "medium",
    });
    expect(list[0]).toHaveProperty("_id");
    expect(list[0]).toHaveProperty("investmentDate");
    expect(list[0]).toHaveProperty("equity");
  });

  it("401 'Authentication required' without a valid token", async () => {
    const { user } = await signup();
    const res = await call(`/api/investments/user/${user.id}`);
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ message: "Authentication required" });
    const bad = await call(`/api/investments/user/${user.id}`, { token: "x.y" });
    expect(bad.status).toBe(401);
  });

  it("403 for someone else's investments; an admin may look", async () => {
    const a = await signup();
    const b = await signup();
    const res = await call(`/api/investments/user/${a.user.id}`, { token: b.token });
    expect(res.status).toBe(403);
    await makeAdmin(b.user.id);
    expect((await call(`/api/investments/user/${a.user.id}`, { token: b.token })).status).toBe(200);
  });

  it("a founder has no portfolio: the API gives the page's message (403)", async () => {
    const founder = await signup("founder");
    const res = await call(`/api/investments/user/${founder.user.id}`, { token: founder.token });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({
      success: false,
      message:
        "As a founder, you cannot access the investor portfolio. This feature is only available for investor accounts.",
    });
  });
});
