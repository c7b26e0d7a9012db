/**
 * The answers of Coming soon's reservations (worker/api/reservations.ts, ADR 055), with their examples.
 */
import * as v from "valibot";

import { RESERVATION_MESSAGES } from "../../../domain/raises/reservations";
import { RESERVATION_STATUSES } from "../../../db/schema";
import { successMessage } from "../../services/money/purchases";
import { ok } from "./common";
import { EXAMPLES as INVESTING, PurchaseAnswer } from "./investing";
import { EXAMPLE_PROJECT } from "./projects";

const int = (min: number) => v.pipe(v.number(), v.integer(), v.minValue(min));
const money = v.pipe(v.number(), v.minValue(0));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** One reservation (worker/services/raises/reservations.ts `ReservationDTO`). */
export const ReservationAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  projectTitle: v.string(),
  projectSlug: v.string(),
  amount: v.pipe(money, v.description("Whole dollars reserved. Non-binding: no money moved.")),
  status: v.pipe(
    v.picklist(RESERVATION_STATUSES),
    v.description(
      "`active` (waiting for the raise to open, or open and not yet confirmed), `confirmed` (bought: " +
        "`investmentId`), `canceled`, or `lapsed` (not confirmed in time).",
    ),
  ),
  raiseOpen: v.pipe(
    v.boolean(),
    v.description("The raise is open for investment: an active reservation may be confirmed."),
  ),
  launchAt: v.nullable(timestamp),
  sharePrice: money,
  shares: v.pipe(int(0), v.description("The whole shares `amount` buys at the current price (rounded down).")),
  createdAt: timestamp,
  updatedAt: timestamp,
  lapsesAt: v.pipe(
    v.nullable(timestamp),
    v.description(
      "Set when the raise opens: 7 days later, or the raise's close if sooner. Unconfirmed, it lapses then.",
    ),
  ),
  confirmedAt: v.nullable(timestamp),
  canceledAt: v.nullable(timestamp),
  investmentId: v.nullable(v.string()),
});

export const ReservationsAnswer = v.object({ reservations: v.array(ReservationAnswer) });

export const ReservationChangeAnswer = v.object({ success: ok, message: v.string(), reservation: ReservationAnswer });

export const ConfirmAnswer = v.object({
  ...PurchaseAnswer.entries,
  reservation: ReservationAnswer,
});

const EXAMPLE_RESERVATION = {
  id: "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  projectId: EXAMPLE_PROJECT._id,
  projectTitle: "Quietly",
  projectSlug: "quietly",
  amount: 500,
  status: "active",
  raiseOpen: false,
  launchAt: "2026-12-15T00:00:00.000Z",
  sharePrice: 5,
  shares: 100,
  createdAt: "2026-12-01T09:30:00.000Z",
  updatedAt: "2026-12-01T09:30:00.000Z",
  lapsesAt: null,
  confirmedAt: null,
  canceledAt: null,
  investmentId: null,
} as const;

export const RESERVATION_EXAMPLES = {
  reserve: { amount: 500 },
  reserved: { success: true, message: RESERVATION_MESSAGES.reserved(500), reservation: EXAMPLE_RESERVATION },
  canceled: {
    success: true,
    message: RESERVATION_MESSAGES.reservationCanceled,
    reservation: { ...EXAMPLE_RESERVATION, status: "canceled", canceledAt: "2026-12-02T10:00:00.000Z" },
  },
  list: { reservations: [EXAMPLE_RESERVATION] },
  confirmed: {
    ...INVESTING.purchased,
    message: successMessage(100, "Quietly"),
    reservation: {
      ...EXAMPLE_RESERVATION,
      status: "confirmed",
      raiseOpen: true,
      lapsesAt: "2026-12-22T00:00:00.000Z",
      confirmedAt: "2026-12-15T09:00:00.000Z",
      investmentId: INVESTING.purchased.investment._id,
    },
  },
  launch: { launchAt: "2026-12-15" },
} as const;
