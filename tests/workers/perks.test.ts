/**
 * Perks (ADR 055; worker/services/money/perks.ts) through the API: the founder's rules and the
 * form's messages, awards in the purchase's batch (tier, first N, once per investor), exactly once
 * under 60 concurrent purchases, bonus shares within the shares offered and held with the
 * investment, and a cancellation that revokes its awards and frees their slots.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { PERK_MESSAGES } from "../../domain/money/perks";
import { adminSession, buyShares, call, insertProject, json, signup } from "./helpers";

type Perk = { id: string; awardedCount: number; slotsLeft: number | null; description: string };

async function founderProject(overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, ...overrides });
  return { founder, project };
}

const addPerk = (projectId: string, token: string, body: Record<string, unknown>) =>
  call(`/api/projects/${projectId}/perks`, { method: "POST", token, body });

async function perk(projectId: string, token: string, body: Record<string, unknown>): Promise<Perk> {
  const res = await addPerk(projectId, token, body);
  if (res.status !== 201) throw new Error(`perk not added: ${res.status} ${await res.text()}`);
  return json<Perk>(res);
}

const message = async (res: Response) => (await json<{ message: string }>(res)).message;

async function figures(projectId: string) {
  return (await env.DB.prepare(
    `select p.shares_sold, p.total_shares,
       (select coalesce(sum(shares + bonus_shares), 0) from investments where project_id = p.id and held = 1) as held,
       (select count(*) from perk_awards where project_id = p.id and revoked_at is null) as awards
     from projects p where p.id = ?1`,
  )
    .bind(projectId)
    .first<{ shares_sold: number; total_shares: number; held: number; awards: number }>())!;
}

type Held = { _id: string; shares: number; bonusShares: number; currentValue: number; equity: number };
/** The investment as its investor's holdings list (the spec's API) answers it. */
async function investment(id: string, token: string, userId: string): Promise<Held> {
  const list = await json<Held[]>(await call(`/api/investments/user/${userId}`, { token }));
  return list.find((i) => i._id === id)!;
}

describe("managing perks", () => {
  it("refuses a perk that breaks a rule, each with its message, and writes nothing", async () => {
    const { founder, project } = await founderProject();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: " ", minAmount: 250 }, PERK_MESSAGES.titleRequired],
      [{ title: "x".repeat(81), minAmount: 250 }, PERK_MESSAGES.titleTooLong],
      [{ title: "Thanks", description: "y".repeat(501), minAmount: 250 }, PERK_MESSAGES.descriptionTooLong],
      [{ title: "Thanks" }, PERK_MESSAGES.whoRequired],
      [{ title: "Thanks", minAmount: 0.5 }, PERK_MESSAGES.tierInvalid],
      [{ title: "Thanks", firstInvestors: 0 }, PERK_MESSAGES.firstInvalid],
      [{ title: "Bonus", kind: "bonus_shares", firstInvestors: 50 }, PERK_MESSAGES.bonusRequired],
      [{ title: "Bonus", kind: "bonus_shares", firstInvestors: 50, bonusPercent: 60 }, PERK_MESSAGES.bonusInvalid],
      [{ title: "Bonus", kind: "bonus_shares", firstInvestors: 50, bonusPercent: 12.25 }, PERK_MESSAGES.bonusInvalid],
      [{ title: "Thanks", kind: "cash", minAmount: 250 }, PERK_MESSAGES.kindInvalid],
    ];
    for (const [body, expected] of cases) {
      const res = await addPerk(project.id, founder.token, body);
      expect([res.status, await message(res)]).toEqual([400, expected]);
    }
    const list = await json<{ perks: Perk[] }>(await call(`/api/projects/${project.id}/perks`));
    expect(list.perks).toEqual([]);
  });

  it("lets only the project's founder manage them, ten at most", async () => {
    const { founder, project } = await founderProject();
    const other = await signup("founder");
    expect((await addPerk(project.id, other.token, { title: "Thanks", minAmount: 250 })).status).toBe(403);
    const admin = await adminSession();
    const byAdmin = await addPerk(project.id, admin, { title: "Thanks", minAmount: 250 });
    expect([byAdmin.status, await message(byAdmin)]).toEqual([403, PERK_MESSAGES.onlyFounder]);
    for (let i = 1; i <= 10; i++) await perk(project.id, founder.token, { title: `Tier ${i}`, minAmount: i * 100 });
    const eleventh = await addPerk(project.id, founder.token, { title: "Tier 11", minAmount: 1_100 });
    expect([eleventh.status, await message(eleventh)]).toEqual([409, PERK_MESSAGES.tooMany]);
  });

  it("edits anything until the first investment; then only descriptions change and new perks may be added", async () => {
    const { founder, project } = await founderProject();
    const wall = await perk(project.id, founder.token, { title: "Name on the wall", minAmount: 250 });
    const path = `/api/projects/${project.id}/perks/${wall.id}`;
    expect((await call(path, { method: "PATCH", token: founder.token, body: { minAmount: 200 } })).status).toBe(200);
    const investor = await signup();
    await buyShares(project.id, investor.token, 10);
    const moved = await call(path, { method: "PATCH", token: founder.token, body: { minAmount: 100 } });
    expect([moved.status, await message(moved)]).toEqual([409, PERK_MESSAGES.locked]);
    const removed = await call(path, { method: "DELETE", token: founder.token });
    expect([removed.status, await message(removed)]).toEqual([409, PERK_MESSAGES.lockedDelete]);
    const described = await call(path, {
      method: "PATCH",
      token: founder.token,
      body: { description: "On our office wall." },
    });
    expect((await json<Perk>(described)).description).toBe("On our office wall.");
    expect((await addPerk(project.id, founder.token, { title: "Late thanks", minAmount: 500 })).status).toBe(201);
  });
});

describe("perks earned by a purchase", () => {
  it("awards tier and first-N perks in the purchase's batch, once per investor, with bonus shares held", async () => {
    const { founder, project } = await founderProject({ totalShares: 10_000, sharePriceCents: 1_000 });
    const tier = await perk(project.id, founder.token, { title: "Name on the wall", minAmount: 250 });
    const early = await perk(project.id, founder.token, {
      title: "Early bird",
      kind: "bonus_shares",
      firstInvestors: 2,
      bonusPercent: 10,
    });
    const [a, b, c] = [await signup(), await signup(), await signup()];
    const first = await buyShares(project.id, a.token, 30); // $300: both perks, 3 bonus shares
    expect(await investment(first, a.token, a.user.id)).toMatchObject({
      shares: 30,
      bonusShares: 3,
      currentValue: 300,
    });
    await buyShares(project.id, a.token, 30); // earned once: nothing more
    await buyShares(project.id, b.token, 10); // $100: the second slot, 1 bonus share
    await buyShares(project.id, c.token, 20); // no slot left, below the tier
    expect(await figures(project.id)).toMatchObject({ shares_sold: 94, held: 94, awards: 3 });
    const list = await json<{ perks: Perk[] }>(await call(`/api/projects/${project.id}/perks`));
    expect(list.perks.map((p) => [p.id, p.awardedCount, p.slotsLeft])).toEqual([
      [tier.id, 1, null],
      [early.id, 2, 0],
    ]);
    const position = await env.DB.prepare(
      "select shares, amount_cents from positions where project_id = ?1 and investor_id = ?2",
    )
      .bind(project.id, a.user.id)
      .first();
    expect(position).toEqual({ shares: 63, amount_cents: 60_000 });
  });

  it("awards a first-50 perk exactly 50 times when 60 investors buy at once", async () => {
    const { founder, project } = await founderProject({ totalShares: 100_000, sharePriceCents: 1_000 });
    const early = await perk(project.id, founder.token, {
      title: "First fifty",
      kind: "bonus_shares",
      firstInvestors: 50,
      bonusPercent: 10,
    });
    const investors = await Promise.all(Array.from({ length: 60 }, () => signup()));
    const bought = await Promise.allSettled(investors.map((i) => buyShares(project.id, i.token, 10)));
    expect(bought.filter((r) => r.status === "fulfilled").length).toBe(60);
    expect(await figures(project.id)).toEqual({ shares_sold: 650, total_shares: 100_000, held: 650, awards: 50 });
    const list = await json<{ perks: Perk[] }>(await call(`/api/projects/${project.id}/perks`));
    expect(list.perks.find((p) => p.id === early.id)).toMatchObject({ awardedCount: 50, slotsLeft: 0 });
  });

  it("never gives more bonus shares than remain: the last buyer's bonus is what is left", async () => {
    const { founder, project } = await founderProject({
      totalShares: 100,
      sharePriceCents: 1_000,
    });
    await perk(project.id, founder.token, {
      title: "Half again",
      kind: "bonus_shares",
      firstInvestors: 5,
      bonusPercent: 50,
    });
    const investor = await signup();
    const id = await buyShares(project.id, investor.token, 80); // 40 bonus shares asked, 20 left
    expect((await investment(id, investor.token, investor.user.id)).bonusShares).toBe(20);
    expect(await figures(project.id)).toMatchObject({ shares_sold: 100, total_shares: 100, held: 100 });
  });

  it("a canceled purchase's awards are revoked, its bonus shares leave shares_sold and its slot is free again", async () => {
    const { founder, project } = await founderProject({ totalShares: 10_000, sharePriceCents: 1_000 });
    await perk(project.id, founder.token, {
      title: "First one",
      kind: "bonus_shares",
      firstInvestors: 1,
      bonusPercent: 20,
    });
    const [a, b] = [await signup(), await signup()];
    const first = await buyShares(project.id, a.token, 50);
    expect(await figures(project.id)).toMatchObject({ shares_sold: 60, awards: 1 });
    const canceled = await call(`/api/investments/${first}/cancel`, { method: "POST", token: a.token });
    expect([canceled.status, await message(canceled)]).toEqual([200, expect.stringMatching(/canceled/i)]);
    expect(await figures(project.id)).toMatchObject({ shares_sold: 0, held: 0, awards: 0 });
    const revoked = await env.DB.prepare(
      "select count(*) as n from perk_awards where investment_id = ?1 and revoked_at is not null",
    )
      .bind(first)
      .first<{ n: number }>();
    expect(revoked!.n).toBe(1);
    const second = await buyShares(project.id, b.token, 10);
    expect((await investment(second, b.token, b.user.id)).bonusShares).toBe(2);
  });
});
