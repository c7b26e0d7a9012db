/**
 * The founder dashboard service (worker/services/projects/founder-dashboard.ts) with real D1, purchases made
 * through the real API, and the CSV writer it is downloaded with (domain/shared/csv.ts, pure).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MESSAGES } from "../../domain/shared/messages";
import type { SessionUser } from "../../domain/shared/types";
import { countingD1, createDb } from "../../db/client";
import { validateSessionToken } from "../../worker/services/accounts/sessions";
import { ServiceError } from "../../worker/services/shared/errors";
import { cumulativeSeries, getFounderDashboard } from "../../worker/services/projects/founder-dashboard";
import { publicInvestorName } from "../../worker/services/projects/projects";
import { call, db, insertProject, makeAdmin, signup, unique, withPrice } from "./helpers";

/** The signed-in user a page's loader would see for this token. */
async function viewerFor(token: string): Promise<SessionUser> {
  const session = await validateSessionToken(db(), token);
  if (!session) throw new Error("the token did not validate");
  return session.user;
}

async function invest(projectId: string, token: string, shares: number) {
  const res = await call(`/api/projects/${projectId}/invest`, {
    method: "POST",
    body: await withPrice(projectId, { shares }),
    token,
    headers: { "Idempotency-Key": unique("k") },
  });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
}

/** A founder who owns a project at $3.33 a share ($100 minimum), as seen after signing in. */
async function founderWithProject(overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder", { firstName: "Fiona", lastName: "Founder" });
  const project = await insertProject({
    founderId: founder.user.id,
    sharePriceCents: 333,
    totalShares: 30_000,
    fundingGoalCents: 333 * 30_000,
    ...overrides,
  });
  return { founder, project, viewer: await viewerFor(founder.token) };
}

/** Grace buys twice, Alan once: 31 + 47 + 100 shares at $3.33 = $103.23 + $156.51 + $333.00. */
async function threePurchases(projectId: string) {
  const grace = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
  const alan = await signup("investor", { firstName: "Alan", lastName: "Turing" });
  await invest(projectId, grace.token, 31);
  await invest(projectId, alan.token, 47);
  await invest(projectId, grace.token, 100);
  return { grace, alan };
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected the service to refuse");
}

describe("getFounderDashboard", () => {
  it("adds up the founder's totals in cents after several purchases", async () => {
    const { project, viewer } = await founderWithProject();
    await threePurchases(project.id);

    const dash = await getFounderDashboard(db(), viewer);

    expect(dash?.project).toMatchObject({
      id: project.id,
      slug: project.slug,
      fundingCurrent: 592.74, // $103.23 + $156.51 + $333.00, summed in cents: no 592.7400000000001
      fundingGoal: 99_900,
      investors: 2,
      investments: 3,
      sharesSold: 178,
      sharesRemaining: 30_000 - 178,
      totalShares: 30_000,
      sharePrice: 3.33,
      averageInvestment: 197.58, // 59,274 cents ÷ 3
    });
  });

  it("draws the cumulative series from zero up to the amount raised", async () => {
    const { project, viewer } = await founderWithProject();
    await threePurchases(project.id);

    const dash = await getFounderDashboard(db(), viewer);

    const series = dash!.series;
    expect({ first: series[0]!.cumulative, last: series.at(-1)!.cumulative }).toEqual({
      first: 0,
      last: dash!.project.fundingCurrent,
    });
  });

  it("names investors 'First L.' as the public list does, newest first", async () => {
    const { project, viewer } = await founderWithProject();
    await threePurchases(project.id);

    const dash = await getFounderDashboard(db(), viewer);

    expect(dash!.investors.investors.map((i) => [i.name, i.shares, i.amountInvested])).toEqual([
      ["Grace H.", 100, 333],
      ["Alan T.", 47, 156.51],
      ["Grace H.", 31, 103.23],
    ]);
  });

  it("never shows an investor's email or id", async () => {
    const { project, viewer } = await founderWithProject();
    const { grace } = await threePurchases(project.id);

    const text = JSON.stringify(await getFounderDashboard(db(), viewer));

    expect([text.includes(grace.user.email), text.includes(grace.user.id)]).toEqual([false, false]);
  });

  it("reads the whole page in two D1 statements, however many investors", async () => {
    const { project, viewer } = await founderWithProject();
    await threePurchases(project.id);
    const counted = countingD1(env.DB);

    await getFounderDashboard(createDb(counted.d1), viewer);

    expect(counted.count()).toBe(2);
  });

  it("refuses another founder's project with the spec's 403", async () => {
    const { project } = await founderWithProject();
    const other = await founderWithProject();

    const refused = await refusal(getFounderDashboard(db(), other.viewer, project.slug));

    expect(refused).toEqual({ status: 403, message: "You do not have permission to edit this project" });
  });

  it("shows a founder their own draft, and another founder's draft is not found", async () => {
    const mine = await founderWithProject({ status: "draft" });
    const other = await founderWithProject();

    const seen = [
      (await getFounderDashboard(db(), mine.viewer))?.project.status,
      (await refusal(getFounderDashboard(db(), other.viewer, mine.project.id))).status,
    ];

    expect(seen).toEqual(["draft", 404]);
  });

  it("refuses an investor with the founders-only message", async () => {
    const { project } = await founderWithProject();
    const investor = await signup("investor");

    const refused = await refusal(getFounderDashboard(db(), await viewerFor(investor.token), project.id));

    expect(refused).toEqual({ status: 403, message: MESSAGES.foundersOnly });
  });

  it("requires a signed-in user", async () => {
    const refused = await refusal(getFounderDashboard(db(), null));

    expect(refused).toEqual({ status: 401, message: MESSAGES.authRequired });
  });

  it("has nothing to show a founder without a project", async () => {
    const founder = await signup("founder");

    expect(await getFounderDashboard(db(), await viewerFor(founder.token))).toBeNull();
  });

  it("lets an admin open any project by slug", async () => {
    const { project } = await founderWithProject();
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);

    const dash = await getFounderDashboard(db(), await viewerFor(admin.token), project.slug);

    expect(dash?.project.id).toBe(project.id);
  });

  it("has nothing to show an admin who names no project", async () => {
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);

    expect(await getFounderDashboard(db(), await viewerFor(admin.token))).toBeNull();
  });

  it("answers 404 for a project that does not exist", async () => {
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);

    const refused = await refusal(getFounderDashboard(db(), await viewerFor(admin.token), "no-such-project"));

    expect(refused.status).toBe(404);
  });

  it("shows a project without investments with zeros and an empty series", async () => {
    const { viewer } = await founderWithProject();

    const dash = await getFounderDashboard(db(), viewer);

    expect({ series: dash!.series, investors: dash!.investors, average: dash!.project.averageInvestment }).toEqual({
      series: [],
      investors: { investors: [], total: 0, page: 1, pageCount: 1 },
      average: 0,
    });
  });
});

describe("cumulativeSeries", () => {
  const at = (iso: string) => Date.parse(iso);

  it("starts at zero on the creation day and keeps one running total per day", () => {
    const series = cumulativeSeries(
      [
        { amountCents: 10_050, createdAt: at("2026-03-02T09:00:00Z") },
        { amountCents: 2_025, createdAt: at("2026-03-02T23:59:00Z") },
        { amountCents: 99_999, createdAt: at("2026-03-05T00:00:00Z") },
      ],
      "2026-02-20T12:00:00.000Z",
    );

    expect(series).toEqual([
      { date: "2026-02-20", cumulative: 0 },
      { date: "2026-03-02", cumulative: 120.75 },
      { date: "2026-03-05", cumulative: 1_120.74 },
    ]);
  });

  it("puts the zero point on the first investment's day when the project was created that day", () => {
    const series = cumulativeSeries(
      [{ amountCents: 5_000, createdAt: at("2026-03-02T15:00:00Z") }],
      at("2026-03-02T08:00:00Z"),
    );

    expect(series).toEqual([
      { date: "2026-03-02", cumulative: 0 },
      { date: "2026-03-02", cumulative: 50 },
    ]);
  });
});

describe("publicInvestorName", () => {
  it("is the first name and last initial", () => {
    expect(publicInvestorName("Ada", "Lovelace")).toBe("Ada L.");
  });

  it("is the first name alone when there is no last name", () => {
    expect(publicInvestorName("Ada", "")).toBe("Ada");
  });
});
