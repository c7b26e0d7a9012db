import { Hono } from "hono";

import { getProjectDetail, searchProjectsPage } from "../services/projects";
import { getProjectInvestors } from "../services/project-investors";
import { createProject, getFounderProject, updateProject } from "../services/project-editor";
import { publishProject } from "../services/reviews";
import { discardWorkingCopy, requireWorkingCopy, saveWorkingCopy } from "../services/project-drafts";
import { PURCHASE_MESSAGES, purchaseShares } from "../services/purchases";
import type { HonoEnv } from "../types";
import { projectFigures, readBody } from "./util";

export const projectsApi = new Hono<HonoEnv>();

/**
 * GET /api/projects → { projects: [...], total, page, pageCount, pageSize, q, sort }: never more
 * than 100 projects (the spec's "all projects" is amended for scale). Without a search,
 * sort or category (the spec's call, section 7): the plain list, published projects in the
 * browser's default order, 100 a page, `?page=` for the rest. With `q`, `sort` or `category`: the
 * project browser's page of 5, the same results /demo shows (sorted as asked, by relevance while
 * searching). `pageSize` (1–100) sets the page size of either. Unknown sort or category, a bad page
 * or page size: 400 { message }.
 */
projectsApi.get("/", async (c) => {
  return c.json(
    await searchProjectsPage(c.get("db"), {
      q: c.req.query("q"),
      sort: c.req.query("sort"),
      category: c.req.query("category"),
      page: c.req.query("page"),
      pageSize: c.req.query("pageSize"),
    }),
  );
});

/** GET /api/projects/founder → the caller's own project (drafts included) | 404. Before `/:id`. */
projectsApi.get("/founder", async (c) => {
  return c.json(await getFounderProject(c.get("db"), c.get("user")));
});

/**
 * The founder's working copy of the project form (ADR 033): a draft saved with required fields
 * still empty. GET → { draft: { projectId, values, missing: [{ field, label }], updatedAt } } | 404;
 * PUT (project fields) → the same, for the project not created yet; DELETE → { deleted }.
 * Every rule but "required" applies (400 { message, errors }). Before `/:id`.
 */
projectsApi.get("/draft", async (c) => {
  return c.json({ draft: await requireWorkingCopy(c.get("db"), c.get("user")) });
});

projectsApi.put("/draft", async (c) => {
  const body = await readBody(c);
  return c.json({ draft: await saveWorkingCopy(c.get("db"), c.get("user"), undefined, body) });
});

projectsApi.delete("/draft", async (c) => {
  return c.json({ deleted: await discardWorkingCopy(c.get("db"), c.get("user")) });
});

/** PUT /api/projects/{id}/draft (project fields) → the working copy of the founder's draft project. */
projectsApi.put("/:id/draft", async (c) => {
  const body = await readBody(c);
  return c.json({ draft: await saveWorkingCopy(c.get("db"), c.get("user"), c.req.param("id"), body) });
});

/** POST /api/projects/create { project fields } → 201 the draft project (spec: `_id`, `title`, …) | 400 { message, errors } */
projectsApi.post("/create", async (c) => {
  const body = await readBody(c);
  const project = await createProject(c.get("db"), c.get("user"), body);
  return c.json(project, 201);
});

/** PUT /api/projects/{id} { project fields } → the saved project (founder of it or admin). */
projectsApi.put("/:id", async (c) => {
  const body = await readBody(c);
  const project = await updateProject(c.get("db"), c.get("user"), c.req.param("id"), body);
  return c.json(project);
});

/**
 * POST /api/projects/{id}/publish → by its founder: submitted for review (`status: "in_review"`);
 * by an admin: live at once with its slug (ADR 030).
 */
projectsApi.post("/:id/publish", async (c) => {
  const project = await publishProject(c.get("db"), c.get("user"), c.req.param("id"));
  return c.json(project);
});

/**
 * GET /api/projects/{slug or _id} → project (with `raise`: the cap table and the largest investor's
 * share, `followers` and the caller's `following`) | 404. A draft is found only by its founder and admins (with their token);
 * everyone else gets the 404 a missing project gets.
 */
projectsApi.get("/:id", async (c) => {
  const found = await getProjectDetail(c.get("db"), c.req.param("id"), c.get("user"));
  if (!found) return c.json({ success: false, message: PURCHASE_MESSAGES.notFound }, 404);
  return c.json({ ...found.project, raise: found.raise, followers: found.followers, following: found.following });
});

/**
 * GET /api/projects/{slug}/investors?page= → { project, investors, count, total, page, pageCount,
 * pageSize } (names only: no emails or ids): 100 a page, newest first; `count` and `total` are
 * every active investment. A page that is not a whole number from 1 to 1000: 400 { message }.
 */
projectsApi.get("/:id/investors", async (c) => {
  const result = await getProjectInvestors(c.get("db"), c.req.param("id"), c.req.query("page"));
  if (!result) return c.json({ success: false, message: PURCHASE_MESSAGES.notFound }, 404);
  return c.json({ ...result, count: result.total });
});

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
projectsApi.post("/:id/invest", async (c) => {
  const body = await readBody(c);
  const key =
    c.req.header("Idempotency-Key") ??
    (typeof body.idempotencyKey === "string" ? body.idempotencyKey : undefined) ??
    crypto.randomUUID();
  const result = await purchaseShares(c.get("db"), c.get("user"), {
    project: c.req.param("id"),
    shares: body.shares,
    amount: body.amount,
    sharePrice: body.sharePrice,
    idempotencyKey: key,
  });
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
});
