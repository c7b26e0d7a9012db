/**
 * A live raise's deadline, moved by its founder or an admin (ADR 043): mounted at /api/projects
 * beside projectsApi. Each route is a thin door onto worker/services/raises/raise-dates.ts
 * `changeDeadline`, the service the founder dashboard's forms call.
 */
import { Hono } from "hono";
import * as v from "valibot";

import {
  EARLY_CLOSE_MIN_OPEN_DAYS,
  EARLY_CLOSE_NOTICE_BUSINESS_DAYS,
  earliestEarlyDeadline,
} from "../../domain/raises/raise-dates";
import { PROJECT_LIMITS } from "../../domain/projects/project-form-messages";
import { changeDeadline } from "../services/raises/raise-dates";
import type { HonoEnv } from "../types";
import { EXAMPLES, ProjectAnswer } from "./answers/projects";
import { operation } from "./openapi";
import { readBody } from "./util";

/** `{ deadline }`: the new funding deadline, a day (the raise closes at 00:00 UTC of it). */
export const DeadlineBody = v.object({
  deadline: v.pipe(v.string(), v.isoDate(), v.description("The new funding deadline (YYYY-MM-DD, UTC).")),
});

const ID = "The project's `_id` or slug.";
const WHO = "Its founder or an admin (403 for anyone else).";

export const raiseDatesApi = new Hono<HonoEnv>()
  .post(
    "/:id/close-early",
    operation({
      operationId: "closeRaiseEarly",
      tag: "Projects",
      summary: "Close a funded raise early",
      description:
        `Once the raise has reached its goal and been open ${EARLY_CLOSE_MIN_OPEN_DAYS} days (409 otherwise), its ` +
        `deadline may move to a day before the current one and at least ${EARLY_CLOSE_NOTICE_BUSINESS_DAYS} business ` +
        "days away (400 on `deadline` otherwise). Every investor is told the new deadline and may cancel until 48 " +
        `hours before it. An early close is final: closing again or extending afterwards is a 409. ${WHO}`,
      access: "signed-in",
      params: { id: ID },
      body: { schema: DeadlineBody, example: { deadline: earliestEarlyDeadline(Date.parse("2026-11-30T10:00:00Z")) } },
      ok: { 200: { description: "The project, closing early", schema: ProjectAnswer, example: EXAMPLES.project } },
      refusals: [400, 401, 403, 404, 409, 415],
    }),
    async (c) =>
      c.json(await changeDeadline(c.get("db"), c.get("user"), c.req.param("id"), await readBody(c), "close-early")),
  )
  .post(
    "/:id/extend",
    operation({
      operationId: "extendRaise",
      tag: "Projects",
      summary: "Give a raise more time",
      description:
        "A live raise's deadline moves later (400 on `deadline` for the same or an earlier day, or one more than " +
        `${PROJECT_LIMITS.maxDeadlineDays} days after its launch; 409 once it has ended or closed early). Every investor is told once. ${WHO}`,
      access: "signed-in",
      params: { id: ID },
      body: { schema: DeadlineBody, example: { deadline: "2027-04-30" } },
      ok: {
        200: { description: "The project, with its new deadline", schema: ProjectAnswer, example: EXAMPLES.project },
      },
      refusals: [400, 401, 403, 404, 409, 415],
    }),
    async (c) =>
      c.json(await changeDeadline(c.get("db"), c.get("user"), c.req.param("id"), await readBody(c), "extend")),
  );
