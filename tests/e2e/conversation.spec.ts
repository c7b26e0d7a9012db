/**
 * The conversation (ADR 022) in the browser, with JavaScript on and off: following, founder updates, the Discussion's forms and
 * notifications (the Discussion itself: discussion.spec.ts).
 */
import { type APIRequestContext, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  createProjectViaApi,
  expectNoSeriousViolations,
  signInCookie,
  signInViaForm,
  signUpViaApi,
  TEST_PASSWORD,
  type Account,
} from "./helpers";

/** A published project of a new founder's, or of `founder` (a signed-in one: `asFounder`). */
async function publishedProject(request: APIRequestContext, founder?: Account) {
  founder ??= await signUpViaApi(request, { role: "founder", firstName: "Fiona", lastName: "Founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  return { founder, project };
}

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications/ });

test("a signed-in user follows and unfollows from the project page; the count follows", async ({
  asInvestor: investor,
  page,
  request,
}) => {
  const { project } = await publishedProject(request);
  await page.goto(`/project/${project.slug}`);
  const follow = page.getByRole("button", { name: `Follow ${project.title}`, exact: true });
  await expect(page.getByText("0 followers")).toBeVisible();
  await follow.click();
  const following = page.getByRole("button", { name: `Following ${project.title}` });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 follower", { exact: true })).toBeVisible();
  const watchlist = await request.get("/api/users/me/watchlist", {
    headers: { Authorization: `Bearer ${investor.token}` },
  });
  expect(((await watchlist.json()) as { projects: { slug: string }[] }).projects.map((p) => p.slug)).toEqual([
    project.slug,
  ]);

  await following.click();
  await expect(page.getByRole("button", { name: `Follow ${project.title}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByText("0 followers")).toBeVisible();
});

test("a visitor who starts a thread is sent to sign in and comes back to post it", async ({ page, request }) => {
  const { project } = await publishedProject(request);
  const poster = await signUpViaApi(request, { firstName: "Quinn", lastName: "Asker" });
  await page.goto(`/project/${project.slug}?tab=discussion`);
  // A visitor's new thread sends them to sign in carrying the draft (ADR 034).
  await page.getByLabel("Start a thread").fill("What will you build with the money?");
  await page.getByRole("button", { name: "Sign In to Post" }).click();
  await expect(page).toHaveURL(/\/signin\?intent=post&/);
  await signInViaForm(page, poster.email, TEST_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}\\?tab=discussion&draft=.*#new-thread$`));
  await expect(page.getByLabel("Start a thread")).toHaveValue("What will you build with the money?");
  await page.getByRole("button", { name: "Post Thread" }).click();
  await expect(page.getByText("Your post was published")).toBeVisible();
  const item = page.locator(".discussion-thread").filter({ hasText: "What will you build with the money?" });
  await expect(item.getByText("Quinn A.", { exact: true })).toBeVisible();
  // The box empties after posting, with JavaScript as without.
  await expect(page.getByLabel("Start a thread")).toHaveValue("");
});

test("an empty thread is refused beside the field, and nothing is posted", async ({
  asInvestor: { page },
  request,
}) => {
  const { project } = await publishedProject(request);
  await page.goto(`/project/${project.slug}?tab=discussion`);
  await page.getByRole("button", { name: "Post Thread" }).click();
  await expect(page.getByText("Please write your post")).toBeVisible();
  await expect(page.getByLabel("Start a thread")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No threads yet. Start the discussion.")).toBeVisible();
});

test("a founder posts an update; an investor sees it, gets a notification and reads it", async ({
  asFounder: founder,
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { project } = await publishedProject(request, founder);
  const investor = await signUpViaApi(request);
  const bought = await request.post(`/api/projects/${project._id}/invest`, {
    data: { shares: 20, sharePrice: 10 },
    headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": crypto.randomUUID() },
  });
  expect(bought.status()).toBe(201);

  await page.goto("/founder-dashboard");
  // The update form (the dashboard's Perks form has a Title too).
  const updates = page.getByRole("region", { name: "Updates and discussion" });
  await updates.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("Please enter a title for the update")).toBeVisible();
  await page.getByRole("region", { name: "Updates and discussion" }).getByLabel("Title").fill("The pilot is live");
  await page
    .getByRole("region", { name: "Updates and discussion" })
    .getByLabel("Update", { exact: true })
    .fill("Forty students booked rooms.\n\nDeck: https://example.edu/deck <b>bold</b>");
  await page.getByLabel(/For investors only/).check();
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("Your update was posted")).toBeVisible();
  await expect(page.getByRole("link", { name: "The pilot is live", exact: true })).toBeVisible();

  const investorContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  await signInCookie(investorContext, baseURL!, investor.token);
  const ip = await investorContext.newPage();
  await ip.goto("/portfolio");
  // The update, and the investor's own commitment notice from the purchase (ADR 043).
  await expect(bell(ip)).toHaveAccessibleName("Notifications, 2 unread");
  await bell(ip).click();
  await expect(ip).toHaveURL(/\/notifications$/);
  const note = ip.getByRole("link", { name: new RegExp(`“${project.title}” posted an update: “The pilot is live”`) });
  await expect(note).toBeVisible();
  await note.click();
  await expect(ip).toHaveURL(new RegExp(`/project/${project.slug}\\?tab=updates#update-`));
  const update = ip.getByRole("article", { name: "The pilot is live" });
  await expect(update.getByText("Forty students booked rooms.")).toBeVisible();
  await expect(update.getByRole("link", { name: "https://example.edu/deck" })).toHaveAttribute(
    "href",
    "https://example.edu/deck",
  );
  await expect(update.getByText("<b>bold</b>")).toBeVisible();
  await expect(bell(ip)).toHaveAccessibleName("Notifications");
  await investorContext.close();

  // Someone who did not invest sees only that an investors-only update exists.
  await page.context().clearCookies();
  await page.goto(`/project/${project.slug}?tab=updates`);
  await expect(page.getByText("This update is for the project's investors only")).toBeVisible();
  await expect(page.getByText("Forty students booked rooms.")).toHaveCount(0);
});

test("the founder replies to a waiting thread; its author is notified, and seeing it clears the bell", async ({
  asFounder: founder,
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { project } = await publishedProject(request, founder);
  const asker = await signUpViaApi(request);
  const asked = await request.post(`/api/projects/${project._id}/discussion`, {
    data: { body: "Which campus is next?" },
    headers: { Authorization: `Bearer ${asker.token}` },
  });
  expect(asked.status()).toBe(201);

  await page.goto("/founder-dashboard");
  const waiting = page.locator("#questions");
  await expect(waiting.getByText("Which campus is next?")).toBeVisible();
  await waiting.getByRole("link", { name: "Reply to this thread" }).click();
  await expect(page).toHaveURL(/tab=discussion&thread=/);
  await page.locator("summary", { hasText: "Reply" }).first().click();
  await page.getByLabel(/^Your reply to/).fill("Boston, in the spring.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Your reply was published")).toBeVisible();
  await expect(page.locator(".discussion-reply").getByText("Boston, in the spring.")).toBeVisible();

  const askerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  await signInCookie(askerContext, baseURL!, asker.token);
  const ap = await askerContext.newPage();
  await ap.goto("/notifications");
  await expect(ap.getByRole("link", { name: /replied to your post on/ })).toBeVisible();
  // Shown is seen: the page says what was new, and the bell clears (Mark all read is for older ones).
  await expect(ap.getByText("1 new since your last visit.", { exact: true })).toBeVisible();
  await expect(bell(ap)).toHaveAccessibleName("Notifications");
  await askerContext.close();
});

test("axe: the Updates and Discussion tabs, the notifications page and the dashboard's conversation", async ({
  asFounder: founder,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe injects a script: js project only");
  const { project } = await publishedProject(request, founder);
  const asker = await signUpViaApi(request);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  await request.post(`/api/projects/${project._id}/follow`, { headers: auth(asker.token) });
  await request.post(`/api/projects/${project._id}/updates`, {
    data: { title: "Hello", body: "First update https://example.edu" },
    headers: auth(founder.token),
  });
  await request.post(`/api/projects/${project._id}/discussion`, {
    data: { body: "Runway?" },
    headers: auth(asker.token),
  });
  for (const path of [
    `/project/${project.slug}?tab=updates`,
    `/project/${project.slug}?tab=discussion`,
    "/founder-dashboard",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
  await page.context().clearCookies();
  await signInCookie(page.context(), baseURL!, asker.token);
  for (const path of [
    "/notifications",
    `/project/${project.slug}?tab=discussion`,
    "/settings?tab=watchlist",
    "/settings?section=notifications",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
});

test("settings: the watchlist lists followed projects and unfollows; the founder sees followers", async ({
  asInvestor: fan,
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { founder, project } = await publishedProject(request);
  const followed = await request.post(`/api/projects/${project._id}/follow`, {
    headers: { Authorization: `Bearer ${fan.token}` },
  });
  expect(followed.status()).toBe(200);
  await page.goto("/settings?tab=watchlist");
  const watchlist = page.getByRole("region", { name: "Watchlist" });
  await expect(watchlist.getByRole("link", { name: project.title })).toBeVisible();
  await expect(watchlist.getByRole("progressbar", { name: `Funding progress of ${project.title}` })).toBeVisible();
  await expect(watchlist.getByText(/days left/)).toBeVisible();

  const founderContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  await signInCookie(founderContext, baseURL!, founder.token);
  const fp = await founderContext.newPage();
  await fp.goto("/settings?tab=followers");
  const followers = fp.getByRole("table");
  await expect(followers.getByRole("row")).toHaveText([
    "FollowerFollowing since",
    new RegExp(`^${fan.firstName} ${fan.lastName[0]}\\.`),
  ]);
  await founderContext.close();

  await watchlist.getByRole("button", { name: `Unfollow ${project.title}` }).click();
  await expect(page.getByText("The project was removed from your watchlist")).toBeVisible();
  await expect(page.getByText("You are not following any project yet.")).toBeVisible();
});

test("settings: switching off update notifications is honoured by the next update", async ({
  asInvestor: fan,
  page,
  request,
}) => {
  const { founder, project } = await publishedProject(request);
  await request.post(`/api/projects/${project._id}/follow`, { headers: { Authorization: `Bearer ${fan.token}` } });
  await page.goto("/settings?section=notifications");
  const box = page.getByLabel("A project I invested in or follow posts an update");
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Your notification settings were saved")).toBeVisible();
  await expect(page.getByLabel("A project I invested in or follow posts an update")).not.toBeChecked();
  await expect(page.getByLabel("A founder answers my question")).toBeChecked();

  const posted = await request.post(`/api/projects/${project._id}/updates`, {
    data: { title: "Quiet news", body: "Nobody muted hears this." },
    headers: { Authorization: `Bearer ${founder.token}` },
  });
  expect(posted.status()).toBe(201);
  await page.goto("/notifications");
  await expect(page.getByText("No notifications yet.")).toBeVisible();
});

test("follow and unfollow from a card in the project browser, keeping the search", async ({
  asInvestor: fan,
  page,
  request,
}) => {
  const { project } = await publishedProject(request);
  const browse = `/demo?q=${encodeURIComponent(project.title)}`;
  await page.goto(browse);
  const card = page.getByRole("article", { name: project.title });
  await card.getByRole("button", { name: `Follow ${project.title}` }).click();
  await expect(card.getByRole("button", { name: `Following ${project.title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(new RegExp(`/demo\\?q=`));
  const list = await request.get("/api/users/me/watchlist", { headers: { Authorization: `Bearer ${fan.token}` } });
  expect(((await list.json()) as { projects: { slug: string }[] }).projects.map((p) => p.slug)).toEqual([project.slug]);
  await card.getByRole("button", { name: `Following ${project.title}` }).click();
  await expect(card.getByRole("button", { name: `Follow ${project.title}` })).toHaveAttribute("aria-pressed", "false");
});

test("a visitor's Follow on a card signs in and comes back to the project, following it", async ({ page, request }) => {
  const { project } = await publishedProject(request);
  const fan = await signUpViaApi(request);
  await page.goto(`/demo?q=${encodeURIComponent(project.title)}`);
  await page
    .getByRole("article", { name: project.title })
    .getByRole("link", { name: `Follow ${project.title}` })
    .click();
  await signInViaForm(page, fan.email, TEST_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}$`));
  // The sign-in made the follow (ADR 034).
  await expect(page.getByRole("button", { name: `Following ${project.title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("1 follower", { exact: true })).toBeVisible();
});
