/**
 * Coming soon and reservations (ADR 055): thin doors onto worker/services/raises/reservations.ts,
 * the service the pages' forms call. `projectReservationsApi` is mounted at /api/projects (a
 * project's reservation, its launch date, opening it); `reservationsApi` at /api/reservations
 * (one's own, and confirming one).
 */
import { Hono } from "hono";
import * as v from "valibot";

import {
  RESERVATION_CONFIRM_DAYS,
  RESERVATION_MAX_DOLLARS,
  RESERVATION_MESSAGES,
} from "../../domain/raises/reservations";
import { mailerFor } from "../mail/mailer";
import {
  cancelReservation,
  confirmReservation,
  listMyReservations,
  openRaise,
  RESERVATION_LIMIT,
  reserve,
  setLaunchDate,
} from "../services/raises/reservations";
import type { HonoEnv } from "../types";
import { EXAMPLES, ProjectAnswer } from "./answers/projects";
import {
  ConfirmAnswer,
  RESERVATION_EXAMPLES,
  ReservationChangeAnswer,
  ReservationsAnswer,
} from "./answers/reservations";
import { operation } from "./openapi";
import { projectFigures, readBody } from "./util";

/** `{ amount }`: whole dollars. */
export const ReserveBody = v.object({
  amount: v.pipe(
    v.number(),
    v.integer(),
    v.description(`Whole dollars: at least the minimum investment, at most ${RESERVATION_MAX_DOLLARS}.`),
  ),
});

/** `{ launchAt }`: a day, or null to clear it. */
export const LaunchBody = v.object({
  launchAt: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoDate())),
    v.description("The day the raise opens (00:00 UTC), after today and before the funding deadline; null clears it."),
  ),
});

const ID = "The project's `_id` or slug.";
const WHO = "Its founder or an admin (403 for anyone else).";

export const projectReservationsApi = new Hono<HonoEnv>()
  .put(
    "/:id/reservation",
    operation({
      operationId: "reserve",
      tag: "Investing",
      summary: "Reserve an amount in a Coming soon raise",
      description:
        "A non-binding reservation (no money moves) while the project is Coming soon (409 otherwise): one per " +
        "person and project, so reserving again changes the amount. At least the minimum investment, at most " +
        `$${RESERVATION_MAX_DOLLARS.toLocaleString("en-US")} (400 on \`amount\`). Not in one's own project and not as ` +
        `a founder (403). At most ${RESERVATION_LIMIT.max} reservation changes an hour (429). When the raise opens ` +
        `you are told, and have ${RESERVATION_CONFIRM_DAYS} days to confirm.`,
      access: "signed-in",
      params: { id: ID },
      body: { schema: ReserveBody, example: RESERVATION_EXAMPLES.reserve },
      ok: { 200: { description: "Reserved", schema: ReservationChangeAnswer, example: RESERVATION_EXAMPLES.reserved } },
      refusals: [400, 401, 403, 404, 409, 415, 429],
    }),
    async (c) => {
      const reservation = await reserve(c.get("db"), c.get("user"), c.req.param("id"), await readBody(c));
      return c.json({ success: true, message: RESERVATION_MESSAGES.reserved(reservation.amount), reservation });
    },
  )
  .delete(
    "/:id/reservation",
    operation({
      operationId: "cancelReservation",
      tag: "Investing",
      summary: "Cancel one's reservation",
      description:
        "Cancels one's active reservation in the project (before or after the raise opens); 404 with none. " +
        `Counts against the ${RESERVATION_LIMIT.max} changes an hour (429).`,
      access: "signed-in",
      params: { id: ID },
      ok: { 200: { description: "Canceled", schema: ReservationChangeAnswer, example: RESERVATION_EXAMPLES.canceled } },
      refusals: [401, 404, 429],
    }),
    async (c) => {
      const reservation = await cancelReservation(c.get("db"), c.get("user"), c.req.param("id"));
      return c.json({ success: true, message: RESERVATION_MESSAGES.reservationCanceled, reservation });
    },
  )
  .post(
    "/:id/launch",
    operation({
      operationId: "setLaunchDate",
      tag: "Projects",
      summary: "Set a raise's launch date (Coming soon)",
      description:
        "Before the raise opens (a draft, in review, or Coming soon; 409 once open): the day it opens for " +
        "investment, after today and before the funding deadline (400 on `launchAt`). Approved with a launch date " +
        "ahead, the project is Coming soon: listed, open to reservations, opening at 00:00 UTC of that day. `null` " +
        `clears it before approval. ${WHO}`,
      access: "signed-in",
      params: { id: ID },
      body: { schema: LaunchBody, example: RESERVATION_EXAMPLES.launch },
      ok: {
        200: { description: "The project, with its launch date", schema: ProjectAnswer, example: EXAMPLES.project },
      },
      refusals: [400, 401, 403, 404, 409, 415],
    }),
    async (c) => c.json(await setLaunchDate(c.get("db"), c.get("user"), c.req.param("id"), await readBody(c))),
  )
  .post(
    "/:id/open",
    operation({
      operationId: "openRaise",
      tag: "Projects",
      summary: "Open a Coming soon raise for investment now",
      description:
        "Before its launch date: the raise opens now, and every reserver is told (bell and mail) and has " +
        `${RESERVATION_CONFIRM_DAYS} days (or until the raise closes, if sooner) to confirm. 409 unless Coming soon. ${WHO} No body.`,
      access: "signed-in",
      params: { id: ID },
      ok: { 200: { description: "The project, open", schema: ProjectAnswer, example: EXAMPLES.project } },
      refusals: [401, 403, 404, 409],
    }),
    async (c) =>
      c.json(
        await openRaise(c.get("db"), c.get("user"), c.req.param("id"), mailerFor(c.env, c.executionCtx, c.get("db"))),
      ),
  );

export const reservationsApi = new Hono<HonoEnv>()
  .get(
    "/",
    operation({
      operationId: "listReservations",
      tag: "Investing",
      summary: "Your reservations",
      description: "The signed-in person's reservations, newest first, at most 50, whatever their status.",
      access: "signed-in",
      ok: { 200: { description: "Your reservations", schema: ReservationsAnswer, example: RESERVATION_EXAMPLES.list } },
      refusals: [401],
    }),
    async (c) => c.json({ reservations: await listMyReservations(c.get("db"), c.get("user")) }),
  )
  .post(
    "/:id/confirm",
    operation({
      operationId: "confirmReservation",
      tag: "Investing",
      summary: "Confirm a reservation: buy at the raise's terms",
      description:
        "Once the raise is open and before the reservation lapses: buys the whole shares the reserved amount pays " +
        "for at the current price (rounded down), under every rule of a purchase (its refusals: sold out, closed, " +
        "limits; the reservation then stays active). Confirming again answers the same purchase (200, `replayed`): " +
        "a double submit buys once. Someone else's reservation is a 404; not open yet, canceled or lapsed, 409. No body.",
      access: "signed-in",
      params: { id: "The reservation's `id`." },
      ok: {
        201: { description: "Bought", schema: ConfirmAnswer, example: RESERVATION_EXAMPLES.confirmed },
        200: {
          description: "Already confirmed: the original purchase",
          schema: ConfirmAnswer,
          example: { ...RESERVATION_EXAMPLES.confirmed, replayed: true },
        },
      },
      refusals: [400, 401, 403, 404, 409, 422, 429],
    }),
    async (c) => {
      const { reservation, purchase } = await confirmReservation(
        c.get("db"),
        c.get("user"),
        c.req.param("id"),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      );
      return c.json(
        {
          success: true,
          message: purchase.message,
          replayed: purchase.replayed,
          investment: purchase.investment,
          project: projectFigures(purchase.project),
          reservation,
        },
        purchase.replayed ? 200 : 201,
      );
    },
  );
