/**
 * The company events' vocabulary and the one marking policy of ADR 052 (what an approved event
 * does to a share's mark; domain/money/valuation.ts has the events' form, messages and the policy's
 * wording, and re-exports all of this), kept apart and import-free: the Worker's approval (worker/services/money/valuations.ts) and the demo seed
 * (db/seed-data.ts, which plain Node runs through type stripping) both mark with `markAfter`.
 *
 * Money in integer cents (ADR 003): a mark is rounded to the cent per share; a SAFE's conversion
 * price stays fractional. Pure: no I/O, no imports.
 */

export const EVENT_KINDS = ["round", "acquisition", "shutdown", "write_down", "write_up"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What a founder reports (with evidence, for review); an admin records these and the write-downs and write-ups. */
export const FOUNDER_EVENT_KINDS: readonly EventKind[] = ["round", "acquisition", "shutdown"];

export const EVENT_KIND_LABEL: Record<EventKind, string> = {
  round: "Priced round",
  acquisition: "Acquisition",
  shutdown: "Shutdown",
  write_down: "Write-down",
  write_up: "Write-up",
};

/** The events that close every holding: nothing is valued, reported or recorded after one. */
export const EXIT_KINDS: readonly EventKind[] = ["acquisition", "shutdown"];
export const isExit = (kind: EventKind) => EXIT_KINDS.includes(kind);

/** A SAFE's discount at its conversion (the platform's standard SAFE: a cap and a 20 % discount). */
export const SAFE_DISCOUNT_PERCENT = 20;

/** The company's state a new event applies to (from its project row). */
export interface MarkState {
  regulationType: string;
  /** The raise's price per share (a SAFE unit's price). */
  sharePriceCents: number;
  /** The valuation the raise stated: a SAFE's cap. */
  capCents: number;
  /** The current mark per share: null at cost. */
  markCents: number | null;
  /** A converted SAFE's conversion price per share, in cents (fractional): null before conversion. */
  conversionPriceCents: number | null;
}

/** What an approved event does to the company's holdings. */
export interface MarkChange {
  /** The new mark per share bought on CampusFund (per SAFE unit): 0 after an exit. */
  markCents: number;
  conversionPriceCents: number | null;
  /** Cash paid per share to every holder (an acquisition's price, a shutdown's proceeds), else 0. */
  proceedsPerShareCents: number;
  exit: boolean;
  /** The SAFE converted at this round. */
  converted: boolean;
}

/** A SAFE's conversion price at a round priced `priceCents` with a pre-money valuation `preMoneyCents`. */
export function safeConversionPrice(priceCents: number, preMoneyCents: number, capCents: number): number {
  const discounted = (100 - SAFE_DISCOUNT_PERCENT) / 100;
  const capped = capCents > 0 && preMoneyCents > 0 ? capCents / preMoneyCents : Number.POSITIVE_INFINITY;
  return priceCents * Math.min(discounted, capped);
}

/** The marking policy (see the module's comment): what an event, once reviewed, does to a share's mark. */
export function markAfter(
  state: MarkState,
  event: { kind: EventKind; priceCents: number; preMoneyCents: number | null },
): MarkChange {
  const none = { proceedsPerShareCents: 0, exit: false, converted: false };
  switch (event.kind) {
    case "round": {
      if (state.regulationType !== "SAFE") {
        return { ...none, markCents: event.priceCents, conversionPriceCents: null };
      }
      const conversion =
        state.conversionPriceCents ?? safeConversionPrice(event.priceCents, event.preMoneyCents ?? 0, state.capCents);
      return {
        ...none,
        markCents: Math.round((state.sharePriceCents * event.priceCents) / conversion),
        conversionPriceCents: conversion,
        converted: state.conversionPriceCents === null,
      };
    }
    case "acquisition":
    case "shutdown":
      return {
        markCents: 0,
        conversionPriceCents: state.conversionPriceCents,
        proceedsPerShareCents: event.priceCents,
        exit: true,
        converted: false,
      };
    case "write_down":
    case "write_up":
      return { ...none, markCents: event.priceCents, conversionPriceCents: state.conversionPriceCents };
  }
}
