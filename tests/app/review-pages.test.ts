/**
 * Review before listing through the page doors (ADR 030), as a browser without JavaScript posts
 * them: the builder's Submit for review with its lock confirmation, the read-only page in review
 * and Withdraw, My Projects' statuses, and /admin (who may open it, approve, request changes,
 * suspend, reinstate, the audit log).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { REVIEW_MESSAGES, termsFingerprint } from "../../domain/projects/review";
import {
  adminSession,
  allCounts,
  call,
  insertProject,
  json,
  page,
  projectForm,
  signup,
  unique,
  visibleText,
} from "./helpers";

const statusOf = async (id: string) =>
  (await env.DB.prepare("select status from projects where id = ?").bind(id).first<{ status: string }>())?.status;

/** A founder's draft made through the API, and the edit form's fields for it. */
async function draft() {
  const founder = await signup("founder");
  const form = projectForm({ title: `Review Page ${unique()}` });
  const body = {
    ...form,
    creatorInfo: { name: form["creatorInfo.name"], bio: form["creatorInfo.bio"] },
    investmentTerms: { equityPercentage: 10, minInvestment: 100 },
  };
  const res = await call("/api/projects/create", { body, token: founder.token });
  const { _id: id } = await json<{ _id: string }>(res);
  return { founder, id, form };
}

/** The confirmation the submit section draws for these form values. */
const confirmed = (form: Record<string, string>) =>
  termsFingerprint({
    sharePrice: form.sharePrice,
    fundingGoal: form.fundingGoal,
    equityPercentage: form["investmentTerms.equityPercentage"],
    regulationType: form.regulationType,
  });

describe("the builder's Submit for review", () => {
  it("names the four terms that lock at the first sale, with their values, and the checklist", async () => {
    const { founder, id } = await draft();
    const text = visibleText(await (await page(`/my-projects/edit/${id}`, { token: founder.token })).text());
    expect({
      heading: text.includes("Submit for review"),
      terms: ["Share price $10", "Funding goal $50,000", "Equity offered 10%", "Regulation type RegCF"].every((t) =>
        text.replace(/\s+/g, " ").includes(t),
      ),
      checklist: text.includes("Launch checklist") && text.includes("An investor deck"),
      publishButton: /\bPublish\b/.test(text),
    }).toEqual({ heading: true, terms: true, checklist: true, publishButton: false });
  });

  it("without the confirmation: 400 with the message beside the checkbox; nothing saved, still a draft", async () => {
    const { founder, id, form } = await draft();
    const before = await allCounts();
    const res = await page(`/my-projects/edit/${id}`, {
      token: founder.token,
      form: { ...form, title: "Not saved", intent: "submit", confirmedTerms: confirmed(form) },
    });
    const text = visibleText(await res.text());
    expect({
      status: res.status,
      shown: text.includes(REVIEW_MESSAGES.confirmTerms),
      stored: await statusOf(id),
      counts: await allCounts(),
    }).toEqual({ status: 400, shown: true, stored: "draft", counts: before });
  });

  it("a confirmation of other figures than those posted is asked again: nothing saved", async () => {
    const { founder, id, form } = await draft();
    const res = await page(`/my-projects/edit/${id}`, {
      token: founder.token,
      form: { ...form, sharePrice: "20", intent: "submit", confirmTerms: "on", confirmedTerms: confirmed(form) },
    });
    expect({
      status: res.status,
      shown: visibleText(await res.text()).includes(REVIEW_MESSAGES.termsChanged),
      stored: await statusOf(id),
    }).toEqual({ status: 400, shown: true, stored: "draft" });
  });

  it("confirmed: saved, in review, and My Projects says so", async () => {
    const { founder, id, form } = await draft();
    const res = await page(`/my-projects/edit/${id}`, {
      token: founder.token,
      form: { ...form, intent: "submit", confirmTerms: "on", confirmedTerms: confirmed(form) },
    });
    const to = res.headers.get("Location");
    const list = visibleText(await (await page(to ?? "/my-projects", { token: founder.token })).text());
    expect({
      status: res.status,
      to,
      stored: await statusOf(id),
      message: list.includes(REVIEW_MESSAGES.submitted),
      badge: list.includes("In Review"),
    }).toEqual({ status: 302, to: "/my-projects?saved=submitted", stored: "in_review", message: true, badge: true });
  });

  it("in review the builder is read-only for its founder, and Withdraw makes it a draft again", async () => {
    const { founder, id, form } = await draft();
    await page(`/my-projects/edit/${id}`, {
      token: founder.token,
      form: { ...form, intent: "submit", confirmTerms: "on", confirmedTerms: confirmed(form) },
    });
    const html = await (await page(`/my-projects/edit/${id}`, { token: founder.token })).text();
    const withdrawn = await page(`/my-projects/edit/${id}`, { token: founder.token, form: { intent: "withdraw" } });
    expect({
      readOnly: visibleText(html).includes("Your project is in review"),
      form: html.includes('name="title"'),
      withdrawn: [withdrawn.status, withdrawn.headers.get("Location")],
      stored: await statusOf(id),
    }).toEqual({
      readOnly: true,
      form: false,
      withdrawn: [302, "/my-projects?saved=withdrawn"],
      stored: "draft",
    });
  });

  it("a save posted to a project in review (an old tab) is refused with the message; nothing changes", async () => {
    const { founder, id, form } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const res = await page(`/my-projects/edit/${id}`, { token: founder.token, form: { ...form, title: "Sneaky" } });
    expect({
      status: res.status,
      shown: visibleText(await res.text()).includes(REVIEW_MESSAGES.inReviewReadOnly),
      title: (await env.DB.prepare("select title from projects where id = ?").bind(id).first<{ title: string }>())
        ?.title,
    }).toEqual({ status: 409, shown: true, title: form.title });
  });
});

describe("/admin", () => {
  it("a visitor signs in first; an investor and a founder get the access-denied page", async () => {
    const investor = await signup("investor");
    const founder = await signup("founder");
    const visitor = await page("/admin");
    const a = await page("/admin", { token: investor.token });
    const b = await page("/admin", { token: founder.token });
    expect([
      visitor.status,
      visitor.headers.get("Location"),
      a.status,
      a.headers.get("Location"),
      b.headers.get("Location"),
    ]).toEqual([
      302,
      "/signin?redirectTo=%2Fadmin",
      302,
      "/access-denied?notice=no-permission",
      "/access-denied?notice=no-permission",
    ]);
  });

  it("shows the review queue with each project's checklist, Approve and Request changes", async () => {
    const { founder, id } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const title = (await env.DB.prepare("select title from projects where id = ?").bind(id).first<{ title: string }>())!
      .title;
    const text = visibleText(await (await page("/admin", { token: await adminSession() })).text());
    expect({
      listed: text.includes(title),
      approve: text.includes(`Approve ${title}`),
      changes: text.includes(`Request changes to ${title}`),
      checklist: text.includes("Launch checklist"),
    }).toEqual({ listed: true, approve: true, changes: true, checklist: true });
  });

  it("Approve lists the project and writes the audit entry; the page says so", async () => {
    const { founder, id } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const token = await adminSession();
    const res = await page("/admin", { token, form: { intent: "approve", id } });
    const after = visibleText(await (await page(res.headers.get("Location") ?? "/admin", { token })).text());
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      stored: await statusOf(id),
      said: after.includes("Approved: the project is live"),
      audit: after.includes("Approved project"),
    }).toEqual({ status: 302, to: "/admin?done=approved#reviews", stored: "active", said: true, audit: true });
  });

  it("Request changes without a note: 400, the message beside the form, still in review", async () => {
    const { founder, id } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const res = await page("/admin", {
      token: await adminSession(),
      form: { intent: "request-changes", id, reason: " " },
    });
    expect({
      status: res.status,
      shown: visibleText(await res.text()).includes(REVIEW_MESSAGES.reasonRequired),
      stored: await statusOf(id),
    }).toEqual({ status: 400, shown: true, stored: "in_review" });
  });

  it("Request changes with a note: a draft again, and the founder's builder shows the note", async () => {
    const { founder, id } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const note = "Please add a FAQ about who checks the parts.";
    const res = await page("/admin", {
      token: await adminSession(),
      form: { intent: "request-changes", id, reason: note },
    });
    const builder = visibleText(await (await page(`/my-projects/edit/${id}`, { token: founder.token })).text());
    expect({ status: res.status, stored: await statusOf(id), shown: builder.includes(note) }).toEqual({
      status: 302,
      stored: "draft",
      shown: true,
    });
  });

  it("Suspend needs a reason; with one, the person's session ends; Reinstate lets them back", async () => {
    const person = await signup("investor");
    const token = await adminSession();
    const noReason = await page("/admin", { token, form: { intent: "suspend", id: person.user.id, reason: "" } });
    const noReasonText = visibleText(await noReason.text());
    const suspended = await page("/admin", { token, form: { intent: "suspend", id: person.user.id, reason: "Spam" } });
    const theirPortfolio = await page("/portfolio", { token: person.token });
    const reinstated = await page("/admin", { token, form: { intent: "reinstate", id: person.user.id } });
    expect({
      noReason: [noReason.status, noReasonText.includes(REVIEW_MESSAGES.suspendReasonRequired)],
      suspended: [suspended.status, suspended.headers.get("Location")],
      theirPortfolio: theirPortfolio.headers.get("Location"),
      reinstated: reinstated.headers.get("Location"),
      stored: (
        await env.DB.prepare("select suspended_at from users where id = ?")
          .bind(person.user.id)
          .first<{ suspended_at: number | null }>()
      )?.suspended_at,
    }).toEqual({
      noReason: [400, true],
      suspended: [302, "/admin?done=suspended#people"],
      theirPortfolio: "/signin?redirectTo=%2Fportfolio",
      reinstated: "/admin?done=reinstated#people",
      stored: null,
    });
  });

  it("a founder posting an admin action gets the access-denied page and nothing changes", async () => {
    const { founder, id } = await draft();
    await call(`/api/projects/${id}/publish`, { method: "POST", token: founder.token });
    const res = await page("/admin", { token: founder.token, form: { intent: "approve", id } });
    expect([res.status, res.headers.get("Location"), await statusOf(id)]).toEqual([
      302,
      "/access-denied?notice=no-permission",
      "in_review",
    ]);
  });

  it("an admin hides an update from the project page; a visitor no longer sees it; it is audited", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
    const posted = await json<{ id: string }>(
      await call(`/api/projects/${project.id}/updates`, {
        token: founder.token,
        body: { title: "Spam update", body: "Buy my other thing." },
      }),
    );
    const token = await adminSession();
    const res = await page(`/project/${project.slug}?tab=updates`, {
      token,
      form: { intent: "hide-update", updateId: posted.id },
    });
    const visitor = visibleText(await (await page(`/project/${project.slug}?tab=updates`)).text());
    const audit = await env.DB.prepare("select action from admin_audit where target_id = ?").bind(posted.id).all();
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      visitorSees: visitor.includes("Spam update"),
      audit: audit.results,
    }).toEqual({
      status: 302,
      to: `/project/${project.slug}?tab=updates&saved=update-hidden#update-${posted.id}`,
      visitorSees: false,
      audit: [{ action: "hide_update" }],
    });
  });
});
