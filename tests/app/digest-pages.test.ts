/**
 * The email digest's pages without JavaScript: Settings → Notifications saves the digest choice
 * with a plain form post; /unsubscribe/:token asks on GET (changing nothing: mail scanners fetch
 * links), turns the digest off on POST, the page's own or the mail client's one-click POST (no
 * session, no Origin), and answers a token that is not ours with a 400 page.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { unsubscribeSecret, unsubscribeToken } from "../../worker/services/conversation/digest";
import { call, json, page, signup, visibleText } from "./helpers";

const digestOf = async (token: string) =>
  (await json<{ digest: string }>(await call("/api/notifications/preferences", { token }))).digest;

const choose = (token: string, digest: string) =>
  page("/settings/notifications", { token, form: { intent: "notifications", updates: "on", digest } });

const linkOf = async (userId: string) => `/unsubscribe/${await unsubscribeToken(unsubscribeSecret(env), userId)}`;

describe("Settings → Notifications: the digest choice", () => {
  it("shows Off checked by default, as a radio group", async () => {
    const { token } = await signup();
    const html = await (await page("/settings/notifications", { token })).text();
    const radios = [...html.matchAll(/<input[^>]*name="digest"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => [/value="(\w+)"/.exec(r)?.[1], /type="radio"/.test(r), /\schecked/.test(r)])).toEqual([
      ["off", true, true],
      ["daily", true, false],
      ["weekly", true, false],
    ]);
  });

  it("saves Weekly with a form post", async () => {
    const { token } = await signup();
    await choose(token, "weekly");
    expect(await digestOf(token)).toBe("weekly");
  });

  it("refuses a choice that is not one, saving nothing", async () => {
    const { token } = await signup();
    await choose(token, "daily");
    const res = await choose(token, "hourly");
    expect({ status: res.status, digest: await digestOf(token) }).toEqual({ status: 400, digest: "daily" });
  });
});

describe("/unsubscribe/:token", () => {
  it("GET asks with a button and changes nothing", async () => {
    const { user, token } = await signup();
    await choose(token, "daily");
    const res = await page(await linkOf(user.id));
    const text = visibleText(await res.text());
    expect({
      status: res.status,
      asked: text.includes("Unsubscribe from the CampusFund digest?"),
      digest: await digestOf(token),
    }).toEqual({ status: 200, asked: true, digest: "daily" });
  });

  it("the page's button (a form post, no session) turns the digest off and says so", async () => {
    const { user, token } = await signup();
    await choose(token, "daily");
    const res = await page(await linkOf(user.id), { form: {} });
    expect({
      status: res.status,
      said: visibleText(await res.text()).includes("You will no longer receive the digest."),
      digest: await digestOf(token),
    }).toEqual({ status: 200, said: true, digest: "off" });
  });

  it("the mail client's one-click POST (no cookie, no Origin) turns the digest off", async () => {
    const { user, token } = await signup();
    await choose(token, "weekly");
    const res = await exports.default.fetch(`http://localhost${await linkOf(user.id)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect({ status: res.status, digest: await digestOf(token) }).toEqual({ status: 200, digest: "off" });
  });

  it("a token that is not ours is a 400 page, and its POST changes nothing", async () => {
    const { user, token } = await signup();
    await choose(token, "daily");
    const forged = `/unsubscribe/${user.id}.${"A".repeat(43)}`;
    const [get, post] = [await page(forged), await page(forged, { form: {} })];
    expect({ codes: [get.status, post.status], digest: await digestOf(token) }).toEqual({
      codes: [400, 400],
      digest: "daily",
    });
  });
});
