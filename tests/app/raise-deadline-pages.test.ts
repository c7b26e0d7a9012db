/**
 * The founder dashboard's deadline card (ADR 043) as a browser without JavaScript uses it: close a
 * funded raise early through its confirm step, extend a raise, and the refusals beside the field.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadlineText } from "../../domain/money/cancellation";
import { addDays, DAY_MS } from "../../domain/shared/dates";
import { formatDate } from "../../domain/shared/format";
import { earliestEarlyDeadline, RAISE_DATE_MESSAGES } from "../../domain/raises/raise-dates";
import { SAVED } from "../../app/routes/founder-dashboard.server";
import { inDays, insertProject, page, recordPurchase, signup, visibleText } from "./helpers";

const DEADLINE = inDays(60);
const shown = (day: string) => formatDate(`${day}T00:00:00Z`);

/** A founder's live raise launched 30 days ago, at its $10,000 goal (or at 41% of it). */
async function raise(reached = true) {
  const founder = await signup("founder");
  const project = await insertProject({
    founderId: founder.user.id,
    publishedAt: Date.now() - 30 * DAY_MS,
    fundingDeadline: DEADLINE,
  });
  await recordPurchase(project.id, (await signup()).user.id, reached ? 1_000 : 410);
  return { founder, project };
}

const deadlineOf = async (id: string) =>
  (await env.DB.prepare("select funding_deadline from projects where id = ?")
    .bind(id)
    .first<{ funding_deadline: string }>())!.funding_deadline;

describe("closing early from the founder dashboard, JavaScript off", () => {
  it("the card offers it; the post without confirmation goes to the step, which says what will happen", async () => {
    const { founder, project } = await raise();
    const card = visibleText(await (await page("/founder-dashboard", { token: founder.token })).text());
    expect(card).toContain(`The raise closes at 00:00 UTC on ${shown(DEADLINE)}`);
    expect(card).toContain("Close early on");
    const day = earliestEarlyDeadline();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "close-early", projectId: project.id, deadline: day },
    });
    expect(res.status).toBe(302);
    const step = res.headers.get("Location")!;
    expect(step).toBe(`/founder-dashboard?closeEarly=${day}#deadline`);
    expect(await deadlineOf(project.id)).toBe(DEADLINE);
    const text = visibleText(await (await page(step, { token: founder.token })).text());
    expect([
      text.includes(`Close this raise early, on ${shown(day)}`),
      text.includes(`Every investor is told today, and may cancel until ${cancelDeadlineText(day)}`),
      text.includes("Yes, close early"),
    ]).toEqual([true, true, true]);
  });

  it("the confirmed post moves the deadline and says so on the card", async () => {
    const { founder, project } = await raise();
    const day = earliestEarlyDeadline();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "close-early", projectId: project.id, deadline: day, confirm: "yes" },
    });
    expect(res.headers.get("Location")).toBe("/founder-dashboard?saved=closed-early#deadline");
    expect(await deadlineOf(project.id)).toBe(day);
    const text = visibleText(await (await page(res.headers.get("Location")!, { token: founder.token })).text());
    expect(text).toContain(SAVED["closed-early"]);
    expect(text).toContain(`The raise closes at 00:00 UTC on ${shown(day)}`);
  });

  it("a date under five business days away is refused beside the field on the GET step", async () => {
    const { founder } = await raise();
    const earliest = earliestEarlyDeadline();
    const text = visibleText(
      await (await page(`/founder-dashboard?closeEarly=${addDays(earliest, -1)}`, { token: founder.token })).text(),
    );
    expect(text).toContain(RAISE_DATE_MESSAGES.tooSoon(earliest));
    expect(text).not.toContain("Close this raise early");
  });

  it("a raise below its goal is told why it cannot close early, and has no form for it", async () => {
    const { founder } = await raise(false);
    const text = visibleText(await (await page("/founder-dashboard", { token: founder.token })).text());
    expect(text).toContain(RAISE_DATE_MESSAGES.notReached);
    expect(text).not.toContain("Close early on");
  });
});

describe("after an early close, the dashboard offers no more deadline changes", () => {
  /** The dashboard after the founder confirmed an early close, as the redirect shows it. */
  async function afterClose() {
    const { founder, project } = await raise();
    const day = earliestEarlyDeadline();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "close-early", projectId: project.id, deadline: day, confirm: "yes" },
    });
    const html = await (await page(res.headers.get("Location")!, { token: founder.token })).text();
    return { founder, project, day, html, text: visibleText(html) };
  }

  it("no close-early form", async () => {
    const { html } = await afterClose();
    expect(html).not.toContain('name="closeEarly"');
  });

  it("no extend form", async () => {
    const { html } = await afterClose();
    expect(html).not.toContain('value="extend"');
  });

  it("the card names the one date that holds and says it is final", async () => {
    const { text, day } = await afterClose();
    expect([
      text.includes(`The raise closes at 00:00 UTC on ${shown(day)}`),
      text.includes(RAISE_DATE_MESSAGES.closedEarly(day)),
    ]).toEqual([true, true]);
  });

  it("a GET step asking to close again shows no confirm form", async () => {
    const { founder, day } = await afterClose();
    const text = visibleText(
      await (await page(`/founder-dashboard?closeEarly=${addDays(day, -1)}`, { token: founder.token })).text(),
    );
    expect(text).not.toContain("Yes, close early");
  });

  it("a hand-made extend post is refused with the reason and changes nothing", async () => {
    const { founder, project, day } = await afterClose();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "extend", projectId: project.id, deadline: inDays(90) },
    });
    expect({
      status: res.status,
      said: visibleText(await res.text()).includes(RAISE_DATE_MESSAGES.closedEarly(day)),
      deadline: await deadlineOf(project.id),
    }).toEqual({ status: 409, said: true, deadline: day });
  });
});

describe("extending from the founder dashboard, JavaScript off", () => {
  it("a later day is saved and said; an earlier one is refused beside the field and changes nothing", async () => {
    const { founder, project } = await raise(false);
    const earlier = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "extend", projectId: project.id, deadline: inDays(30) },
    });
    expect(earlier.status).toBe(400);
    expect(visibleText(await earlier.text())).toContain(RAISE_DATE_MESSAGES.notLater(DEADLINE));
    expect(await deadlineOf(project.id)).toBe(DEADLINE);

    const later = inDays(90);
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "extend", projectId: project.id, deadline: later },
    });
    expect(res.headers.get("Location")).toBe("/founder-dashboard?saved=extended#deadline");
    expect(await deadlineOf(project.id)).toBe(later);
  });
});

describe("a raise that has ended", () => {
  it("has no deadline card: nothing left to move", async () => {
    const founder = await signup("founder");
    const project = await insertProject({
      founderId: founder.user.id,
      publishedAt: Date.now() - 60 * DAY_MS,
      fundingDeadline: inDays(-2),
    });
    await recordPurchase(project.id, (await signup()).user.id, 1_000);
    const text = visibleText(await (await page("/founder-dashboard", { token: founder.token })).text());
    expect([
      text.includes("Founder Dashboard"),
      text.includes("Extend to"),
      text.includes("The raise closes at"),
    ]).toEqual([true, false, false]);
  });
});
