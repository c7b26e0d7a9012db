/**
 * What an investment becomes (ADR 052), in a browser: with JavaScript, a founder reports a priced
 * round of their funded company (TutorLoop) with its evidence PDF, the demo admin approves it on
 * /admin, and the demo investor who holds it sees the new value on the holding's page and on the
 * portfolio; without JavaScript, the demo admin records a write-up of another holding (GigBoard)
 * through /admin's form, with the same outcome for the investor. Two companies, so the two runs
 * never meet (a company has one report waiting at a time). The seeded acquisition's payout is on
 * the investor's statement. axe on every new page and state.
 */
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD, expectWcag22AA, loginViaApi, money, signInCookie } from "./helpers";

const COMPANY_FOUNDER = "companyfounder@campusfund.dev";
/** A one-page PDF: what the upload checks is the `%PDF-` header. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

interface Holding {
  id: string;
  projectSlug: string;
  shares: number;
  status: string;
}

test("a reviewed event moves the investor's holding: its page and the portfolio show the new value", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const slug = js ? "tutorloop" : "gigboard";
  const admin = await loginViaApi(request, DEMO.admin, DEMO_PASSWORD);
  const investor = await loginViaApi(request, DEMO.investor, DEMO_PASSWORD);
  const events = (await (await request.get(`/api/projects/${slug}/events`)).json()) as {
    events: { status: string; mark: number | null }[];
  };
  const lastMark = events.events.filter((e) => e.status === "approved").at(-1)?.mark ?? 0;
  // A round may go anywhere; a write-up must go above the current mark. Whole dollars, new each run.
  const price = js ? 30 + (Date.now() % 40) : Math.floor(lastMark) + 1 + (Date.now() % 5);
  const today = new Date().toISOString().slice(0, 10);
  const context = await browser.newContext({ javaScriptEnabled: js });
  // axe runs in the page: with JavaScript only (the pages' markup is the server's either way)
  const axe = async (page: Parameters<typeof expectWcag22AA>[0], label: string) => {
    if (js) await expectWcag22AA(page, label);
  };

  if (js) {
    const founder = await loginViaApi(request, COMPANY_FOUNDER, DEMO_PASSWORD);
    await signInCookie(context, baseURL!, founder.token);
    const page = await context.newPage();
    await page.goto("/founder-dashboard#company-events");
    const form = page.getByRole("form", { name: "Report a company event" });
    await form.getByRole("radio", { name: /Priced round/ }).check();
    await form.getByLabel("Date").fill(today);
    await form.getByLabel(/^Price per share/).fill(String(price));
    await form.getByLabel(/^Pre-money valuation/).fill("9000000");
    await form.getByLabel(/^Round name/).fill("Series A");
    await form.getByLabel("Statement").fill("We closed a Series A led by Quad Capital.");
    await form
      .getByLabel(/^Evidence \(PDF/)
      .setInputFiles({ name: "term-sheet.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "Send for review" }).click();
    await expect(
      page.getByText("Reported. It changes nobody's holdings until an admin has reviewed it."),
    ).toBeVisible();
    await expect(page.getByText("Waiting for review").first()).toBeVisible();
    await expectWcag22AA(page, "the founder's company events with a report waiting");
    await context.clearCookies();

    await signInCookie(context, baseURL!, admin.token);
    await page.goto("/admin#company-events");
    const queue = page.getByRole("region", { name: "Company events to review" });
    const report = queue.getByRole("article").filter({ hasText: "TutorLoop" });
    await expectWcag22AA(page, "the admin's company events to review");
    await report.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Approved. Every holder's value follows it, and every holder is told.")).toBeVisible();
    await page.close();
  } else {
    await signInCookie(context, baseURL!, admin.token);
    const page = await context.newPage();
    await page.goto(`/admin?company=${slug}#record-event`);
    const form = page.getByRole("form", { name: "Record a company event" });
    await form.getByRole("radio", { name: /Write-up/ }).check();
    await form.getByLabel("Date").fill(today);
    await form.getByLabel(/^Value per share|^Price per share/).fill(String(price));
    await form.getByLabel("Statement").fill("Revenue recovered: two campus contracts renewed.");
    await form.getByRole("button", { name: /^Record/ }).click();
    await expect(page.getByText("Recorded. Every holder's value follows it, and every holder is told.")).toBeVisible();
    await page.close();
  }
  await context.clearCookies();

  // The investor: the holding's value is its shares × the new price, on its page and in the API alike.
  const list = (await (
    await request.get(`/api/investments/user/${investor.user.id}`, {
      headers: { Authorization: `Bearer ${investor.token}` },
    })
  ).json()) as Holding[];
  const held = list.filter((h) => h.projectSlug === slug && (h.status === "confirmed" || h.status === "active"));
  expect(held.length).toBeGreaterThan(0);
  const holding = held[0]!;
  await signInCookie(context, baseURL!, investor.token);
  const page = await context.newPage();
  await page.goto(`/portfolio/investments/${holding.id}`);
  await expect(page.getByText(money(holding.shares * price), { exact: true }).first()).toBeVisible();
  await axe(page, "the holding's page after a reviewed event");

  const performance = (await (
    await request.get(`/api/investments/user/${investor.user.id}/performance`, {
      headers: { Authorization: `Bearer ${investor.token}` },
    })
  ).json()) as { value: number };
  await page.goto("/portfolio");
  const section = page.getByRole("region", { name: "Performance" });
  await expect(section.getByText(money(performance.value), { exact: true }).first()).toBeVisible();
  await axe(page, "the portfolio's performance");

  await page.goto(`/project/${slug}?tab=history`);
  await expect(page.getByText(js ? "Series A" : "Write-up").first()).toBeVisible();
  await axe(page, "the company's history");
  await context.close();
});

test(
  "the seeded acquisition's payout is on the investor's statement, as money back",
  { tag: "@read-only" },
  async ({ page, request, baseURL }) => {
    const investor = await loginViaApi(request, DEMO.investor, DEMO_PASSWORD);
    await signInCookie(page.context(), baseURL!, investor.token);
    await page.goto("/profile?tab=financial");
    await expect(page.getByRole("rowheader", { name: "Paid: Shuttlebee was acquired" })).toBeVisible();
  },
);
