/**
 * An investor with a large portfolio, written the way the purchase batch leaves the tables: the
 * investments through multi-row INSERTs (a few hundred rows a statement), then each project's
 * shares_sold and funding_current set to the sums of its active investments, so the invariants
 * hold. Some investments are cancelled (a refund line on the statement; counted in no total).
 */
import { env } from "cloudflare:workers";

import { DAY_MS } from "../../domain/shared/dates";
import { insertProject, unique } from "./helpers";

const CATEGORIES = ["technology", "fintech", "healthcare", "food & beverage", "education", "social-media"];
const RISKS = ["low", "medium", "high"] as const;
/** Rows per INSERT statement (literal values: D1 binds at most 100 parameters a statement). */
const ROWS_PER_INSERT = 250;

export interface SeededPortfolio {
  projectIds: string[];
  /** Investment ids, newest first (created_at descending, then id descending). */
  newestFirst: string[];
  activeCount: number;
  cancelledCount: number;
}

/**
 * `count` investments for `investorId` across `projects` new projects, one a minute apart ending
 * `endAt` (every 7th cancelled a day after it was made), in batched multi-row INSERTs.
 */
export async function seedPortfolio(
  investorId: string,
  count: number,
  { projects: projectCount = 30, endAt = Date.now() - DAY_MS } = {},
): Promise<SeededPortfolio> {
  const projectIds: string[] = [];
  const prices: number[] = [];
  for (let p = 0; p < projectCount; p++) {
    const price = 100 + (p % 7) * 150;
    const row = await insertProject({
      category: CATEGORIES[p % CATEGORIES.length]!,
      riskLevel: RISKS[p % RISKS.length]!,
      sharePriceCents: price,
      totalShares: 10_000_000,
    });
    projectIds.push(row.id);
    prices.push(price);
  }
  const rows: string[] = [];
  const ids: { id: string; at: number }[] = [];
  let cancelled = 0;
  const tag = unique("seed");
  for (let i = 0; i < count; i++) {
    const p = (i * 7) % projectCount;
    const shares = 1 + (i % 13);
    const price = prices[p]!;
    const at = endAt - (count - i) * 60_000;
    const id = `${tag}-${String(i).padStart(5, "0")}`;
    const isCancelled = i % 7 === 3;
    if (isCancelled) cancelled += 1;
    rows.push(
      `('${id}', '${investorId}', '${projectIds[p]}', ${shares}, ${price}, ${shares * price}, ` +
        `'${isCancelled ? "cancelled" : "active"}', ${isCancelled ? at + DAY_MS : "null"}, ${at + 30 * DAY_MS}, '${id}', ${at})`,
    );
    ids.push({ id, at });
  }
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(
      env.DB.prepare(
        `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status,
           cancelled_at, cancel_cutoff_at, idempotency_key, created_at) values ${rows.slice(i, i + ROWS_PER_INSERT).join(", ")}`,
      ),
    );
  }
  const list = projectIds.map((id) => `'${id}'`).join(", ");
  statements.push(
    env.DB.prepare(
      `update projects set
         shares_sold = (select coalesce(sum(shares), 0) from investments i where i.project_id = projects.id and i.status = 'active'),
         funding_current_cents = (select coalesce(sum(amount_cents), 0) from investments i
           where i.project_id = projects.id and i.status = 'active')
       where id in (${list})`,
    ),
  );
  await env.DB.batch(statements);
  return {
    projectIds,
    newestFirst: ids.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((x) => x.id),
    activeCount: count - cancelled,
    cancelledCount: cancelled,
  };
}
