/**
 * The money rules (ADR 024) through the API and real D1: the cancellation right survives edits (the
 * deadline cannot move earlier once anyone invested; a later one is told to every investor and
 * extends their window), a purchase states the price it expects, a replayed key of a cancelled
 * purchase says so, and per-investor limits on purchases and cancellations.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadline, CANCEL_CUTOFF_MS } from "../../domain/money/cancellation";
import { NOTIFICATION_TEXT } from "../../domain/conversation/notification-text";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import type { ProjectDTO } from "../../domain/shared/types";
import { createDb } from "../../db/client";
import { type ServiceError } from "../../worker/services/shared/errors";
import { PURCHASE_LIMIT, PURCHASE_MESSAGES, purchaseCancelledMessage } from "../../worker/services/money/purchases";
import { CANCEL_LIMIT } from "../../worker/services/money/cancellations";
import { investmentEventKey } from "../../worker/services/conversation/notifications";
import { updateProject } from "../../worker/services/projects/project-editor";
import {
  call,
  inDays,
  json,
  projectBody as completeProjectBody,
  saveLiveProject,
  signup,
  submitAndApprove,
  unique,
  viewerFor,
} from "./helpers";

type Note = { id: string; kind: string; text: string; link: string };
type Invested = { investment: { _id: string; status: string; cancelDeadline: string; cancellable: boolean } };

/** A complete, valid project body with a 60-day deadline (the deadline tests move it either way). */
const projectBody = (overrides: Record<string, unknown> = {}) =>
  completeProjectBody({ title: `Deadline ${unique()}`, fundingDeadline: inDays(60), ...overrides });

/** A founder's published project, made through the API. */
async function liveProject(overrides: Record<string, unknown> = {}) {
  const founder = await signup("founder");
  const body = projectBody(overrides);
  const created = await call("/api/projects/create", { body, token: founder.token });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const draft = await json<ProjectDTO>(created);
  const project = await submitAndApprove<ProjectDTO>(draft._id, founder.token);
  return { founder, body, project, id: project._id };
}

const put = (id: string, token: string, body: unknown) => call(`/api/projects/${id}`, { method: "PUT", body, token });

const purchase = (id: string, token: string, body: Record<string, unknown>, key: string = unique("k")) =>
  call(`/api/projects/${id}/invest`, { body, token, headers: { "Idempotency-Key": key } });

async function buy(id: string, token: string, shares = 10): Promise<string> {
  const res = await purchase(id, token, { shares, sharePrice: 10 });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  return (await json<Invested>(res)).investment._id;
}

const cancel = (id: string, token: string) => call(`/api/investments/${id}/cancel`, { method: "POST", token });

const rowOf = (id: string) => env.DB.prepare("select * from projects where id = ?").bind(id).first();

async function notesOf(token: string, kind: string): Promise<Note[]> {
  const res = await call("/api/notifications", { token });
  return (await json<{ notifications: Note[] }>(res)).notifications.filter((n) => n.kind === kind);
}

/** Σ active shares = shares_sold and Σ active amounts = funding_current (DESIGN §3). */
async function invariants(projectId: string) {
  return env.DB.prepare(
    `select p.shares_sold = (select coalesce(sum(shares), 0) from investments where project_id = p.id and held = 1) as shares_ok,
       p.funding_current_cents = (select coalesce(sum(amount_cents), 0) from investments where project_id = p.id and held = 1) as cents_ok,
       p.shares_sold <= p.total_shares as within
     from projects p where p.id = ?`,
  )
    .bind(projectId)
    .first<{ shares_ok: number; cents_ok: number; within: number }>();
}

describe("A. the deadline once investors bought", () => {
  it("moving the deadline earlier after a sale: 409 on fundingDeadline through the API, D1 unchanged", async () => {
    const { founder, body, id } = await liveProject();
    await buy(id, (await signup()).token);
    const before = await rowOf(id);
    const res = await put(id, founder.token, { ...body, fundingDeadline: inDays(20) });
    expect({ status: res.status, body: await json(res), row: await rowOf(id) }).toEqual({
      status: 409,
      body: {
        success: false,
        message: PROJECT_MESSAGES.deadlineEarlier,
        errors: { fundingDeadline: PROJECT_MESSAGES.deadlineEarlier },
      },
      row: before,
    });
  });

  it("after the only investment was cancelled the deadline still cannot move earlier (the offering stated it)", async () => {
    const { founder, body, id } = await liveProject();
    const investor = await signup();
    expect((await cancel(await buy(id, investor.token), investor.token)).status).toBe(200);
    const res = await put(id, founder.token, { ...body, fundingDeadline: inDays(20) });
    expect(res.status).toBe(409);
  });

  it("before any investment the deadline may move earlier", async () => {
    const { founder, body, id } = await liveProject();
    const res = await put(id, founder.token, { ...body, fundingDeadline: inDays(20) });
    expect({ status: res.status, stored: (await rowOf(id))?.funding_deadline }).toEqual({
      status: 200,
      stored: inDays(20),
    });
  });

  it("an investment landing between the edit's read and its write still refuses the earlier deadline (the UPDATE's condition)", async () => {
    const { founder, body, id } = await liveProject();
    const investor = await signup();
    let bought = "";
    const real = env.DB;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch") {
          return async (stmts: D1PreparedStatement[]) => {
            if (!bought) bought = await buy(id, investor.token);
            return target.batch(stmts);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const viewer = await viewerFor(founder.token);
    const outcome = await updateProject(createDb(racing), viewer, id, { ...body, fundingDeadline: inDays(20) }).then(
      () => ({ status: 200, errors: null }),
      (e: ServiceError) => ({ status: e.status, errors: e.errors }),
    );
    expect({ outcome, stored: (await rowOf(id))?.funding_deadline }).toEqual({
      outcome: { status: 409, errors: { fundingDeadline: PROJECT_MESSAGES.deadlineEarlier } },
      stored: inDays(60),
    });
  });

  it("a later deadline notifies every active investor exactly once, whatever their preferences; a repeated save nobody", async () => {
    const { founder, body, project, id } = await liveProject();
    const [ada, bob, gone, follower] = [await signup(), await signup(), await signup(), await signup()];
    await buy(id, ada.token);
    await buy(id, ada.token);
    await buy(id, bob.token);
    await cancel(await buy(id, gone.token), gone.token);
    await call(`/api/projects/${id}/follow`, { method: "POST", token: follower.token });
    // Bob switched every notification off: a material change reaches him anyway.
    const off = { updates: false, answers: false, questions: false, investments: false, goals: false, closing: false };
    expect((await call("/api/notifications/preferences", { method: "PUT", body: off, token: bob.token })).status).toBe(
      200,
    );
    const later = inDays(90);
    expect((await put(id, founder.token, { ...body, fundingDeadline: later })).status).toBe(200);
    expect((await put(id, founder.token, { ...body, fundingDeadline: later })).status).toBe(200);
    const text = NOTIFICATION_TEXT.deadline(project.title, later, cancelDeadline(later));
    const seen = await Promise.all([ada, bob, gone, follower, founder].map((u) => notesOf(u.token, "deadline")));
    expect(seen.map((notes) => notes.map((n) => [n.text, n.link]))).toEqual([
      [[text, "/portfolio"]],
      [[text, "/portfolio"]],
      [],
      [],
      [],
    ]);
  });

  it("the deadline notice reads as a sentence from us, the title quoted", () => {
    expect(NOTIFICATION_TEXT.deadline("Campus Keys", "2027-03-03", Date.parse("2027-03-01T00:00:00Z"))).toBe(
      "“Campus Keys” moved its funding deadline to Mar 3, 2027: you can cancel your investment until Mar 1, 2027, 00:00 UTC",
    );
  });

  it("an edit that keeps the deadline notifies nobody", async () => {
    const { founder, body, id } = await liveProject();
    const ada = await signup();
    await buy(id, ada.token);
    expect((await put(id, founder.token, { ...body, description: "New words." })).status).toBe(200);
    expect(await notesOf(ada.token, "deadline")).toEqual([]);
  });

  it("each purchase stores its cutoff: 48 hours before 00:00 UTC of the deadline it was bought under", async () => {
    const { id } = await liveProject();
    const inv = await buy(id, (await signup()).token);
    const row = await env.DB.prepare("select cancel_cutoff_at from investments where id = ?").bind(inv).first();
    expect(row).toEqual({ cancel_cutoff_at: Date.parse(`${inDays(60)}T00:00:00Z`) - CANCEL_CUTOFF_MS });
  });

  it("an investor's cutoff survives a shortened deadline (set in D1, past every door): they may still cancel", async () => {
    const { id } = await liveProject();
    const ada = await signup();
    const inv = await buy(id, ada.token);
    await env.DB.prepare("update projects set funding_deadline = ? where id = ?").bind(inDays(1), id).run();
    const res = await cancel(inv, ada.token);
    expect({ status: res.status, status2: (await json<Invested>(res)).investment?.status }).toEqual({
      status: 200,
      status2: "cancelled",
    });
  });

  it("an investor's cutoff survives: the holdings still name the stored cutoff after a shortened deadline", async () => {
    const { id } = await liveProject();
    const ada = await signup();
    await buy(id, ada.token);
    await env.DB.prepare("update projects set funding_deadline = ? where id = ?").bind(inDays(1), id).run();
    const list = await json<Invested["investment"][]>(
      await call(`/api/investments/user/${ada.user.id}`, { token: ada.token }),
    );
    expect(list.map((i) => [i.cancelDeadline, i.cancellable])).toEqual([
      [new Date(cancelDeadline(inDays(60))).toISOString(), true],
    ]);
  });

  it("a later deadline extends cancellation: a window that had closed opens again until the new cutoff", async () => {
    // Bought with the deadline two days out: the window closed at 00:00 UTC today.
    const { founder, body, id } = await liveProject({ fundingDeadline: inDays(2) });
    const ada = await signup();
    const inv = await buy(id, ada.token);
    expect((await cancel(inv, ada.token)).status).toBe(409);
    expect((await put(id, founder.token, { ...body, fundingDeadline: inDays(10) })).status).toBe(200);
    const res = await cancel(inv, ada.token);
    expect(res.status).toBe(200);
  });
});

describe("B. a purchase states the price it expects", () => {
  it("through the API without amount or sharePrice: 400 with a clear message, nothing bought", async () => {
    const { id } = await liveProject();
    const res = await purchase(id, (await signup()).token, { shares: 10 });
    expect({ status: res.status, body: await json(res), sold: (await rowOf(id))?.shares_sold }).toEqual({
      status: 400,
      body: { success: false, message: PURCHASE_MESSAGES.priceRequired },
      sold: 0,
    });
  });

  for (const bad of ["abc", -10, 0, "10.001", true, { price: 10 }]) {
    it(`sharePrice ${JSON.stringify(bad)} → 400 '${PURCHASE_MESSAGES.sharePriceInvalid}'`, async () => {
      const { id } = await liveProject();
      const res = await purchase(id, (await signup()).token, { shares: 10, sharePrice: bad });
      expect({ status: res.status, message: (await json(res)).message }).toEqual({
        status: 400,
        message: PURCHASE_MESSAGES.sharePriceInvalid,
      });
    });
  }

  it("sharePrice and amount that disagree: 422, nothing bought", async () => {
    const { id } = await liveProject();
    const res = await purchase(id, (await signup()).token, { shares: 10, sharePrice: 10, amount: 200 });
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 422,
      message: PURCHASE_MESSAGES.amountMismatch,
    });
  });

  it("the price race: the founder changes the price after the client read it → 409 'The share price has just changed…', nothing bought", async () => {
    const { founder, body, id } = await liveProject();
    const investor = await signup();
    const read = await json<ProjectDTO>(await call(`/api/projects/${id}`));
    expect((await saveLiveProject(id, founder.token, { ...body, sharePrice: 50 })).status).toBe(200);
    const res = await purchase(id, investor.token, { shares: 10, sharePrice: read.sharePrice });
    expect({
      status: res.status,
      message: (await json(res)).message,
      bought: (await env.DB.prepare("select count(*) as n from investments where project_id = ?").bind(id).first())?.n,
    }).toEqual({ status: 409, message: PURCHASE_MESSAGES.priceChanged, bought: 0 });
  });

  it("the SQL guard compares the STATED price: a price change landing between the server's read and its write buys nothing", async () => {
    const { founder, body, id } = await liveProject();
    const investor = await signup();
    let putStatus = 0;
    const real = env.DB;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch") {
          return async (stmts: D1PreparedStatement[]) => {
            if (!putStatus) putStatus = (await saveLiveProject(id, founder.token, { ...body, sharePrice: 50 })).status;
            return target.batch(stmts);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { purchaseShares } = await import("../../worker/services/money/purchases");
    const outcome = await purchaseShares(createDb(racing), await viewerFor(investor.token), {
      project: id,
      shares: 10,
      sharePrice: 10,
      idempotencyKey: unique("k"),
    }).then(
      () => ({ status: 201, message: "" }),
      (e: ServiceError) => ({ status: e.status, message: e.message }),
    );
    expect({ putStatus, outcome, sold: (await rowOf(id))?.shares_sold }).toEqual({
      putStatus: 200,
      outcome: { status: 409, message: PURCHASE_MESSAGES.priceChanged },
      sold: 0,
    });
  });
});

describe("C. a replayed key of a cancelled purchase", () => {
  it("answers 409 purchase_cancelled with the investment, never 'successful', and buys nothing", async () => {
    const { id } = await liveProject();
    const investor = await signup();
    const key = unique("replay");
    const first = await json<Invested>(await purchase(id, investor.token, { shares: 10, sharePrice: 10 }, key));
    expect((await cancel(first.investment._id, investor.token)).status).toBe(200);
    const cancelledAt = (await env.DB.prepare("select cancelled_at from investments where id = ?")
      .bind(first.investment._id)
      .first<{ cancelled_at: number }>())!.cancelled_at;
    const again = await purchase(id, investor.token, { shares: 10, sharePrice: 10 }, key);
    const out = await json<{ message: string; code: string; investment: { _id: string; status: string } }>(again);
    expect({
      status: again.status,
      message: out.message,
      code: out.code,
      investment: [out.investment._id, out.investment.status],
      sold: (await rowOf(id))?.shares_sold,
    }).toEqual({
      status: 409,
      message: purchaseCancelledMessage(cancelledAt),
      code: "purchase_cancelled",
      investment: [first.investment._id, "cancelled"],
      sold: 0,
    });
  });
});

describe("D. per-investor limits and one notice a day", () => {
  it(`${PURCHASE_LIMIT.max + 1} concurrent purchases by one investor: exactly ${PURCHASE_LIMIT.max} succeed, 1 gets 429, invariants hold`, async () => {
    const { id } = await liveProject();
    const investor = await signup();
    const results = await Promise.all(
      Array.from({ length: PURCHASE_LIMIT.max + 1 }, () =>
        purchase(id, investor.token, { shares: 10, sharePrice: 10 }),
      ),
    );
    const refused = results.filter((r) => r.status === 429);
    expect({
      statuses: results.map((r) => r.status).sort(),
      message: refused[0] ? (await json(refused[0])).message : null,
      retryAfter: Number(refused[0]?.headers.get("Retry-After")) > 0,
      rows: (await env.DB.prepare("select count(*) as n from investments where project_id = ?").bind(id).first())?.n,
      invariants: await invariants(id),
    }).toEqual({
      statuses: [...Array(PURCHASE_LIMIT.max).fill(201), 429],
      message: "You can make at most 30 purchases an hour. Please try again later.",
      retryAfter: true,
      rows: PURCHASE_LIMIT.max,
      invariants: { shares_ok: 1, cents_ok: 1, within: 1 },
    });
  });

  it("a replayed key takes no slot, and neither does a refused purchase", async () => {
    const { id } = await liveProject();
    const investor = await signup();
    const key = unique("same");
    expect((await purchase(id, investor.token, { shares: 10, sharePrice: 10 }, key)).status).toBe(201);
    for (let i = 0; i < 5; i++) await purchase(id, investor.token, { shares: 10, sharePrice: 10 }, key);
    for (let i = 0; i < 5; i++) await purchase(id, investor.token, { shares: 10, sharePrice: 99 });
    const slot = await env.DB.prepare("select count from rate_limits where key = ?")
      .bind(`purchase:user:${investor.user.id}`)
      .first();
    expect(slot).toEqual({ count: 1 });
  });

  it(`${CANCEL_LIMIT.max + 1} concurrent cancellations by one investor: exactly ${CANCEL_LIMIT.max} succeed, 1 gets 429, invariants hold`, async () => {
    const { id } = await liveProject();
    const investor = await signup();
    const ids: string[] = [];
    for (let i = 0; i < CANCEL_LIMIT.max + 1; i++) {
      // Past the purchase limit: start its window again (this test is about cancelling).
      if (i === PURCHASE_LIMIT.max) {
        await env.DB.prepare("delete from rate_limits where key = ?").bind(`purchase:user:${investor.user.id}`).run();
      }
      ids.push(await buy(id, investor.token));
    }
    const results = await Promise.all(ids.map((inv) => cancel(inv, investor.token)));
    const refused = results.filter((r) => r.status === 429);
    expect({
      statuses: results.map((r) => r.status).sort(),
      message: refused[0] ? (await json(refused[0])).message : null,
      retryAfter: Number(refused[0]?.headers.get("Retry-After")) > 0,
      cancelled: (
        await env.DB.prepare("select count(*) as n from investments where project_id = ? and status = 'cancelled'")
          .bind(id)
          .first()
      )?.n,
      invariants: await invariants(id),
    }).toEqual({
      statuses: [...Array(CANCEL_LIMIT.max).fill(200), 429],
      message: "You can cancel at most 30 investments an hour. Please try again later.",
      retryAfter: true,
      cancelled: CANCEL_LIMIT.max,
      invariants: { shares_ok: 1, cents_ok: 1, within: 1 },
    });
  });

  it("a buy-and-cancel loop leaves the founder one notification that day", async () => {
    const { founder, id } = await liveProject();
    const investor = await signup("investor", { firstName: "Loop", lastName: "Er" });
    const ROUNDS = 12;
    for (let i = 0; i < ROUNDS; i++) {
      expect((await cancel(await buy(id, investor.token), investor.token)).status).toBe(200);
    }
    const notes = await env.DB.prepare(
      "select event_key, text from notifications where user_id = ? and kind = 'investment'",
    )
      .bind(founder.user.id)
      .all();
    expect(notes.results).toEqual([
      {
        event_key: investmentEventKey(id, investor.user.id, Date.now()),
        text: NOTIFICATION_TEXT.investment("Loop E.", 100, (await rowOf(id))!.title as string),
      },
    ]);
  });
});
