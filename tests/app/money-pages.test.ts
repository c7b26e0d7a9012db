/**
 * The money rules (ADR 024) through the pages' form doors (the built Worker, no JavaScript): the project form
 * refuses an earlier deadline once investors bought, the purchase form states the price it showed
 * (and a changed price buys nothing), re-posting a cancelled purchase says so, and the investment
 * page names each investment's own cutoff.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadline, cutoffText } from "../../domain/money/cancellation";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { PURCHASE_MESSAGES, purchaseCancelledMessage } from "../../worker/services/money/purchases";
import {
  submitAndApprove,
  call,
  expectAlert,
  inDays,
  insertProject,
  json,
  page,
  rows,
  signup,
  unique,
  visibleText,
  projectForm,
} from "./helpers";

const DEADLINE = inDays(60);

/** The project form's fields as the edit page posts them (the minimal complete project). */
const FORM = projectForm({ title: "Money Pages", fundingDeadline: DEADLINE });

/** A founder's published project (made through the API) on which an investor bought 10 shares. */
async function projectWithInvestor() {
  const founder = await signup("founder");
  const body = {
    ...FORM,
    title: `Money Pages ${unique()}`,
    creatorInfo: { name: FORM["creatorInfo.name"], bio: FORM["creatorInfo.bio"] },
    investmentTerms: { equityPercentage: 10, minInvestment: 100 },
  };
  const created = await call("/api/projects/create", { body, token: founder.token });
  const { _id: id } = await json<{ _id: string }>(created);
  await submitAndApprove(id, founder.token);
  const investor = await signup();
  const bought = await call(`/api/projects/${id}/invest`, {
    body: { shares: 10, sharePrice: 10 },
    token: investor.token,
    headers: { "Idempotency-Key": unique("k") },
  });
  if (bought.status !== 201) throw new Error(`purchase failed: ${bought.status}`);
  return { founder, investor, id, title: body.title };
}

describe("the project form door", () => {
  it("an earlier deadline after a sale: 409 with the error on the deadline field, D1 unchanged", async () => {
    const { founder, id, title } = await projectWithInvestor();
    const before = await env.DB.prepare("select * from projects where id = ?").bind(id).first();
    const res = await page(`/my-projects/edit/${id}`, {
      token: founder.token,
      form: { ...FORM, title, fundingDeadline: inDays(20) },
    });
    const html = await res.text();
    expect({
      status: res.status,
      shown: visibleText(html).includes(PROJECT_MESSAGES.deadlineEarlier),
      row: await env.DB.prepare("select * from projects where id = ?").bind(id).first(),
    }).toEqual({ status: 409, shown: true, row: before });
  });

  it("a later deadline saves and tells the investor once", async () => {
    const { founder, investor, id, title } = await projectWithInvestor();
    for (let i = 0; i < 2; i++) {
      const res = await page(`/my-projects/edit/${id}`, {
        token: founder.token,
        form: { ...FORM, title, fundingDeadline: inDays(90) },
      });
      expect(res.status).toBe(302);
    }
    expect(await rows("notifications", "user_id = ? and kind = 'deadline'", investor.user.id)).toBe(1);
  });
});

describe("the purchase form door", () => {
  it("the review step carries the price it shows as a hidden field", async () => {
    const project = await insertProject({ sharePriceCents: 600, totalShares: 10_000 });
    const { token } = await signup();
    const html = await (await page(`/purchase/${project.slug}?shares=30&review=1`, { token })).text();
    expect(html).toMatch(/<input type="hidden" name="sharePrice" value="6"/);
  });

  it("the price changed after the page was shown: 409 'The share price has just changed…', nothing bought", async () => {
    const project = await insertProject({ sharePriceCents: 1_000 });
    const { token } = await signup();
    await env.DB.prepare("update projects set share_price_cents = 2000, total_shares = 500 where id = ?")
      .bind(project.id)
      .run();
    const res = await page(`/purchase/${project.slug}`, {
      token,
      form: { shares: "10", amount: "100", sharePrice: "10", idempotencyKey: unique("k"), riskAcknowledged: "on" },
    });
    await expectAlert(res, 409, PURCHASE_MESSAGES.priceChanged);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("re-posting the form of a purchase cancelled since: 409 saying so, nothing bought again", async () => {
    const project = await insertProject();
    const { token } = await signup();
    const form = { shares: "10", amount: "100", sharePrice: "10", idempotencyKey: unique("k"), riskAcknowledged: "on" };
    expect((await page(`/purchase/${project.slug}`, { token, form })).status).toBe(302);
    const { id } = (await env.DB.prepare("select id from investments where project_id = ?")
      .bind(project.id)
      .first<{ id: string }>())!;
    expect((await call(`/api/investments/${id}/cancel`, { method: "POST", token })).status).toBe(200);
    const { cancelled_at } = (await env.DB.prepare("select cancelled_at from investments where id = ?")
      .bind(id)
      .first<{ cancelled_at: number }>())!;
    await expectAlert(
      await page(`/purchase/${project.slug}`, { token, form }),
      409,
      purchaseCancelledMessage(cancelled_at),
    );
    expect(await rows("investments", "project_id = ? and status = 'active'", project.id)).toBe(0);
  });
});

describe("the investment page", () => {
  it("names the cutoff fixed at purchase after the deadline was shortened (past every door)", async () => {
    const { investor, id } = await projectWithInvestor();
    await env.DB.prepare("update projects set funding_deadline = ? where id = ?").bind(inDays(1), id).run();
    const { id: inv } = (await env.DB.prepare("select id from investments where project_id = ?")
      .bind(id)
      .first<{ id: string }>())!;
    const text = visibleText(await (await page(`/portfolio/investments/${inv}`, { token: investor.token })).text());
    expect(text).toContain(`You can cancel until ${cutoffText(cancelDeadline(DEADLINE))}`);
  });
});
