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
