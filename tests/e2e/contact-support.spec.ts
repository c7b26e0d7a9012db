/**
 * The contact page, the home contact form and the supporters page (spec sections 2, 4, 5, 8, 9),
 * in both projects: with JavaScript the forms post to the API and show their states in place;
 * without it they post to the route actions and the page is re-rendered (or, for the home form,
 * redirected to `/?contact=sent#contact`).
 *
 * Every test sends its own client address (tests/e2e/fixtures.ts) so the per-address rate limits
 * never trip across tests.
 */
import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import { formPost, locationOf, uniqueEmail, uniqueIp } from "./helpers";

const M = {
  contactSuccess: "Thank you for your message! We will get back to you soon.",
  required: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  contactFailed: "Failed to send message",
  supportFailed: "Failed to submit your support. Please try again later.",
} as const;

/** The contact page's form (the one with a Subject field). */
const contactForm = (page: Page) => page.locator("form").filter({ has: page.getByLabel("Subject") });

async function fillContact(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  f: { name: string; email: string; message: string },
) {
  await scope.getByLabel("Name", { exact: true }).fill(f.name);
  await scope.getByLabel("Email", { exact: true }).fill(f.email);
  await scope.getByLabel("Message", { exact: true }).fill(f.message);
}

test.describe("/contact", () => {
  test(
    "renders the title, the details, the map with its address and the form",
    { tag: "@read-only" },
    async ({ page }) => {
      await page.goto("/contact");
      await expect(page).toHaveTitle("Contact | CampusFund");
      await expect(page.getByRole("heading", { level: 1, name: "Get in touch" })).toBeVisible();
      await expect(page.getByRole("link", { name: "+1 (555) 014-2030" })).toHaveAttribute("href", "tel:+15550142030");
      await expect(page.getByRole("link", { name: "hello@campusfund.dev" })).toHaveAttribute(
        "href",
        "mailto:hello@campusfund.dev",
      );
      await expect(page.locator("address")).toContainText("100 Innovation Way, Suite 200");
      await expect(page.getByRole("img", { name: /Map: the CampusFund office/ })).toBeVisible();
      await expect(page.getByRole("link", { name: /Open in OpenStreetMap/ })).toHaveAttribute(
        "href",
        /openstreetmap\.org/,
      );
      await expect(page.getByRole("link", { name: "LinkedIn (opens in a new tab)" })).toBeVisible();
      const form = contactForm(page);
      await expect(form.getByLabel("Subject")).toHaveValue("general");
      await expect(form.getByLabel("Subject").locator("option")).toHaveText([
        "General inquiry",
        "Support",
        "Business",
        "Other",
      ]);
      await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    },
  );

  test("sends a message: success shown and the form cleared", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(page, form, {
      name: "Jordan Lee",
      email: uniqueEmail("contact"),
      message: "How do I list my startup?",
    });
    await form.getByLabel("Subject").selectOption("business");
    if (javaScriptEnabled) {
      // Hold the request so the sending state can be seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/api/contact", async (route) => {
        await held;
        await route.continue();
      });
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
      await expect(form.getByLabel("Name", { exact: true })).toBeDisabled();
      await expect(form.getByLabel("Message", { exact: true })).toBeDisabled();
      release();
    } else {
      await form.getByRole("button", { name: "Send Message" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: M.contactSuccess })).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Subject")).toHaveValue("general");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("shows the server's error and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    // "a@b" passes the browser's email check but not the server's.
    await fillContact(page, form, { name: "Jordan", email: "jordan@localhost", message: "Hello" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: M.invalidEmail })).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Jordan");
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue("Hello");
  });

  test("with JavaScript, a network failure shows 'Failed to send message'", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the fetch path exists only with JavaScript");
    await page.route("**/api/contact", (route) => route.abort());
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(page, form, { name: "Jordan", email: uniqueEmail("net"), message: "Hello" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: M.contactFailed })).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Jordan");
  });
});

test.describe("the home page's contact form", () => {
  test("sends a message and shows the success message", async ({ page }) => {
    await page.goto("/");
    const form = page.locator('form[action="/contact"]').filter({ hasNot: page.getByLabel("Subject") });
    await expect(form).toHaveCount(1);
    await fillContact(page, form, { name: "Riley", email: uniqueEmail("home"), message: "Love the idea!" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: M.contactSuccess })).toBeVisible();
    await expect(page).toHaveURL(/\/(\?contact=sent#contact)?$/);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue("");
  });

  test("without JavaScript, its post redirects to /?contact=sent#contact, and errors re-render /contact", async ({
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "HTTP-level: runs once, in no-js");
    const headers = { "CF-Connecting-IP": uniqueIp() };
    const ok = await request.post("/contact", {
      form: { variant: "home", name: "Riley", email: uniqueEmail("home"), message: "Hi", website: "" },
      headers: { Origin: baseURL!, ...headers },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(302);
    expect(ok.headers()["location"]).toBe("/?contact=sent#contact");

    const bad = await formPost(request, baseURL!, "/contact", {
      variant: "home",
      name: "",
      email: "x@y.co",
      message: "Hi",
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain(M.required);

    // a filled honeypot is answered as a success
    const bot = await formPost(request, baseURL!, "/contact", {
      variant: "home",
      name: "B",
      email: "b@b.co",
      message: "x",
      website: "spam",
    });
    expect(locationOf(bot, baseURL!)).toBe("/?contact=sent");
  });
});

test.describe("/support", () => {
  test(
    "renders the title, the header, the count, the form and the list",
    { tag: "@read-only" },
    async ({ page, request }) => {
      // a public supporter of this test's own, so the list has a row whatever ran before
      const name = `Lee ${Date.now().toString(36)}`;
      const added = await request.post("/api/supporters", {
        data: { name, email: uniqueEmail("fan"), showPublicly: true },
      });
      expect(added.status()).toBe(201);
      await page.goto("/support");
      await expect(page).toHaveTitle("Support | CampusFund");
      await expect(page.getByRole("heading", { level: 1, name: "Show Your Support" })).toBeVisible();
      await expect(page.getByText(/\bsupporters? and growing!/)).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
      await expect(page.getByLabel(/Why are you supporting us\?/)).toHaveAttribute(
        "placeholder",
        "Why are you supporting us?",
      );
      await expect(page.getByLabel("Show my name publicly in the supporters list")).toBeChecked();
      await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
      await expect(page.getByText("Be the first to show your support!")).toHaveCount(0);
    },
  );

  test("signs up: banner, fields cleared, checkbox checked, count and list updated", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/support");
    const countText = async () => Number((await page.locator(".support-count strong").innerText()).replace(/,/g, ""));
    const before = await countText();
    const name = `Sky ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("support"));
    await page.getByLabel(/Why are you supporting us\?/).fill("Students deserve a shot");
    await page.getByRole("button", { name: "Show My Support" }).click();

    const banner = page.getByRole("status").filter({ hasText: "Thank You for Your Support!" });
    await expect(banner).toBeVisible();
    // The others: "1 other who is", or "N others who are" (the count includes the one who just joined).
    await expect(banner).toContainText(
      /You've joined (1 other who is|[\d,]+ others who are) helping to build the future\./,
    );
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(page.getByLabel(/Why are you supporting us\?/)).toHaveValue("");
    await expect(page.getByLabel("Show my name publicly in the supporters list")).toBeChecked();
    expect(await countText()).toBeGreaterThan(before);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText('"Students deserve a shot"');
    await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    if (javaScriptEnabled) {
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
        .toBeLessThan(5); // scrolled to the top
      await expect(banner).toBeHidden({ timeout: 8000 }); // spec: hidden after 5 s
    }
  });

  test("a private supporter is counted but not listed", async ({ page }) => {
    await page.goto("/support");
    const name = `Private ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("private"));
    await page.getByLabel("Show my name publicly in the supporters list").uncheck();
    await page.getByRole("button", { name: "Show My Support" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank You for Your Support!" })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test("shows the server's error and keeps what was typed", async ({ page }) => {
    await page.goto("/support");
    await page.getByLabel("Name", { exact: true }).fill("Morgan");
    await page.getByLabel("Email", { exact: true }).fill("morgan@localhost");
    await page.getByLabel("Show my name publicly in the supporters list").uncheck();
    await page.getByRole("button", { name: "Show My Support" }).click();
    await expect(page.getByRole("alert").filter({ hasText: M.invalidEmail })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Morgan");
    await expect(page.getByLabel("Show my name publicly in the supporters list")).not.toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "Thank You for Your Support!" })).toHaveCount(0);
  });

  test("with JavaScript, a network failure shows the spec's request error", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the fetch path exists only with JavaScript");
    await page.route("**/api/supporters", (route) => route.abort());
    await page.goto("/support");
    await page.getByLabel("Name", { exact: true }).fill("Morgan");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("net"));
    await page.getByRole("button", { name: "Show My Support" }).click();
    await expect(page.getByRole("alert").filter({ hasText: M.supportFailed })).toBeVisible();
  });

  test("without JavaScript, a blank name is refused with the spec's message", async ({
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "HTTP-level: runs once, in no-js");
    const res = await formPost(request, baseURL!, "/support", {
      name: "  ",
      email: uniqueEmail("blank"),
      showPublicly: "on",
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(M.required);
  });
});
