/**
 * An investor's pages after raises end (ADR 043), rendered through the built worker: the
 * portfolio and the profile's My Investments group a page's investments as Confirmed, Open
 * (cancelable until …), Returned and Canceled, with the same word on each row's badge; only the
 * held ones are counted; the Financial Info statement shows the return; the investment's page
 * shows the commitment and, once settled, the confirmation or the return.
 */
import { beforeAll, describe, expect, it } from "vitest";

import { cancelDeadline, cutoffText } from "../../domain/money/cancellation";
import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { settleProject } from "../../worker/services/raises/settlement";
import { buyShares, call, db, inDays, insertProject, page, recordPurchase, signup, visibleText } from "./helpers";

const DEADLINE = inDays(30);
let me: Awaited<ReturnType<typeof signup>>;
const ids = { confirmed: "", open: "", returned: "", cancelled: "" };
const settledOn = formatDate(Date.now());

async function textOf(path: string): Promise<{ status: number; text: string; html: string }> {
  const res = await page(path, { token: me.token });
  const html = await res.text();
  return { status: res.status, text: visibleText(html), html };
}

beforeAll(async () => {
  me = await signup();
  const uid = me.user.id;
  const ended = isoDay(Date.now() - DAY_MS);
  const bought = Date.now() - 10 * DAY_MS;
  // Funded: $5,000 of a $5,000 goal, 100 more shares from someone else (600 sold, $6,000).
  const funded = await insertProject({
    title: "Reel Funded",
    fundingDeadline: ended,
    fundingGoalCents: 500_000,
    totalShares: 5_000,
  });
  ids.confirmed = await recordPurchase(funded.id, uid, 500, bought);
  await recordPurchase(funded.id, (await signup()).user.id, 100, bought + 1_000);
  // Closed below its goal: $250 of $10,000.
  const closed = await insertProject({ title: "Keys Closed", fundingDeadline: ended, fundingGoalCents: 1_000_000 });
  ids.returned = await recordPurchase(closed.id, uid, 25, bought + 2_000);
  await settleProject(db(), funded.id);
  await settleProject(db(), closed.id);
  // Still running: one open, one canceled.
  const live = await insertProject({ title: "Lab Open", fundingDeadline: DEADLINE });
  ids.open = await buyShares(live.id, me.token, 12);
  const other = await insertProject({ title: "Scribe Canceled", fundingDeadline: DEADLINE });
  ids.cancelled = await buyShares(other.id, me.token, 10);
  expect((await call(`/api/investments/${ids.cancelled}/cancel`, { method: "POST", token: me.token })).status).toBe(
    200,
  );
});

const cutoff = () => cutoffText(cancelDeadline(DEADLINE));

describe("the portfolio's groups", () => {
  it("Confirmed, Open, Returned, Canceled, each row's badge the group's word, the open one cancelable until its cutoff", async () => {
    const { status, text } = await textOf("/portfolio");
    expect(status).toBe(200);
    const at = (s: string) => text.indexOf(s);
    const headings = [
      "Confirmed The raise reached its goal: these investments are final.",
      "Open The raise is still running: each can be canceled until 48 hours before its deadline.",
      "Returned The raise closed below its goal: your money went back to you. Not counted in your totals.",
      "Canceled You canceled these: the shares went back to the project. Not counted in your totals.",
    ];
    expect(headings.map(at).every((i) => i >= 0)).toBe(true);
    expect(headings.map(at)).toEqual([...headings.map(at)].sort((a, b) => a - b));
    expect(text).toContain(
      `Reel Funded 500 $10 $5,000 $0 1.00× ${formatDate(Date.now() - 10 * DAY_MS)} Confirmed Details`,
    );
    expect(text).toContain(`Lab Open 12 $10 $120`);
    expect(text).toContain(`Open cancelable until ${cutoff()} Details of Lab Open Cancel investment in Lab Open`);
    expect(text).toContain("Keys Closed 25 $10 — None (returned)");
    expect(text).toContain("Returned Details of Keys Closed");
    expect(text).toContain("Scribe Canceled 10 $10 — None (canceled)");
    expect(text).not.toContain("Active");
  });

  it("counts only the held investments: $5,000 confirmed and $120 open", async () => {
    const { text } = await textOf("/portfolio");
    expect(text).toContain("Total Invested $5,120");
    expect(text).toContain("Total Shares 512");
  });
});

describe("the profile", () => {
  it("My Investments groups its page the same way, with the same words", async () => {
    const { text, html } = await textOf("/profile?tab=investments");
    expect((html.match(/class="profile-group-title"/g) ?? []).length).toBe(4);
    const order = ["Confirmed The raise", "Open The raise", "Returned The raise", "Canceled You canceled"].map((s) =>
      text.indexOf(s),
    );
    expect(order.every((i) => i >= 0) && order.join() === [...order].sort((a, b) => a - b).join()).toBe(true);
    expect(text).toContain(`Lab Open Open cancelable until ${cutoff()}`);
    expect(text).toContain("Keys Closed Returned Invested $250 Current value None (returned)");
    expect(text).toContain("Scribe Canceled Canceled Invested $100 Current value None (canceled)");
    expect(text).toContain("Reel Funded Confirmed Invested $5,000");
  });

  it("the overview's recent investments are the held ones, with their badges", async () => {
    const { text } = await textOf("/profile");
    expect(text).toContain("Total Invested $5,120 Investments 2");
    expect(text).toContain("Lab Open Open $120");
    expect(text).toContain("Reel Funded Confirmed $5,000");
    expect(text).not.toContain("Keys Closed");
  });

  it("Financial Info shows the return, and 'Invested so far' drops it", async () => {
    const { text } = await textOf("/profile?tab=financial");
    expect(text).toContain("Invested so far $5,120");
    expect(text).toContain(`${settledOn} Returned: Keys Closed closed below its goal −25 + $250 $5,000`);
    expect(text).toContain("Scribe Canceled (canceled, refunded) −10 + $100 $5,120");
  });
});

describe("the investment page", () => {
  it("an open one shows its commitment and until when it can be canceled", async () => {
    const { status, text } = await textOf(`/portfolio/investments/${ids.open}`);
    expect(status).toBe(200);
    expect(text).toContain(
      `Your commitment Company Lab Open Security Regulation Crowdfunding offering: 0.120000% of the company's equity Committed on`,
    );
    expect(text).toContain(`Shares 12 Price per share $10 Amount $120 Can be canceled until ${cutoff()} Status Open`);
    expect(text).toContain(`You can cancel until ${cutoff()}`);
    expect(text).not.toContain("Confirmation");
  });

  it("a confirmed one shows the confirmation: date, security, price, shares and what the raise sold", async () => {
    const { text } = await textOf(`/portfolio/investments/${ids.confirmed}`);
    expect(text).toContain("Status Confirmed");
    expect(text).toContain(
      `Confirmation The raise reached its goal: your investment was confirmed on ${settledOn} and is final. Confirmed on ${settledOn} Security Regulation Crowdfunding Price per share $10 Your shares 500 Total sold in this raise 600 shares for $6,000`,
    );
    expect(text).not.toContain("Cancel investment");
  });

  it("a returned one says it was returned, and when", async () => {
    const { text } = await textOf(`/portfolio/investments/${ids.returned}`);
    expect(text).toContain("Status Returned");
    expect(text).toContain(
      `Return Keys Closed closed below its goal: your $250 was returned to you on ${settledOn}. Returned on ${settledOn} Amount returned $250`,
    );
    expect(text).not.toContain("Cancel investment");
    expect(text).not.toContain("You can cancel");
  });
});
