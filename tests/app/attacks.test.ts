/**
 * The attack on the running app, replayed through the doors where it was found: the page
 * actions and their `.data` routes of the built Worker (the API door is tests/workers/attacks.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import headersFile from "../../public/_headers?raw";
import { BASE_SECURITY_HEADERS } from "../../worker/security-headers";
import {
  alerts,
  allCounts,
  deviceCookieOf,
  expectAlert,
  insertProject,
  insertProjectWithSevenSharesLeft,
  page,
  rows,
  signup,
  tally,
  unique,
  uniqueIp,
  visibleText,
  signupForm,
} from "./helpers";

const TOO_MANY = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** Where a `.data` action answer redirects to (React Router's single-fetch redirect). */
async function dataRedirect(res: Response): Promise<string | null> {
  const text = await res.text();
  const m = /"redirect",(?:\d+,)*"([^"]*)"/.exec(text) ?? /"(\/[^"]*)"/.exec(text);
  return m?.[1] ?? null;
}

describe("2. no open redirect after sign-in or sign-up, and never a 500", () => {
  // What the user typed (the form decodes %09 to a tab) → where the sign-in goes. Values that
  // leave our origin go home; values that stay on it come back re-serialised by the URL parser,
  // with no character a header cannot hold.
  const cases: [string, string][] = [
    ["/\t/evil.com", "/portfolio"],
    ["/\n/evil.com", "/portfolio"],
    ["//evil.com", "/portfolio"],
    ["/\\evil.com", "/portfolio"],
    ["/\\/evil.com", "/portfolio"],
    ["https://evil.com/", "/portfolio"],
    ["http://localhost.evil.com/", "/portfolio"],
    ["javascript:alert(1)", "/portfolio"],
    ["portfolio", "/portfolio"],
    ["/\r\nSet-Cookie: x=1", "/Set-Cookie:%20x=1"],
    ["/\0/evil.com", "/%00/evil.com"],
    ["/%09/evil.com", "/%09/evil.com"],
  ];

  for (const [redirectTo, expected] of cases) {
    it(`sign-in with redirectTo=${JSON.stringify(redirectTo)} goes to ${expected}, on the form and the .data door`, async () => {
      const { user, password } = await signup();
      const form = await page("/signin", { form: { email: user.email, password, redirectTo } });
      expect(form.status).toBe(302);
      expect(form.headers.get("Location")).toBe(expected);
      const data = await page("/signin.data", { form: { email: user.email, password, redirectTo } });
      expect(data.status).toBe(202);
      expect(await dataRedirect(data)).toBe(expected);
    });
  }

  // Dot segments the URL parser removes after the origin check (`/..//host` resolves to
  // the path `//host`, a link to another site). Every shape the second attack found, and kin.
  const dotSegments = [
    "/..//evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/.%2e/%2e%2e//evil.example",
    "/%2e%2e//evil.example",
    "/a/../..//evil.example",
    "/..\\/evil.example",
    "/.\t.//evil.example",
    "/..//evil.example/portfolio?x=1#y",
  ];
  for (const redirectTo of dotSegments) {
    it(`sign-in and sign-up with redirectTo=${JSON.stringify(redirectTo)} stay on our site, on the form and the .data door`, async () => {
      const { user, password } = await signup();
      const form = await page("/signin", { form: { email: user.email, password, redirectTo } });
      expect(form.headers.get("Location")).toBe("/portfolio");
      const again = await signup();
      const data = await page("/signin.data", {
        form: { email: again.user.email, password: again.password, redirectTo },
      });
      expect(await dataRedirect(data)).toBe("/portfolio");
      const created = await page("/signup", { form: { ...signupForm(), redirectTo } });
      expect(created.headers.get("Location")).toBe("/portfolio?newUser=1");
      const createdData = await page("/signup.data", { form: { ...signupForm(), redirectTo } });
      expect(await dataRedirect(createdData)).toBe("/portfolio?newUser=1");
    });
  }

  it("a same-site path is kept, query and all", async () => {
    const { user, password } = await signup();
    const res = await page("/signin", {
      form: { email: user.email, password, redirectTo: "/purchase/campusroute?shares=10" },
    });
    expect(res.headers.get("Location")).toBe("/purchase/campusroute?shares=10");
  });

  it("sign-up with a hostile redirectTo lands on the new account's home", async () => {
    for (const redirectTo of ["/\t/evil.com", "/\n/evil.com"]) {
      const res = await page("/signup", { form: { ...signupForm(), redirectTo } });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/portfolio?newUser=1");
    }
  });

  it("a failed sign-in with a control character in redirectTo is a 401 page and writes no session", async () => {
    const { user } = await signup();
    const before = await rows("sessions", "user_id = ?", user.id);
    for (const redirectTo of ["/\n/evil.com", "/\r/x", "/\0/x"]) {
      const res = await page("/signin", { form: { email: user.email, password: "Not-the-password-1", redirectTo } });
      await expectAlert(res, 401, "Invalid email or password. Please check your credentials and try again.");
    }
    expect(await rows("sessions", "user_id = ?", user.id)).toBe(before);
  });
});

describe("6. page actions answer bad bodies with a 4xx, never a 500, and store nothing", () => {
  const bodies: [string, { body: string; contentType?: string }, number][] = [
    ["JSON", { body: '{"name":"x","email":"a@b.co"}', contentType: "application/json" }, 415],
    ["text", { body: "name=x", contentType: "text/plain" }, 415],
    ["XML", { body: "<form><name>x</name></form>", contentType: "application/xml" }, 415],
    [
      "broken multipart",
      {
        body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
        contentType: "multipart/form-data; boundary=xyz",
      },
      400,
    ],
    ["multipart without a boundary", { body: "a=1", contentType: "multipart/form-data" }, 400],
  ];

  async function doors() {
    const investor = await signup();
    const project = await insertProject();
    return [
      { path: "/signin", token: undefined },
      { path: "/signup", token: undefined },
      { path: "/support", token: undefined },
      { path: "/contact", token: undefined },
      { path: `/purchase/${project.slug}`, token: investor.token },
    ];
  }

  it("JSON, text, XML and broken multipart bodies: 415 or 400 with a message, on the form and .data doors", async () => {
    const targets = await doors();
    const before = await allCounts();
    for (const { path, token } of targets) {
      for (const suffix of ["", ".data"]) {
        for (const [what, init, status] of bodies) {
          const res = await page(`${path}${suffix}`, { ...init, token });
          expect(res.status, `${what} to ${path}${suffix}`).toBe(status);
          const text = await res.text();
          const message =
            status === 415
              ? "This form must be sent as application/x-www-form-urlencoded or multipart/form-data"
              : "The form data could not be read";
          // the page shows it (not only its hydration data); the .data answer carries it
          expect(suffix ? text : visibleText(text), `${what} to ${path}${suffix}`).toContain(message);
        }
      }
    }
    expect(await allCounts()).toEqual(before);
  });

  it("an empty body is an empty form: the spec's 'required' message, status 400", async () => {
    const cases: [string, string][] = [
      ["/signin", "Please provide both email and password"],
      ["/signup", "Please fill out all fields"],
      ["/support", "Please fill in all required fields"],
      ["/contact", "Please fill in all required fields"],
    ];
    for (const [path, message] of cases) {
      const res = await page(path, { method: "POST" });
      await expectAlert(res, 400, message);
    }
  });

  it("a 10 MB post is refused with 413 before it is read, a 20 KB supporter form by its own limit", async () => {
    const before = await rows("supporters");
    const huge = await page("/support", {
      body: `name=x&email=a%40b.co&message=${"m".repeat(10 * 1024 * 1024)}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(huge.status).toBe(413);
    const big = await page("/support", {
      form: { name: "Big", email: `${unique("big")}@example.edu`, message: "m".repeat(20 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("The form is too large");
    expect(await rows("supporters")).toBe(before);
  });

  it("200,000 fields are refused (413), 5,000 fields too (400), storing nothing", async () => {
    const before = await rows("contact_messages");
    const many = (n: number) => `name=Sam&email=sam%40example.edu&message=Hi&${"a=1&".repeat(n)}`;
    expect(
      (await page("/contact", { body: many(200_000), contentType: "application/x-www-form-urlencoded" })).status,
    ).toBe(413);
    const fields = await page("/contact", { body: many(5_000), contentType: "application/x-www-form-urlencoded" });
    expect(fields.status).toBe(400);
    expect(await fields.text()).toContain("The form has too many fields");
    expect(await rows("contact_messages")).toBe(before);
  });

  it("a file where text belongs is refused with 400", async () => {
    const form = new FormData();
    form.append("email", new File(["x"], "x.txt"));
    form.append("password", "whatever");
    const res = await page("/signin", { body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This form does not accept files");
  });
});

describe("1 and 3. the sign-in form holds the limit under concurrency, and the owner's browser is never locked out", () => {
  it("40 concurrent wrong passwords through the form: exactly 5 are checked, 35 get the 429 page", async () => {
    const { user } = await signup();
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        page("/signin", { ip, form: { email: user.email, password: `form-guess-${i}` } }),
      ),
    );
    expect(tally(responses.map((r) => r.status))).toEqual({ 401: 5, 429: 35 });
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(alerts(await refused.text())).toContain(TOO_MANY);
  });

  it("after guesses from 20 addresses, the owner signs in from the browser they used before", async () => {
    const { user, password } = await signup();
    const ownerIp = uniqueIp();
    const first = await page("/signin", { ip: ownerIp, form: { email: user.email, password } });
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => page("/signin", { form: { email: user.email, password: `attack-${i}-x` } })),
    );
    const owner = await page("/signin", { ip: ownerIp, cookie: device, form: { email: user.email, password } });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/portfolio");
  });
});

describe("4, 5, 7, 8 through the forms", () => {
  it("4. the supporters form: a known email changes nothing public and shows the same banner", async () => {
    const email = `${unique("fan")}@example.edu`;
    const first = await page("/support", { form: { name: "Real Fan", email, message: "Go team", showPublicly: "on" } });
    expect(first.status).toBe(200);
    const again = await page("/support", {
      form: { name: "Vandal", email: email.toUpperCase(), message: "spam", showPublicly: "on" },
    });
    expect(again.status).toBe(200);
    const text = visibleText(await again.text());
    expect(text).toContain("Thank You for Your Support!");
    expect(text).toContain("Real Fan");
    expect(text).not.toContain("Vandal");
    const row = await env.DB.prepare("select name, message from supporters where lower(email) = ?").bind(email).first();
    expect(row).toEqual({ name: "Real Fan", message: "Go team" });
  });

  it("5. 20 concurrent sign-ups through the form from one address create 10 accounts", async () => {
    const ip = uniqueIp();
    const forms = Array.from({ length: 20 }, () => signupForm());
    const responses = await Promise.all(forms.map((form) => page("/signup", { ip, form })));
    expect(tally(responses.map((r) => r.status))).toEqual({ 302: 10, 429: 10 });
    const created = await Promise.all(forms.map((f) => rows("users", "email = ?", f.email)));
    expect(created.reduce((a, b) => a + b, 0)).toBe(10);
    const refused = responses.find((r) => r.status === 429)!;
    expect(alerts(await refused.text())).toContain(
      "Too many accounts were created from your network. Please wait an hour and try again.",
    );
  });

  it("7. 50 concurrent contact forms from one address store 5", async () => {
    const ip = uniqueIp();
    const email = `${unique("burst")}@example.edu`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        page("/contact", { ip, form: { name: "Burst", email, subject: "general", message: `n${i}` } }),
      ),
    );
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 5, 429: 45 });
    expect(await rows("contact_messages", "email = ?", email)).toBe(5);
  });

  it("7. 50 concurrent supporter forms from one address store 5", async () => {
    const ip = uniqueIp();
    const marker = unique("crowd");
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        page("/support", { ip, form: { name: "Crowd", email: `${marker}-${i}@example.edu` } }),
      ),
    );
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 5, 429: 45 });
    expect(await rows("supporters", "email like ?", `${marker}-%`)).toBe(5);
  });

  const refusals: [string, Record<string, string>, string][] = [
    [
      "a zero-width-only first name",
      { firstName: "\u200b\u200b" },
      "First name cannot contain control, invisible or text-direction characters",
    ],
    [
      "a bidi override in the last name",
      { lastName: "Quinn\u202e" },
      "Last name cannot contain control, invisible or text-direction characters",
    ],
    ["a lookalike email (Cyrillic а)", { email: "investor@c\u0430mpusfund.dev" }, "Please enter a valid email address"],
    [
      "the password iloveyou",
      { password: "iloveyou", confirmPassword: "iloveyou" },
      "This password is one of the most common passwords. Please choose one that is harder to guess.",
    ],
    ["a password of six spaces", { password: "      ", confirmPassword: "      " }, "Password cannot be only spaces"],
  ];
  for (const [what, overrides, message] of refusals) {
    it(`8. the sign-up form refuses ${what}: '${message}', creating nothing`, async () => {
      const form = signupForm(overrides);
      await expectAlert(await page("/signup", { form }), 400, message);
      expect(await rows("users", "email = ?", form.email!.toLowerCase())).toBe(0);
    });
  }
});

describe("9. headers: a per-response CSP nonce, the same security headers on static files, no caching of signed-in pages", () => {
  it("every page carries a CSP whose nonce is on every script, and no 'unsafe-inline' for scripts", async () => {
    for (const path of ["/", "/signin", "/demo", "/support", "/about"]) {
      const res = await page(path);
      const csp = res.headers.get("Content-Security-Policy")!;
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic' 'self'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("a cached visitor page gets a fresh nonce on every response, in the header and the HTML", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await page("/");
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy")!)![1];
      const html = await res.text();
      expect(html.match(/nonce="([^"]+)"/g)!.every((n) => n === `nonce="${nonce}"`)).toBe(true);
      seen.add(nonce!);
      if (i > 0) expect(res.headers.get("X-Edge-Cache")).toBe("HIT");
    }
    expect(seen.size).toBe(3);
  });

  it("signed-in pages and their .data answers are private and never stored", async () => {
    const { token } = await signup();
    for (const path of [
      "/portfolio",
      "/portfolio.data",
      "/profile",
      "/profile.data",
      "/",
      "/_root.data?_routes=root",
    ]) {
      const res = await page(path, { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("a purchase form posted with an Origin that differs only by scheme or port is refused, and buys nothing", async () => {
    const project = await insertProject();
    const { token } = await signup();
    for (const origin of ["https://localhost", "http://localhost:8898"]) {
      const res = await page(`/purchase/${project.slug}`, {
        token,
        headers: { Origin: origin },
        form: { shares: "10", idempotencyKey: unique("k"), riskAcknowledged: "on" },
      });
      expect(res.status, origin).toBe(403);
    }
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("public/_headers gives static files the Worker's security headers", () => {
    const text = headersFile;
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(text).toContain(`  ${name}: ${value}\n`);
    expect(text).toMatch(/Content-Security-Policy: default-src 'none';[^\n]*frame-ancestors 'none'/);
  });
});

describe("10. only what changes public pages refreshes the visitors' copy", () => {
  it("a failed sign-in, a sign-out and a contact message through the forms leave the copy; a purchase refreshes it", async () => {
    const project = await insertProject({ slug: unique("edge-") });
    const path = `/project/${project.slug}`;
    expect((await page(path)).headers.get("X-Edge-Cache")).toBe("MISS");
    await page("/signin", { form: { email: "nobody@example.edu", password: "Whatever-123" } });
    await page("/logout", { method: "POST" });
    await page("/contact", { form: { name: "Sam", email: "sam@example.edu", message: "Hi" } });
    expect((await page(path)).headers.get("X-Edge-Cache")).toBe("HIT");
    const investor = await signup();
    const buy = await page(`/purchase/${project.slug}`, {
      token: investor.token,
      form: { shares: "10", amount: "100", idempotencyKey: unique("k"), riskAcknowledged: "on" },
    });
    expect(buy.status).toBe(302);
    expect((await page(path)).headers.get("X-Edge-Cache")).toBe("MISS");
  });
});

describe("11. the last shares", () => {
  it("the purchase page offers the 7 remaining shares below the $500 minimum, and the form buys them", async () => {
    const project = await insertProjectWithSevenSharesLeft();
    const { token } = await signup();
    const html = await (await page(`/purchase/${project.slug}`, { token })).text();
    const text = visibleText(html);
    expect(text).toContain("Only 7 shares are left: you can buy all of them below the $500 minimum.");
    expect(html).toMatch(/<input[^>]*name="shares"[^>]*value="7"/);
    const buy = await page(`/purchase/${project.slug}`, {
      token,
      form: { shares: "7", amount: "350", idempotencyKey: unique("k"), riskAcknowledged: "on" },
    });
    expect(buy.status).toBe(302);
    expect(await env.DB.prepare("select shares_sold from projects where id = ?").bind(project.id).first()).toEqual({
      shares_sold: 1_000,
    });
  });
});

describe("12. without JavaScript, the purchase page never states one amount and buys another", () => {
  it("the shares form reviews before it buys: the confirmation names the exact shares and total", async () => {
    const project = await insertProject({ sharePriceCents: 600, totalShares: 10_000 });
    const { token } = await signup();
    const first = visibleText(await (await page(`/purchase/${project.slug}?shares=100`, { token })).text());
    // the server-rendered form names no number it cannot know
    expect(first).toContain("Review Purchase");
    expect(first).not.toMatch(/Purchase \d[\d,]* Shares/);
    // the user changed 100 to 30 and pressed Review Purchase (a GET form)
    const review = await (await page(`/purchase/${project.slug}?shares=30&review=1`, { token })).text();
    const text = visibleText(review);
    expect(text).toContain("You are buying 30 shares of");
    expect(text).toContain("Total investment $180 ");
    expect(text).toContain("Purchase 30 Shares");
    expect(review).toMatch(/<input type="hidden" name="amount" value="180"/);
    const buy = await page(`/purchase/${project.slug}`, {
      token,
      form: { shares: "30", amount: "180", idempotencyKey: unique("k"), riskAcknowledged: "on" },
    });
    expect(buy.status).toBe(302);
    expect(
      await env.DB.prepare("select shares, amount_cents from investments where project_id = ?")
        .bind(project.id)
        .all()
        .then((r) => r.results),
    ).toEqual([{ shares: 30, amount_cents: 18_000 }]);
  });

  it("a posted total that does not match shares × price buys nothing", async () => {
    const project = await insertProject({ sharePriceCents: 600, totalShares: 10_000 });
    const { token } = await signup();
    const res = await page(`/purchase/${project.slug}`, {
      token,
      form: { shares: "30", amount: "600", idempotencyKey: unique("k"), riskAcknowledged: "on" },
    });
    await expectAlert(res, 422, "The amount does not match shares times the share price");
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });
});

describe("13. ?notice= only shows our own notices", () => {
  it("?notice=toString (or any inherited name) shows no alert", async () => {
    for (const notice of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const html = await (await page(`/about?notice=${notice}`)).text();
      expect(alerts(html), notice).toEqual([]);
      expect(html).not.toMatch(/class="alert[^"]*"[^>]*role="status"/);
    }
  });
});

describe("one rule, one message, whatever the door", () => {
  const FOUNDER =
    "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.";
  const NO_PORTFOLIO =
    "As a founder, you cannot access the investor portfolio. This feature is only available for investor accounts.";

  it("a founder opening the purchase page gets the founder message, as posting the form does", async () => {
    const project = await insertProject();
    const { token } = await signup("founder");
    const opened = await page(`/purchase/${project.slug}`, { token });
    const html = await expectAlert(opened, 403, FOUNDER);
    expect(html).not.toMatch(/name="shares"/);
    const posted = await page(`/purchase/${project.slug}`, {
      token,
      form: { shares: "10", idempotencyKey: unique("k") },
    });
    await expectAlert(posted, 403, FOUNDER);
    expect(await rows("investments", "project_id = ?", project.id)).toBe(0);
  });

  it("a founder opening the portfolio gets the message the API gives", async () => {
    const { token } = await signup("founder");
    await expectAlert(await page("/portfolio", { token }), 403, NO_PORTFOLIO);
  });
});
