import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SUPPORT_LIMIT } from "../../worker/services/visitors/supporters";
import { call, json, unique, uniqueIp } from "./helpers";

const REQUIRED = "Please fill in all required fields";

const ip = uniqueIp;
const post = (body: unknown, addr = ip()) =>
  call("/api/supporters", { method: "POST", body, headers: { "CF-Connecting-IP": addr } });
const email = (prefix = "s") => `${unique(prefix)}@example.edu`;

const total = async () => (await env.DB.prepare("select count(*) as n from supporters").first<{ n: number }>())!.n;
const rowsFor = async (e: string) =>
  (
    await env.DB.prepare("select name, email, message, show_publicly from supporters where lower(email) = lower(?)")
      .bind(e)
      .all<{ name: string; email: string; message: string | null; show_publicly: number }>()
  ).results;

interface ListBody {
  success: boolean;
  count: number;
  supporters: { name: string; message: string | null; createdAt: string }[];
}

describe("GET /api/supporters", () => {
  it("answers an empty list and a zero count with no supporters", async () => {
    await env.DB.prepare("delete from supporters").run();
    const res = await call("/api/supporters");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, supporters: [], count: 0 });
  });

  it("lists public supporters newest first, never an email or id; count includes private ones", async () => {
    await env.DB.prepare("delete from supporters").run();
    const pub = email("pub");
    const priv = email("priv");
    expect((await post({ name: "Public Pat", email: pub, message: "Go team" })).status).toBe(201);
    expect((await post({ name: "Private Pia", email: priv, showPublicly: false })).status).toBe(201);
    expect((await post({ name: "Later Lee", email: email(), showPublicly: true })).status).toBe(201);

    const res = await call("/api/supporters");
    const body = await json<ListBody>(res);
    expect(body.success).toBe(true);
    expect(body.count).toBe(3);
    expect(body.supporters.map((s) => s.name)).toEqual(["Later Lee", "Public Pat"]);
    expect(body.supporters[1]).toEqual({ name: "Public Pat", message: "Go team", createdAt: expect.any(String) });
    expect(body.supporters[0]!.message).toBeNull();
    expect(new Date(body.supporters[1]!.createdAt).toISOString()).toBe(body.supporters[1]!.createdAt);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain("@");
    expect(raw).not.toContain("Private Pia");
    for (const s of body.supporters) expect(Object.keys(s).sort()).toEqual(["createdAt", "message", "name"]);
  });

  it("counts everyone even when nobody is public (one statement keeps the count row)", async () => {
    await env.DB.prepare("delete from supporters").run();
    await post({ name: "Quiet", email: email(), showPublicly: false });
    const body = await json<ListBody>(await call("/api/supporters"));
    expect(body).toEqual({ success: true, supporters: [], count: 1 });
  });
});

describe("POST /api/supporters", () => {
  it("adds a supporter: 201 { success, count, message }, trimmed, email lower-cased", async () => {
    const before = await total();
    const e = email("New");
    const res = await post({
      name: "  Alex  ",
      email: `  ${e.toUpperCase()} `,
      message: "  Love it  ",
      showPublicly: true,
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ success: true, count: before + 1, message: "Thank you for your support!" });
    expect(await rowsFor(e)).toEqual([{ name: "Alex", email: e.toLowerCase(), message: "Love it", show_publicly: 1 }]);
  });

  it("defaults showPublicly to true and stores an empty message as none", async () => {
    const e = email();
    await post({ name: "Dee", email: e, message: "   " });
    expect(await rowsFor(e)).toEqual([{ name: "Dee", email: e, message: null, show_publicly: 1 }]);
  });

  it("accepts form-style showPublicly values ('false', 'off')", async () => {
    const a = email();
    const b = email();
    await post({ name: "A", email: a, showPublicly: "false" });
    await post({ name: "B", email: b, showPublicly: "off" });
    expect((await rowsFor(a))[0]!.show_publicly).toBe(0);
    expect((await rowsFor(b))[0]!.show_publicly).toBe(0);
  });

  it("a second sign-up with a known email (any case) changes nothing public and answers exactly like a first one", async () => {
    const e = email();
    const first = await post({ name: "First", email: e, message: "one" });
    expect(first.status).toBe(201);
    const firstBody = await json<{ count: number }>(first);
    const listBefore = await json(await call("/api/supporters"));
    // someone else posts the same email, in capitals, trying to rewrite the public entry
    const res = await post({ name: "Impostor", email: e.toUpperCase(), message: "rewritten", showPublicly: false });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ success: true, count: firstBody.count, message: "Thank you for your support!" });
    expect(await rowsFor(e)).toEqual([{ name: "First", email: e, message: "one", show_publicly: 1 }]);
    expect(await json(await call("/api/supporters"))).toEqual(listBefore);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["a missing name", { name: undefined }, REQUIRED],
    ["a whitespace name", { name: "   " }, REQUIRED],
    ["a missing email", { email: undefined }, REQUIRED],
    ["a whitespace email", { email: "  " }, REQUIRED],
    ["an invalid email", { email: "someone@nowhere" }, "Please enter a valid email address"],
    ["a 101-character name", { name: "n".repeat(101) }, "Name must be at most 100 characters"],
    ["a 255-character email", { email: `${"a".repeat(243)}@example.edu` }, "Email must be at most 254 characters"],
    ["a 501-character message", { message: "m".repeat(501) }, "Your message must be at most 500 characters"],
  ];
  for (const [what, overrides, message] of bad) {
    it(`refuses ${what} with 400 '${message}' and stores nothing`, async () => {
      const before = await total();
      const res = await post({ name: "Val", email: email(), message: "ok", ...overrides });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ success: false, message });
      expect(await total()).toBe(before);
    });
  }

  it("accepts the limits exactly (name 100, message 500)", async () => {
    const e = email();
    expect((await post({ name: "n".repeat(100), email: e, message: "m".repeat(500) })).status).toBe(201);
    expect(await rowsFor(e)).toHaveLength(1);
  });

  it("answers malformed JSON with 400 and an oversized body with 413, storing nothing", async () => {
    const before = await total();
    expect((await post("{oops")).status).toBe(400);
    const huge = await post({ name: "Big", email: email(), message: "m".repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect(await total()).toBe(before);
  });

  it("honeypot: success answer with the current count, nothing stored", async () => {
    const before = await total();
    const e = email();
    const res = await post({ name: "Bot", email: e, website: "spam.example" });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ success: true, count: before });
    expect(await rowsFor(e)).toHaveLength(0);
  });

  it(`rate limits an address to ${SUPPORT_LIMIT.max} sign-ups per window with a 429`, async () => {
    const addr = ip();
    for (let i = 0; i < SUPPORT_LIMIT.max; i++)
      expect((await post({ name: "R", email: email() }, addr)).status).toBe(201);
    const before = await total();
    const e = email();
    const res = await post({ name: "R", email: e }, addr);
    expect(res.status).toBe(429);
    expect(await json(res)).toMatchObject({
      success: false,
      message: "Too many sign-ups from your network. Please wait 10 minutes and try again.",
    });
    expect(await total()).toBe(before);
    expect((await post({ name: "R", email: e })).status).toBe(201);
  });
});
