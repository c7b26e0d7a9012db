/**
 * Coming soon and reservations (ADR 055), through the API (the pages' forms call the same service:
 * tests/app/reservation-pages.test.ts): a launch date, approval into Coming soon, reserving,
 * changing and canceling with the kept figures, opening (by the founder and by the cron) with
 * every reserver told once, confirming into an investment at the raise's terms (once, however
 * often it is sent), a purchase rule refusing a confirm, and the lapse.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import { RESERVATION_MESSAGES } from "../../domain/raises/reservations";
import { PURCHASE_MESSAGES } from "../../worker/services/money/purchases";
import { lapseReservations, openDueRaises } from "../../worker/services/raises/reservations";
import { REVIEW_TEXT } from "../../worker/services/projects/reviews";
import { call, db, inDays, insertProject, json, projectBody, signup, submitAndApprove, withPrice } from "./helpers";

type Project = {
  _id: string;
  status: string;
  statusLabel: string;
  launchAt: string | null;
  reservations: { count: number; amount: number };
};
type Reservation = {
  id: string;
  amount: number;
  status: string;
  lapsesAt: string | null;
  shares: number;
  investmentId: string | null;
};

/** A Coming soon raise ($10 a share, $100 minimum) with its founder. */
async function comingSoon(overrides: Parameters<typeof insertProject>[0] = {}) {
  const founder = await signup("founder");
  const project = await insertProject({
    founderId: founder.user.id,
    status: "coming_soon",
    launchAt: Date.parse(`${inDays(5)}T00:00:00Z`),
    publishedAt: Date.now(),
    ...overrides,
  });
  return { founder, project };
}

const reserveIn = (projectId: string, token: string, amount: unknown) =>
  call(`/api/projects/${projectId}/reservation`, { method: "PUT", token, body: { amount } });

async function kept(projectId: string) {
  return (await env.DB.prepare("select reserved_cents, reservation_count from projects where id = ?1")
    .bind(projectId)
    .first<{ reserved_cents: number; reservation_count: number }>())!;
}

async function noticesOf(eventKey: string) {
  return (
    await env.DB.prepare("select user_id from notifications where event_key = ?1 order by user_id")
      .bind(eventKey)
      .all<{ user_id: string }>()
  ).results.map((r) => r.user_id);
}

describe("a launch date and Coming soon", () => {
  it("a founder sets a launch date on a draft; approval makes the raise Coming soon: listed, not open to invest", async () => {
    const founder = await signup("founder");
    const title = `Soon ${Date.now().toString(36)}`;
    const created = await json<Project>(
      await call("/api/projects/create", { token: founder.token, body: projectBody({ title }) }),
    );
    const launch = inDays(10);
    const set = await call(`/api/projects/${created._id}/launch`, { token: founder.token, body: { launchAt: launch } });
    expect(set.status).toBe(200);
    expect((await json<Project>(set)).launchAt).toBe(`${launch}T00:00:00.000Z`);

    const approved = await submitAndApprove<Project>(created._id, founder.token);
    expect([approved.status, approved.statusLabel]).toEqual(["coming_soon", "Coming Soon"]);
    const told = await env.DB.prepare("select text from notifications where user_id = ?1 and kind = 'review'")
      .bind(founder.user.id)
      .first<string>("text");
    expect(told).toBe(REVIEW_TEXT.approvedComingSoon(title, Date.parse(`${launch}T00:00:00Z`)));
    const page = await json<{ projects: { _id: string }[] }>(
      await call(`/api/projects?q=${encodeURIComponent(title)}`),
    );
    expect(page.projects.map((p) => p._id)).toContain(created._id);

    const investor = await signup();
    const invest = await call(`/api/projects/${created._id}/invest`, {
      token: investor.token,
      body: await withPrice(created._id, { shares: 10, idempotencyKey: "coming-soon-1" }),
    });
    expect([invest.status, (await json(invest)).message]).toEqual([409, PURCHASE_MESSAGES.closed]);
  });

  it("refuses a launch date not after today or not before the deadline, on the field", async () => {
    const founder = await signup("founder");
    const created = await json<Project>(
      await call("/api/projects/create", { token: founder.token, body: projectBody({ fundingDeadline: inDays(20) }) }),
    );
    const today = await call(`/api/projects/${created._id}/launch`, {
      token: founder.token,
      body: { launchAt: inDays(0) },
    });
    expect([today.status, (await json(today)).errors]).toEqual([
      400,
      { launchAt: RESERVATION_MESSAGES.launchNotFuture },
    ]);
    const late = await call(`/api/projects/${created._id}/launch`, {
      token: founder.token,
      body: { launchAt: inDays(20) },
    });
    expect(late.status).toBe(400);
  });

  it("another person cannot set a project's launch date", async () => {
    const { project } = await comingSoon();
    const other = await signup("founder");
    const res = await call(`/api/projects/${project.id}/launch`, { token: other.token, body: { launchAt: inDays(3) } });
    expect(res.status).toBe(403);
  });
});

describe("reservations", () => {
  it("reserve, change and cancel keep the project's reserved total and count", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const b = await signup();
    expect((await reserveIn(project.id, a.token, 500)).status).toBe(200);
    expect((await reserveIn(project.id, b.token, 250)).status).toBe(200);
    expect(await kept(project.id)).toEqual({ reserved_cents: 75_000, reservation_count: 2 });

    const changed = await json<{ reservation: Reservation }>(await reserveIn(project.id, a.token, 1_000));
    expect(changed.reservation.amount).toBe(1_000);
    expect(await kept(project.id)).toEqual({ reserved_cents: 125_000, reservation_count: 2 });

    const canceled = await call(`/api/projects/${project.id}/reservation`, { method: "DELETE", token: b.token });
    expect((await json<{ reservation: Reservation }>(canceled)).reservation.status).toBe("canceled");
    expect(await kept(project.id)).toEqual({ reserved_cents: 100_000, reservation_count: 1 });

    const publicPage = await json<Project>(await call(`/api/projects/${project.id}`));
    expect(publicPage.reservations).toEqual({ count: 1, amount: 1_000 });
  });

  it("five reserves sent at once by one person leave one reservation, at one of the amounts", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const amounts = [100, 200, 300, 400, 500];
    const answers = await Promise.all(amounts.map((n) => reserveIn(project.id, a.token, n)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = (
      await env.DB.prepare("select amount_cents from project_reservations where project_id = ?1").bind(project.id).all<{
        amount_cents: number;
      }>()
    ).results;
    expect(rows.length).toBe(1);
    expect(await kept(project.id)).toEqual({ reserved_cents: rows[0]!.amount_cents, reservation_count: 1 });
  });

  it("refuses an amount below the minimum investment, on the field", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const res = await reserveIn(project.id, a.token, 50);
    expect([res.status, (await json(res)).errors]).toEqual([400, { amount: RESERVATION_MESSAGES.belowMinimum(100) }]);
  });

  it("a founder cannot reserve in their own project", async () => {
    const { founder, project } = await comingSoon();
    const res = await reserveIn(project.id, founder.token, 500);
    expect([res.status, (await json(res)).message]).toEqual([403, RESERVATION_MESSAGES.ownProject]);
  });

  it("refuses a reservation in an open or a closed raise", async () => {
    const open = await insertProject();
    const closed = await insertProject({ status: "closed" });
    const a = await signup();
    const answers = [await reserveIn(open.id, a.token, 500), await reserveIn(closed.id, a.token, 500)];
    expect(answers.map((r) => r.status)).toEqual([409, 409]);
  });

  it("lists one's reservations", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    await reserveIn(project.id, a.token, 300);
    const mine = await json<{ reservations: Reservation[] }>(await call("/api/reservations", { token: a.token }));
    expect(mine.reservations.map((r) => [r.amount, r.status, r.shares])).toEqual([[300, "active", 30]]);
  });
});

describe("opening a Coming soon raise", () => {
  it("the founder opens it now: every reserver is told once and has 7 days to confirm", async () => {
    const { founder, project } = await comingSoon();
    const a = await signup();
    const b = await signup();
    await reserveIn(project.id, a.token, 500);
    await reserveIn(project.id, b.token, 200);
    const before = Date.now();
    const res = await call(`/api/projects/${project.id}/open`, { method: "POST", token: founder.token });
    expect([res.status, (await json<Project>(res)).status]).toEqual([200, "active"]);
    expect(await noticesOf(`reservation-open:${project.id}`)).toEqual([a.user.id, b.user.id].sort());

    const mine = await json<{ reservations: Reservation[] }>(await call("/api/reservations", { token: a.token }));
    const lapses = Date.parse(mine.reservations[0]!.lapsesAt!);
    expect(lapses - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(lapses - before).toBeLessThan(7 * DAY_MS + 60_000);

    const again = await call(`/api/projects/${project.id}/open`, { method: "POST", token: founder.token });
    expect(again.status).toBe(409);
    expect((await noticesOf(`reservation-open:${project.id}`)).length).toBe(2);
  });

  it("the cron opens raises whose launch date came, and tells their reservers once", async () => {
    const { project } = await comingSoon({ launchAt: Date.now() + DAY_MS });
    const a = await signup();
    await reserveIn(project.id, a.token, 500);
    expect(await openDueRaises(db())).toBe(0);
    const later = Date.now() + DAY_MS + 1;
    expect(await openDueRaises(db(), later)).toBeGreaterThanOrEqual(1);
    await openDueRaises(db(), later + 1);
    const row = await env.DB.prepare("select status from projects where id = ?1")
      .bind(project.id)
      .first<string>("status");
    expect(row).toBe("active");
    expect(await noticesOf(`reservation-open:${project.id}`)).toEqual([a.user.id]);
  });
});

describe("confirming a reservation", () => {
  it("buys the whole shares the amount pays for at the raise's terms, once however often it is sent", async () => {
    const { founder, project } = await comingSoon({ sharePriceCents: 3_000 });
    const a = await signup();
    const r = (await json<{ reservation: Reservation }>(await reserveIn(project.id, a.token, 500))).reservation;
    const early = await call(`/api/reservations/${r.id}/confirm`, { method: "POST", token: a.token });
    expect([early.status, (await json(early)).message]).toEqual([409, RESERVATION_MESSAGES.notOpenYet]);

    await call(`/api/projects/${project.id}/open`, { method: "POST", token: founder.token });
    const answers = await Promise.all(
      [1, 2].map(() => call(`/api/reservations/${r.id}/confirm`, { method: "POST", token: a.token })),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 201]);
    const investments = (
      await env.DB.prepare("select shares, amount_cents from investments where project_id = ?1").bind(project.id).all()
    ).results;
    // $500 at $30 a share: 16 whole shares, $480.
    expect(investments).toEqual([{ shares: 16, amount_cents: 48_000 }]);
    const mine = await json<{ reservations: Reservation[] }>(await call("/api/reservations", { token: a.token }));
    expect(mine.reservations[0]!.status).toBe("confirmed");
    expect(await kept(project.id)).toEqual({ reserved_cents: 0, reservation_count: 0 });
  });

  it("a purchase rule refusing (sold out) leaves the reservation active", async () => {
    const { founder, project } = await comingSoon({ totalShares: 100, sharesSold: 100, fundingCurrentCents: 100_000 });
    const a = await signup();
    const r = (await json<{ reservation: Reservation }>(await reserveIn(project.id, a.token, 500))).reservation;
    await call(`/api/projects/${project.id}/open`, { method: "POST", token: founder.token });
    const res = await call(`/api/reservations/${r.id}/confirm`, { method: "POST", token: a.token });
    expect([res.status, (await json(res)).message]).toEqual([409, PURCHASE_MESSAGES.soldOut]);
    const mine = await json<{ reservations: Reservation[] }>(await call("/api/reservations", { token: a.token }));
    expect(mine.reservations[0]!.status).toBe("active");
  });

  it("someone else's reservation is not found", async () => {
    const { project } = await comingSoon();
    const a = await signup();
    const b = await signup();
    const r = (await json<{ reservation: Reservation }>(await reserveIn(project.id, a.token, 500))).reservation;
    const res = await call(`/api/reservations/${r.id}/confirm`, { method: "POST", token: b.token });
    expect(res.status).toBe(404);
  });
});

describe("the lapse", () => {
  it("the cron lapses reservations not confirmed in time and takes them out of the kept figures", async () => {
    const { founder, project } = await comingSoon();
    const a = await signup();
    const r = (await json<{ reservation: Reservation }>(await reserveIn(project.id, a.token, 500))).reservation;
    await call(`/api/projects/${project.id}/open`, { method: "POST", token: founder.token });
    expect(await lapseReservations(db())).toBe(0);
    expect(await lapseReservations(db(), Date.now() + 8 * DAY_MS)).toBeGreaterThanOrEqual(1);
    const mine = await json<{ reservations: Reservation[] }>(await call("/api/reservations", { token: a.token }));
    expect(mine.reservations[0]!.status).toBe("lapsed");
    expect(await kept(project.id)).toEqual({ reserved_cents: 0, reservation_count: 0 });
    const late = await call(`/api/reservations/${r.id}/confirm`, { method: "POST", token: a.token });
    expect(late.status).toBe(409);
  });
});
