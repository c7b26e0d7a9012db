/**
 * The answers of a company's events after its raise (worker/api/valuations.ts, ADR 052), with
 * their examples (ADR 042).
 */
import * as v from "valibot";

import { EVENT_KINDS, EVENT_STATUSES } from "../../../domain/money/valuation";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const dollars = v.pipe(v.number(), v.minValue(0));

/** One event (worker/services/money/valuations.ts `ValuationEventDTO`). */
export const ValuationEventAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  kind: v.picklist(EVENT_KINDS),
  kindLabel: v.string(),
  status: v.picklist(EVENT_STATUSES),
  effectiveOn: v.pipe(v.string(), v.isoDate()),
  pricePerShare: v.pipe(
    dollars,
    v.description(
      "Dollars per share: the round's price, the acquisition's, the shutdown's proceeds, the write's value",
    ),
  ),
  preMoneyValuation: v.nullable(dollars),
  roundName: v.string(),
  statement: v.string(),
  evidence: v.string(),
  mark: v.pipe(v.nullable(dollars), v.description("Once approved: the value per share CampusFund marks holdings at")),
  proceedsPerShare: v.nullable(dollars),
  conversionPrice: v.pipe(v.nullable(dollars), v.description("A SAFE's conversion price per share, once converted")),
  reviewNote: v.nullable(v.string()),
  createdAt: isoTimestamp,
  reviewedAt: v.nullable(isoTimestamp),
  appliedAt: v.pipe(
    v.nullable(isoTimestamp),
    v.description("When every holder had been marked; null while in progress"),
  ),
});

export const CompanyEventsAnswer = v.object({ events: v.array(ValuationEventAnswer) });

export const EventQueueAnswer = v.object({
  events: v.array(
    v.object({
      event: ValuationEventAnswer,
      project: v.object({
        id: v.string(),
        slug: v.string(),
        title: v.string(),
        regulationType: v.string(),
        mark: v.nullable(dollars),
        sharePrice: dollars,
      }),
    }),
  ),
});

const EVENT = {
  id: "6f1c2b1e-8a51-4f2e-9a57-3c1d2e4f5a6b",
  projectId: "campus-keys",
  kind: "round",
  kindLabel: "Priced round",
  status: "approved",
  effectiveOn: "2026-10-15",
  pricePerShare: 75,
  preMoneyValuation: 8_000_000,
  roundName: "Seed",
  statement: "We closed a $1.2M seed round led by Dorm Ventures at $75 a share.",
  evidence: "/uploads/0b6a7f3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b.pdf",
  mark: 75,
  proceedsPerShare: 0,
  conversionPrice: null,
  reviewNote: null,
  createdAt: "2026-10-16T09:30:00.000Z",
  reviewedAt: "2026-10-16T14:05:00.000Z",
  appliedAt: "2026-10-16T14:05:01.000Z",
} as const;

export const EXAMPLES = {
  event: EVENT,
  pending: { ...EVENT, status: "pending", mark: null, proceedsPerShare: null, reviewedAt: null, appliedAt: null },
  events: { events: [EVENT] },
  queue: {
    events: [
      {
        event: { ...EVENT, status: "pending", mark: null, proceedsPerShare: null, reviewedAt: null, appliedAt: null },
        project: {
          id: "campus-keys",
          slug: "campus-keys",
          title: "Campus Keys",
          regulationType: "RegCF",
          mark: null,
          sharePrice: 50,
        },
      },
    ],
  },
  report: {
    kind: "round",
    effectiveOn: "2026-10-15",
    pricePerShare: 75,
    preMoneyValuation: 8_000_000,
    roundName: "Seed",
    statement: "We closed a $1.2M seed round led by Dorm Ventures at $75 a share.",
    evidence: "/uploads/0b6a7f3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b.pdf",
  },
  reason: { reason: "Attach the signed term sheet, not the press release." },
} as const;
