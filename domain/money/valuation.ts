/**
 * What happens to a company after its raise, and how we value a holding (ADR 052): the company
 * events (a priced round, an acquisition, a shutdown, the platform's write-down or write-up), the
 * form that reports or records one (`valuationEventSchema`, shared by the founder's form, the
 * admin's and `POST /api/projects/{id}/events`), and the one marking policy (`markAfter`):
 *
 * - A holding is marked at the price per share of its company's **latest reviewed event**, never by
 *   anything else (not a founder's unreviewed report, not a trade, not a model); at cost before the
 *   first one; between events it keeps the last mark.
 * - A **priced round** marks a share at the round's price. For a **SAFE** raise, the first priced
 *   round converts it: the conversion price is the round's price times the lower of (1 − the
 *   discount) and (the cap ÷ the round's pre-money valuation), the cap being the valuation the
 *   raise stated, the discount `SAFE_DISCOUNT_PERCENT`. A SAFE unit bought at price u then holds
 *   u ÷ conversion price shares, marked at each later round's price.
 * - An **acquisition** pays every holder the price per share (per SAFE unit) the deal gives, into
 *   their demo account, and closes the holding: it is never valued again.
 * - A **shutdown** marks the holding at zero and pays any liquidation proceeds per share.
 * - A **write-down or write-up** (an admin's, with its reason) marks a share at the value stated.
 *
 * Money in integer cents (ADR 003): a mark is rounded to the cent per share.
 * Pure: no I/O, shared by the Worker and the pages.
 */
import * as v from "valibot";

import { requiredText, toNumber, decimals, isUploadedPdf } from "../shared/fields";
import { toCents } from "../shared/money";
import { type EventKind, EVENT_KINDS, type MarkState, SAFE_DISCOUNT_PERCENT } from "./marking";
import { REASON_MAX } from "../projects/reason-max";

// The events' kinds and the marking policy itself live in ./marking.ts, import-free so the demo
// seed (db/seed-data.ts, run in plain Node) marks its companies' history with the very same function.
export {
  EVENT_KIND_LABEL,
  EVENT_KINDS,
  EXIT_KINDS,
  FOUNDER_EVENT_KINDS,
  isExit,
  markAfter,
  safeConversionPrice,
  SAFE_DISCOUNT_PERCENT,
  type EventKind,
  type MarkChange,
  type MarkState,
} from "./marking";

export const EVENT_STATUSES = ["pending", "approved", "changes_requested", "withdrawn"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_LIMITS = { statement: 2_000, roundName: 60, pricePerShareCents: 100_000_000_00 } as const;

export const EVENT_MESSAGES = {
  kindRequired: "Choose what happened: a priced round, an acquisition or a shutdown",
  kindFounder:
    "Founders report a priced round, an acquisition or a shutdown; write-downs and write-ups are the platform's",
  dateRequired: "Enter the date it happened",
  dateInvalid: "The date must be a real date, like 2026-11-30",
  dateFuture: "The date cannot be in the future",
  dateBeforeRaise: (day: string) => `The date cannot be before the raise was funded (${day})`,
  dateBeforeLatest: (day: string) => `The date cannot be before the company's latest reviewed event (${day})`,
  priceRequired: {
    round: "Enter the round's price per share",
    acquisition: "Enter the price paid for each share",
    shutdown: "Enter what each share is paid from the liquidation, or 0",
    write_down: "Enter the value per share",
    write_up: "Enter the value per share",
  } satisfies Record<EventKind, string>,
  priceInvalid: "The price per share must be a number of dollars with at most 2 decimals, like 1.25",
  priceNegative: "The price per share cannot be negative",
  priceZero: "The price per share must be more than $0",
  priceTooLarge: "The price per share must be at most $100,000,000",
  preMoneyRequired: "Enter the round's pre-money valuation",
  preMoneyInvalid: "The pre-money valuation must be a whole number of dollars more than $0, like 8000000",
  roundNameTooLong: `The round's name must be at most ${EVENT_LIMITS.roundName} characters`,
  statementRequired: "Write what happened, in a few sentences investors will read",
  statementTooLong: `The statement must be at most ${EVENT_LIMITS.statement.toLocaleString("en-US")} characters`,
  evidenceRequired: "Attach the evidence: the signed term sheet, purchase agreement or board resolution, as a PDF",
  evidenceInvalid: "The evidence must be a PDF you uploaded",
  writeDownNotLower: "A write-down must value a share below its current mark",
  writeUpNotHigher: "A write-up must value a share above its current mark",
  notFunded: "Only a funded raise has events after it: this raise has not been funded",
  exited: "This company has been acquired or shut down: its holdings are closed",
  pendingExists: "This company already has an event waiting for review: withdraw it or wait for the review",
  notPending: "This event is not waiting for review",
  changed: "The company's value changed while you were looking: reload and try again",
  reviewNoteRequired: "Write what the founder should change",
  reviewNoteTooLong: `The note must be at most ${REASON_MAX.toLocaleString("en-US")} characters`,
  reported: "Reported. It changes nobody's holdings until an admin has reviewed it.",
  recorded: "Recorded. Every holder's value follows it, and every holder is told.",
  approved: "Approved. Every holder's value follows it, and every holder is told.",
  changesRequested: "Sent back to the founder with your note.",
  withdrawn: "Withdrawn. Nothing changed.",
} as const;

function priceField() {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: ["number", "null"] }),
      v.transform(toNumber),
      v.check((x) => x === null || (Number.isFinite(x) && decimals(x) <= 2), EVENT_MESSAGES.priceInvalid),
      v.check((x) => x === null || x >= 0, EVENT_MESSAGES.priceNegative),
      v.check((x) => x === null || toCents(x) <= EVENT_LIMITS.pricePerShareCents, EVENT_MESSAGES.priceTooLarge),
    ),
    null,
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The event form, as the founder's and the admin's pages and the API send it (dollars, a day). */
export const valuationEventSchema = v.pipe(
  v.object({
    kind: v.pipe(
      v.unknown(),
      v.metadata({ type: "string", enum: [...EVENT_KINDS] }),
      v.check(
        (x) => typeof x === "string" && (EVENT_KINDS as readonly string[]).includes(x),
        EVENT_MESSAGES.kindRequired,
      ),
      v.transform((x) => x as EventKind),
    ),
    effectiveOn: v.pipe(
      v.unknown(),
      v.metadata({ type: "string", format: "date" }),
      v.transform((x) => (typeof x === "string" ? x.trim() : x)),
      v.check((x) => typeof x === "string" && x !== "", EVENT_MESSAGES.dateRequired),
      v.check((x) => isRealDay(x as string), EVENT_MESSAGES.dateInvalid),
      v.transform((x) => x as string),
    ),
    pricePerShare: priceField(),
    preMoneyValuation: v.optional(
      v.pipe(
        v.unknown(),
        v.metadata({ type: ["integer", "null"], minimum: 1 }),
        v.transform(toNumber),
        v.check((x) => x === null || (Number.isInteger(x) && x > 0 && x <= 1e13), EVENT_MESSAGES.preMoneyInvalid),
      ),
      null,
    ),
    roundName: v.pipe(
      v.optional(v.unknown(), ""),
      v.metadata({ type: "string", maxLength: EVENT_LIMITS.roundName }),
      v.transform((x) => (typeof x === "string" ? x.trim() : "")),
      v.check((x) => [...x].length <= EVENT_LIMITS.roundName, EVENT_MESSAGES.roundNameTooLong),
    ),
    statement: v.pipe(
      requiredText("Statement", EVENT_LIMITS.statement, EVENT_MESSAGES.statementRequired, {
        kind: "multiline",
        tooLong: EVENT_MESSAGES.statementTooLong,
      }),
      v.metadata({ type: "string" }),
    ),
    evidence: v.pipe(
      v.optional(v.unknown(), ""),
      v.metadata({ type: "string" }),
      v.transform((x) => (typeof x === "string" ? x.trim() : x)),
      v.check(
        (x) => x === "" || x == null || (typeof x === "string" && isUploadedPdf(x)),
        EVENT_MESSAGES.evidenceInvalid,
      ),
      v.transform((x) => (typeof x === "string" ? x : "")),
    ),
  }),
  // The price each kind needs, and a round's pre-money valuation.
  v.forward(
    v.check(
      (e) => e.pricePerShare !== null,
      // the message names what is missing for the kind sent
      (issue) => EVENT_MESSAGES.priceRequired[(issue.input as { kind: EventKind }).kind] ?? EVENT_MESSAGES.priceInvalid,
    ),
    ["pricePerShare"],
  ),
  v.forward(
    v.check(
      (e) => e.kind === "shutdown" || e.kind === "write_down" || (e.pricePerShare ?? 0) > 0,
      EVENT_MESSAGES.priceZero,
    ),
    ["pricePerShare"],
  ),
  v.forward(
    v.check((e) => e.kind !== "round" || e.preMoneyValuation !== null, EVENT_MESSAGES.preMoneyRequired),
    ["preMoneyValuation"],
  ),
  v.metadata({ required: ["kind", "effectiveOn", "statement"] }),
);

export type ValuationEventInput = v.InferOutput<typeof valuationEventSchema>;

/** Where a write-down or write-up is refused: it must move the mark the way its name says. */
export function writeProblem(kind: EventKind, priceCents: number, state: MarkState): string | null {
  const current = state.markCents ?? state.sharePriceCents;
  if (kind === "write_down" && priceCents >= current) return EVENT_MESSAGES.writeDownNotLower;
  if (kind === "write_up" && priceCents <= current) return EVENT_MESSAGES.writeUpNotHigher;
  return null;
}

/** The date rules: not in the future, not before the raise was funded, not before the latest reviewed event. */
export function dateProblem(
  effectiveOn: string,
  today: string,
  fundedOn: string | null,
  latestOn: string | null,
): string | null {
  if (effectiveOn > today) return EVENT_MESSAGES.dateFuture;
  if (fundedOn && effectiveOn < fundedOn) return EVENT_MESSAGES.dateBeforeRaise(fundedOn);
  if (latestOn && effectiveOn < latestOn) return EVENT_MESSAGES.dateBeforeLatest(latestOn);
  return null;
}

/**
 * "How we value your holdings": the policy as the portfolio and the company page say it, one text
 * for both (and the ADR).
 */
export const VALUATION_POLICY = [
  "A holding is worth your shares times the price per share of the company's latest reviewed event: a priced round, an acquisition, a shutdown, or a write-down or write-up by CampusFund with its reason.",
  "Before the first event a holding is valued at what you paid. Between events it keeps the last value: we never mark to a model, and neither a founder's report waiting for review nor a trade between investors changes it.",
  `A SAFE converts at the first priced round after its raise, at the lower of the round's price less a ${SAFE_DISCOUNT_PERCENT}% discount and the price the raise's valuation cap gives; your value then follows each later round's price.`,
  "An acquisition pays the price per share into your demo account and closes the holding. A shutdown values it at $0 and pays any money left for shareholders.",
] as const;
