/**
 * A live raise's material changes through the page doors (ADR 050), as a browser without
 * JavaScript posts them: the founder's save is sent for review (the public page keeps the approved
 * version, the form shows the copy and offers to withdraw it); /admin shows each field live and as
 * proposed and approves it; the investor finds the reconfirmation on the portfolio and answers it
 * on the investment page, reconfirming or canceling.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { RECONFIRM_MESSAGES, REVISION_MESSAGES } from "../../domain/projects/revisions";
import { adminSession, page, projectForm, visibleText } from "./helpers";
import { investmentIn, liveProject, pendingRevision } from "../workers/others-records";

const text = async (res: Response) => visibleText(await res.text()).replace(/\s+/g, " ");

describe("the founder's save of a live project", () => {
  it("is sent for review: the public page keeps the approved title, the form shows the copy with its notice", async () => {
    const { founder, project, body } = await liveProject();
    const form = projectForm({
      title: "Campus Keys 2.0",
      fundingDeadline: String(body.fundingDeadline),
      shortDescription: String(body.shortDescription),
    });
    const saved = await page(`/my-projects/edit/${project._id}`, { token: founder.token, form });
    const publicPage = await text(await page(`/project/${project.slug}`));
    const editPage = await (await page(`/my-projects/edit/${project._id}`, { token: founder.token })).text();
    expect({
      status: saved.status,
      to: saved.headers.get("Location"),
      publicOld: publicPage.includes(project.title),
      publicNew: publicPage.includes("Campus Keys 2.0"),
      notice: visibleText(editPage).replace(/\s+/g, " ").includes("Your changes to the Title are waiting for review"),
      formHasCopy: editPage.includes('value="Campus Keys 2.0"'),
    }).toEqual({
      status: 302,
      to: "/my-projects?saved=sent",
      publicOld: true,
      publicNew: false,
      notice: true,
      formHasCopy: true,
    });
  });

  it("Withdraw these changes: the form shows the approved version again", async () => {
    const { founder, project } = await pendingRevision();
    const res = await page(`/my-projects/edit/${project._id}`, {
      token: founder.token,
      form: { intent: "withdraw-changes" },
    });
    const mine = await text(await page(`/my-projects?saved=changes-withdrawn`, { token: founder.token }));
    expect({
      to: res.headers.get("Location"),
      said: mine.includes(REVISION_MESSAGES.withdrawn),
      stored: await env.DB.prepare("select status from project_revisions where project_id = ?1")
        .bind(project._id)
        .first<string>("status"),
    }).toEqual({ to: "/my-projects?saved=changes-withdrawn", said: true, stored: "withdrawn" });
  });
});

describe("/admin's changes to live projects", () => {
  it("shows each field live and as proposed, and approving makes it public", async () => {
    const { project, revisionId } = await pendingRevision();
    const token = await adminSession();
    const shown = await text(await page("/admin", { token }));
    const res = await page("/admin", { token, form: { intent: "approve-revision", id: revisionId } });
    const publicPage = await text(await page(`/project/${project.slug}`));
    expect({
      listed: shown.includes(`Changes to ${project.title}`) && shown.includes("Smart locks for every dorm room."),
      status: res.status,
      to: res.headers.get("Location"),
      live: publicPage.includes("Smart locks for every dorm room."),
    }).toEqual({ listed: true, status: 302, to: "/admin?done=revision-approved#revisions", live: true });
  });
});

describe("the investor's reconfirmation", () => {
  /** An approved change to a raise the investor is in. */
  async function asked() {
    const world = await pendingRevision();
    await page("/admin", { token: await adminSession(), form: { intent: "approve-revision", id: world.revisionId } });
    return world;
  }

  it("the portfolio lists it; the investment page's Reconfirm keeps the investment and says so", async () => {
    const { project, investor, investmentId } = await asked();
    const portfolio = await text(await page("/portfolio", { token: investor.token }));
    const before = await text(await page(`/portfolio/investments/${investmentId}`, { token: investor.token }));
    const res = await page(`/portfolio/investments/${investmentId}`, {
      token: investor.token,
      form: { intent: "reconfirm" },
    });
    const after = await text(await page(res.headers.get("Location") ?? "/", { token: investor.token }));
    expect({
      listed: portfolio.includes("An investment needs your reconfirmation") && portfolio.includes(project.title),
      asks: before.includes("Please reconfirm your investment"),
      status: res.status,
      said: after.includes(RECONFIRM_MESSAGES.reconfirmed),
      askedAgain: after.includes("Please reconfirm your investment"),
      investment: await env.DB.prepare("select status from investments where id = ?1")
        .bind(investmentId)
        .first<string>("status"),
    }).toEqual({ listed: true, asks: true, status: 302, said: true, askedAgain: false, investment: "active" });
  });

  it("Cancel my investment, past the usual cutoff: the money goes back", async () => {
    const { investor, investmentId } = await asked();
    await env.DB.prepare("update investments set cancel_cutoff_at = ?2 where id = ?1")
      .bind(investmentId, Date.now() - 1000)
      .run();
    const res = await page(`/portfolio/investments/${investmentId}`, {
      token: investor.token,
      form: { intent: "cancel" },
    });
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      investment: await env.DB.prepare("select status from investments where id = ?1")
        .bind(investmentId)
        .first<string>("status"),
    }).toEqual({ status: 302, to: `/portfolio?cancelled=${investmentId}`, investment: "cancelled" });
  });

  it("an investor who joined after the change is not asked", async () => {
    const { project } = await asked();
    const late = await investmentIn(project._id);
    const portfolio = await text(await page("/portfolio", { token: late.investor.token }));
    expect(portfolio.includes("needs your reconfirmation")).toBe(false);
  });
});
