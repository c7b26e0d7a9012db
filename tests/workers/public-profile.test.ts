import { describe, expect, it } from "vitest";

import { PROFILE_MESSAGES, validatePublicProfile } from "../../domain/accounts/public-profile-form";
import { getPublicInvestor } from "../../worker/services/accounts/public-profile";
import { call, db, insertProject, json, makeAdmin, signup, unique } from "./helpers";

type Answer = Record<string, unknown> & { message?: string; errors?: Record<string, string> };

const put = (userId: string, token: string | undefined, body: unknown) =>
  call(`/api/users/profile/${userId}`, { method: "PUT", token, body });
const get = (userId: string, token?: string) => call(`/api/users/profile/${userId}`, { token });

const uname = () => unique("inv-").toLowerCase().slice(0, 30);

const full = (overrides: Record<string, unknown> = {}) => ({
  username: uname(),
  wefunderUrl: "https://wefunder.com/ada",
  bio: "Engineer and angel.",
  site: "https://ada.example.edu",
  investingThesis: "Student climate hardware.",
  about: "About me.",
  offPlatformInvestments: "Two SAFEs.",
  investmentSize: "$500–$1,000",
  interests: "climate, fintech, , climate",
  confidentiality: { hideBadges: true, hideInvestments: false, hideInSearchEngines: true, hideLocation: false },
  ...overrides,
});

describe("GET and PUT /api/users/profile/{userId}", () => {
  it("answers 404 before a profile exists, then saves every field and reads it back", async () => {
    const me = await signup();
    expect((await get(me.user.id, me.token)).status).toBe(404);

    const body = full();
    const res = await put(me.user.id, me.token, body);
    expect(res.status).toBe(200);
    const saved = await json<Answer>(res);
    expect(saved.message).toBe(PROFILE_MESSAGES.saved);

    const read = await json<Answer>(await get(me.user.id, me.token));
    expect(read).toMatchObject({
      username: body.username,
      wefunderUrl: "https://wefunder.com/ada",
      bio: "Engineer and angel.",
      site: "https://ada.example.edu",
      investingThesis: "Student climate hardware.",
      about: "About me.",
      offPlatformInvestments: "Two SAFEs.",
      investmentSize: "$500–$1,000",
      interests: ["climate", "fintech"],
      confidentiality: { hideBadges: true, hideInvestments: false, hideInSearchEngines: true, hideLocation: false },
    });
  });

  it("is a full replace: a field left out is emptied, flags left out are false", async () => {
    const me = await signup();
    await put(me.user.id, me.token, full());
    const res = await put(me.user.id, me.token, { bio: "Only a bio" });
    expect(res.status).toBe(200);
    const read = await json<Answer>(await get(me.user.id, me.token));
    expect(read).toMatchObject({ bio: "Only a bio", site: "", username: "", interests: [] });
    expect(read.confidentiality).toEqual({
      hideBadges: false,
      hideInvestments: false,
      hideInSearchEngines: false,
      hideLocation: false,
    });
  });

  it("takes interests as a list and flags at the top level or as form strings", async () => {
    const me = await signup();
    const res = await put(me.user.id, me.token, { interests: [" AI ", "", "ai", "Health"], hideInvestments: "on" });
    expect(res.status).toBe(200);
    const out = await json<Answer>(res);
    expect(out.interests).toEqual(["AI", "Health"]);
    expect((out.confidentiality as Record<string, boolean>).hideInvestments).toBe(true);
  });

  it("refuses signed-out callers, other users (403), and lets an admin read and write", async () => {
    const me = await signup();
    const other = await signup();
    const admin = await signup();
    await makeAdmin(admin.user.id);

    const anon = await put(me.user.id, undefined, full());
    expect(anon.status).toBe(401);
    expect((await json<Answer>(anon)).message).toBe(PROFILE_MESSAGES.signedOut);
    expect((await get(me.user.id)).status).toBe(401);

    expect((await put(me.user.id, other.token, full())).status).toBe(403);
    expect((await get(me.user.id, other.token)).status).toBe(403);

    const byAdmin = await put(me.user.id, admin.token, full({ bio: "Set by admin" }));
    expect(byAdmin.status).toBe(200);
    expect((await json<Answer>(await get(me.user.id, admin.token))).bio).toBe("Set by admin");
    expect((await put("no-such-user", admin.token, full())).status).toBe(404);
  });

  it("keeps usernames unique without regard to case (409 'That username is taken')", async () => {
    const a = await signup();
    const b = await signup();
    const name = uname();
    expect((await put(a.user.id, a.token, full({ username: name }))).status).toBe(200);
    const clash = await put(b.user.id, b.token, full({ username: name.toUpperCase() }));
    expect(clash.status).toBe(409);
    const out = await json<Answer>(clash);
    expect(out.message).toBe("That username is taken");
    expect(out.errors).toEqual({ username: "That username is taken" });
    // the owner may save again with their own name, in any case
    expect((await put(a.user.id, a.token, full({ username: name.toUpperCase() }))).status).toBe(200);
  });

  it("gives a username raced for by many accounts to exactly one of them", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signup()));
    const name = uname();
    const answers = await Promise.all(people.map((p) => put(p.user.id, p.token, full({ username: name }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
  });

  it.each([
    ["javascript:alert(1)"],
    ["ftp://files.example.edu/me"],
    ["data:text/html,hi"],
    ["not a url"],
    ["https://user:pw@example.edu"],
  ])("refuses site %s with 'Please enter a valid URL for Site'", async (site) => {
    const me = await signup();
    const res = await put(me.user.id, me.token, full({ site, wefunderUrl: site }));
    expect(res.status).toBe(400);
    const out = await json<Answer>(res);
    expect(out.message).toBe("Please fix the 2 validation errors highlighted below");
    expect(out.errors).toEqual({
      site: "Please enter a valid URL for Site",
      wefunderUrl: "Please enter a valid URL for Other investing profile",
    });
    expect((await get(me.user.id, me.token)).status).toBe(404); // nothing written
  });

  it("answers every rule with its field's message and never a 500", async () => {
    const me = await signup();
    const res = await put(me.user.id, me.token, {
      username: "ab",
      bio: "x".repeat(1001),
      investingThesis: 42,
      about: "\u202Eevil",
      investmentSize: "line\nbreak",
      interests: Array.from({ length: 11 }, (_, i) => `topic ${i}`),
      confidentiality: { hideBadges: "maybe" },
    });
    expect(res.status).toBe(400);
    const out = await json<Answer>(res);
    expect(out.errors).toEqual({
      username: PROFILE_MESSAGES.username,
      bio: "Bio must be at most 1,000 characters",
      investingThesis: "Investing thesis must be text",
      about: "About cannot contain control, invisible or text-direction characters",
      investmentSize: "Typical investment size cannot contain control, invisible or text-direction characters",
      interests: PROFILE_MESSAGES.tooManyInterests,
      "confidentiality.hideBadges": "hideBadges must be true or false",
    });
    for (const bad of ["a b c", "way-too-long-username-over-thirty", "ümlaut", "dot.name"]) {
      expect(validatePublicProfile({ username: bad }).ok, bad).toBe(false);
    }
    expect(validatePublicProfile({ username: "Ada_Love-1" })).toMatchObject({
      ok: true,
      value: { username: "ada_love-1" },
    });
    expect(validatePublicProfile({ interests: "x".repeat(41) })).toMatchObject({ ok: false });
    expect((await put(me.user.id, me.token, "[1]")).status).toBe(400);
    expect((await put(me.user.id, me.token, { confidentiality: [true] })).status).toBe(400);
  });
});

describe("the public investor page's data", () => {
  it("claims no Premium Investor badge for an account that holds no investment", async () => {
    const me = await signup("investor", { firstName: "Ada", lastName: "Byron" });
    const name = uname();
    await put(me.user.id, me.token, full({ username: name, confidentiality: {} }));
    expect((await getPublicInvestor(db(), name))?.badges).toEqual([]);
  });

  it("shows only what the owner allows, and nothing for an unknown username", async () => {
    const me = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
    const project = await insertProject();
    await db()
      .$client.prepare(
        "insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, idempotency_key, created_at) values (?1, ?2, ?3, 1, 1000, 1000, ?1, ?4)",
      )
      .bind(unique("inv-"), me.user.id, project.id, Date.now())
      .run();
    const name = uname();
    await put(me.user.id, me.token, full({ username: name, confidentiality: {} }));
    const open = await getPublicInvestor(db(), name.toUpperCase());
    expect(open).toMatchObject({ name: "Grace H.", badges: ["Premium Investor"], noindex: false });
    expect(open!.investments!.map((i) => i.title)).toEqual([project.title]);
    expect(JSON.stringify(open)).not.toMatch(/amount|1000|@/);

    const hide = { hideInvestments: true, hideBadges: true, hideInSearchEngines: true, hideLocation: true };
    await put(me.user.id, me.token, full({ username: name, confidentiality: hide }));
    const hidden = await getPublicInvestor(db(), name);
    expect(hidden).toMatchObject({ investments: null, badges: [], noindex: true });

    expect(await getPublicInvestor(db(), "nobody-here")).toBeNull();
    expect(await getPublicInvestor(db(), "../etc")).toBeNull();
  });
});
