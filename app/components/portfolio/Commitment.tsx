/**
 * An investment's commitment and what became of it (ADR 043: the commitment notice and the settlement), as its page
 * (app/routes/investment.tsx) and its receipt (app/routes/receipt.tsx) both show it: one view
 * computed in their loaders (`commitmentOf`) and two pieces that render it.
 * - `CommitmentFacts`: the commitment notice's figures: the company, the security, when it was made,
 *   the shares, the price per share, the amount, the instant until which it can be canceled (UTC,
 *   and the reader's local time once JavaScript runs) and its status.
 * - `CommitmentOutcome`: once the raise settled, the confirmation (funded: the date, the security,
 *   the price, the investor's shares and the total the raise sold) or the return (the date and
 *   the amount given back); or the investor's own cancellation.
 */
import type { ReactNode } from "react";
import { href, Link } from "react-router";

import { cutoffText } from "../../../domain/money/cancellation";
import { formatDate, formatDateTime, formatNumber, formatPercent, formatPrice } from "../../../domain/shared/format";
import { toDollars } from "../../../domain/shared/money";
import type { InvestmentDTO, RegulationType } from "../../../domain/shared/types";
import { REGULATION_INFO } from "../project/regulation";
import { InvestmentStatus } from "./InvestmentStatus";
import { CutoffTime } from "./LocalTime";

const sharesText = (n: number) => `${formatNumber(n)} ${n === 1 ? "share" : "shares"}`;

export type CommitmentOutcomeView =
  | { kind: "confirmed"; on: string; security: string; sharePrice: number; shares: number; sold: string }
  | { kind: "returned"; on: string; amount: number; projectTitle: string }
  | { kind: "cancelled"; on: string; shares: number };

export interface CommitmentView {
  id: string;
  projectTitle: string;
  projectSlug: string;
  /** "Regulation Crowdfunding offering: 0.050000% of the company's equity". */
  security: string;
  /** "Nov 21, 2026, 14:05 UTC": when the purchase was made. */
  committedAt: string;
  shares: number;
  sharePrice: number;
  amount: number;
  status: string;
  cancellable: boolean;
  /** The instant the cancellation window closes (or closed), ms, and as the pages say it in UTC. */
  cancelUntil: { at: number; utc: string } | null;
  /** What became of the commitment: null while its raise runs. */
  outcome: CommitmentOutcomeView | null;
}

/** What `commitmentOf` needs of worker/services/money/holdings.ts `getInvestment`'s answer. */
export interface CommitmentSource {
  investment: Pick<
    InvestmentDTO,
    | "_id"
    | "projectTitle"
    | "projectSlug"
    | "shares"
    | "sharePrice"
    | "amountInvested"
    | "equity"
    | "status"
    | "investedAt"
    | "cancelledAt"
    | "cancelDeadline"
    | "cancellable"
  >;
  /** When its raise settled this investment (ms), null before. */
  settledAt: number | null;
  project: {
    regulationType: RegulationType;
    settledAt: number | null;
    settledShares: number | null;
    settledCents: number | null;
  };
}

/** The view of an investment's commitment, from what `getInvestment` read (in the loaders). */
export function commitmentOf({ investment: i, project, settledAt }: CommitmentSource): CommitmentView {
  const cutoff = i.cancelDeadline ? Date.parse(i.cancelDeadline) : 0;
  const security = REGULATION_INFO[project.regulationType].name;
  const on = formatDate(settledAt ?? project.settledAt ?? 0);
  const outcome: CommitmentOutcomeView | null =
    i.status === "confirmed"
      ? {
          kind: "confirmed",
          on,
          security,
          sharePrice: i.sharePrice,
          shares: i.shares,
          sold: `${sharesText(project.settledShares ?? 0)} for ${formatPrice(toDollars(project.settledCents ?? 0))}`,
        }
      : i.status === "returned"
        ? { kind: "returned", on, amount: i.amountInvested, projectTitle: i.projectTitle }
        : i.status === "cancelled"
          ? { kind: "cancelled", on: formatDate(i.cancelledAt ?? 0), shares: i.shares }
          : null;
  return {
    id: i._id,
    projectTitle: i.projectTitle,
    projectSlug: i.projectSlug,
    security: `${security} offering: ${formatPercent(i.equity, 6)} of the company's equity`,
    committedAt: formatDateTime(i.investedAt),
    shares: i.shares,
    sharePrice: i.sharePrice,
    amount: i.amountInvested,
    status: i.status,
    cancellable: i.cancellable,
    cancelUntil: cutoff ? { at: cutoff, utc: cutoffText(cutoff) } : null,
    outcome,
  };
}

/** One fact of a list: its term and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The commitment's figures as a list of facts; `children` adds the page's own rows at the end. */
export function CommitmentFacts({
  c,
  className,
  children,
}: {
  c: CommitmentView;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <dl className={["purchase-facts", className].filter(Boolean).join(" ")}>
      <Fact term="Company">
        <Link to={href("/project/:slug", { slug: c.projectSlug })}>{c.projectTitle}</Link>
      </Fact>
      <Fact term="Security">{c.security}</Fact>
      <Fact term="Committed on">{c.committedAt}</Fact>
      <Fact term="Shares">{formatNumber(c.shares)}</Fact>
      <Fact term="Price per share">{formatPrice(c.sharePrice)}</Fact>
      <Fact term="Amount">{formatPrice(c.amount)}</Fact>
      {c.cancelUntil ? (
        // The commitment's window stays once it has closed, in the past tense.
        <Fact term={c.cancellable ? "Can be canceled until" : "Could be canceled until"}>
          <CutoffTime at={c.cancelUntil.at} />
        </Fact>
      ) : null}
      <Fact term="Status">
        <InvestmentStatus status={c.status} />
      </Fact>
      {children}
    </dl>
  );
}

/** The confirmation, the return or the cancellation, once there is one (nothing while the raise runs). */
export function CommitmentOutcome({ outcome }: { outcome: CommitmentOutcomeView | null }) {
  if (!outcome) return null;
  if (outcome.kind === "cancelled") {
    return (
      <p className="receipt-outcome">
        {`Canceled on ${outcome.on}: its ${sharesText(outcome.shares)} went back to the project`}
      </p>
    );
  }
  const confirmed = outcome.kind === "confirmed";
  return (
    <section className="inv-outcome" aria-labelledby="inv-outcome-title">
      <h2 id="inv-outcome-title" className="inv-outcome-title">
        {confirmed ? "Confirmation" : "Return"}
      </h2>
      <p className="receipt-outcome">
        {confirmed
          ? `The raise reached its goal: your investment was confirmed on ${outcome.on} and is final.`
          : `${outcome.projectTitle} closed below its goal: your ${formatPrice(outcome.amount)} was returned to you on ${outcome.on}.`}
      </p>
      <dl className="purchase-facts inv-outcome-facts">
        {confirmed ? (
          <>
            <Fact term="Confirmed on">{outcome.on}</Fact>
            <Fact term="Security">{outcome.security}</Fact>
            <Fact term="Price per share">{formatPrice(outcome.sharePrice)}</Fact>
            <Fact term="Your shares">{formatNumber(outcome.shares)}</Fact>
            <Fact term="Total sold in this raise">{outcome.sold}</Fact>
          </>
        ) : (
          <>
            <Fact term="Returned on">{outcome.on}</Fact>
            <Fact term="Amount returned">{formatPrice(outcome.amount)}</Fact>
          </>
        )}
      </dl>
    </section>
  );
}
