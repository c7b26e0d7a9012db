/**
 * `POST /api/auth/forgot-password` takes the same time whether or not the address has an account
 * (ADR 044; OWASP's Forgot Password cheat sheet): the service does the same work either way (one
 * token drawn and hashed, one mail rendered, one D1 batch whose writes are conditional in SQL), so
 * an attacker timing the answer learns nothing. Measured here over 30 interleaved pairs.
 *
 * The bound: an early return for an unknown address would skip the D1 batch, most of the request's
 * time, so the unknown address's median would fall to a fraction of the known one's. Noise on a
 * loaded two-core machine moves single requests by several ms but medians of 30 by much less, and
 * interleaving (each pair in alternating order) spreads any drift of the machine's load over both
 * sides. So the medians must be within TOLERANCE of the larger median plus SLACK_MS: a shortcut
 * (≥ 50% faster) fails it by a wide margin, noise does not.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { signup, unique, uniqueIp } from "./helpers";

const PAIRS = 30;
const TOLERANCE = 0.25;
const SLACK_MS = 2;

/** One ask, timed from the client's side (ms); the answer must be the ordinary 200. */
async function timedAsk(email: string): Promise<number> {
  const started = performance.now();
  const res = await exports.default.fetch("http://localhost/api/auth/forgot-password", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  return took;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

/** 30 pairs (an account's address, an unknown one), each pair in alternating order; the times of each side. */
async function measure(): Promise<{ known: number[]; unknown: number[] }> {
  // One account per pair: an address may ask 5 times an hour (RESET_LIMITS.address).
  const accounts = await Promise.all(Array.from({ length: PAIRS }, () => signup()));
  // A warm-up of each side, so neither pays for the first run of the code.
  await timedAsk((await signup()).user.email);
  await timedAsk(`${unique("nobody")}@example.edu`);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const stranger = `${unique("nobody")}@example.edu`;
    if (i % 2 === 0) {
      known.push(await timedAsk(accounts[i]!.user.email));
      unknown.push(await timedAsk(stranger));
    } else {
      unknown.push(await timedAsk(stranger));
      known.push(await timedAsk(accounts[i]!.user.email));
    }
  }
  return { known, unknown };
}

describe("forgot-password's timing", () => {
  it(`an account's address and an unknown one: medians over ${PAIRS} interleaved pairs within noise`, async () => {
    const { known, unknown } = await measure();
    const [k, u] = [median(known), median(unknown)];
    const bound = TOLERANCE * Math.max(k, u) + SLACK_MS;
    // The figures go to the log, so a run shows how close it came.
    console.info(
      `forgot-password medians: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, bound ${bound.toFixed(2)} ms`,
    );
    expect(Math.abs(k - u)).toBeLessThanOrEqual(bound);
  }, 120_000);
});
