/**
 * A founder closes a raise early (ADR 043), with JavaScript on and off: the founder dashboard's
 * Deadline card, its confirm step (a GET that works without JavaScript, then a POST), the notice
 * after it and a card with no more deadline forms, the new deadline in the API and on the project page. Each JavaScript mode closes its
 * own seeded raise (sold out, open for months): RootStack with JavaScript, ThreadCycle without.
 */
import { expect, test } from "./fixtures";
import { apiProject, DEMO, expectNoSeriousViolations, signInAs } from "./helpers";

const RAISES = {
  js: { founder: DEMO.fundedFounder, slug: "rootstack", title: "RootStack" },
  "no-js": { founder: DEMO.goalFounder, slug: "threadcycle", title: "ThreadCycle" },
} as const;

/** "Dec 4, 2026", as the pages write a day. */
const dayText = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${iso}T00:00:00Z`),
  );

test("a founder whose goal is reached closes the raise early, after a confirm step", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const raise = RAISES[testInfo.project.name as keyof typeof RAISES];
  await signInAs(context, request, baseURL!, raise.founder);
  const before = await apiProject(request, raise.slug);
  expect(before.closedEarlyAt).toBeNull();

  await page.goto("/founder-dashboard");
  const card = page.getByRole("region", { name: "Deadline" });
  await expect(card).toContainText(`The raise closes at 00:00 UTC on ${dayText(before.fundingDeadline)}`);
  const field = card.getByLabel("Close early on");
  const earliest = (await field.getAttribute("min"))!;
  expect(earliest < before.fundingDeadline).toBe(true);
  await field.fill(earliest);
  await card.getByRole("button", { name: "Close early…" }).click();

  // The confirm step names the day and what investors are told; nothing has changed yet.
  await expect(card.getByText(`Close this raise early, on ${dayText(earliest)}?`)).toBeVisible();
  expect((await apiProject(request, raise.slug)).fundingDeadline).toBe(before.fundingDeadline);
  if (testInfo.project.name === "js") await expectNoSeriousViolations(page, "early-close confirm step");
  await card.getByRole("button", { name: "Yes, close early" }).click();

  await expect(
    card.getByText("Your raise will close early: every investor has been told the new deadline."),
  ).toBeVisible();
  await expect(card).toContainText(`The raise closes at 00:00 UTC on ${dayText(earliest)}`);
  // An early close is final: the card says so and offers neither closing again nor extending.
  await expect(card).toContainText(
    `This raise is already closing early, on ${dayText(earliest)}: its deadline cannot change again`,
  );
  await expect(card.getByLabel("Close early on")).toHaveCount(0);
  await expect(card.getByLabel("Extend to")).toHaveCount(0);
  const after = await apiProject(request, raise.slug);
  expect({
    deadline: after.fundingDeadline,
    closedEarly: after.closedEarlyAt !== null,
    label: after.statusLabel,
  }).toEqual({
    deadline: earliest,
    closedEarly: true,
    label: "Sold Out",
  });

  await page.goto(`/project/${raise.slug}`);
  await expect(
    page
      .getByRole("complementary")
      .getByText(
        `The goal was reached and the founder closed this raise early: it now closes on ${dayText(earliest)}.`,
      ),
  ).toBeVisible();
});

test.describe("accessibility of the raises that ended or are ending", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  for (const [state, slug, note] of [
    ["closed below its goal", "campuskeys", "every investment was returned to its investor"],
    ["funded", "highlight-reel", null],
    ["closed early", "scriberx", "the founder closed this raise early"],
  ] as const) {
    test(`the project page of a raise ${state} has no serious axe violations`, async ({ page }) => {
      await page.goto(`/project/${slug}`);
      if (note) await expect(page.getByRole("complementary").getByText(note, { exact: false })).toBeVisible();
      await expectNoSeriousViolations(page, `project page, ${state}`);
    });
  }
});
