/**
 * What an investment became (ADR 052), as the portfolio and the holding's page say it: a figure's
 * card with how it was computed one click away (a <details>: it opens without JavaScript, and its
 * text is real text a screen reader reaches, never a hover-only tooltip), what a holding is valued
 * at ("Valued at the Seed round of Oct 15, 2026", "At cost: …"), what an exit paid, and why an IRR
 * is still blank. Styles: app/styles/portfolio.css (`.returns-`).
 */
import type { ReactNode } from "react";

import { addDays } from "../../../domain/shared/dates";
import { formatDate, formatMoney } from "../../../domain/shared/format";
import { IRR_MIN_HOLDING_DAYS } from "../../../domain/money/returns";
import type { EventKind } from "../../../domain/money/valuation";
import type { HoldingExit } from "../../../domain/money/performance";

/** One figure: its label, its value, an optional line under it, and how it was computed. */
export function FigureCard({
  label,
  value,
  note,
  explain,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  /** How the figure was computed (RETURNS_EXPLAINED), shown when the reader opens "How is this computed?". */
  explain?: string;
  /** A gain or a loss colours the value (its sign says it too). */
  tone?: "gain" | "loss" | null;
  testId?: string;
}) {
  return (
    <li className="stat-card returns-card" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <span className={`stat-value${tone ? ` returns-${tone}` : ""}`}>{value}</span>
      {note ? <span className="returns-note">{note}</span> : null}
      {explain ? (
        <details className="returns-how">
          <summary>
            How is this computed?<span className="visually-hidden">{` (${label})`}</span>
          </summary>
          <p>{explain}</p>
        </details>
      ) : null}
    </li>
  );
}

/** A gain's tone from its sign: none at zero. */
export const toneOf = (n: number) => (n > 0 ? ("gain" as const) : n < 0 ? ("loss" as const) : null);

/** The reviewed event a holding is valued at (worker/services/money/holdings.ts `InvestmentDetail`). */
export interface ValuedBy {
  kind: EventKind;
  roundName: string;
  effectiveOn: string;
}

/** "the Seed round", "the Series A round", "a priced round" (no name given). */
function roundOf(name: string): string {
  const n = name.trim();
  if (!n) return "a priced round";
  return /\bround$/i.test(n) ? `the ${n}` : `the ${n} round`;
}

/**
 * What a holding's value rests on: "Valued at the Seed round of Oct 15, 2026", "Valued at
 * CampusFund's write-down of …", an exit's day, or "At cost: no reviewed event since the raise".
 */
export function valuationBasis(valuedBy: ValuedBy | null): string {
  if (!valuedBy) return "At cost: no reviewed event since the raise";
  const on = formatDate(valuedBy.effectiveOn);
  switch (valuedBy.kind) {
    case "round":
      return `Valued at ${roundOf(valuedBy.roundName)} of ${on}`;
    case "write_down":
      return `Valued at CampusFund's write-down of ${on}`;
    case "write_up":
      return `Valued at CampusFund's write-up of ${on}`;
    case "acquisition":
      return `Acquired on ${on}: the holding is closed`;
    case "shutdown":
      return `Shut down on ${on}: valued at $0`;
  }
}

/** An exit as the holding's page says it: "Acquired: $5,000 paid into your demo account", "Shut down". */
export function exitText(exit: HoldingExit, realized: number): string | null {
  if (exit === "acquired") return `Acquired: ${formatMoney(realized)} paid into your demo account`;
  if (exit === "shut_down") {
    return realized > 0
      ? `Shut down: ${formatMoney(realized)} of what was left paid into your demo account`
      : "Shut down: nothing was left for shareholders";
  }
  return null;
}

/**
 * Why an IRR is blank: it is shown once the first money in (`since`, YYYY-MM-DD) is a year old;
 * past that, no yearly rate fits the flows. `what` names that money ("your first investment").
 */
export function irrBlankNote(since: string | null, today: string, what: string): string {
  if (!since) return `Shown once ${what} is a year old`;
  const from = addDays(since, IRR_MIN_HOLDING_DAYS);
  return from > today ? `Shown from ${formatDate(from)}, a year after ${what}` : "No yearly rate fits these cash flows";
}

/** How we value your holdings (VALUATION_POLICY): a disclosure that opens without JavaScript. */
export function ValuationPolicy({ policy, className }: { policy: readonly string[]; className?: string }) {
  return (
    <details className={["returns-policy", className].filter(Boolean).join(" ")}>
      <summary>How we value your holdings</summary>
      {policy.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </details>
  );
}
