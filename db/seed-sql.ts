/**
 * Rows → SQL for the seed scripts: `INSERT OR IGNORE` statements of many rows each, shared by
 * `scripts/seed.mjs` (the demo and `--scale=N`) and the Workers test of the scale data.
 *
 * Pure and import-free: Node runs it through type stripping (erasable TypeScript only) and
 * workerd runs it in the tests.
 */

/** D1 refuses a statement over 100 KB (SQLITE_TOOBIG); a project row is a few KB. */
export const MAX_STATEMENT = 60_000;
/** Rows per INSERT: wrangler runs dozens of statements instead of thousands. */
export const MAX_ROWS = 100;

export type SeedRow = Record<string, unknown>;

/** One INSERT statement and how many rows it writes. */
export interface InsertChunk {
  table: string;
  rows: number;
  sql: string;
}

/** A row key as its column: `fundingGoalCents` → `funding_goal_cents`. */
export const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One value as an SQL literal: booleans as 0/1, objects and arrays as JSON text. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * INSERT OR IGNORE statements for `rows` of one table: rows with the same columns share a
 * statement (up to MAX_ROWS rows or MAX_STATEMENT characters). `known`, when given, is the
 * table's migrated columns: a key that is not one of them throws here, not in D1.
 */
export function insertStatements(table: string, rows: readonly SeedRow[], known?: ReadonlySet<string>): string[] {
  return insertChunks(table, rows, known).map((chunk) => chunk.sql);
}

/** insertStatements with each statement's row count. */
export function insertChunks(table: string, rows: readonly SeedRow[], known?: ReadonlySet<string>): InsertChunk[] {
  const groups = new Map<string, SeedRow[]>();
  for (const row of rows) {
    const keys = Object.keys(row);
    if (known) {
      for (const k of keys) {
        if (!known.has(snake(k))) throw new Error(`${table}.${snake(k)} is not a column of the migrated schema`);
      }
    }
    const sig = keys.join(",");
    const group = groups.get(sig);
    if (group) group.push(row);
    else groups.set(sig, [row]);
  }
  const out: InsertChunk[] = [];
  for (const [sig, group] of groups) {
    const keys = sig.split(",");
    const head = `INSERT OR IGNORE INTO ${table} (${keys.map(snake).join(", ")}) VALUES\n`;
    let values: string[] = [];
    let size = 0;
    const flush = () => {
      if (values.length) out.push({ table, rows: values.length, sql: `${head}${values.join(",\n")};` });
      values = [];
      size = 0;
    };
    for (const row of group) {
      const tuple = `(${keys.map((k) => literal(row[k])).join(", ")})`;
      if (values.length >= MAX_ROWS || size + tuple.length > MAX_STATEMENT) flush();
      values.push(tuple);
      size += tuple.length + 2;
    }
    flush();
  }
  return out;
}

/**
 * Collects rows table by table and hands back full statements (with their row counts) as they
 * fill, so a stream of millions of rows becomes statements of MAX_ROWS rows without holding the
 * stream. The first row of a table not seen before flushes every other table's rows first, so a
 * stream that brings its tables in foreign-key order (users, then projects, then investments …)
 * is written in that order. `flush()` returns what is left.
 */
export class InsertBuffer {
  private readonly pending = new Map<string, SeedRow[]>();
  private readonly known: ((table: string) => ReadonlySet<string> | undefined) | undefined;

  constructor(known?: (table: string) => ReadonlySet<string> | undefined) {
    this.known = known;
  }

  add(table: string, rows: readonly SeedRow[]): InsertChunk[] {
    const out: InsertChunk[] = [];
    let list = this.pending.get(table);
    if (!list) {
      out.push(...this.flush());
      list = [];
      this.pending.set(table, list);
    }
    for (const row of rows) list.push(row);
    if (list.length >= MAX_ROWS) {
      out.push(...insertChunks(table, list.splice(0, list.length - (list.length % MAX_ROWS)), this.known?.(table)));
    }
    return out;
  }

  flush(): InsertChunk[] {
    const out: InsertChunk[] = [];
    for (const [table, list] of this.pending) {
      out.push(...insertChunks(table, list.splice(0), this.known?.(table)));
    }
    return out;
  }
}

/** A reviewed company event as the seed applies it (db/seed-data.ts `ValuationEventRow`, ADR 052). */
export interface AppliedEvent {
  id: string;
  projectId: string;
  kind: string;
  effectiveOn: string;
  markCents: number | null;
  proceedsPerShareCents: number | null;
  conversionPriceCents: number | null;
  reviewedAt: number | null;
  appliedAt: number | null;
}

/**
 * What approving and applying each event does, as statements, for events already inserted as
 * approved (oldest first): the company's mark (what worker/services/money/valuations.ts
 * `approveInBatch` sets on the project), then `applyEvent`'s two statements for all its holders at
 * once: an exit's cash into `distributions` (shares × proceeds per share, once per holder), and
 * each position's new mark, value and realized cash. The triggers of migrations/0029 keep every
 * kept sum (value, vintages, money by day) as the product's own statements would.
 *
 * Each statement takes the company and its holders only from the mark of the event before (none
 * for the first), so a second run of the seed changes nothing, and an event the app approved since
 * is never undone. `exitKinds`: domain/money/marking.ts EXIT_KINDS (this file imports nothing).
 */
export function applyEventStatements(events: readonly AppliedEvent[], exitKinds: readonly string[]): string[] {
  const previous = new Map<string, string>();
  const out: string[] = [];
  for (const e of events) {
    if (e.markCents === null || e.appliedAt === null || e.reviewedAt === null) {
      throw new Error(`${e.id}: an event is applied once approved (its mark and times set)`);
    }
    const before = previous.get(e.projectId) ?? null;
    const was = (column: string) => `${column} IS ${literal(before)}`;
    const id = literal(e.id);
    const project = literal(e.projectId);
    const mark = literal(e.markCents);
    const proceeds = literal(e.proceedsPerShareCents ?? 0);
    const day = Math.floor(Date.parse(`${e.effectiveOn}T00:00:00Z`) / 86_400_000);
    const exit = exitKinds.includes(e.kind);
    out.push(
      `UPDATE projects SET mark_cents = ${mark}, mark_event_id = ${id}, marked_on = ${literal(e.effectiveOn)},
  conversion_price_cents = ${literal(e.conversionPriceCents)},
  exited_at = ${exit ? literal(e.reviewedAt) : "exited_at"}, updated_at = max(updated_at, ${literal(e.reviewedAt)})
WHERE id = ${project} AND ${was("mark_event_id")};`,
    );
    // every exit closes each holding with a payout line, a shutdown's of $0 too (as applyEvent does)
    if (exit) {
      out.push(
        `INSERT INTO distributions (id, event_id, project_id, investor_id, shares, cost_cents, amount_cents, day, paid_at)
SELECT 'dist-' || ${id} || '-' || investor_id, ${id}, project_id, investor_id, shares, amount_cents, shares * ${proceeds}, ${day}, ${literal(e.appliedAt)}
FROM positions WHERE project_id = ${project} AND ${was("mark_event_id")}
ON CONFLICT (event_id, investor_id) DO NOTHING;`,
      );
    }
    out.push(
      `UPDATE positions SET mark_cents = ${mark}, value_cents = shares * ${mark},
  realized_cents = realized_cents + shares * ${proceeds}, mark_event_id = ${id}, marked_day = ${day}
WHERE project_id = ${project} AND ${was("mark_event_id")};`,
    );
    previous.set(e.projectId, e.id);
  }
  return out;
}

/** The demo's rows, table by table (db/seed-data.ts `DemoData`, the users with their password hash). */
export interface DemoRows {
  users: readonly SeedRow[];
  perks: readonly SeedRow[];
  perkAwards: readonly SeedRow[];
  projects: readonly SeedRow[];
  investments: readonly SeedRow[];
  follows: readonly SeedRow[];
  /** The Trending rail's days (ADR 055). */
  activityDays: readonly SeedRow[];
  updates: readonly SeedRow[];
  posts: readonly SeedRow[];
  votes: readonly SeedRow[];
  notifications: readonly SeedRow[];
  events: readonly (SeedRow & AppliedEvent)[];
  /** The exchange's orders (filled and resting) and trades (db/seed-market.ts). */
  orders: readonly (SeedRow & { status: string })[];
  trades: readonly SeedRow[];
  /** Authenticator apps turned on (ADR 054). */
  factors: readonly SeedRow[];
  /** Reported Discussion posts and their open reports (db/seed-moderation.ts). */
  reportedPosts: readonly SeedRow[];
  reports: readonly SeedRow[];
  /** Reservations in a Coming soon raise (ADR 055). */
  reservations: readonly SeedRow[];
}

/**
 * After a seed's updates are in: each project's kept last update (ADR 055), the newest visible
 * update's time, as worker/services/conversation/update-reminders.ts keeps it for every post.
 */
export const LAST_UPDATE_STATEMENT = `UPDATE projects SET last_update_at = (SELECT max(u.created_at) FROM project_updates u WHERE u.project_id = projects.id AND u.hidden = 0);`;

/**
 * Every statement of the demo, in the order `scripts/seed.mjs` runs them: the rows (users and
 * projects before what points at them), then the company events, applied once the investments
 * they mark are in, then the exchange's orders and trades. `insert`: insertStatements, with the migrated columns when the caller has them.
 */
export function demoStatements(
  data: DemoRows,
  exitKinds: readonly string[],
  insert: (table: string, rows: readonly SeedRow[]) => string[] = insertStatements,
): string[] {
  return [
    ...insert("users", data.users),
    ...insert("totp_factors", data.factors),
    ...insert("projects", data.projects),
    ...insert("investments", data.investments),
    ...insert("project_reservations", data.reservations),
    // Perks and the awards the investments earned (ADR 055; no seeded investment holds bonus shares).
    ...insert("project_perks", data.perks),
    ...insert("perk_awards", data.perkAwards),
    ...insert("project_follows", data.follows),
    ...insert("project_activity_days", data.activityDays),
    ...insert("project_updates", data.updates),
    ...insert("discussion_posts", data.posts),
    ...insert("discussion_votes", data.votes),
    // Moderation's reported posts (ADR 055), then every project's threads recounted (a kept figure).
    ...insert("discussion_posts", data.reportedPosts),
    ...insert("discussion_reports", data.reports),
    THREAD_COUNTS_SQL,
    LAST_UPDATE_STATEMENT,
    ...insert("notifications", data.notifications),
    ...insert("valuation_events", data.events),
    ...applyEventStatements(data.events, exitKinds),
    // The exchange (ADR 053): the orders that filled, their trades (each moving shares and money by
    // trigger), then the resting orders (each reserving what it lists), and each market's sequence.
    ...insert(
      "market_orders",
      data.orders.filter((o) => o.status !== "open"),
    ),
    ...insert("trades", data.trades),
    ...insert(
      "market_orders",
      data.orders.filter((o) => o.status === "open"),
    ),
    `UPDATE markets SET seq = (SELECT coalesce(max(o.seq), 0) FROM market_orders o WHERE o.project_id = markets.project_id);`,
  ];
}

/**
 * The Discussion's kept thread counts (visible roots), for data written project rows first (the
 * scale data): run once after every post is in.
 */
export const THREAD_COUNTS_SQL = `UPDATE projects SET thread_count = (SELECT count(*) FROM discussion_posts d
  WHERE d.project_id = projects.id AND d.depth = 0 AND d.hidden_at IS NULL) WHERE id IN (SELECT DISTINCT project_id FROM discussion_posts);`;
