/**
 * A company's events after its raise (ADR 052): mounted at /api/projects (its history, a
 * founder's report or an admin's record, a founder's withdrawal) and at /api/admin/events (the
 * review queue, approval, sending back). Thin doors onto worker/services/money/valuations.ts, the
 * service the founder dashboard's and the admin's forms call.
 */
import { Hono, type Context } from "hono";

import { ReasonBody } from "../../domain/operator/admin";
import { valuationEventSchema } from "../../domain/money/valuation";
import { getProject } from "../services/projects/projects";
import { ServiceError } from "../services/shared/errors";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import {
  approveEvent,
  companyEvents,
  listEventQueue,
  reportEvent,
  requestEventChanges,
  withdrawEvent,
} from "../services/money/valuations";
import { mailerFor } from "../mail/mailer";
import type { HonoEnv } from "../types";
import { CompanyEventsAnswer, EventQueueAnswer, EXAMPLES, ValuationEventAnswer } from "./answers/valuations";
import { MessageAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

const ID = "The project's `_id` or slug.";
const RATE_LIMITED = "An admin's acts count against their hourly limit (429 past it).";
const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";
const doors = (c: Context<HonoEnv>) => ({
  mailer: mailerFor(c.env, c.executionCtx, c.get("db")),
  later: (task: Promise<unknown>) => c.executionCtx.waitUntil(task),
});

export const companyEventsApi = new Hono<HonoEnv>()
  .get(
    "/:id/events",
    operation({
      operationId: "listCompanyEvents",
      tag: "Projects",
      summary: "A company's history after its raise",
      description:
        "Its reviewed events in date order: priced rounds, an acquisition or a shutdown, CampusFund's write-downs and write-ups. " +
        "Its founder and the admins also see reports waiting for review or sent back.",
      access: "public",
      params: { id: ID },
      ok: { 200: { description: "The events", schema: CompanyEventsAnswer, example: EXAMPLES.events } },
      refusals: [404],
    }),
    async (c) => {
      const project = await getProject(c.get("db"), param(c, "id"), c.get("user"));
      if (!project) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
      return c.json({
        events: await companyEvents(c.get("db"), c.get("user"), { id: project._id, founderId: project.founderId }),
      });
    },
  )
  .post(
    "/:id/events",
    operation({
      operationId: "reportCompanyEvent",
      tag: "Projects",
      summary: "Report (founder) or record (admin) a company event",
      description:
        "Its founder reports a priced round, an acquisition or a shutdown with a statement and the evidence (a PDF they " +
        "uploaded): it waits for an admin's review and changes nobody's holding until approved (201, status pending). An " +
        "admin records one directly, a write-down or write-up too: approved at once, every holder marked and told (201). " +
        "400 with each field's message; 409 when the raise was not funded, the company has exited, or a report is already " +
        `waiting. ${RATE_LIMITED}`,
      access: "signed-in",
      params: { id: ID },
      body: { schema: valuationEventSchema, example: EXAMPLES.report },
      ok: { 201: { description: "The event", schema: ValuationEventAnswer, example: EXAMPLES.pending } },
      refusals: [400, 401, 403, 404, 409, 415, 429],
    }),
    async (c) =>
      c.json(await reportEvent(c.get("db"), c.get("user"), param(c, "id"), await readBody(c), doors(c)), 201),
  )
  .post(
    "/:id/events/withdraw",
    operation({
      operationId: "withdrawCompanyEvent",
      tag: "Projects",
      summary: "Withdraw the report waiting for review",
      description: "Its founder takes back the company's report while it waits (409 when none waits). Nothing changes.",
      access: "signed-in",
      params: { id: ID },
      ok: {
        200: {
          description: "Withdrawn",
          schema: MessageAnswer,
          example: { success: true, message: "Withdrawn. Nothing changed." },
        },
      },
      refusals: [401, 403, 404, 409],
    }),
    async (c) => {
      await withdrawEvent(c.get("db"), c.get("user"), param(c, "id"));
      return c.json({ success: true as const, message: "Withdrawn. Nothing changed." });
    },
  );

export const eventReviewApi = new Hono<HonoEnv>()
  .get(
    "/events",
    operation({
      operationId: "listEventQueue",
      tag: "Admin",
      summary: "Company events waiting for review",
      description: "Founders' reports, oldest first (at most 50). Admins only.",
      access: "signed-in",
      ok: { 200: { description: "The queue", schema: EventQueueAnswer, example: EXAMPLES.queue } },
      refusals: [401, 403],
    }),
    async (c) => c.json({ events: await listEventQueue(c.get("db"), c.get("user")) }),
  )
  .post(
    "/events/:id/approve",
    operation({
      operationId: "approveCompanyEvent",
      tag: "Admin",
      summary: "Approve a company event",
      description:
        "Every holder's value follows it (an acquisition or a shutdown with proceeds pays each holder once, into their demo " +
        "account, and closes the holding); every holder and the founder are told. 409 when it is not pending or the company " +
        `changed since (another event, an exit). Admins only. ${RATE_LIMITED}`,
      access: "signed-in",
      params: { id: "The event's id." },
      ok: { 200: { description: "Approved", schema: ValuationEventAnswer, example: EXAMPLES.event } },
      refusals: [401, 403, 404, 409, 429],
    }),
    async (c) => c.json(await approveEvent(c.get("db"), c.get("user"), param(c, "id"), doors(c))),
  )
  .post(
    "/events/:id/request-changes",
    operation({
      operationId: "requestCompanyEventChanges",
      tag: "Admin",
      summary: "Send a company event back to its founder",
      description: `Nothing changes; the founder is told, with the note. Admins only. ${RATE_LIMITED}`,
      access: "signed-in",
      params: { id: "The event's id." },
      body: { schema: ReasonBody, example: EXAMPLES.reason },
      ok: { 200: { description: "Sent back", schema: ValuationEventAnswer, example: EXAMPLES.pending } },
      refusals: [400, 401, 403, 404, 409, 415, 429],
    }),
    async (c) =>
      c.json(await requestEventChanges(c.get("db"), c.get("user"), param(c, "id"), await readBody(c), doors(c))),
  );
