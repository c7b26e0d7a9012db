/**
 * Coming soon and reservations (ADR 055) through the pages, as a browser without JavaScript uses
 * them: the founder's launch date on the dashboard, the Reserve card on a Coming soon project
 * page (reserve, change, cancel, a refusal beside the field), the portfolio's reservations,
 * opening the raise from the dashboard, and the one-step confirm page.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { RESERVATION_MESSAGES } from "../../domain/raises/reservations";
import { SAVED } from "../../app/routes/founder-dashboard.server";
import { PURCHASE_MESSAGES } from "../../worker/services/money/purchases";
import { inDays, insertProject, page, signup, visibleText } from "./helpers";

/** A founder's Coming soon raise ($10 a share, $100 minimum), opening in five days. */
async function comingSoon(overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder");
  const project = await insertProject({
    founderId: founder.user.id,
    status: "coming_soon",
    launchAt: Date.parse(`${inDays(5)}T00:00:00Z`),
    publishedAt: Date.now() - DAY_MS,
    ...overrides,
  });
  return { founder, project };
}

const reservationOf = async (projectId: string, userId: string) =>
  env.DB.prepare("select id, amount_cents, status from project_reservations where project_id = ?1 and user_id = ?2")
    .bind(projectId, userId)
    .first<{ id: string; amount_cents: number; status: string }>();

describe("the founder's launch date, JavaScript off", () => {
  it("a draft's launch date is saved from the dashboard's launch card", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, status: "draft", publishedAt: null });
    const day = inDays(7);
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "set-launch", projectId: project.id, launchAt: day },
    });
    expect(res.headers.get("Location")).toBe("/founder-dashboard?saved=launch-saved#launch");
    const text = visibleText(await (await page(res.headers.get("Location")!, { token: founder.token })).text());
    expect(text).toContain(`Approved, your raise will be Coming soon and open on ${formatDate(`${day}T00:00:00Z`)}`);
  });

  it("a launch date today is refused beside the field", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, status: "draft", publishedAt: null });
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "set-launch", projectId: project.id, launchAt: inDays(0) },
    });
    expect(res.status).toBe(400);
    expect(visibleText(await res.text())).toContain(RESERVATION_MESSAGES.launchNotFuture);
  });
});

describe("reserving on a Coming soon project page, JavaScript off", () => {
  it("shows Coming Soon and the Reserve card, not the calculator", async () => {
    const { project } = await comingSoon();
    const text = visibleText(await (await page(`/project/${project.slug}`, { token: (await signup()).token })).text());
    expect([text.includes("Coming Soon"), text.includes("Reserve"), text.includes("Nobody has reserved yet.")]).toEqual(
      [true, true, true],
    );
  });

  it("reserve, change and cancel, each said on the card", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const reserved = await page(`/project/${project.slug}`, {
      token: a.token,
      form: { intent: "reserve", amount: "300" },
    });
    expect(reserved.headers.get("Location")).toBe(`/project/${project.slug}?saved=reserved#reserve`);
    expect((await reservationOf(project.id, a.user.id))?.amount_cents).toBe(30_000);
    const shown = visibleText(await (await page(reserved.headers.get("Location")!, { token: a.token })).text());
    expect(shown).toContain("You reserved $300");
    expect(shown).toContain("1 person has reserved $300");

    await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "450" } });
    expect((await reservationOf(project.id, a.user.id))?.amount_cents).toBe(45_000);

    const canceled = await page(`/project/${project.slug}`, { token: a.token, form: { intent: "cancel-reservation" } });
    expect(canceled.headers.get("Location")).toBe(`/project/${project.slug}?saved=reservation-canceled#reserve`);
    expect((await reservationOf(project.id, a.user.id))?.status).toBe("canceled");
  });

  it("an amount below the minimum is refused beside the field, with what was typed", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const res = await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "40" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(visibleText(html)).toContain(RESERVATION_MESSAGES.belowMinimum(100));
    expect(html).toContain('value="40"');
  });

  it("the founder sees the reserved total on their page and cannot reserve", async () => {
    const { founder, project } = await comingSoon({ reservedCents: 0 });
    const a = await signup();
    await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "200" } });
    const text = visibleText(await (await page(`/project/${project.slug}`, { token: founder.token })).text());
    expect(text).toContain("1 person has reserved $200");
    const res = await page(`/project/${project.slug}`, {
      token: founder.token,
      form: { intent: "reserve", amount: "200" },
    });
    expect(visibleText(await res.text())).toContain(RESERVATION_MESSAGES.ownProject);
  });
});

describe("from reservation to investment, JavaScript off", () => {
  it("the portfolio lists it; the founder opens the raise; the confirm page buys at the raise's terms", async () => {
    const { founder, project } = await comingSoon({ sharePriceCents: 3_000 });
    const a = await signup();
    await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "500" } });
    const listed = visibleText(await (await page("/portfolio", { token: a.token })).text());
    expect(listed).toContain("Your Reservations");
    expect(listed).toContain(`Reserved: opens ${formatDate(`${inDays(5)}T00:00:00Z`)}`);

    const opened = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "open-raise", projectId: project.id },
    });
    expect(opened.headers.get("Location")).toBe("/founder-dashboard?saved=opened#launch");
    const dash = visibleText(await (await page(opened.headers.get("Location")!, { token: founder.token })).text());
    expect(dash).toContain(SAVED.opened);

    const { id } = (await reservationOf(project.id, a.user.id))!;
    const terms = visibleText(await (await page(`/reservations/${id}/confirm`, { token: a.token })).text());
    // $500 at $30 a share: 16 whole shares, $480.
    expect(terms).toContain("Confirm Investment of $480");
    const bought = await page(`/reservations/${id}/confirm`, { token: a.token, form: {} });
    expect(bought.headers.get("Location")).toMatch(/^\/portfolio\?invested=/);
    const again = await page(`/reservations/${id}/confirm`, { token: a.token, form: {} });
    expect(again.headers.get("Location")).toBe(bought.headers.get("Location"));
    const n = await env.DB.prepare("select count(*) as n, sum(shares) as shares from investments where project_id = ?1")
      .bind(project.id)
      .first<{ n: number; shares: number }>();
    expect(n).toEqual({ n: 1, shares: 16 });
  });

  it("a purchase refused (sold out) is said on the confirm page and the reservation stays active", async () => {
    const { founder, project } = await comingSoon({ totalShares: 100, sharesSold: 100, fundingCurrentCents: 100_000 });
    const a = await signup();
    await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "500" } });
    await page("/founder-dashboard", { token: founder.token, form: { intent: "open-raise", projectId: project.id } });
    const { id } = (await reservationOf(project.id, a.user.id))!;
    const res = await page(`/reservations/${id}/confirm`, { token: a.token, form: {} });
    expect(visibleText(await res.text())).toContain(PURCHASE_MESSAGES.soldOut);
    expect((await reservationOf(project.id, a.user.id))?.status).toBe("active");
  });

  it("someone else's reservation is not found", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    await page(`/project/${project.slug}`, { token: a.token, form: { intent: "reserve", amount: "500" } });
    const { id } = (await reservationOf(project.id, a.user.id))!;
    const res = await page(`/reservations/${id}/confirm`, { token: (await signup()).token });
    expect(res.status).toBe(404);
  });
});
