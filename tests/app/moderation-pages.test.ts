/**
 * A Discussion's moderation through the page doors, without JavaScript (ADR 055): the report page
 * (a visitor signs in first and comes back; the post quoted; the reasons' rules answered beside
 * the form; a filed report goes back to the post with its notice; a second is refused; one's own
 * post offers no form; ten an hour, held under eleven sent at once), and /admin's Reports section
 * (Hide with a required note, Dismiss, Restore) and People's Lift of a posting suspension.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { MODERATION_MESSAGES } from "../../domain/conversation/moderation";
import { discussionPost } from "../workers/others-records";
import { adminSession, expectAlert, page, rows, signup, visibleText } from "./helpers";

const text = async (res: Response) => visibleText(await res.text()).replace(/\s+/g, " ");

const reportPath = (id: string) => `/discussion/report/${id}`;

describe("the report page", () => {
  it("sends a visitor to sign in and back, quotes the post, and files a report back to the post", async () => {
    const post = await discussionPost({ body: "Buy my course: a guaranteed 10x." });
    const visitor = await page(reportPath(post.id));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(reportPath(post.id))}`);

    const me = await signup();
    const shown = await text(await page(reportPath(post.id), { token: me.token }));
    expect(shown).toContain("Buy my course: a guaranteed 10x.");
    expect(shown).toContain("Spam or advertising");

    const filed = await page(reportPath(post.id), { token: me.token, form: { reason: "spam", detail: "" } });
    expect(filed.status).toBe(302);
    const slug = (await env.DB.prepare("select slug from projects where id = ?1")
      .bind(post.projectId)
      .first<string>("slug"))!;
    expect(filed.headers.get("Location")).toBe(`/project/${slug}?tab=discussion&saved=reported#post-${post.id}`);

    const again = await page(reportPath(post.id), { token: me.token, form: { reason: "abuse" } });
    await expectAlert(again, 409, DISCUSSION_MESSAGES.alreadyReported);
    expect(await rows("discussion_reports", "post_id = ?", post.id)).toBe(1);
  });

  it("answers the reason's and details' rules beside the form, keeping what was typed", async () => {
    const post = await discussionPost();
    const me = await signup();
    const noReason = await page(reportPath(post.id), { token: me.token, form: { detail: "It is rude." } });
    expect(noReason.status).toBe(400);
    const html = await noReason.text();
    expect(visibleText(html)).toContain(DISCUSSION_MESSAGES.reasonRequired);
    expect(html).toContain("It is rude.");
    const noDetail = await page(reportPath(post.id), { token: me.token, form: { reason: "other", detail: " " } });
    expect(noDetail.status).toBe(400);
    expect(await text(noDetail)).toContain(DISCUSSION_MESSAGES.detailRequired);
    expect(await rows("discussion_reports", "post_id = ?", post.id)).toBe(0);
  });

  it("offers no form for one's own post, and refuses its post (403)", async () => {
    const author = await signup();
    const post = await discussionPost({ authorId: author.user.id });
    const shown = await page(reportPath(post.id), { token: author.token });
    expect(await shown.text()).not.toContain('name="reason"');
    await expectAlert(
      await page(reportPath(post.id), { token: author.token, form: { reason: "spam" } }),
      403,
      DISCUSSION_MESSAGES.ownPost,
    );
  });

  it("11 reports sent at once: 10 filed (redirects), one refused with the limit's message", async () => {
    const first = await discussionPost();
    const posts = [first];
    for (let i = 0; i < 10; i++) posts.push(await discussionPost({ projectId: first.projectId }));
    const me = await signup();
    const answers = await Promise.all(
      posts.map((p) => page(reportPath(p.id), { token: me.token, form: { reason: "off_topic" } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(302), 429]);
    await expectAlert(
      answers.find((r) => r.status === 429)!,
      429,
      DISCUSSION_MESSAGES.tooManyReports,
    );
    expect(await rows("discussion_reports", "reporter_id = ?", me.user.id)).toBe(10);
  });
});

describe("/admin's Reports section", () => {
  it("hides a reported post with a note (refused without one), restores it, and dismisses reports", async () => {
    const token = await adminSession();
    const post = await discussionPost({ body: "Everyone here is a fool.", reports: 2 });
    const shown = await text(await page("/admin", { token }));
    expect(shown).toMatch(/Reports \( ?\d+ ?\)/);
    expect(shown).toContain("Everyone here is a fool.");
    expect(shown).toContain("Spam or advertising: 2");

    const blank = await page("/admin", { token, form: { intent: "hide-post", id: post.id, reason: " " } });
    expect(blank.status).toBe(400);
    expect(await text(blank)).toContain(DISCUSSION_MESSAGES.noteRequired);

    const note = "Insults are not allowed in discussions.";
    const hid = await page("/admin", { token, form: { intent: "hide-post", id: post.id, reason: note } });
    expect(hid.status).toBe(302);
    expect(hid.headers.get("Location")).toBe("/admin?done=post-hidden#reports");
    const after = await text(await page(hid.headers.get("Location")!, { token }));
    expect(after).toContain(MODERATION_MESSAGES.hidden);
    expect(after).toContain("“Everyone here is a fool.”");
    expect(after).toContain(note);
    expect(await rows("discussion_reports", "post_id = ? and resolution = 'hidden'", post.id)).toBe(2);

    const restored = await page("/admin", { token, form: { intent: "restore-post", id: post.id } });
    expect(restored.headers.get("Location")).toBe("/admin?done=post-restored#reports");
    expect(await rows("discussion_posts", "id = ? and hidden_at is null", post.id)).toBe(1);

    const other = await discussionPost({ reports: 1 });
    const dismissed = await page("/admin", { token, form: { intent: "dismiss-reports", id: other.id } });
    expect(dismissed.headers.get("Location")).toBe("/admin?done=reports-dismissed#reports");
    expect(await rows("discussion_reports", "post_id = ? and resolution = 'dismissed'", other.id)).toBe(1);
  });

  it("People shows a posting suspension and lifts it", async () => {
    const token = await adminSession();
    const person = await signup();
    await env.DB.prepare("update users set posting_suspended_until = ?2 where id = ?1")
      .bind(person.user.id, Date.now() + 86_400_000)
      .run();
    const q = encodeURIComponent(person.user.email);
    expect(await text(await page(`/admin?q=${q}`, { token }))).toContain("Posting suspended until");
    const lifted = await page("/admin", {
      token,
      form: { intent: "lift-posting", id: person.user.id, q: person.user.email },
    });
    expect(lifted.status).toBe(302);
    const after = await text(await page(lifted.headers.get("Location")!, { token }));
    expect(after).toContain(MODERATION_MESSAGES.lifted);
    expect(after).not.toContain("Posting suspended until");
  });
});
