/**
 * An investment's receipt (/portfolio/investments/:id/receipt): its figures for the owner, the
 * same 'Investment not found' as the investment page for anyone else, and once its raise settled
 * (ADR 043) the confirmation or the return.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadline, cutoffText } from "../../domain/money/cancellation";
import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { settleProject } from "../../worker/services/raises/settlement";
import { buyShares, call, db, inDays, insertProject, page, signup, visibleText } from "./helpers";

const receipt = (id: string) => `/portfolio/investments/${id}/receipt`;

async function textOf(path: string, token?: string): Promise<{ status: number; text: string }> {
  const res = await page(path, { token });
  return { status: res.status, text: visibleText(await res.text()) };
}

/** A raise's deadline moved into the past and the raise settled, as the cron would. */
async function endAndSettle(projectId: string) {
  await env.DB.prepare("update projects set funding_deadline = ?2 where id = ?1")
    .bind(projectId, isoDay(Date.now() - DAY_MS))
    .run();
  await settleProject(db(), projectId);
}

describe("the receipt page", () => {
  it("shows the owner the commitment's figures, security and cancellation cutoff", async () => {
    const deadline = inDays(30);
    const project = await insertProject({ title: "Campus Keys", fundingDeadline: deadline, totalShares: 10_000 });
    const investor = await signup();
    const id = await buyShares(project.id, investor.token, 50);
    const { status, text } = await textOf(receipt(id), investor.token);
    expect(status).toBe(200);
    for (const shown of [
      "Investment receipt",
      "Company Campus Keys",
      "Security Regulation Crowdfunding offering: 0.050000% of the company's equity",
      "Shares 50",
      "Price per share $10",
      "Amount $500",
      `Can be canceled until ${cutoffText(cancelDeadline(deadline))}`,
      "Status Open",
      "To print this receipt, use your browser’s print command.",
    ]) {
      expect(text).toContain(shown);
    }
  });

  it("is 'Investment not found' (404) for another investor", async () => {
    const project = await insertProject();
    const owner = await signup();
    const other = await signup();
    const id = await buyShares(project.id, owner.token, 10);
    const { status, text } = await textOf(receipt(id), other.token);
    expect([status, text.includes("Investment not found"), text.includes("$100")]).toEqual([404, true, false]);
  });

  it("sends a visitor to sign in", async () => {
    const res = await page(receipt("any-id"));
    expect([res.status, res.headers.get("location")]).toEqual([
      302,
      `/signin?redirectTo=${encodeURIComponent(receipt("any-id"))}`,
    ]);
  });

  it("confirms an investment whose raise was funded, with the shares the raise sold", async () => {
    // $10,000 goal at $10: 1,000 shares; two investors buy 1,200.
    const project = await insertProject({ totalShares: 2_000 });
    const investor = await signup();
    const id = await buyShares(project.id, investor.token, 1_000);
    await buyShares(project.id, (await signup()).token, 200);
    await endAndSettle(project.id);
    const { text } = await textOf(receipt(id), investor.token);
    const on = formatDate(Date.now());
    expect(text).toContain(
      `Confirmation The raise reached its goal: your investment was confirmed on ${on} and is final. Confirmed on ${on} Security Regulation Crowdfunding Price per share $10 Your shares 1,000 Total sold in this raise 1,200 shares for $12,000`,
    );
  });

  it("says the money of an investment whose raise closed below its goal went back", async () => {
    const project = await insertProject();
    const investor = await signup();
    const id = await buyShares(project.id, investor.token, 25);
    await endAndSettle(project.id);
    const { text } = await textOf(receipt(id), investor.token);
    const on = formatDate(Date.now());
    expect(text).toContain(
      `Return ${project.title} closed below its goal: your $250 was returned to you on ${on}. Returned on ${on} Amount returned $250`,
    );
  });

  it("says a cancelled investment's shares went back to the project, and its window in the past tense", async () => {
    const project = await insertProject();
    const investor = await signup();
    const id = await buyShares(project.id, investor.token, 12);
    expect((await call(`/api/investments/${id}/cancel`, { method: "POST", token: investor.token })).status).toBe(200);
    const { text } = await textOf(receipt(id), investor.token);
    expect(text).toContain(
      `Could be canceled until ${cutoffText(cancelDeadline(project.fundingDeadline))} Status Canceled Reference ${id} Canceled on ${formatDate(Date.now())}: its 12 shares went back to the project`,
    );
  });
});
