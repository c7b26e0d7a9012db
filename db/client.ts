import { drizzle } from "drizzle-orm/d1";

import * as schema from "./schema";
import { recordStatement } from "./statement-log";

export type Database = ReturnType<typeof createDb>;

/**
 * Wraps the D1 binding so each request can report how many statements it sent
 * (the `Server-Timing: d1;desc="N queries"` header the benchmark reads).
 */
export function countingD1(d1: D1Database): { d1: D1Database; count: () => number } {
  let n = 0;
  // D1's batch() needs the real statements, so remember what each proxy wraps.
  const real = new WeakMap<object, D1PreparedStatement>();
  // The SQL and bound values of each proxy, for the statement log (db/statement-log.ts).
  const text = new WeakMap<object, { sql: string; args: unknown[] }>();
  const wrapStatement = (stmt: D1PreparedStatement, sql: string, args: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "bind") {
          return (...bound: unknown[]) => wrapStatement(target.bind(...bound), sql, bound);
        }
        if (prop === "first" || prop === "run" || prop === "all" || prop === "raw") {
          return (...a: unknown[]) => {
            n += 1;
            recordStatement(sql, args);
            return (value as (...x: unknown[]) => unknown).apply(target, a);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, stmt);
    text.set(proxy, { sql, args });
    return proxy;
  };
  const proxy = new Proxy(d1, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), sql);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          n += 1; // one round trip, one transaction
          for (const s of stmts) {
            const t = text.get(s);
            if (t) recordStatement(t.sql, t.args);
          }
          return target.batch(stmts.map((s) => real.get(s) ?? s));
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: proxy, count: () => n };
}

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** One D1 result per statement of `S`, in order (a tuple as long as the statements given). */
export type BatchResults<S extends readonly unknown[], T = Record<string, unknown>> = { [K in keyof S]: D1Result<T> };

/**
 * Runs `statements` as one D1 batch (one transaction). D1 answers exactly one result per
 * statement, in order, so the answer is typed as a tuple of the same length: `const [a, b] =`
 * reads results that exist.
 */
export async function runBatch<S extends readonly D1PreparedStatement[]>(
  d1: D1Database,
  statements: [...S],
): Promise<BatchResults<S>> {
  return (await d1.batch(statements)) as BatchResults<S>;
}

/**
 * A value the code guarantees (the RETURNING row of a write that succeeded, an aggregate's one
 * row, the first of a list that cannot be empty): its absence is a bug, thrown as one rather than
 * read as `undefined`.
 */
export function guaranteed<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
