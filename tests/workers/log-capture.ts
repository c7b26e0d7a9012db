/**
 * The Worker's log lines while a test file runs (worker/observability/log.ts writes one JSON line
 * per request, job and captured error). Kept in memory instead of printed (a full run writes tens
 * of thousands), for the tests that read them and for the check after each file
 * (tests/workers/setup.ts). Anything else written to the console passes through as before.
 */
type Method = "log" | "info" | "warn" | "error";

export interface CapturedLine {
  method: Method;
  text: string;
  fields: Record<string, unknown>;
}

const lines: CapturedLine[] = [];
let installed = false;

export function installLogCapture(): void {
  if (installed) return;
  installed = true;
  for (const method of ["log", "info", "warn", "error"] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const [first] = args;
      if (args.length === 1 && typeof first === "string" && first.startsWith('{"level":')) {
        try {
          lines.push({ method, text: first, fields: JSON.parse(first) as Record<string, unknown> });
          return;
        } catch {
          // not one of ours: printed below
        }
      }
      original(...args);
    };
  }
}

/** The lines written since `mark` (a number from `logMark()`). */
export function logLinesSince(mark: number): CapturedLine[] {
  return lines.slice(mark);
}

export function logMark(): number {
  return lines.length;
}

/** Every line this file's tests caused so far, then forgotten (called once per file, after its tests). */
export function takeLogLines(): CapturedLine[] {
  return lines.splice(0, lines.length);
}
