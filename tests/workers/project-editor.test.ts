/**
 * Founders' projects through the real Worker and real D1 (spec sections 5, 6, 8, 9; DESIGN §3):
 * `POST /api/projects/create`, `PUT /api/projects/{id}`, `POST /api/projects/{id}/publish`,
 * `GET /api/projects/founder`, drafts hidden from everyone but their founder and admins, and the
 * terms locked once an investor has bought.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { formValuesOf } from "../../domain/projects/project-values";
import { lockedTerm } from "../../domain/projects/project-terms";
import type { ProjectDTO, SessionUser } from "../../domain/shared/types";
import { createDb } from "../../db/client";
import { validateSessionToken } from "../../worker/services/accounts/sessions";
import { ServiceError } from "../../worker/services/shared/errors";
import { purchaseShares } from "../../worker/services/money/purchases";
import { updateProject } from "../../worker/services/projects/project-editor";
import {
  adminSession,
  call,
  db,
  inDays,
  json,
  makeAdmin,
  projectBody,
  recordUpload,
  saveLiveProject,
  signup,
  submitAndApprove,
  unique,
  withPrice,
} from "./helpers";
import { PROJECT_REQUIRED_FIELDS as REQUIRED } from "../shared/required-fields";

const DEADLINE = inDays(90);
const AUTH_REQUIRED = "Authentication required. Please sign in again.";
const NOT_FOUND = { success: false, message: "Project Not Found" };

const create = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call("/api/projects/create", { method: "POST", body, token, headers });
const put = (id: string, token: string | undefined, body: unknown) =>
  call(`/api/projects/${id}`, { method: "PUT", body, token });
const publish = (id: string, token: string | undefined) =>
  call(`/api/projects/${id}/publish`, { method: "POST", token });
const invest = async (id: string, token: string, shares: number, amount?: number) =>
  call(`/api/projects/${id}/invest`, {
    method: "POST",
    body: amount === undefined ? await withPrice(id, { shares }) : { shares, amount },
    token,
    headers: { "Idempotency-Key": unique("k") },
  });

type Row = Record<string, unknown> & { id: string; slug: string; status: string };

/** The project's row exactly as D1 holds it. */
const rowOf = async (id: string) => await env.DB.prepare("select * from projects where id = ?").bind(id).first<Row>();

/** Every project row owned by this user. */
const rowsOfFounder = async (founderId: string) =>
  (await env.DB.prepare("select * from projects where founder_id = ?").bind(founderId).all<Row>()).results;

const rowsTitled = async (title: string) =>
  (await env.DB.prepare("select id from projects where title = ?").bind(title).all<{ id: string }>()).results;

const parsed = (text: unknown) => JSON.parse(text as string) as unknown;

/** A founder with a draft made through the API. */
async function founderWithDraft(overrides: Record<string, unknown> = {}) {
  const founder = await signup("founder");
  const body = projectBody(overrides);
  const res = await create(founder.token, body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const project = await json<ProjectDTO>(res);
  return { founder, body, project };
}

/** A founder with a published project. */
async function founderWithLiveProject(overrides: Record<string, unknown> = {}) {
  const made = await founderWithDraft(overrides);
  return { ...made, project: await submitAndApprove<ProjectDTO>(made.project._id, made.founder.token) };
}

/** A published project on which an investor has bought 10 shares: its terms are locked. */
async function lockedProject() {
  const made = await founderWithLiveProject();
  const investor = await signup("investor");
  const res = await invest(made.project._id, investor.token, 10);
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  return { ...made, investor };
}

async function viewerFor(token: string): Promise<SessionUser> {
  const session = await validateSessionToken(db(), token);
  if (!session) throw new Error("the token did not validate");
  return session.user;
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; errors: unknown }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, message: e.message, errors: e.errors };
    throw e;
  }
  throw new Error("expected the service to refuse");
}

/** The body with a dotted path set (`creatorInfo.name`, `socialLinks.website`). */
function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out = structuredClone(body);
  const parts = path.split(".");
  let node = out;
  for (const key of parts.slice(0, -1)) {
    node[key] = { ...(node[key] ?? {}) };
    node = node[key] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
  return out;
}

describe("POST /api/projects/create: validation (one founder, every body refused)", () => {
  let founder: Awaited<ReturnType<typeof signup>>;
  beforeAll(async () => {
    founder = await signup("founder");
  });

  /** Refused with exactly these field errors and the banner counting them; nothing stored. */
  async function expectRefused(body: unknown, errors: Record<string, string>) {
    const res = await create(founder.token, body);
    const n = Object.keys(errors).length;
    expect({ status: res.status, body: await json(res), stored: await rowsOfFounder(founder.user.id) }).toEqual({
      status: 400,
      body: {
        success: false,
        message: `Please fix the ${n} validation error${n === 1 ? "" : "s"} highlighted below`,
        errors,
      },
      stored: [],
    });
  }

  it("an empty body → 400 with exactly the ten required errors and the banner for 10", async () => {
    await expectRefused({}, Object.fromEntries(REQUIRED));
  });

  it("no body at all → the same ten errors", async () => {
    const res = await call("/api/projects/create", { method: "POST", token: founder.token });
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: {
        success: false,
        message: "Please fix the 10 validation errors highlighted below",
        errors: Object.fromEntries(REQUIRED),
      },
    });
  });

  for (const [key, message] of REQUIRED) {
    it(`${key} of only spaces → 400 '${message}' on ${key}`, async () => {
      await expectRefused(withField(projectBody(), key, "   "), { [key]: message });
    });
  }

  it("a RegCF goal above $5,000,000 → 400 on fundingGoal", async () => {
    await expectRefused(projectBody({ fundingGoal: 5_010_000 }), {
      fundingGoal: "A RegCF raise can be at most $5,000,000",
    });
  });

  it("a share price that does not divide the goal → 400 on sharePrice", async () => {
    await expectRefused(projectBody({ sharePrice: 3 }), {
      sharePrice: "The share price must divide the funding goal into a whole number of shares",
    });
  });

  const URLS: [string, string][] = [
    ["socialLinks.website", "Website"],
    ["socialLinks.twitter", "Twitter"],
    ["socialLinks.facebook", "Facebook"],
    ["socialLinks.linkedin", "LinkedIn"],
    ["socialLinks.instagram", "Instagram"],
  ];
  for (const [key, item] of URLS) {
    for (const bad of ["javascript:alert(1)", "ftp://x.org/f"]) {
      it(`${key} '${bad}' → 400 'Please enter a valid URL for ${item}', nothing stored`, async () => {
        await expectRefused(withField(projectBody(), key, bad), { [key]: `Please enter a valid URL for ${item}` });
      });
    }
  }

  const DOCS: [string, string][] = [
    ["Investor Deck", "Investor Deck"],
    ["Technical Whitepaper", "Whitepaper"],
    ["Financial Projections", "Financials"],
    ["Market Analysis Report", "Market Analysis"],
  ];
  DOCS.forEach(([name, item], index) => {
    for (const bad of ["javascript:alert(1)", "ftp://x.org/f"]) {
      it(`documents[${index}].url (${name}) '${bad}' → 400 'Please enter a valid URL for ${item}'`, async () => {
        const documents = DOCS.map(([n], i) => ({ name: n, type: "pdf", url: i === index ? bad : "" }));
        await expectRefused(projectBody({ documents }), {
          [`documents[${index}].url`]: `Please enter a valid URL for ${item}`,
        });
      });
    }
  });

  it("a javascript: main image → 400 'Please enter a valid URL for Main image'", async () => {
    await expectRefused(projectBody({ image: "javascript:alert(1)" }), {
      image: "Please enter a valid URL for Main image",
    });
  });

  it("a FAQ with only a question → 400 on its answer", async () => {
    await expectRefused(projectBody({ faqs: [{ question: "When?", answer: "" }] }), {
      "faqs[0].answer": "Please complete both question and answer for all FAQs",
    });
  });

  it("a FAQ with only an answer → 400 on its question", async () => {
    await expectRefused(projectBody({ faqs: [{ question: " ", answer: "In the fall." }] }), {
      "faqs[0].question": "Please complete both question and answer for all FAQs",
    });
  });

  it("an object where the title belongs → 400 'Project title must be text' (never a 500)", async () => {
    await expectRefused(projectBody({ title: { $gt: "" } }), { title: "Project title must be text" });
  });

  it("objects where several texts belong → each '<Label> must be text'", async () => {
    await expectRefused(projectBody({ description: ["x"], creatorInfo: { name: { first: "F" }, bio: "B" } }), {
      description: "Description must be text",
      "creatorInfo.name": "Creator name must be text",
    });
  });

  it("a 60-row team list → 400 'A list can have at most 50 rows'", async () => {
    const team = Array.from({ length: 60 }, (_, i) => ({ name: `Member ${i}`, role: "Engineer" }));
    await expectRefused(projectBody({ team }), { team: "A list can have at most 50 rows" });
  });

  it("a non-JSON content type → 415 and nothing stored", async () => {
    const res = await create(founder.token, JSON.stringify(projectBody()), { "Content-Type": "text/plain" });
    expect({ status: res.status, body: await json(res), stored: await rowsOfFounder(founder.user.id) }).toEqual({
      status: 415,
      body: { success: false, message: "Content-Type must be application/json" },
      stored: [],
    });
  });

  it("a JSON array → 400 'Request body must be a JSON object'", async () => {
    const res = await create(founder.token, [projectBody()]);
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: { success: false, message: "Request body must be a JSON object" },
    });
  });

  it("malformed JSON → 400 'Request body is not valid JSON'", async () => {
    const res = await create(founder.token, '{"title": "x",');
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: { success: false, message: "Request body is not valid JSON" },
    });
  });
});

describe("POST /api/projects/create: what is stored", () => {
  it("creates a draft owned by the caller: 201, and D1 holds a draft whose slug is its id", async () => {
    const founder = await signup("founder");
    const res = await create(founder.token, projectBody());
    expect(res.status).toBe(201);
    const out = await json<ProjectDTO>(res);
    const row = await rowOf(out._id);
    expect({
      status: out.status,
      row: {
        founder_id: row?.founder_id,
        status: row?.status,
        slug: row?.slug,
        published_at: row?.published_at,
        shares_sold: row?.shares_sold,
        featured: row?.featured,
      },
    }).toEqual({
      status: "draft",
      row: {
        founder_id: founder.user.id,
        status: "draft",
        slug: out._id,
        published_at: null,
        shares_sold: 0,
        featured: 0,
      },
    });
  });

  it("money terms are derived in integer cents: $50,000 at $10, 12.5% → 5,000 shares, $400,000 valuation", async () => {
    const { project } = await founderWithDraft({ investmentTerms: { equityPercentage: 12.5 } });
    const row = await rowOf(project._id);
    expect({
      funding_goal_cents: row?.funding_goal_cents,
      share_price_cents: row?.share_price_cents,
      total_shares: row?.total_shares,
      valuation_cents: row?.valuation_cents,
      equity_percentage: row?.equity_percentage,
      min_investment_cents: row?.min_investment_cents,
    }).toEqual({
      funding_goal_cents: 5_000_000,
      share_price_cents: 1_000,
      total_shares: 5_000,
      valuation_cents: 40_000_000,
      equity_percentage: 12.5,
      min_investment_cents: 10_000, // the default $100 when omitted
    });
  });

  it("the API answers the same terms in dollars", async () => {
    const { project } = await founderWithDraft({ investmentTerms: { equityPercentage: 12.5 } });
    expect({
      fundingGoal: project.fundingGoal,
      sharePrice: project.sharePrice,
      totalShares: project.totalShares,
      investmentTerms: project.investmentTerms,
    }).toEqual({
      fundingGoal: 50_000,
      sharePrice: 10,
      totalShares: 5_000,
      investmentTerms: { valuation: 400_000, equityPercentage: 12.5, minInvestment: 100 },
    });
  });

  it("totalShares instead of sharePrice: the price is derived in cents ($50,000 / 2,000 → 2,500 cents)", async () => {
    const body = projectBody({ totalShares: 2_000 });
    delete body.sharePrice;
    const founder = await signup("founder");
    const res = await create(founder.token, body);
    const row = (await rowsOfFounder(founder.user.id))[0];
    expect({ status: res.status, share_price_cents: row?.share_price_cents, total_shares: row?.total_shares }).toEqual({
      status: 201,
      share_price_cents: 2_500,
      total_shares: 2_000,
    });
  });

  it("numbers sent as text, as a form sends them, are accepted and stored as numbers", async () => {
    const founder = await signup("founder");
    const res = await create(
      founder.token,
      projectBody({
        fundingGoal: "50,000",
        projectDuration: "12",
        sharePrice: "10",
        returnRate: "8.5",
        investmentTerms: { equityPercentage: "12.5", minInvestment: "250" },
      }),
    );
    const row = (await rowsOfFounder(founder.user.id))[0];
    expect({
      status: res.status,
      row: [
        row?.funding_goal_cents,
        row?.project_duration,
        row?.share_price_cents,
        row?.return_rate,
        row?.equity_percentage,
        row?.min_investment_cents,
      ],
    }).toEqual({ status: 201, row: [5_000_000, 12, 1_000, 8.5, 12.5, 25_000] });
  });

  it("a form-encoded create with the form's field names (creatorInfo.name …) is read like the JSON one", async () => {
    // The API accepts form bodies (readBody) and the form's names are the API's paths (ADR 016).
    const founder = await signup("founder");
    const form = new URLSearchParams({
      title: "Form Posted Co",
      shortDescription: "Posted without JavaScript.",
      description: "A plain HTML form post.",
      category: "Technology",
      fundingGoal: "50000",
      fundingDeadline: DEADLINE,
      projectDuration: "12",
      image: "https://cdn.example.org/main.png",
      "creatorInfo.name": "Fiona Founder",
      "creatorInfo.bio": "Builds locks.",
      sharePrice: "10",
    });
    const res = await create(founder.token, form.toString(), { "Content-Type": "application/x-www-form-urlencoded" });
    const row = (await rowsOfFounder(founder.user.id))[0];
    expect({ status: res.status, creatorInfo: row ? parsed(row.creator_info) : null }).toEqual({
      status: 201,
      creatorInfo: { name: "Fiona Founder", bio: "Builds locks." },
    });
  });

  it("https links, documents and the founder's own uploaded image paths are stored as given", async () => {
    const founder = await signup("founder");
    const { url: upload } = await recordUpload(founder.user.id);
    const socialLinks = {
      website: "https://campuskeys.example.org",
      twitter: "https://twitter.com/campuskeys",
      facebook: "https://facebook.com/campuskeys",
      linkedin: "https://linkedin.com/company/campuskeys",
      instagram: "https://instagram.com/campuskeys",
    };
    const documents = [
      { name: "Investor Deck", type: "pdf", url: "https://docs.example.org/deck.pdf" },
      { name: "Technical Whitepaper", type: "pdf", url: "https://docs.example.org/paper.pdf" },
      { name: "Financial Projections", type: "pdf", url: "https://docs.example.org/fin.pdf" },
      { name: "Market Analysis Report", type: "pdf", url: "https://docs.example.org/market.pdf" },
    ];
    const res = await create(
      founder.token,
      projectBody({
        image: upload,
        logo: "https://cdn.example.org/logo.png",
        creatorInfo: { name: "Fiona", bio: "Bio", image: upload },
        socialLinks,
        documents,
      }),
    );
    expect(res.status).toBe(201);
    const row = await rowOf((await json<ProjectDTO>(res))._id);
    expect({
      image: row?.image,
      logo: row?.logo,
      creatorInfo: parsed(row?.creator_info),
      socialLinks: parsed(row?.social_links),
      documents: parsed(row?.documents),
    }).toEqual({
      image: upload,
      logo: "https://cdn.example.org/logo.png",
      creatorInfo: { name: "Fiona", bio: "Bio", image: upload },
      socialLinks,
      documents,
    });
  });

  it("only complete rows are stored: team (name and role), traction (metric and value), roadmap (date and milestone), FAQs", async () => {
    const { project } = await founderWithDraft({
      team: [
        { name: "Ann", role: "CTO", bio: "Hardware" },
        { name: "Ben", role: "" },
        { name: "", role: "Designer" },
        {},
      ],
      details: {
        traction: [{ metric: "Users", value: "1,200" }, { metric: "MRR", value: " " }, { value: "5" }],
        roadmap: [
          { date: "2026 Q3", milestone: "Launch" },
          { date: "2026 Q4" },
          { milestone: "Scale", completed: true },
          { date: "2027 Q1", milestone: "Three campuses", completed: true },
        ],
      },
      faqs: [
        { question: "", answer: "" },
        { question: "When?", answer: "Fall." },
        { question: " ", answer: " " },
      ],
      tags: "a, ,b,,a",
      regulationType: "Reg D",
    });
    const row = await rowOf(project._id);
    expect({
      team: parsed(row?.team),
      details: parsed(row?.details),
      faqs: parsed(row?.faqs),
      tags: parsed(row?.tags),
      regulation_type: row?.regulation_type,
    }).toEqual({
      team: [{ name: "Ann", role: "CTO", bio: "Hardware" }],
      details: {
        traction: [{ metric: "Users", value: "1,200" }],
        roadmap: [
          { date: "2026 Q3", milestone: "Launch" },
          { date: "2027 Q1", milestone: "Three campuses", completed: true },
        ],
        financials: {},
      },
      faqs: [{ question: "When?", answer: "Fall." }],
      tags: ["a", "b"],
      regulation_type: "SAFE",
    });
  });

  it("fields the founder may not set (status, slug, featured, owner, sales) are ignored", async () => {
    const founder = await signup("founder");
    const other = await signup("founder");
    const res = await create(
      founder.token,
      projectBody({
        status: "active",
        slug: "hijacked",
        featured: true,
        founderId: other.user.id,
        sharesSold: 4_000,
        fundingCurrent: 40_000,
        publishedAt: "2026-01-01",
      }),
    );
    const out = await json<ProjectDTO>(res);
    const row = await rowOf(out._id);
    expect({
      status: res.status,
      row: [
        row?.status,
        row?.slug,
        row?.featured,
        row?.founder_id,
        row?.shares_sold,
        row?.funding_current_cents,
        row?.published_at,
      ],
    }).toEqual({ status: 201, row: ["draft", out._id, 0, founder.user.id, 0, 0, null] });
  });
});

describe("roles and ownership (spec section 6)", () => {
  it("no token → 401 'Authentication required. Please sign in again.', nothing stored", async () => {
    const body = projectBody();
    const res = await create(undefined, body);
    expect({ status: res.status, body: await json(res), stored: await rowsTitled(body.title as string) }).toEqual({
      status: 401,
      body: { success: false, message: AUTH_REQUIRED },
      stored: [],
    });
  });

  it("an investor → 403 'Only founder accounts can create projects.', nothing stored", async () => {
    const investor = await signup("investor");
    const res = await create(investor.token, projectBody());
    expect({ status: res.status, body: await json(res), stored: await rowsOfFounder(investor.user.id) }).toEqual({
      status: 403,
      body: { success: false, message: "Only founder accounts can create projects." },
      stored: [],
    });
  });

  it("a second create → 409 'You already have a project…', and the founder still has one project", async () => {
    const { founder, project } = await founderWithDraft();
    const res = await create(founder.token, projectBody());
    expect({
      status: res.status,
      body: await json(res),
      stored: (await rowsOfFounder(founder.user.id)).map((r) => r.id),
    }).toEqual({
      status: 409,
      body: { success: false, message: "You already have a project. You can only create one project at a time." },
      stored: [project._id],
    });
  });

  it("two concurrent creates by the same founder → exactly one 201 and one 409, one row in D1", async () => {
    const founder = await signup("founder");
    const [a, b] = await Promise.all([create(founder.token, projectBody()), create(founder.token, projectBody())]);
    const answers = [
      { status: a.status, body: await json<Record<string, unknown>>(a) },
      { status: b.status, body: await json<Record<string, unknown>>(b) },
    ].sort((x, y) => x.status - y.status);
    expect({
      statuses: answers.map((x) => x.status),
      refusal: answers[1]!.body,
      rows: (await rowsOfFounder(founder.user.id)).map((r) => r.id),
    }).toEqual({
      statuses: [201, 409],
      refusal: { success: false, message: "You already have a project. You can only create one project at a time." },
      rows: [answers[0]!.body._id],
    });
  });

  it("PUT without a token → 401 'Must be logged in to update a project', D1 unchanged", async () => {
    const { project, body } = await founderWithDraft();
    const before = await rowOf(project._id);
    const res = await put(project._id, undefined, { ...body, description: "Changed" });
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 401,
      body: { success: false, message: "Must be logged in to update a project" },
      row: before,
    });
  });

  it("another founder's PUT on a published project → 403 'You do not have permission to edit this project'", async () => {
    const { project, body } = await founderWithLiveProject();
    const intruder = await signup("founder");
    const before = await rowOf(project._id);
    const res = await put(project._id, intruder.token, { ...body, description: "Defaced" });
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 403,
      body: { success: false, message: "You do not have permission to edit this project" },
      row: before,
    });
  });

  it("an investor's PUT on a published project → 403, D1 unchanged", async () => {
    const { project, body } = await founderWithLiveProject();
    const investor = await signup("investor");
    const before = await rowOf(project._id);
    const res = await put(project._id, investor.token, { ...body, description: "Defaced" });
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 403,
      body: { success: false, message: "You do not have permission to edit this project" },
      row: before,
    });
  });

  it("another founder's PUT on a draft → 404 (a draft does not exist for them), D1 unchanged", async () => {
    const { project, body } = await founderWithDraft();
    const intruder = await signup("founder");
    const before = await rowOf(project._id);
    const res = await put(project._id, intruder.token, { ...body, description: "Defaced" });
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 404,
      body: { success: false, message: "Project Not Found" },
      row: before,
    });
  });

  it("an admin can PUT any founder's project, and it is stored", async () => {
    const { project, body } = await founderWithDraft();
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);
    const res = await put(project._id, admin.token, { ...body, description: "Edited by an admin" });
    expect({ status: res.status, stored: (await rowOf(project._id))?.description }).toEqual({
      status: 200,
      stored: "Edited by an admin",
    });
  });

  it("the founder's PUT stores the edit and answers the saved project", async () => {
    const { founder, project, body } = await founderWithDraft();
    const res = await put(project._id, founder.token, { ...body, shortDescription: "Now with NFC." });
    const out = await json<ProjectDTO>(res);
    expect({
      status: res.status,
      answered: out.shortDescription,
      stored: (await rowOf(project._id))?.short_description,
    }).toEqual({ status: 200, answered: "Now with NFC.", stored: "Now with NFC." });
  });

  it("a PUT with an invalid body → 400 { message, errors }, D1 unchanged", async () => {
    const { founder, project, body } = await founderWithDraft();
    const before = await rowOf(project._id);
    const res = await put(project._id, founder.token, {
      ...body,
      socialLinks: { website: "javascript:alert(1)" },
      projectDuration: 2,
    });
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 400,
      body: {
        success: false,
        message: "Please fix the 2 validation errors highlighted below",
        errors: {
          projectDuration: "Project duration must be at least 3 months",
          "socialLinks.website": "Please enter a valid URL for Website",
        },
      },
      row: before,
    });
  });

  it("a PUT with a JSON array → 400, D1 unchanged", async () => {
    const { founder, project, body } = await founderWithDraft();
    const before = await rowOf(project._id);
    const res = await put(project._id, founder.token, [body]);
    expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
      status: 400,
      body: { success: false, message: "Request body must be a JSON object" },
      row: before,
    });
  });

  it("a PUT on an unknown project → 404 'Project Not Found'", async () => {
    const founder = await signup("founder");
    const res = await put("no-such-project", founder.token, projectBody());
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 404,
      body: { success: false, message: "Project Not Found" },
    });
  });

  it("GET /api/projects/founder → the caller's own project, draft included", async () => {
    const { founder, project } = await founderWithDraft();
    const res = await call("/api/projects/founder", { token: founder.token });
    const out = await json<ProjectDTO>(res);
    expect({ status: res.status, _id: out._id, status_: out.status, founderId: out.founderId }).toEqual({
      status: 200,
      _id: project._id,
      status_: "draft",
      founderId: founder.user.id,
    });
  });

  it("GET /api/projects/founder → 404 'You have not created a project yet' when the founder has none", async () => {
    const founder = await signup("founder");
    const res = await call("/api/projects/founder", { token: founder.token });
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 404,
      body: { success: false, message: "You have not created a project yet" },
    });
  });

  it("GET /api/projects/founder without a token → 401 (the route is not taken for a project slug by /:id)", async () => {
    const res = await call("/api/projects/founder");
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 401,
      body: { success: false, message: AUTH_REQUIRED },
    });
  });
});

describe("drafts and publishing", () => {
  it("a draft is not in GET /api/projects for a visitor or an investor", async () => {
    const { project } = await founderWithDraft();
    const investor = await signup("investor");
    const ids = async (token?: string) =>
      (await json<{ projects: ProjectDTO[] }>(await call("/api/projects", { token }))).projects.map((p) => p._id);
    expect({
      visitor: (await ids()).includes(project._id),
      investor: (await ids(investor.token)).includes(project._id),
    }).toEqual({
      visitor: false,
      investor: false,
    });
  });

  it("a draft by id → 404 'Project Not Found' for a visitor", async () => {
    const { project } = await founderWithDraft();
    const res = await call(`/api/projects/${project._id}`);
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 404, body: NOT_FOUND });
  });

  it("a draft by id → 404 for an investor and for another founder", async () => {
    const { project } = await founderWithDraft();
    const investor = await signup("investor");
    const other = await signup("founder");
    const a = await call(`/api/projects/${project._id}`, { token: investor.token });
    const b = await call(`/api/projects/${project._id}`, { token: other.token });
    expect([a.status, await json(a), b.status, await json(b)]).toEqual([404, NOT_FOUND, 404, NOT_FOUND]);
  });

  it("a draft's investors list → 404", async () => {
    const { project } = await founderWithDraft();
    const res = await call(`/api/projects/${project._id}/investors`);
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 404, body: NOT_FOUND });
  });

  it("a draft cannot be bought: 404 'Project Not Found', and no investment exists", async () => {
    const { project } = await founderWithDraft();
    const investor = await signup("investor");
    const res = await invest(project._id, investor.token, 10);
    const count = await env.DB.prepare("select count(*) as n from investments where project_id = ?")
      .bind(project._id)
      .first<{ n: number }>();
    expect({
      status: res.status,
      message: (await json(res)).message,
      investments: count?.n,
      sold: (await rowOf(project._id))?.shares_sold,
    }).toEqual({
      status: 404,
      message: "Project Not Found",
      investments: 0,
      sold: 0,
    });
  });

  it("its founder and an admin see the draft by id", async () => {
    const { founder, project } = await founderWithDraft();
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);
    const a = await call(`/api/projects/${project._id}`, { token: founder.token });
    const b = await call(`/api/projects/${project._id}`, { token: admin.token });
    const [fa, fb] = [await json<ProjectDTO>(a), await json<ProjectDTO>(b)];
    expect([a.status, fa._id, fa.status, b.status, fb._id, fb.status]).toEqual([
      200,
      project._id,
      "draft",
      200,
      project._id,
      "draft",
    ]);
  });

  it("a founder's publish submits for review: 'in_review', the id still its slug, not published", async () => {
    const { founder, project } = await founderWithDraft({ title: `Dorm Lock ${unique("x")}` });
    const res = await publish(project._id, founder.token);
    const out = await json<ProjectDTO>(res);
    const row = await rowOf(project._id);
    expect({
      status: res.status,
      answered: [out.status, out.slug],
      stored: [row?.status, row?.slug, row?.published_at, typeof row?.submitted_at],
    }).toEqual({
      status: 200,
      answered: ["in_review", project._id],
      stored: ["in_review", project._id, null, "number"],
    });
  });

  it("approval → 'active' with a slug from the title, stored in D1", async () => {
    const { founder, project } = await founderWithDraft({ title: `Dorm Lock ${unique("x")}` });
    const out = await submitAndApprove<ProjectDTO>(project._id, founder.token);
    const row = await rowOf(project._id);
    const expectedSlug = project.title.toLowerCase().replace(/ /g, "-");
    expect({
      answered: [out.status, out.slug],
      stored: [row?.status, row?.slug, typeof row?.published_at],
    }).toEqual({ answered: ["active", expectedSlug], stored: ["active", expectedSlug, "number"] });
  });

  it("a published project is listed in GET /api/projects and found by its slug by a visitor", async () => {
    const { project } = await founderWithLiveProject();
    const list = await json<{ projects: ProjectDTO[] }>(await call("/api/projects"));
    const bySlug = await call(`/api/projects/${project.slug}`);
    expect({
      listed: list.projects.filter((p) => p._id === project._id).map((p) => p.status),
      bySlug: [bySlug.status, (await json<ProjectDTO>(bySlug))._id],
    }).toEqual({ listed: ["active"], bySlug: [200, project._id] });
  });

  it("a founder's publish of a live project → 409 'Only a draft can be submitted for review'", async () => {
    const { founder, project } = await founderWithLiveProject();
    const res = await publish(project._id, founder.token);
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 409,
      body: { success: false, message: "Only a draft can be submitted for review" },
    });
  });

  it("another founder cannot publish someone's draft: 404, still a draft", async () => {
    const { project } = await founderWithDraft();
    const other = await signup("founder");
    const res = await publish(project._id, other.token);
    expect({ status: res.status, body: await json(res), stored: (await rowOf(project._id))?.status }).toEqual({
      status: 404,
      body: { success: false, message: "Project Not Found" },
      stored: "draft",
    });
  });

  it("two projects titled 'Campus Keys' get the slugs campus-keys and campus-keys-2", async () => {
    const a = await founderWithLiveProject({ title: "Campus Keys" });
    const b = await founderWithLiveProject({ title: "Campus Keys" });
    expect([a.project.slug, b.project.slug]).toEqual(["campus-keys", "campus-keys-2"]);
  });

  it("a third 'Campus Keys' gets campus-keys-3, and a 'Campus Keysmith' keeps its own slug", async () => {
    const smith = await founderWithLiveProject({ title: "Campus Keysmith" });
    const third = await founderWithLiveProject({ title: "Campus Keys" });
    expect([smith.project.slug, third.project.slug]).toEqual(["campus-keysmith", "campus-keys-3"]);
  });

  it("the slug does not change when the title is edited after publishing", async () => {
    const { founder, project, body } = await founderWithLiveProject({ title: `Old Name ${unique("x")}` });
    const res = await saveLiveProject(project._id, founder.token, { ...body, title: "A Completely New Name" });
    const row = await rowOf(project._id);
    expect({ status: res.status, stored: [row?.title, row?.slug] }).toEqual({
      status: 200,
      stored: ["A Completely New Name", project.slug],
    });
  });

  it("a project titled 'Founder' can still be read by its slug (GET /api/projects/{slug})", async () => {
    const { project } = await founderWithLiveProject({ title: "Founder" });
    const res = await call(`/api/projects/${project.slug}`);
    expect({ status: res.status, _id: (await json<ProjectDTO>(res))._id }).toEqual({ status: 200, _id: project._id });
  });

  it("a title equal to another project's id does not give a slug that captures that id", async () => {
    const victim = await founderWithLiveProject();
    const attacker = await founderWithLiveProject({ title: victim.project._id });
    const res = await call(`/api/projects/${victim.project._id}`);
    expect({
      attackerSlugIsVictimId: attacker.project.slug === victim.project._id,
      lookup: (await json<ProjectDTO>(res))._id,
    }).toEqual({ attackerSlugIsVictimId: false, lookup: victim.project._id });
  });
});

describe("terms locked after the first investment", () => {
  const LOCKS: [string, (b: Record<string, unknown>) => Record<string, unknown>, string, string][] = [
    ["sharePrice", (b) => ({ ...b, sharePrice: 20 }), "sharePrice", "Share price"],
    ["fundingGoal", (b) => ({ ...b, fundingGoal: 60_000 }), "fundingGoal", "The funding goal"],
    [
      "investmentTerms.equityPercentage",
      (b) => ({ ...b, investmentTerms: { equityPercentage: 15, minInvestment: 100 } }),
      "investmentTerms.equityPercentage",
      "Equity offered",
    ],
    ["regulationType", (b) => ({ ...b, regulationType: "RegA+" }), "regulationType", "Regulation type"],
  ];
  for (const [what, change, key, label] of LOCKS) {
    it(`a PUT changing ${what} → 409 naming ${key}, D1 unchanged`, async () => {
      const { founder, project, body } = await lockedProject();
      const before = await rowOf(project._id);
      const res = await put(project._id, founder.token, change(body));
      expect({ status: res.status, body: await json(res), row: await rowOf(project._id) }).toEqual({
        status: 409,
        body: { success: false, message: lockedTerm(label), errors: { [key]: lockedTerm(label) } },
        row: before,
      });
    });
  }

  it("the locked message reads as the spec's rule", () => {
    expect(lockedTerm("Share price")).toBe(
      "Share price cannot change after the first investment: investors bought on these terms",
    );
  });

  it("a PUT changing only the description → 200 and stored, terms unchanged", async () => {
    const { founder, project, body } = await lockedProject();
    const before = await rowOf(project._id);
    const res = await saveLiveProject(project._id, founder.token, {
      ...body,
      description: "Now shipping to ten campuses.",
    });
    const after = await rowOf(project._id);
    expect({ status: res.status, after }).toEqual({
      status: 200,
      after: { ...before, description: "Now shipping to ten campuses.", updated_at: after?.updated_at },
    });
  });

  it("before any investment the share price may change", async () => {
    const { founder, project, body } = await founderWithLiveProject();
    const res = await saveLiveProject(project._id, founder.token, { ...body, sharePrice: 20 });
    const row = await rowOf(project._id);
    expect({ status: res.status, stored: [row?.share_price_cents, row?.total_shares] }).toEqual({
      status: 200,
      stored: [2_000, 2_500],
    });
  });

  it("the edit page's values (formValuesOf the stored project) save back unchanged on a locked project", async () => {
    const { founder, project } = await lockedProject();
    const dto = await json<ProjectDTO>(await call("/api/projects/founder", { token: founder.token }));
    const before = await rowOf(project._id);
    const res = await put(project._id, founder.token, formValuesOf(dto));
    const after = await rowOf(project._id);
    expect({ status: res.status, after }).toEqual({ status: 200, after: { ...before, updated_at: after?.updated_at } });
  });

  it("a price change's approval racing a purchase: exactly one takes effect, and every investment is at the project's price", async () => {
    const ROUNDS = 6;
    const admin = await adminSession();
    const outcomes = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const { founder, project, body } = await founderWithLiveProject();
        const investor = await signup("investor");
        // The founder's new price waits for review (ADR 050); its approval races the purchase.
        await put(project._id, founder.token, { ...body, sharePrice: 20 });
        const revision = await env.DB.prepare(
          "select id from project_revisions where project_id = ?1 and status = 'pending'",
        )
          .bind(project._id)
          .first<string>("id");
        const [edit, buy] = await Promise.all([
          call(`/api/admin/revisions/${revision}/approve`, { method: "POST", token: admin }),
          invest(project._id, investor.token, 10, 100),
        ]);
        const { results } = await env.DB.prepare(
          `select i.share_price_cents as paid, p.share_price_cents as price
             from investments i join projects p on p.id = i.project_id where p.id = ?`,
        )
          .bind(project._id)
          .all<{ paid: number; price: number }>();
        return {
          tookEffect: [edit.status === 200, buy.status === 201].filter(Boolean).length,
          offPrice: results.filter((r) => r.paid !== r.price).length,
        };
      }),
    );
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => ({ tookEffect: 1, offPrice: 0 })));
  });

  it("a purchase whose write lands after a price change is not charged the new price", async () => {
    // The investor saw $10 a share and sent amount $100 for 10 shares; the founder's PUT to $20
    // commits between the purchase's read of the project and its write.
    const { founder, project, body } = await founderWithLiveProject();
    const investor = await signup("investor");
    const real = env.DB;
    let putStatus = 0;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch") {
          return async (stmts: D1PreparedStatement[]) => {
            putStatus = (await put(project._id, founder.token, { ...body, sharePrice: 20 })).status;
            return target.batch(stmts);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const viewer = await viewerFor(investor.token);
    await purchaseShares(createDb(racing), viewer, {
      project: project._id,
      shares: 10,
      amount: 100,
      idempotencyKey: unique("k"),
    }).catch(() => undefined);
    const { results } = await env.DB.prepare(
      "select shares, share_price_cents, amount_cents from investments where project_id = ?",
    )
      .bind(project._id)
      .all();
    // The PUT went through (no share was sold yet), so the $100 purchase must not become $200.
    expect({ putStatus, charged: results.filter((r) => r.amount_cents !== 10_000) }).toEqual({
      putStatus: 200,
      charged: [],
    });
  });

  it("a purchase landing between an edit's read and its write still locks the price: 409, D1 keeps the old price", async () => {
    const { founder, project, body } = await founderWithLiveProject();
    const investor = await signup("investor");
    const real = env.DB;
    let bought = 0;
    // The edit's write is one batch (the UPDATE, and a deadline notice when the date moves later):
    // the purchase lands just before it.
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch") {
          return async (stmts: D1PreparedStatement[]) => {
            if (!bought) bought = (await invest(project._id, investor.token, 10)).status;
            return target.batch(stmts);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const viewer = await viewerFor(founder.token);
    const { status, message } = await refusal(
      updateProject(createDb(racing), viewer, project._id, { ...body, sharePrice: 20 }),
    );
    const row = await rowOf(project._id);
    expect({ bought, refused: { status, message }, stored: row?.share_price_cents }).toEqual({
      bought: 201,
      refused: { status: 409, message: lockedTerm("Share price") },
      stored: 1_000,
    });
  });
});
