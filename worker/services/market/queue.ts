/**
 * One market's requests in this isolate, one after another (ADR 053): placing an order waits for
 * the request ahead of it, so requests rarely spend the guard's attempts on each other. The guard
 * (the market's `seq` in each write batch, worker/services/market/orders.ts) still decides; this
 * queue only orders who tries first.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long a request waits behind the one at the head of its market's queue before it goes ahead
 * anyway (the guard still decides). A request whose caller went away is cancelled by the runtime
 * with its promises, which then never settle: waiting on it alone would stall every later order for
 * the market in this isolate (each then cancelled as hung, a 500).
 */
export const QUEUE_STALLED_MS = 3_000;

interface Turn {
  /** Settles when its request is done (never, if the runtime cancelled it). */
  done: Promise<void>;
  /** When it reached the head of the queue. */
  since: number;
}

/** Requests for one market in this isolate, one after another (the guard still decides). */
const queues = new Map<string, Turn[]>();
export async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const line = queues.get(key) ?? [];
  queues.set(key, line);
  let finish!: () => void;
  const mine: Turn = { done: new Promise<void>((r) => (finish = r)), since: Date.now() };
  line.push(mine);
  try {
    // Each wait is on the request ahead and on a timer of this request's own, so a cancelled one
    // ahead costs at most QUEUE_STALLED_MS and this request never waits on it alone.
    for (let head = line[0]; head !== mine; head = line[0]) {
      const finished = await Promise.race([head!.done.then(() => true), sleep(100).then(() => false)]);
      if (line[0] === head && (finished || Date.now() - head!.since > QUEUE_STALLED_MS)) {
        line.shift();
        if (line[0]) line[0].since = Date.now();
      }
    }
    return await work();
  } finally {
    const at = line.indexOf(mine);
    if (at >= 0) line.splice(at, 1);
    if (at === 0 && line[0]) line[0].since = Date.now();
    if (line.length === 0 && queues.get(key) === line) queues.delete(key);
    finish();
  }
}
