/**
 * Every text the project form asks for appears on the public project page: the description leads
 * the Overview tab even when the offering summary (`details.overview`) is filled, and the facts no
 * other part of the page shows (location, duration, risk, expected return, links) are listed.
 */
import { describe, expect, it } from "vitest";

import { call, json, page, projectBody, signup, submitAndApprove, visibleText } from "./helpers";

describe("the project page shows what the founder wrote", () => {
  it("the description, the offering, the about text and the key facts, with the website link", async () => {
    const founder = await signup("founder");
    const body = projectBody({
      description: "Campus Keys replaces dorm keys with phones.",
      about: "We started in a dorm at midnight.",
      details: { overview: "We raise $50,000 to put locks in 3 more dorms." },
      location: "Austin, TX",
      projectDuration: 18,
      riskLevel: "high",
      returnRate: 12,
      socialLinks: { website: "https://campuskeys.example" },
    });
    const created = await json<{ _id: string }>(await call("/api/projects/create", { body, token: founder.token }));
    const live = await submitAndApprove<{ slug: string }>(created._id, founder.token);
    const html = await (await page(`/project/${live.slug}`)).text();
    const text = visibleText(html);
    expect({
      description: text.includes("Campus Keys replaces dorm keys with phones."),
      offering: text.includes("The offering We raise $50,000 to put locks in 3 more dorms."),
      about: text.includes("We started in a dorm at midnight."),
      facts: [
        "Location Austin, TX",
        "Project duration 18 months",
        "Risk level High",
        "Expected return 12% (the founder's estimate)",
      ].filter((f) => !text.includes(f)),
      website: html.includes('href="https://campuskeys.example"'),
    }).toEqual({ description: true, offering: true, about: true, facts: [], website: true });
  });

  it("the builder says where each text appears on the project page", async () => {
    const founder = await signup("founder");
    const html = await (await page("/my-projects/create", { token: founder.token })).text();
    const text = visibleText(html);
    expect(
      [
        "Shown first in the Overview tab of your project page",
        "shown under The offering in the Overview tab",
        "Your story, shown under About in the Overview tab",
        "Shown at the top of the Team tab",
        "Shown on project cards and at the top of your project page",
      ].filter((hint) => !text.includes(hint)),
    ).toEqual([]);
  });
});

describe("each tab's data carries what that tab shows, not the other tabs' texts", () => {
  it("the Team tab's data has the team text and none of the overview's; the overview's has no team text", async () => {
    const founder = await signup("founder");
    const body = projectBody({
      description: "Campus Keys replaces dorm keys with phones.",
      about: "We started in a dorm at midnight.",
      teamDescription: "Two engineers who lost their keys.",
    });
    const created = await json<{ _id: string }>(await call("/api/projects/create", { body, token: founder.token }));
    const live = await submitAndApprove<{ slug: string }>(created._id, founder.token);
    const has = async (path: string) => {
      const data = await (await page(path)).text();
      return ["replaces dorm keys", "at midnight", "lost their keys"].map((t) => data.includes(t));
    };
    expect({
      overview: await has(`/project/${live.slug}.data`),
      team: await has(`/project/${live.slug}.data?tab=team`),
    }).toEqual({ overview: [true, true, false], team: [false, false, true] });
  });
});
