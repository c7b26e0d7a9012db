import { Hono } from "hono";

import { getProjectDetail, searchProjectsPage } from "../services/projects/projects";
import { getProjectInvestors } from "../services/projects/project-investors";
import { createProject, getFounderProject, updateProject } from "../services/projects/project-editor";
import { publishProject } from "../services/projects/reviews";
import { ApproveBody } from "../../domain/operator/admin";
import { discardWorkingCopy, requireWorkingCopy, saveWorkingCopy } from "../services/projects/project-drafts";
import { PURCHASE_MESSAGES, purchaseShares } from "../services/money/purchases";
import type { HonoEnv } from "../types";
import { mailerFor } from "../mail/mailer";
import { PageQuery } from "./answers/common";
import { ProjectBody, ProjectDraftBody } from "../../domain/projects/project-form-body";
import { PurchaseBody } from "../../domain/projects/project";
import { EXAMPLES as INVESTING, PurchaseAnswer } from "./answers/investing";
import {
  DraftDeletedAnswer,
  EXAMPLES,
  ProjectAnswer,
  ProjectDetailAnswer,
  ProjectInvestorsAnswer,
  ProjectPageAnswer,
  ProjectSearchQuery,
  WorkingCopyAnswer,
} from "./answers/projects";
import { operation } from "./openapi";
import { projectFigures, readBody } from "./util";

export const projectsApi = new Hono<HonoEnv>();

/** The path parameter every project route takes. */
const ID = "The project's `_id` or slug.";

/**
 * GET /api/projects → { projects: [...], total, page, pageCount, pageSize, q, sort }: never more
 * than 100 projects (the spec's "all projects" is amended for scale). Without a search,
 * sort or category (the spec's call, section 7): the plain list, published projects in the
 * browser's default order, 100 a page, `?page=` for the rest. With `q`, `sort` or `category`: the
 * project browser's page of 5, the same results /demo shows (sorted as asked, by relevance while
 * searching). `pageSize` (1–100) sets the page size of either. Unknown sort or category, a bad page
 * or page size: 400 { message }.
 */
projectsApi.get(
  "/",
  operation({
    operationId: "listProjects",
    tag: "Projects",
    summary: "The catalogue",
    description:
      "Published projects. Without `q`, `sort` or `category`: the plain list, 100 a page in the default order. " +
      "With one of them: the project browser's page of 5 (by relevance while searching). `pageSize` sets either.",
    access: "public",
    query: ProjectSearchQuery,
    ok: { 200: { description: "A page of projects", schema: ProjectPageAnswer, example: EXAMPLES.page } },
    refusals: [400],
  }),
  async (c) => {
    return c.json(
      await searchProjectsPage(c.get("db"), {
        q: c.req.query("q"),
        sort: c.req.query("sort"),
        category: c.req.query("category"),
        page: c.req.query("page"),
        pageSize: c.req.query("pageSize"),
      }),
    );
  },
);

/** GET /api/projects/founder → the caller's own project (drafts included) | 404. Before `/:id`. */
projectsApi.get(
  "/founder",
  operation({
    operationId: "getFounderProject",
    tag: "Projects",
    summary: "The founder's own project",
    description: "The caller's project, a draft or one in review included; 404 when they have none.",
    access: "signed-in",
    ok: { 200: { description: "Their project", schema: ProjectAnswer, example: EXAMPLES.draftProject } },
    refusals: [401, 404],
  }),
  async (c) => {
    return c.json(await getFounderProject(c.get("db"), c.get("user")));
  },
);

/**
 * The founder's working copy of the project form (ADR 033): a draft saved with required fields
 * still empty. GET → { draft: { projectId, values, missing: [{ field, label }], updatedAt } } | 404;
 * PUT (project fields) → the same, for the project not created yet; DELETE → { deleted }.
 * Every rule but "required" applies (400 { message, errors }). Before `/:id`.
 */
projectsApi.get(
  "/draft",
  operation({
    operationId: "getWorkingCopy",
    tag: "Projects",
    summary: "The founder's saved form",
    description: "The working copy of the project form, saved with required fields still empty; 404 when none.",
    access: "signed-in",
    ok: { 200: { description: "The working copy", schema: WorkingCopyAnswer, example: EXAMPLES.workingCopy } },
    refusals: [401, 403, 404],
  }),
  async (c) => {
    return c.json({ draft: await requireWorkingCopy(c.get("db"), c.get("user")) });
  },
);

projectsApi.put(
  "/draft",
  operation({
    operationId: "saveWorkingCopy",
    tag: "Projects",
    summary: "Save the form of a project not created yet",
    description:
      "Keeps the project form as typed, required fields still empty, for a founder without a project. " +
      'Every rule but "required" applies to what is filled in.',
    access: "signed-in",
    body: { schema: ProjectDraftBody, example: EXAMPLES.draftBody },
    ok: { 200: { description: "Saved", schema: WorkingCopyAnswer, example: EXAMPLES.workingCopy } },
    refusals: [400, 401, 403, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    return c.json({ draft: await saveWorkingCopy(c.get("db"), c.get("user"), undefined, body) });
  },
);

projectsApi.delete(
  "/draft",
  operation({
    operationId: "discardWorkingCopy",
    tag: "Projects",
    summary: "Discard the founder's saved form",
    access: "signed-in",
    ok: {
      200: { description: "Discarded (or there was none)", schema: DraftDeletedAnswer, example: EXAMPLES.draftDeleted },
    },
    refusals: [401, 403],
  }),
  async (c) => {
    return c.json({ deleted: await discardWorkingCopy(c.get("db"), c.get("user")) });
  },
);

/** PUT /api/projects/{id}/draft (project fields) → the working copy of the founder's draft project. */
projectsApi.put(
  "/:id/draft",
  operation({
    operationId: "saveProjectWorkingCopy",
    tag: "Projects",
    summary: "Save the form of a draft project",
    description:
      "Keeps the founder's changes to their draft project, required fields still empty; the project keeps its " +
      "last complete save. Only a draft (409 otherwise).",
    access: "signed-in",
    params: { id: ID },
    body: { schema: ProjectDraftBody, example: EXAMPLES.draftBody },
    ok: { 200: { description: "Saved", schema: WorkingCopyAnswer, example: EXAMPLES.projectWorkingCopy } },
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    return c.json({ draft: await saveWorkingCopy(c.get("db"), c.get("user"), c.req.param("id"), body) });
  },
);

/** POST /api/projects/create { project fields } → 201 the draft project (spec: `_id`, `title`, …) | 400 { message, errors } */
projectsApi.post(
  "/create",
  operation({
    operationId: "createProject",
    tag: "Projects",
    summary: "Create the founder's project",
    description: "A founder's one project, created as a draft: submit it for review with `publish`.",
    access: "signed-in",
    body: { schema: ProjectBody, example: EXAMPLES.projectBody },
    ok: { 201: { description: "Created, a draft", schema: ProjectAnswer, example: EXAMPLES.draftProject } },
    refusals: [400, 401, 403, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const project = await createProject(c.get("db"), c.get("user"), body);
    return c.json(project, 201);
  },
);

/** PUT /api/projects/{id} { project fields } → the saved project (founder of it or admin). */
projectsApi.put(
  "/:id",
  operation({
    operationId: "updateProject",
    tag: "Projects",
    summary: "Save a project",
    description:
      "Every field again, every rule; its founder or an admin. Once a share is sold the terms are locked, and " +
      "once anyone has invested the deadline may only move later (409); a project in review is read-only to its founder (409).",
    access: "signed-in",
    params: { id: ID },
    body: { schema: ProjectBody, example: EXAMPLES.projectBody },
    ok: { 200: { description: "Saved", schema: ProjectAnswer, example: EXAMPLES.project } },
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const project = await updateProject(c.get("db"), c.get("user"), c.req.param("id"), body);
    return c.json(project);
  },
);

/**
 * POST /api/projects/{id}/publish → by its founder: submitted for review (`status: "in_review"`);
 * by an admin: live at once with its slug (ADR 030).
 */
projectsApi.post(
  "/:id/publish",
  operation({
    operationId: "publishProject",
    tag: "Projects",
    summary: "Submit a project for review (an admin: publish it)",
    description:
      'By its founder: the draft is checked once more and goes to review (`status: "in_review"`); 400 names the ' +
      "first launch-checklist item missing. By an admin: live at once, with its slug; a project that fails a " +
      "required checklist item needs `reason`, why (400 without it), which goes into the audit log.",
    access: "signed-in",
    params: { id: ID },
    body: {
      schema: ApproveBody,
      example: { reason: "Approved with the main image to follow this week." },
      required: false,
    },
    ok: { 200: { description: "In review (or live)", schema: ProjectAnswer, example: EXAMPLES.inReview } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => {
    const project = await publishProject(c.get("db"), c.get("user"), c.req.param("id"), await readBody(c));
    return c.json(project);
  },
);

/**
 * GET /api/projects/{slug or _id} → project (with `raise`: the cap table and the largest investor's
 * share, `followers` and the caller's `following`) | 404. A draft is found only by its founder and admins (with their token);
 * everyone else gets the 404 a missing project gets.
 */
projectsApi.get(
  "/:id",
  operation({
    operationId: "getProject",
    tag: "Projects",
    summary: "A project",
    description:
      "With its raise (the cap table and the largest investor's share), its followers and whether the caller " +
      "follows it. A draft or a project in review only for its founder and admins (404 for anyone else).",
    access: "optional",
    params: { id: ID },
    ok: { 200: { description: "The project", schema: ProjectDetailAnswer, example: EXAMPLES.detail } },
    refusals: [404],
  }),
  async (c) => {
    const found = await getProjectDetail(c.get("db"), c.req.param("id"), c.get("user"));
    if (!found) return c.json({ success: false, message: PURCHASE_MESSAGES.notFound }, 404);
    return c.json({ ...found.project, raise: found.raise, followers: found.followers, following: found.following });
  },
);

/**
 * GET /api/projects/{slug}/investors?page= → { project, investors, count, total, page, pageCount,
 * pageSize } (names only: no emails or ids): 100 a page, newest first; `count` and `total` are
 * every active investment. A page that is not a whole number from 1 to 1000: 400 { message }.
 */
projectsApi.get(
  "/:id/investors",
  operation({
    operationId: "listProjectInvestors",
    tag: "Projects",
    summary: "Who backed a project",
    description:
      "A published project's active investments, newest first, 100 a page, named as the public sees them (no " +
      "emails or ids).",
    access: "public",
    params: { id: ID },
    query: PageQuery,
    ok: { 200: { description: "A page of investors", schema: ProjectInvestorsAnswer, example: EXAMPLES.investors } },
    refusals: [400, 404],
  }),
  async (c) => {
    const result = await getProjectInvestors(c.get("db"), c.req.param("id"), c.req.query("page"));
    if (!result) return c.json({ success: false, message: PURCHASE_MESSAGES.notFound }, 404);
    return c.json({ ...result, count: result.total });
  },
);

/**
 * POST /api/projects/{id}/invest { shares, amount | sharePrice } with a bearer token (or the
 * session cookie). The purchase states the price it expects: `amount` (shares × share price, the
 * spec's field) or `sharePrice` (dollars per share), or both; neither is a 400, a `sharePrice` that
 * is no longer the project's a 409 'The share price has just changed…'.
 * `Idempotency-Key` makes retries safe: the same key answers with the original purchase (200)
 * instead of buying again (201); if that purchase was cancelled since, 409 `code:
 * "purchase_cancelled"` with the investment. Without the header every request is a new purchase.
 * 30 purchases an hour per investor (429 with Retry-After; a replay takes no slot).
 */
projectsApi.post(
  "/:id/invest",
  operation({
    operationId: "buyShares",
    tag: "Investing",
    summary: "Buy shares",
    description:
      "States the price it expects (`amount`, `sharePrice` or both): a `sharePrice` that is no longer the " +
      "project's is a 409. Send an `Idempotency-Key` header (1 to 100 visible ASCII characters): a retry with " +
      "the same key answers the original purchase (200, `replayed: true`) instead of buying again (201); if " +
      'that purchase was canceled since, 409 `code: "purchase_cancelled"` with the `investment`. Without a ' +
      "key every request is a new purchase. Sold out, closed, too few shares left or over the investor's limit: " +
      "409. Below the minimum investment, or an `amount` that is not shares × price: 422. At most 30 purchases " +
      "an hour (429).",
    access: "signed-in",
    params: { id: ID },
    body: { schema: PurchaseBody, example: INVESTING.purchase },
    ok: {
      201: { description: "Bought", schema: PurchaseAnswer, example: INVESTING.purchased },
      200: { description: "A replay: the original purchase", schema: PurchaseAnswer, example: INVESTING.replayed },
    },
    refusals: [400, 401, 403, 404, 409, 413, 415, 422, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const key =
      c.req.header("Idempotency-Key") ??
      (typeof body.idempotencyKey === "string" ? body.idempotencyKey : undefined) ??
      crypto.randomUUID();
    const result = await purchaseShares(
      c.get("db"),
      c.get("user"),
      {
        project: c.req.param("id"),
        shares: body.shares,
        amount: body.amount,
        sharePrice: body.sharePrice,
        idempotencyKey: key,
      },
      mailerFor(c.env, c.executionCtx, c.get("db")),
    );
    return c.json(
      {
        success: true,
        message: result.message,
        replayed: result.replayed,
        investment: result.investment,
        project: projectFigures(result.project),
      },
      result.replayed ? 200 : 201,
    );
  },
);
