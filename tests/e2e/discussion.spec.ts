/**
 * A project's Discussion in the browser (ADR 055), with JavaScript on and off: start a thread,
 * reply under it (nested), upvote and take it back, the order switch, and axe on the tab.
 */
import { type APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, expectNoSeriousViolations, signUpViaApi } from "./helpers";

async function publishedProject(request: APIRequestContext) {
  const founder = await signUpViaApi(request, { role: "founder", firstName: "Fiona", lastName: "Founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  return { founder, project };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test("start a thread, reply under it, upvote and take it back", async ({ asInvestor: { page }, request }) => {
  const { project } = await publishedProject(request);
  await page.goto(`/project/${project.slug}?tab=discussion`);
  await page.getByLabel("Start a thread").fill("Will the app work offline?");
  await page.getByRole("button", { name: "Post Thread" }).click();
  await expect(page.getByText("Your post was published")).toBeVisible();
  const thread = page.locator(".discussion-thread").filter({ hasText: "Will the app work offline?" });
  await expect(thread).toBeVisible();

  // Reply: a disclosure holding a form (works without JavaScript).
  await thread.locator("summary", { hasText: "Reply" }).first().click();
  await thread
    .getByLabel(/^Your reply to/)
    .first()
    .fill("Adding: on the train especially.");
  await thread.getByRole("button", { name: "Post Reply" }).first().click();
  await expect(page.getByText("Your reply was published")).toBeVisible();
  const reply = page.locator(".discussion-replies .discussion-post").filter({ hasText: "on the train especially" });
  await expect(reply).toBeVisible();
  await expect(page.locator(".discussion-thread").first().getByRole("list", { name: "Replies" })).toBeVisible();

  // Upvote the thread: pressed, one vote; again: taken back.
  const root = page.locator(".discussion-thread").first().locator("article").first();
  const upvote = root.getByRole("button", { name: /^Upvote this post/ });
  await expect(upvote).toContainText("0 votes");
  await upvote.click();
  const upvoted = root.getByRole("button", { name: /^Upvoted this post/ });
  await expect(upvoted).toHaveAttribute("aria-pressed", "true");
  await expect(upvoted).toContainText("1 vote");
  await upvoted.click();
  await expect(root.getByRole("button", { name: /^Upvote this post/ })).toContainText("0 votes");
});

test("Top orders by votes, Newest by date", async ({ page, request }) => {
  const { project } = await publishedProject(request);
  const [a, b] = [await signUpViaApi(request), await signUpViaApi(request)];
  const first = await (
    await request.post(`/api/projects/${project._id}/discussion`, {
      data: { body: "Older, upvoted" },
      headers: auth(a.token),
    })
  ).json();
  await request.post(`/api/projects/${project._id}/discussion`, {
    data: { body: "Newer, no votes" },
    headers: auth(a.token),
  });
  await request.put(`/api/discussion/posts/${first.id}/vote`, { headers: auth(b.token) });

  await page.goto(`/project/${project.slug}?tab=discussion`);
  const bodies = page.locator(".discussion-thread > article .question-text");
  await expect(bodies).toHaveText(["Older, upvoted", "Newer, no votes"]);
  await page.getByRole("navigation", { name: "Order threads" }).getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(/order=newest/);
  await expect(bodies).toHaveText(["Newer, no votes", "Older, upvoted"]);
  await expect(page.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "page");
});

test("axe: the Discussion tab with threads, replies and the founder's badge, signed in and out", async ({
  asFounder: founder,
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe injects a script: js project only");
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const fan = await signUpViaApi(request);
  const thread = await (
    await request.post(`/api/projects/${project._id}/discussion`, {
      data: { body: "Runway?" },
      headers: auth(fan.token),
    })
  ).json();
  await request.post(`/api/discussion/posts/${thread.id}/replies`, {
    data: { body: "Eighteen months." },
    headers: auth(founder.token),
  });
  for (const path of [
    `/project/${project.slug}?tab=discussion`,
    `/project/${project.slug}?tab=discussion&thread=${thread.id}`,
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
  await page.context().clearCookies();
  await page.goto(`/project/${project.slug}?tab=discussion`);
  await expectNoSeriousViolations(page, "the Discussion tab, signed out");
});
