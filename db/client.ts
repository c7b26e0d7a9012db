import { drizzle } from "drizzle-orm/d1";

import { recordStatement } from "./statement-log";

export type Database = ReturnType<typeof createDb>;

/** What the request's db sends statements to: the binding itself, or a D1 session on it (ADR 036). */
export type D1Target = D1Database | D1DatabaseSession;

/**
 * A statement that only reads: it starts with SELECT, or with WITH and names no write anywhere.
 * Anything else counts as a write, which errs on the safe side (the bookmark goes back once too
 * often): a SELECT calling `replace()` is a write here.
 */
const READ_ONLY = /^\s*select\b/i;
/** A WITH … SELECT reads too, unless a write keyword appears anywhere in it (WITH … INSERT). */
const WITH_READ = /^\s*with\b(?![\s\S]*\b(?:insert|update|delete|replace)\b)/i;
const readsOnly = (sql: string) => READ_ONLY.test(sql) || WITH_READ.test(sql);

/**
 * Wraps the D1 binding, or the request's D1 session, so each request can report how many
 * statements it sent (the `Server-Timing: d1;desc="N queries"` header the benchmark reads) and
 * whether any of them may have written (`wrote`: the request's bookmark then goes back to the
 * client so its next reads see the write, worker/middleware/d1-session.ts).
 */
export function countingD1(d1: D1Target): {
  d1: D1Database;
  count: () => number;
  wrote: () => boolean;
  /** Milliseconds spent waiting on D1, summed over statements (overlapping ones count twice). */
  ms: () => number;
} {
  let n = 0;
  let ms = 0;
  /** Times a statement's round trip (Date.now advances across I/O in Workers, not during CPU work). */
  const timed = <T>(result: T): T => {
    if (!(result instanceof Promise)) return result;
    const t0 = Date.now();
    return result.finally(() => {
      ms += Date.now() - t0;
    }) as T;
  };
  let wrote = false;
  // D1's batch() needs the real statements, so remember what each proxy wraps.
  const real = new WeakMap<object, D1PreparedStatement>();
  // The SQL and bound values of each proxy, for the statement log (db/statement-log.ts) and `wrote`.
  const text = new WeakMap<object, { sql: string; args: unknown[] }>();
  const sent = (sql: string, args: unknown[]) => {
    recordStatement(sql, args);
    if (!readsOnly(sql)) wrote = true;
  };
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
            sent(sql, args);
            return timed((value as (...x: unknown[]) => unknown).apply(target, a));
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
            if (t) sent(t.sql, t.args);
            else wrote = true; // a statement not prepared here: assume it writes
          }
          return timed(target.batch(stmts.map((s) => real.get(s) ?? s)));
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  // The one place a session passes for the binding: Drizzle's D1 driver (drizzle-orm 0.45,
  // d1/session.js) calls only `prepare` and `batch` on its client, and so do the services on
  // `db.$client`; a session has both (it lacks exec, dump and withSession, which nothing calls).
  return { d1: proxy as D1Database, count: () => n, wrote: () => wrote, ms: () => ms };
}

/**
 * Drizzle on a request's D1. No `schema` is passed: nothing uses Drizzle's relational queries
 * (`db.query.*`), and with a schema Drizzle rebuilds the relational config of every table on each
 * call, that is on every request (`npm run profile` showed it on every page).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
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
