import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { CONTACT_LIMIT } from "../../worker/services/visitors/contacts";
import { call, json, unique, uniqueIp } from "./helpers";

const SUCCESS = "Thank you for your message! We will get back to you soon.";
const REQUIRED = "Please fill in all required fields";

/** Each test posts from its own client address so rate limits never leak between tests. */
const ip = uniqueIp;

const post = (path: string, body: unknown, addr = ip(), headers: Record<string, string> = {}) =>
  call(path, { method: "POST", body, headers: { "CF-Connecting-IP": addr, ...headers } });

const rows = async (email: string) =>
  (
    await env.DB.prepare("select name, email, subject, message from contact_messages where email = ?")
      .bind(email)
      .all<{ name: string; email: string; subject: string | null; message: string }>()
  ).results;

const total = async () =>
  (await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>())!.n;

const email = () => `${unique("c")}@example.edu`;

describe("POST /api/contacts (home form)", () => {
  it("stores the message and answers the spec's success message", async () => {
    const e = email();
    const res = await post("/api/contacts", { name: "  Sam  ", email: e, message: " Hello there " });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ success: true, message: SUCCESS });
    expect(await rows(e)).toEqual([{ name: "Sam", email: e, subject: null, message: "Hello there" }]);
  });

  it("accepts a form-encoded body too", async () => {
    const e = email();
    const res = await call("/api/contacts", {
      method: "POST",
      body: new URLSearchParams({ name: "Sam", email: e, message: "Hi" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip() },
    });
    expect(res.status).toBe(201);
    expect(await rows(e)).toHaveLength(1);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["a missing name", { name: undefined }, REQUIRED],
    ["a blank name", { name: "   " }, REQUIRED],
    ["a missing email", { email: "" }, REQUIRED],
    ["a blank message", { message: " \n " }, REQUIRED],
    ["an invalid email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["a 101-character name", { name: "x".repeat(101) }, "Name must be at most 100 characters"],
    ["a 255-character email", { email: `${"a".repeat(243)}@example.edu` }, "Email must be at most 254 characters"],
    ["a 5,001-character message", { message: "m".repeat(5001) }, "Message must be at most 5,000 characters"],
  ];
  for (const [what, overrides, message] of bad) {
    it(`refuses ${what} with 400 '${message}' and stores nothing`, async () => {
      const before = await total();
      const res = await post("/api/contacts", { name: "Sam", email: email(), message: "Hello", ...overrides });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ success: false, message });
      expect(await total()).toBe(before);
    });
  }

  it("accepts the limits exactly (name 100, message 5,000)", async () => {
    const e = email();
    const res = await post("/api/contacts", { name: "n".repeat(100), email: e, message: "m".repeat(5000) });
    expect(res.status).toBe(201);
    expect(await rows(e)).toHaveLength(1);
  });

  it("answers malformed JSON and a non-object body with 400, never 500", async () => {
    const a = await post("/api/contacts", "{not json");
    expect(a.status).toBe(400);
    const b = await post("/api/contacts", "[1,2]");
    expect(b.status).toBe(400);
  });

  it("treats a filled honeypot as a bot: success answer, nothing stored", async () => {
    const e = email();
    const res = await post("/api/contacts", {
      name: "Bot",
      email: e,
      message: "Buy now",
      website: "http://spam.example",
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ success: true, message: SUCCESS });
    expect(await rows(e)).toHaveLength(0);
  });

  it(`rate limits an address to ${CONTACT_LIMIT.max} messages per window with a 429`, async () => {
    const addr = ip();
    const e = email();
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      const res = await post("/api/contacts", { name: "Sam", email: e, message: `Message ${i}` }, addr);
      expect(res.status).toBe(201);
    }
    const res = await post("/api/contacts", { name: "Sam", email: e, message: "One too many" }, addr);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect(await json(res)).toMatchObject({
      success: false,
      message: "You have sent too many messages. Please wait 10 minutes and try again.",
    });
    expect(await rows(e)).toHaveLength(CONTACT_LIMIT.max);
    // the home and contact-page forms share the quota; another address is unaffected
    expect((await post("/api/contact", { name: "Sam", email: e, message: "x" }, addr)).status).toBe(429);
    expect((await post("/api/contacts", { name: "Sam", email: e, message: "Other address" })).status).toBe(201);
  });

  it("refuses a cross-site browser post", async () => {
    const e = email();
    const res = await post("/api/contacts", { name: "Sam", email: e, message: "Hi" }, ip(), {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(res.status).toBe(403);
    expect(await rows(e)).toHaveLength(0);
  });
});

describe("POST /api/contact (contact page, with subject)", () => {
  for (const subject of ["general", "support", "business", "other"]) {
    it(`stores subject '${subject}'`, async () => {
      const e = email();
      const res = await post("/api/contact", { name: "Sam", email: e, subject, message: "Hello" });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual({ success: true, message: SUCCESS });
      expect((await rows(e))[0]).toMatchObject({ subject });
    });
  }

  it("defaults the subject to general", async () => {
    const e = email();
    expect((await post("/api/contact", { name: "Sam", email: e, message: "Hello" })).status).toBe(201);
    expect((await rows(e))[0]).toMatchObject({ subject: "general" });
  });

  it("refuses an unknown subject with 400 and stores nothing", async () => {
    const e = email();
    const res = await post("/api/contact", { name: "Sam", email: e, subject: "sales", message: "Hello" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      message: "Please choose a subject: general, support, business or other",
    });
    expect(await rows(e)).toHaveLength(0);
  });

  it("needs name, email and message: 'Please fill in all required fields'", async () => {
    const e = email();
    const res = await post("/api/contact", { name: "Sam", email: e, subject: "support" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ success: false, message: REQUIRED });
    expect(await rows(e)).toHaveLength(0);
  });

  it("honeypot: success answer, nothing stored", async () => {
    const e = email();
    const res = await post("/api/contact", { name: "Bot", email: e, subject: "other", message: "x", website: "y" });
    expect(res.status).toBe(201);
    expect(await rows(e)).toHaveLength(0);
  });
});
