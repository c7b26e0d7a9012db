/**
 * Issue 16's findings on uploads (ADR 023), through the API door and the services: the per-account
 * quota and hourly limit hold under a burst of concurrent uploads.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { SessionUser } from "../../app/lib/types";
import {
  storeImage,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  UPLOAD_RATE_LIMIT,
  uploadUsage,
} from "../../worker/services/uploads";
import { db, json, recordUpload, signup, TINY_PNG, unique, uniqueIp } from "./helpers";

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});
const MB = 1024 * 1024;

/** A PNG signature followed by zeros, `size` bytes in all. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG.subarray(0, 8));
  return bytes;
}

function upload(token: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new File([bytes], "a.png", { type: "image/png" }));
  return exports.default.fetch("http://localhost/api/uploads", {
    method: "POST",
    headers: { "CF-Connecting-IP": uniqueIp(), Authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Rows and bytes the ledger holds for an account. */
const usage = (ownerId: string) => uploadUsage(db(), ownerId);

/** Objects in the bucket whose metadata names this owner. */
async function objectsOf(ownerId: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ prefix: "projects/", cursor, include: ["customMetadata"] });
    for (const o of page.objects) {
      if (o.customMetadata?.ownerId !== ownerId) continue;
      count++;
      bytes += o.size;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { count, bytes };
}

describe("the upload limits hold under a burst (issue 16: 2.17 GB from one account in 30 s)", () => {
  it("100 concurrent uploads of 100 KB from one account: exactly 30 stored (the hourly limit), 70 refused with 429", async () => {
    const { token, user } = await signup("founder");
    const size = 100 * 1024;
    const answers = await Promise.all(Array.from({ length: 100 }, () => upload(token, pngOfSize(size))));
    const bodies = await Promise.all(answers.map((r) => json<{ success: boolean; message?: string }>(r)));
    const refused = answers.map((r, i) => ({ r, body: bodies[i] })).filter(({ r }) => r.status === 429);
    const retryAfter = Number(refused[0]?.r.headers.get("Retry-After"));
    expect({
      statuses: tally(answers.map((r) => r.status)),
      message: refused[0]?.body,
      retryAfterWithinTheHour: retryAfter >= 1 && retryAfter <= 3600,
      ledger: await usage(user.id),
      bucket: await objectsOf(user.id),
    }).toEqual({
      statuses: { 201: 30, 429: 70 },
      message: { success: false, message: UPLOAD_RATE_LIMIT.message },
      retryAfterWithinTheHour: true,
      ledger: { images: 30, bytes: 30 * size },
      bucket: { count: 30, bytes: 30 * size },
    });
  });

  it("the image quota: an account holding 49 images gets exactly one more of 10 concurrent uploads, 9 × 409", async () => {
    const { token, user } = await signup("founder");
    for (let i = 0; i < UPLOAD_QUOTA.images - 1; i++) await recordUpload(user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(token, TINY_PNG)));
    const refusal = await json(answers.find((r) => r.status === 409)!);
    expect({
      statuses: tally(answers.map((r) => r.status)),
      refusal,
      ledger: (await usage(user.id)).images,
      bucket: (await objectsOf(user.id)).count,
    }).toEqual({
      statuses: { 201: 1, 409: 9 },
      refusal: { success: false, message: UPLOAD_MESSAGES.quota },
      ledger: UPLOAD_QUOTA.images,
      bucket: 1,
    });
  });

  it("the byte quota: with 97 MB stored, exactly one of 5 concurrent 2 MB uploads fits under 100 MB", async () => {
    const { token, user } = await signup("founder");
    await recordUpload(user.id, { sizeBytes: 97 * MB });
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(token, pngOfSize(2 * MB))));
    expect({
      statuses: tally(answers.map((r) => r.status)),
      ledger: await usage(user.id),
      bucket: await objectsOf(user.id),
    }).toEqual({
      statuses: { 201: 1, 409: 4 },
      ledger: { images: 2, bytes: 99 * MB },
      bucket: { count: 1, bytes: 2 * MB },
    });
  });

  it("when R2 fails, the ledger row is removed again: the failed upload takes no quota", async () => {
    const founder = { id: unique("owner-"), role: "founder" } as SessionUser;
    const broken = { put: () => Promise.reject(new Error("R2 is down")) } as unknown as R2Bucket;
    await expect(storeImage(db(), broken, founder, TINY_PNG)).rejects.toThrow("R2 is down");
    expect(await usage(founder.id)).toEqual({ images: 0, bytes: 0 });
  });
});
