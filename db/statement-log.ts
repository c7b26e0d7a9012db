/**
 * The statement log the query-plan check reads (tests/workers/query-plans.ts): while a test has
 * installed a log with `startStatementLog()`, every statement the request's D1 wrapper
 * (`countingD1`) runs is recorded once by its SQL text, with the values it was last bound to. In
 * production nothing installs a log, so `recordStatement` is one property read.
 */
const KEY = Symbol.for("campusfund.statementLog");

export type StatementLog = Map<string, unknown[]>;

type WithLog = { [KEY]?: StatementLog };

export function recordStatement(sql: string, args: readonly unknown[]): void {
  const log = (globalThis as WithLog)[KEY];
  if (log) log.set(sql, [...args]);
}

/** Installs an empty log (replacing any) and returns it. */
export function startStatementLog(): StatementLog {
  const log: StatementLog = new Map();
  (globalThis as WithLog)[KEY] = log;
  return log;
}

export function stopStatementLog(): void {
  delete (globalThis as WithLog)[KEY];
}
