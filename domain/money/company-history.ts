/**
 * What a funded company's page says of it after its raise (ADR 052), made on the server: the
 * hero's word for an exit ("Acquired", with the price it paid a share), and the History tab: what
 * a share is valued at now and why, the marking policy (`VALUATION_POLICY`), the raise, and what
 * each event did, with its statement and evidence. The page's components get strings only
 * (`CompanyBanner`, `HistoryView`), so its JavaScript carries neither these sentences nor the event
 * form's schema (valuation.ts, with valibot; ADR 041).
 *
 * Pure: no I/O, no framework imports.
 */
import { formatDate, formatMoney, formatNumber, formatPrice } from "../shared/format";
import { EVENT_KIND_LABEL, VALUATION_POLICY, type EventKind, type EventStatus } from "./valuation";

export type ExitKind = "acquisition" | "shutdown";

/**
 * A funded company's standing, from its project row and its latest reviewed event (the project
 * page's one statement: worker/services/projects/projects.ts `companyStanding`).
 */
export interface CompanyStanding {
  /** Dollars per share bought in the raise (per SAFE unit) at the latest reviewed event; null at cost. */
  mark: number | null;
  /** That event's day (`YYYY-MM-DD`), kind and stated price per share (an exit's is what it paid). */
  markedOn: string | null;
  markKind: EventKind | null;
  markPrice: number | null;
  /** The acquisition or shutdown that closed every holding; null while the company goes on. */
  exit: ExitKind | null;
}

/** What a closed company's badge says. */
export const EXIT_LABEL: Record<ExitKind, string> = { acquisition: "Acquired", shutdown: "Shut down" };

const onDay = (day: string) => formatDate(`${day}T00:00:00Z`);

/** "Acquired on Dec 1, 2026 at $120 a share.": a closed company, said near the top of its page. */
export function exitSentence(c: CompanyStanding): string | null {
  if (!c.exit || !c.markedOn) return null;
  const on = onDay(c.markedOn);
  const price = c.markPrice ?? 0;
  if (c.exit === "acquisition") return `Acquired on ${on} at ${formatPrice(price)} a share.`;
  return price > 0
    ? `Shut down on ${on}; shareholders were paid ${formatPrice(price)} a share.`
    : `Shut down on ${on}, with nothing left for shareholders.`;
}

/** What every tab of a funded company's page says of it (a non-null banner: the page has a History tab). */
export interface CompanyBanner {
  /** An acquired or shut-down company: the badge's word ("Acquired", "Shut down") and its sentence. */
  exit: { kind: ExitKind; label: string; sentence: string } | null;
}

export function companyBanner(c: CompanyStanding): CompanyBanner {
  const sentence = exitSentence(c);
  return { exit: c.exit && sentence ? { kind: c.exit, label: EXIT_LABEL[c.exit], sentence } : null };
}

/** What a report not yet approved says to its founder and the admins (the public never sees one). */
export const UNREVIEWED_LABEL: Partial<Record<EventStatus, string>> = {
  pending: "Waiting for review",
  changes_requested: "Sent back for changes",
};

/**
 * What a share bought in the raise is valued at now, and why: "Shares are valued at $75, from the
 * priced round of Dec 1, 2026"; at cost before the first reviewed event; an exit says what it paid.
 */
export function standingSentence(c: CompanyStanding, sharePrice: number): string {
  if (c.exit && c.markedOn) {
    const on = onDay(c.markedOn);
    const price = c.markPrice ?? 0;
    if (c.exit === "acquisition") {
      return `Acquired on ${on}: every holder was paid ${formatPrice(price)} a share, and the holdings are closed.`;
    }
    return price > 0
      ? `Shut down on ${on}: every holder was paid ${formatPrice(price)} a share from what was left, and the holdings are closed at $0.`
      : `Shut down on ${on}: shares are valued at $0, and nothing was left for shareholders.`;
  }
  if (c.mark === null || !c.markedOn || !c.markKind) {
    return `Shares are valued at ${formatPrice(sharePrice)}, what investors paid: no event has been reviewed since the raise.`;
  }
  return `Shares are valued at ${formatPrice(c.mark)}, from the ${EVENT_KIND_LABEL[c.markKind].toLowerCase()} of ${onDay(c.markedOn)}.`;
}

/** The raise at the start of the history: "Raised $5,000 from 2 investors at $50 a share." */
export function raiseSentence(amount: number, investors: number, sharePrice: number): string {
  const who = investors === 1 ? "1 investor" : `${formatNumber(investors)} investors`;
  return `Raised ${formatMoney(amount)} from ${who} at ${formatPrice(sharePrice)} a share.`;
}

/** An event as the history lists it (`ValuationEventDTO`'s fields that it shows). */
export interface HistoryEvent {
  id: string;
  kind: EventKind;
  status: EventStatus;
  effectiveOn: string;
  pricePerShare: number;
  preMoneyValuation: number | null;
  roundName: string;
  statement: string;
  evidence: string;
  /** A SAFE's conversion price per share (dollars, fractional), set by its first priced round. */
  conversionPrice: number | null;
}

/** An event's title: "Priced round: Seed", "Write-down". */
export function eventTitle(e: Pick<HistoryEvent, "kind" | "roundName">): string {
  const label = EVENT_KIND_LABEL[e.kind];
  return e.kind === "round" && e.roundName ? `${label}: ${e.roundName}` : label;
}

/**
 * What an event did, before its statement: a round's price per share and pre-money valuation (and
 * at a SAFE's first one, its conversion price), a write's value, what an exit paid a share.
 */
export function eventSentences(e: HistoryEvent, converted: boolean): string[] {
  const price = formatPrice(e.pricePerShare);
  // A report not yet reviewed has paid nobody.
  const reviewed = e.status === "approved";
  switch (e.kind) {
    case "round":
      return [
        e.preMoneyValuation === null
          ? `${price} a share.`
          : `${price} a share, at a pre-money valuation of ${formatMoney(e.preMoneyValuation)}.`,
        ...(converted && e.conversionPrice !== null
          ? [`The SAFE converted at ${formatPrice(e.conversionPrice)} a share.`]
          : []),
      ];
    case "write_down":
      return [`CampusFund wrote the value of a share down to ${price}. Its reason:`];
    case "write_up":
      return [`CampusFund wrote the value of a share up to ${price}. Its reason:`];
    case "acquisition":
      return [
        reviewed
          ? `The buyer paid ${price} a share to every holder.`
          : `The buyer pays ${price} a share, paid to every holder once it is reviewed.`,
      ];
    case "shutdown":
      if (e.pricePerShare === 0) return ["Nothing was left for shareholders: a share is valued at $0."];
      return [
        reviewed
          ? `Every holder was paid ${price} a share from what was left.`
          : `What is left pays ${price} a share, paid to every holder once it is reviewed.`,
      ];
  }
}

/**
 * The id of the approved round at which a SAFE converted (the first with a conversion price; the
 * later ones carry the same price), or null.
 */
export function conversionEventId(events: readonly HistoryEvent[]): string | null {
  return events.find((e) => e.status === "approved" && e.kind === "round" && e.conversionPrice !== null)?.id ?? null;
}

/** One entry of the History tab's timeline, as it is shown. */
export interface HistoryEntry {
  /** `raise` for the raise itself, else the event's id. */
  id: string;
  /** What the timeline's dot says: the raise, or the event's kind. */
  kind: EventKind | "raise";
  /** The day (`YYYY-MM-DD`), and as shown ("Dec 1, 2026"). */
  day: string;
  date: string;
  title: string;
  /** What it did: the raise's result, a round's price and valuation, what an exit paid. */
  facts: string[];
  /** The founder's or CampusFund's words, and the evidence (an uploaded PDF) or "". */
  statement: string;
  evidence: string;
  /** A report not yet approved ("Waiting for review"): its founder's and the admins' view only. */
  unreviewed: string | null;
}

/** The History tab: the standing, the policy, and the timeline (the raise first, then the events by date). */
export interface HistoryView {
  standing: string;
  policy: readonly string[];
  entries: HistoryEntry[];
}

/** The raise as it was settled: when, how much, from how many investors, at what price a share. */
export interface RaiseResult {
  fundedOn: string;
  amount: number;
  investors: number;
  sharePrice: number;
}

export function historyView(
  raise: RaiseResult,
  standing: CompanyStanding,
  events: readonly HistoryEvent[],
): HistoryView {
  const converted = conversionEventId(events);
  return {
    standing: standingSentence(standing, raise.sharePrice),
    policy: VALUATION_POLICY,
    entries: [
      {
        id: "raise",
        kind: "raise",
        day: raise.fundedOn,
        date: onDay(raise.fundedOn),
        title: "Funded on CampusFund",
        facts: [raiseSentence(raise.amount, raise.investors, raise.sharePrice)],
        statement: "",
        evidence: "",
        unreviewed: null,
      },
      ...events.map((e) => ({
        id: e.id,
        kind: e.kind,
        day: e.effectiveOn,
        date: onDay(e.effectiveOn),
        title: eventTitle(e),
        facts: eventSentences(e, e.id === converted),
        statement: e.statement,
        evidence: e.evidence,
        unreviewed: UNREVIEWED_LABEL[e.status] ?? null,
      })),
    ],
  };
}
