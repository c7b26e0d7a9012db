/**
 * Scale data for the list tests: thousands of rows in one statement each (a recursive CTE feeds
 * an INSERT … SELECT), so a test can hold 4,000 projects or 10,000 investments in well under a
 * second. Ids are `${prefix}${n}`, n from 1; every value is varied by n so the sorts have work to do.
 */
import { env } from "cloudflare:workers";

const numbers = (n: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})`;

/**
 * `count` published projects (ids and slugs `${prefix}${i}`), a mix of open, sold-out and closed.
 * A closed one (every fifth, its deadline passed) is settled as the app settles a raise nobody
 * invested in (ADR 043): `closed`, its figures 0, so no read has one to settle.
 */
export async function bulkProjects(
  prefix: string,
  count: number,
  opts: { sector?: string; category?: string } = {},
): Promise<void> {
  const category = opts.category ?? "technology";
  const sector = opts.sector ?? "technology";
  await env.DB.prepare(
    `${numbers(count)}
    insert into projects (id, slug, title, category, sector, description, short_description, image, creator_info,
      project_duration, funding_goal_cents, share_price_cents, total_shares, shares_sold, funding_current_cents,
      funding_deadline, min_investment_cents, regulation_type, status, featured, created_at, published_at,
      settled_at, settled_cents, settled_shares, settled_investors,
      details, gallery, tags, founders, team, documents, faqs)
    select '${prefix}' || i, '${prefix}' || i, 'Scale project ' || i, '${category}', '${sector}',
      'A project made for the scale tests. ' || hex(randomblob(64)), 'Scale.', '/images/placeholder-project.svg',
      '{"name":"Scale Founder","bio":"' || hex(randomblob(200)) || '"}', 12, 1000000 + (i % 7) * 100000, 1000, 1000,
      case when i % 5 = 0 then 0 when i % 11 = 0 then 1000 else (i * 37) % 1000 end,
      (case when i % 5 = 0 then 0 when i % 11 = 0 then 1000 else (i * 37) % 1000 end) * 1000,
      date('now', (case when i % 5 = 0 then '-' else '+' end) || (1 + i % 60) || ' days'),
      10000, 'RegCF', case when i % 5 = 0 then 'closed' else 'active' end, i % 13 = 0,
      1700000000000 + (i % 997) * 60000, 1700000000000 + (i % 991) * 60000,
      case when i % 5 = 0 then 1700000000000 end, case when i % 5 = 0 then 0 end,
      case when i % 5 = 0 then 0 end, case when i % 5 = 0 then 0 end,
      '{"market":"' || hex(randomblob(300)) || '"}', '[]', '["scale"]', '[]', '[]', '[]', '[]'
    from n`,
  ).run();
}

/** `count` investor accounts (ids `${prefix}${i}`); they cannot sign in (no password hash matches). */
export async function bulkUsers(prefix: string, count: number): Promise<void> {
  await env.DB.prepare(
    `${numbers(count)}
    insert into users (id, email, password_hash, first_name, last_name, birth_date, role)
    select '${prefix}' || i, '${prefix.toLowerCase()}' || i || '@scale.test', 'x', 'First' || i, 'Last' || i, '1990-01-01', 'investor'
    from n`,
  ).run();
}

/**
 * `count` active investments in `projectId` by the users `${userPrefix}1…${users}` in turn, one
 * a minute from `start` (ms), so the newest is the last; ids `${prefix}${i}`.
 */
export async function bulkInvestments(
  prefix: string,
  projectId: string,
  userPrefix: string,
  users: number,
  count: number,
  start = 1_750_000_000_000,
): Promise<void> {
  await env.DB.prepare(
    `${numbers(count)}
    insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, created_at)
    select '${prefix}' || i, '${userPrefix}' || (1 + (i - 1) % ${users}), ?1, 1 + i % 5, 1000, (1 + i % 5) * 1000, 'active',
      '${prefix}k' || i, ${start} + i * 60000
    from n`,
  )
    .bind(projectId)
    .run();
}

/** `EXPLAIN QUERY PLAN` of a statement, its details joined by newlines. */
export async function planOf(sqlText: string, ...params: unknown[]): Promise<string> {
  const plan = await env.DB.prepare(`explain query plan ${sqlText}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail).join("\n");
}
