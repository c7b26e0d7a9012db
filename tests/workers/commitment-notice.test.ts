/**
 * The investor's commitment notice (ADR 043): each purchase writes one, for the buyer, in the
 * purchase's own batch; a replayed key and a refused purchase write none.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, inDays, insertProject, json, signup, withPrice } from "./helpers";

type Note = { kind: string; text: string; link: string };

const buy = async (projectId: string, token: string, shares: number, key: string = crypto.randomUUID()) =>
  call(`/api/projects/${projectId}/invest`, {
    body: await withPrice(projectId, { shares }),
    token,
    headers: { "Idempotency-Key": key },
  });

async function commitmentsOf(token: string): Promise<Note[]> {
  const res = await call("/api/notifications", { token });
  expect(res.status).toBe(200);
  return (await json<{ notifications: Note[] }>(res)).notifications.filter((n) => n.kind === "commitment");
}

/** Every commitment row in D1 for this user, whatever the API lists. */
async function commitmentRows(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) n from notifications where user_id = ? and kind = 'commitment'")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("the commitment notice", () => {
  it("tells the buyer what they committed and until when they can cancel, linking the receipt", async () => {
    const deadline = inDays(30);
    const project = await insertProject({ title: "Campus Keys", fundingDeadline: deadline });
    const investor = await signup();
    const res = await buy(project.id, investor.token, 50);
    expect(res.status).toBe(201);
    const { investment } = await json<{ investment: { _id: string } }>(res);
    const cutoff = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }).format(Date.parse(`${deadline}T00:00:00Z`) - 48 * 3600 * 1000);
    const notes = (await commitmentsOf(investor.token)).map(({ text, link }) => ({ text, link }));
    expect(notes).toEqual([
      {
        text: `You committed $500 (50 shares at $10) to “Campus Keys”: you can cancel until ${cutoff}, 00:00 UTC`,
        link: `/portfolio/investments/${investment._id}/receipt`,
      },
    ]);
  });

  it("writes none more when the same key is replayed", async () => {
    const project = await insertProject();
    const investor = await signup();
    const key = crypto.randomUUID();
    // A double submit at once, then a retry: one purchase, one notice.
    const both = await Promise.all([
      buy(project.id, investor.token, 10, key),
      buy(project.id, investor.token, 10, key),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await buy(project.id, investor.token, 10, key)).status).toBe(200);
    expect(await commitmentRows(investor.user.id)).toBe(1);
  });

  it("writes none for a refused purchase", async () => {
    const project = await insertProject({ totalShares: 100 });
    const investor = await signup();
    expect((await buy(project.id, investor.token, 500)).status).toBe(409);
    expect(await commitmentRows(investor.user.id)).toBe(0);
  });
});
