/**
 * The public marketing pages (/, /about, /privacy-policy, /terms-of-service, /access-denied) and
 * the shared behaviour of every page: titles, the home sections, footer anchors, the legal pages'
 * last-updated date and back-to-top, scroll reveal (never hiding content without JavaScript or
 * with reduced motion), the header's scroll style and mobile menu, and the start-up clearing of
 * stale browser-storage keys. Runs in both projects; JS-only behaviour is skipped without JS.
 *
 * Browser-side code is passed to page.evaluate as strings: tests/e2e compiles without DOM types.
 */
import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import { DEMO, signInAs } from "./helpers";

const PAGES = [
  { path: "/", title: "CampusFund", h1: "Back the student founders building what's next" },
  { path: "/about", title: "About | CampusFund", h1: "We help student founders raise from people who believe in them" },
  { path: "/privacy-policy", title: "Privacy Policy | CampusFund", h1: "Privacy Policy" },
  { path: "/terms-of-service", title: "Terms of Service | CampusFund", h1: "Terms of Service" },
  { path: "/access-denied", title: "Access Restricted | CampusFund", h1: "Access Restricted" },
];

/** The home sections in page order: [section id, its heading]. */
const HOME_SECTIONS: [string, string][] = [
  ["features", "Everything you need to back student startups"],
  ["how-it-works", "From sign-up to shareholder in three steps"],
  ["featured", "Featured projects"],
  // The rails (ADR 055), after the spec's showcase.
  ["raising", "Raises to watch"],
  ["market", "A generation of founders, waiting for backers"],
  ["why-us", "Why founders and investors choose CampusFund"],
  ["roadmap", "Where we're headed"],
  ["team", "Meet the CampusFund team"],
  ["contact", "Get in touch"],
];

const todayIso = () => new Date().toISOString().slice(0, 10);
const todayText = () =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

const scrollTo = (page: Page, y: number) => page.evaluate(`window.scrollTo(0, ${y})`);
const scrollY = (page: Page) => page.evaluate("window.scrollY") as Promise<number>;

test.describe("every public page renders with its title and content", { tag: "@read-only" }, () => {
  for (const p of PAGES) {
    test(p.path, async ({ page }) => {
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole("heading", { level: 1, name: p.h1 })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "CampusFund home" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

test.describe("home", { tag: "@read-only" }, () => {
  test("has every section, in order, with the marketing claims and statistics", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    for (const [id, heading] of HOME_SECTIONS) {
      const section = page.locator(`section#${id}`);
      await expect(section, `section #${id}`).toHaveCount(1);
      await expect(section.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const ids = await main.locator(":scope > section[id]").evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(HOME_SECTIONS.map(([id]) => id));

    // The site footer closes the page, after the contact section.
    await expect(page.locator("main + footer.site-footer")).toHaveCount(1);

    const market = page.locator("#market");
    for (const stat of ["5M", "$10Bn", "65%", "25,000+", "5000+"]) {
      await expect(market.getByText(stat, { exact: true })).toBeVisible();
    }
    await expect(market).toContainText("student founders");
    await expect(market).toContainText("potential partner universities");

    const why = page.locator("#why-us");
    for (const claim of [
      "Lower fees",
      "Transparent processes",
      "Curated selection",
      "Broker-dealer compliance",
      "A yearly seed of up to 50 companies",
    ]) {
      await expect(why.getByRole("heading", { level: 3, name: claim })).toBeVisible();
    }

    const team = page.locator("#team");
    await expect(team.getByRole("listitem")).toHaveCount(4);
    await expect(team.locator("img[src^='/images/team/']")).toHaveCount(4);
    for (const src of await team.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")!))) {
      const r = await page.request.get(src);
      expect(r.status(), src).toBe(200);
      expect(r.headers()["content-type"]).toContain("svg");
    }

    // The showcase lists real featured projects from the database.
    const featured = page
      .locator("#featured")
      .getByRole("link")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await featured.count()).toBeGreaterThan(0);
    expect(await featured.first().getAttribute("href")).toMatch(/^\/project\/[a-z0-9-]+$/);

    // Features' call to action and How it works' demo link.
    await expect(page.locator("#features").getByRole("link", { name: "Support Our Vision" })).toHaveAttribute(
      "href",
      "/support",
    );
    await expect(page.locator("#how-it-works").getByRole("link", { name: "Experience Demo" })).toHaveAttribute(
      "href",
      "/demo",
    );
  });

  test("the contact section holds the contact form", async ({ page }) => {
    await page.goto("/#contact");
    const contact = page.locator("#contact");
    await expect(contact.getByLabel("Name", { exact: true })).toBeVisible();
    await expect(contact.getByLabel("Email", { exact: true })).toBeVisible();
    await expect(contact.getByLabel("Message", { exact: true })).toBeVisible();
    await expect(contact.getByRole("button", { name: "Send Message" })).toBeVisible();
    await expect(contact.getByLabel("Subject")).toHaveCount(0);
  });

  test("a visitor's hero offers Get Started and support; a signed-in user's offers Explore projects", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.goto("/");
    const hero = page.locator("section.hero");
    await expect(hero.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(hero.getByRole("link", { name: "Support Our Vision" })).toHaveAttribute("href", "/support");
    await expect(hero.getByRole("link", { name: "Explore projects" })).toHaveCount(0);

    await signInAs(context, request, baseURL!, DEMO.investor);
    await page.goto("/");
    await expect(hero.getByRole("link", { name: "Explore projects" })).toHaveAttribute("href", "/demo");
    await expect(hero.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("section links point at real sections and the page links resolve", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.locator("nav a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs).toEqual(
      expect.arrayContaining(["/#features", "/#roadmap", "/about", "/contact", "/privacy-policy", "/terms-of-service"]),
    );
    for (const href of hrefs) {
      const [path, hash] = href.split("#");
      await page.goto(href);
      expect(new URL(page.url()).pathname).toBe(path || "/");
      if (hash) await expect(page.locator(`#${hash}`)).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: /CampusFund on/ })).toHaveCount(4);
  });

  test("Features in the footer leads to the features section of home", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.getByRole("heading", { level: 2, name: HOME_SECTIONS[0]![1] })).toBeInViewport();
  });
});

test.describe("legal pages", () => {
  for (const path of ["/privacy-policy", "/terms-of-service"]) {
    test(
      `${path}: last updated today, contents, contact email and address`,
      { tag: "@read-only" },
      async ({ page }) => {
        await page.goto(path);
        const time = page.locator(".legal-meta time");
        await expect(time).toHaveAttribute("datetime", todayIso());
        await expect(time).toHaveText(todayText());
        await expect(page.getByText(/Last updated:/)).toBeVisible();

        // Every table-of-contents entry leads to a section of the page.
        const toc = page.getByRole("navigation", { name: "Contents" });
        const links = await toc.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
        expect(links.length).toBeGreaterThan(5);
        for (const href of links) await expect(page.locator(`section${href}`)).toHaveCount(1);

        const contact = page.locator("#contact-us");
        await expect(contact.getByRole("link", { name: /@campusfund\.dev$/ })).toHaveAttribute("href", /^mailto:/);
        await expect(contact.locator("address")).toContainText(/Suite \d+/);

        const text = await page.getByRole("main").innerText();
        expect(text).toMatch(/18 years old/);
        expect(text).toMatch(/simulated/i);
      },
    );
  }

  test(
    "the terms state eligibility, simulated money and the regulation notes",
    { tag: "@read-only" },
    async ({ page }) => {
      await page.goto("/terms-of-service");
      const main = page.getByRole("main");
      await expect(main).toContainText("at least 18 years old");
      await expect(main).toContainText("No securities are actually offered or sold.");
      await expect(main).toContainText("up to $5 million");
      await expect(main).toContainText("up to $75 million");
      await expect(main).toContainText("accredited and non-accredited investors");
      await expect(main).toContainText("SAFE");
    },
  );

  test(
    "the privacy policy lists the data stored, the one cookie and browser storage",
    { tag: "@read-only" },
    async ({ page }) => {
      await page.goto("/privacy-policy");
      const main = page.getByRole("main");
      for (const h of [
        "Your account",
        "Sessions",
        "Simulated investments and projects",
        "Contact messages",
        "Supporters",
      ]) {
        await expect(main.getByRole("heading", { level: 3, name: h })).toBeVisible();
      }
      await expect(main).toContainText("one cookie");
      await expect(main).toContainText("HttpOnly");
      await expect(main).toContainText("task manager");
    },
  );

  test("back to top: a button after 300px of scroll (JS), plain links without JS", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/privacy-policy");
    const links = page.getByRole("link", { name: "Back to top" });
    expect(await links.count()).toBeGreaterThan(5);
    const button = page.getByRole("button", { name: "Back to top" });

    if (!javaScriptEnabled) {
      await expect(button).toHaveCount(0);
      await links.last().click();
      await expect(page).toHaveURL(/#top$/);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInViewport();
      return;
    }

    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    await expect(button).toHaveCount(0);
    await scrollTo(page, 250);
    await page.waitForTimeout(200);
    await expect(button).toHaveCount(0);
    await scrollTo(page, 700);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);
    await expect(button).toHaveCount(0);
  });
});

test.describe("scroll reveal", () => {
  test("content is visible without JavaScript and with reduced motion", async ({ page, javaScriptEnabled }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      const reveals = page.locator(".reveal");
      expect(await reveals.count()).toBeGreaterThan(5);
      // The last one is far below the fold and never scrolled to.
      await expect(reveals.last()).toHaveCSS("opacity", "1");
      await expect(reveals.last()).toHaveCSS("transform", "none");
      if (javaScriptEnabled) await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    }
  });

  test("without JavaScript nothing is hidden, whatever the motion preference", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "no-JS only");
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/\bjs\b/);
    const reveals = page.locator(".reveal");
    const n = await reveals.count();
    for (let i = 0; i < n; i += 4) await expect(reveals.nth(i)).toHaveCSS("opacity", "1");
  });

  /**
   * Whether hydration counts as "in time" (root.tsx: before 1.2 s) depends on the machine's load;
   * each path gets its own test, with the page's clock reading pinned by an init script (it runs
   * before any page script) so each asserts one outcome.
   */
  const pinHydrationClock = (page: Page, range: { from: number; upTo: number }) =>
    page.addInitScript(({ from, upTo }) => {
      const real = performance.now.bind(performance);
      const offset = from - real();
      // Time still moves (React's scheduler reads it) from `from`, but never past `upTo`.
      performance.now = () => Math.min(real() + offset, upTo);
    }, range);

  test("with JavaScript in time, sections below the fold reveal as they scroll into view", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "JS only");
    await pinHydrationClock(page, { from: 0, upTo: 1000 });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/");
    const team = page.locator("#team .reveal").first();
    await expect(page.locator("html")).toHaveClass(/\breveal-ready\b/);
    // Past every fallback timer (800 / 1000 ms), the off-screen section is still waiting.
    await page.waitForTimeout(1300);
    await expect(team).not.toHaveClass(/is-visible/);
    await team.scrollIntoViewIfNeeded();
    await expect(team).toHaveClass(/is-visible/);
    await expect(team).toHaveCSS("opacity", "1");
  });

  test("with JavaScript too late, the CSS safety net shows every section without scrolling", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "JS only");
    await pinHydrationClock(page, { from: 60_000, upTo: Number.MAX_VALUE });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/");
    const team = page.locator("#team .reveal").first();
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    await expect(page.locator("html")).not.toHaveClass(/\breveal-ready\b/);
    await expect(team).toHaveCSS("opacity", "1");
  });
});

test.describe("shared behaviour (JS)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS only");

  test("stale demo/mock/test/Sample storage keys are cleared on start, others stay", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(`(() => {
      for (const k of ["demoBalance", "MOCK_USER", "e2eTestKey", "Sample", "sampleProjects", "userPortfolio", "campusfund.tasks", "token"])
        localStorage.setItem(k, "x");
      for (const k of ["DemoSession", "mockData", "TEST", "keepMe"]) sessionStorage.setItem(k, "x");
    })()`);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    const keys = () =>
      page.evaluate(
        `({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort() })`,
      ) as Promise<{
        local: string[];
        session: string[];
      }>;
    await expect.poll(async () => (await keys()).local).toEqual(["campusfund.tasks", "token", "userPortfolio"]);
    const { session } = await keys();
    expect(session).toContain("keepMe");
    expect(session.filter((k) => /demo|mock|test|sample/i.test(k))).toEqual([]);
  });

  test("the header changes style after 20px of scroll", async ({ page }) => {
    await page.goto("/about");
    const header = page.locator("header.site-header");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    await scrollTo(page, 10);
    await page.waitForTimeout(100);
    await expect(header).not.toHaveClass(/is-scrolled/);
    await scrollTo(page, 60);
    await expect(header).toHaveClass(/is-scrolled/);
    await scrollTo(page, 0);
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test("the mobile menu closes on a click outside it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/about");
    const menu = page.locator("details.nav-mobile");
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    // The open panel covers the top of the page: click the header's empty middle instead.
    await page.mouse.click(250, 32);
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe("/access-denied", { tag: "@read-only" }, () => {
  test("shows the message passed, the explanation for a visitor, and the links", async ({ page }) => {
    await page.goto("/access-denied?notice=investors-only");
    await expect(page.getByRole("alert")).toContainText("This section is only available for investors.");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  });

  test("a founder gets the founder dashboard", async ({ asFounder: { page } }) => {
    await page.goto("/access-denied");
    await expect(page.getByRole("alert")).toContainText("You do not have permission to access this page.");
    await expect(page.getByRole("link", { name: "Go to Founder Dashboard" })).toHaveAttribute(
      "href",
      "/founder-dashboard",
    );
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
  });

  test("an investor gets the portfolio", async ({ asInvestor: { page } }) => {
    await page.goto("/access-denied");
    await expect(page.getByRole("link", { name: "Go to Portfolio" })).toHaveAttribute("href", "/portfolio");
  });
});
