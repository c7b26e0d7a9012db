import { describe, expect, it } from "vitest";

import { isCacheable } from "../../worker/edge-cache";
import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { call, insertProject, json, signup, unique, withPrice } from "./helpers";
import { queries } from "../shared/responses";

describe("edge cache for anonymous visitors", () => {
  it("serves a repeated anonymous GET from the cache without touching D1", async () => {
    const p = await insertProject({ slug: unique("cached-") });
    const first = await call(`/api/projects/${p.slug}`);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(queries(first)).toBe(1);
    const second = await call(`/api/projects/${p.slug}`);
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(queries(second)).toBe(0);
    expect(await json(second)).toEqual(await json(first));
    // browsers must revalidate: a visitor who signs in never sees an anonymous copy
    expect(second.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("never keeps a copy of a company's Trade tab, its page or its data, which move with every order", () => {
    const at = (path: string) => isCacheable(new Request(`http://localhost${path}`));
    expect([
      at("/project/tutorloop"),
      at("/project/tutorloop?tab=history"),
      at("/project/tutorloop?tab=trade"),
      at("/project/tutorloop.data?tab=trade"),
    ]).toEqual([true, true, false, false]);
  });

  it("never caches for signed-in requests (cookie or bearer)", async () => {
    const p = await insertProject({ slug: unique("private-") });
    const { token } = await signup();
    await call(`/api/projects/${p.slug}`); // an anonymous copy exists
    const bearer = await call(`/api/projects/${p.slug}`, { token });
    expect(bearer.headers.get("X-Edge-Cache")).toBeNull();
    const cookie = await call(`/api/projects/${p.slug}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(cookie.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("a purchase drops the isolate's copies, so visitors see the new numbers", async () => {
    const p = await insertProject({ slug: unique("fresh-") });
    expect(await json(await call(`/api/projects/${p.slug}`))).toMatchObject({ sharesSold: 0 });
    const { token } = await signup();
    const buy = await call(`/api/projects/${p.id}/invest`, {
      method: "POST",
      body: await withPrice(p.id, { shares: 10 }),
      token,
      headers: { "Idempotency-Key": unique() },
    });
    expect(buy.status).toBe(201);
    const after = await call(`/api/projects/${p.slug}`);
    expect(await json(after)).toMatchObject({ sharesSold: 10 });
  });

  it("does not cache errors, and a hard reload bypasses the copy", async () => {
    const missing = unique("missing-");
    expect((await call(`/api/projects/${missing}`)).status).toBe(404);
    expect((await call(`/api/projects/${missing}`)).headers.get("X-Edge-Cache")).toBeNull();
    const p = await insertProject({ slug: unique("reload-") });
    await call(`/api/projects/${p.slug}`);
    const reload = await call(`/api/projects/${p.slug}`, { headers: { "Cache-Control": "no-cache" } });
    expect(reload.headers.get("X-Edge-Cache")).toBe("MISS");
  });
});
