/**
 * One investment: /portfolio/investments/:id, for its owner or an admin. It shows the commitment
 * (ADR 043, the commitment notice: the company, the security, shares, price per share, amount, and the exact instant
 * until which it can be canceled, in UTC and, once JavaScript runs, the reader's local time) and,
 * once its raise settled (ADR 043), the confirmation (funded) or the return (closed below its
 * goal): the same pieces as its receipt (app/components/portfolio/Commitment.tsx), which it links.
 * While its raise runs, until 48 hours before the funding deadline ('You can cancel until {date}'),
 * it offers to cancel it.
 *
 * A held investment (open or confirmed) says what it became (ADR 052): its current value and what
 * that rests on ("Valued at the Seed round of Oct 15, 2026", or at cost before any reviewed event),
 * the cash its exit paid, its gain, MOIC and IRR (blank, with the reason, under a year), each with
 * how it was computed (a <details>, no JavaScript needed), and "How we value your holdings".
 *
 * Cancelling takes a confirm step that needs no JavaScript: "Cancel investment" (and the
 * portfolio's Cancel link) goes to `?confirm=1#cancel` (the fragment scrolls a phone to the step),
 * which shows 'Cancel this investment?' with a POST form ('Yes, cancel investment') and a link
 * back ('Keep investment'). The action calls `cancelInvestment`, the service the API's
 * `POST /api/investments/{id}/cancel` calls, then redirects to the portfolio, which says what was
 * cancelled and lists the investment as Cancelled. With JavaScript the flow is the same, without
 * page reloads. A refusal (already cancelled, the window closed) re-renders this page with the
 * service's message. Someone else's investment is 'Investment not found', as an unknown id is.
 */
import { useEffect, useRef } from "react";
import { Form, href, Link, redirect, useNavigation } from "react-router";

import { InvestmentRefusal, investmentErrorBoundary } from "../components/portfolio/InvestmentRefusal";
import { SafeImage } from "../components/SafeImage";
import { InvestmentStatus } from "../components/portfolio/InvestmentStatus";
import { CutoffTime } from "../components/portfolio/LocalTime";
import { CommitmentFacts, CommitmentOutcome, commitmentOf, Fact } from "../components/portfolio/Commitment";
import { formatDate, formatMoney, formatNumber, formatPrice } from "../../domain/shared/format";
import {
  exitText,
  FigureCard,
  irrBlankNote,
  toneOf,
  ValuationPolicy,
  valuationBasis,
} from "../components/portfolio/Returns";
import { RETURNS_EXPLAINED, formatGain, formatIrr, formatMultiple } from "../../domain/money/returns";
import { VALUATION_POLICY } from "../../domain/money/valuation";
import { isoDay } from "../../domain/shared/dates";
import { toCents } from "../../domain/shared/money";

import { formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { formFailed, formFailure, refusedBy } from "../server/form-result";
import { getInvestment, type InvestmentDetail } from "../../worker/services/money/holdings";
import { cancelInvestment } from "../../worker/services/money/cancellations";
import { reconfirmationOf, reconfirmInvestment } from "../../worker/services/money/reconfirmations";
import { RECONFIRM_MESSAGES } from "../../domain/projects/revisions";
import { ReconfirmStep } from "../components/purchase/Reconfirm";
import { perksOfInvestment } from "../../worker/services/money/perks";
import { InvestmentPerks } from "../components/portfolio/InvestmentPerks";
import type { Route } from "./+types/investment";

const UNKNOWN_ACTION = "Unknown action: this form can only reconfirm or cancel the investment";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && !("refused" in loaderData)
        ? `Investment in ${loaderData.investment.projectTitle} | CampusFund`
        : "Investment Not Found | CampusFund",
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  let detail;
  try {
    detail = await getInvestment(db, user, params.id);
  } catch (e) {
    return refusedBy(e);
  }
  const { investment: i, project } = detail;
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm") === "1" && i.cancellable;
  // A change waiting for this investor's reconfirmation (ADR 050): one step to answer it.
  const reconfirmation = i.status === "active" ? await reconfirmationOf(db, i._id) : null;
  // The perks it earned (ADR 055): at most one per perk of the project.
  const perks = await perksOfInvestment(db, i._id);
  return {
    perks,
    confirm,
    reconfirmation,
    reconfirmed: url.searchParams.get("reconfirmed") === "1" && !reconfirmation,
    investment: {
      _id: i._id,
      projectTitle: i.projectTitle,
      projectSlug: i.projectSlug,
      projectLogo: i.projectLogo,
      shares: i.shares,
      bonusShares: i.bonusShares,
      amountInvested: i.amountInvested,
      status: i.status,
      cancelledAt: i.cancelledAt,
      cancellable: i.cancellable,
    },
    worth: worthOf(detail),
    // From the loader: the policy's module (with the event form's schema) stays out of the browser's bundle.
    policy: VALUATION_POLICY,
    /**
     * The commitment (its cutoff: the later of the one fixed at purchase and the current
     * deadline's) and, once settled, its outcome.
     */
    commitment: commitmentOf(detail),
    fundingDeadline: project.fundingDeadline,
  };
}

/** What a held investment became (ADR 052); null for money that came back (canceled, returned). */
function worthOf({ investment: i, valuedBy }: InvestmentDetail) {
  if (i.status !== "active" && i.status !== "confirmed") return null;
  const since = i.investmentDate.slice(0, 10);
  return {
    amount: i.amountInvested,
    currentValue: i.currentValue,
    realized: i.realized,
    gain: i.gain,
    moic: i.moic,
    irr: i.irr,
    irrNote: i.irr === null ? irrBlankNote(since, isoDay(), "this investment") : null,
    exit: i.exit,
    basis: valuationBasis(valuedBy),
    exitOn: i.exit && valuedBy ? formatDate(valuedBy.effectiveOn) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = formFields(await readForm(request, FORM_LIMITS.investment));
  const { db } = getApp(context);
  if (form.intent === "reconfirm") {
    try {
      await reconfirmInvestment(db, user, params.id);
      return redirect(`${href("/portfolio/investments/:id", { id: params.id })}?reconfirmed=1`);
    } catch (e) {
      return formFailed(e, {});
    }
  }
  if (form.intent !== "cancel") return formFailure(400, UNKNOWN_ACTION, {});
  try {
    const result = await cancelInvestment(db, user, params.id);
    return redirect(`/portfolio?cancelled=${encodeURIComponent(result.investment._id)}`);
  } catch (e) {
    return formFailed(e, {});
  }
}

export default function Investment({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData)
    return <InvestmentRefusal title="Your investment" status={loaderData.status} message={loaderData.message} />;
  const { investment: i, confirm, commitment, fundingDeadline, reconfirmation, reconfirmed, worth } = loaderData;
  const error = actionData?.message ?? null;
  const cancelled = i.status === "cancelled";
  // Settled by its raise (confirmed or returned): nothing left to cancel, the outcome says what became of it.
  const settled = i.status === "confirmed" || i.status === "returned";
  const cutoff = commitment.cancelUntil?.at ?? 0;
  const page = href("/portfolio/investments/:id", { id: i._id });

  return (
    <div className="container invest-page investment-page">
      <p className="inv-back">
        <Link to="/portfolio">← Back to portfolio</Link>
      </p>
      <div className="purchase-card card">
        <header className="purchase-head">
          <h1>Your investment</h1>
          <p className="page-lead">All money on CampusFund is simulated.</p>
        </header>

        <div className="purchase-project">
          <SafeImage className="purchase-logo" src={i.projectLogo} placeholder="logo" width={56} height={56} />
          <div>
            <h2 className="purchase-title">
              <Link to={href("/project/:slug", { slug: i.projectSlug })}>{i.projectTitle}</Link>
            </h2>
            <InvestmentStatus status={i.status} />
          </div>
        </div>

        {error ? <ErrorAlert message={error} /> : null}
        {reconfirmed ? (
          <div className="alert alert-success" role="status">
            {RECONFIRM_MESSAGES.reconfirmed}
          </div>
        ) : null}
        {reconfirmation ? <ReconfirmStep r={reconfirmation} action={page} /> : null}

        {worth ? <Worth w={worth} policy={loaderData.policy} /> : null}

        <section className="inv-commitment" aria-labelledby="inv-commitment-title">
          <h2 id="inv-commitment-title" className="inv-cancel-title">
            Your commitment
          </h2>
          <CommitmentFacts c={commitment}>
            {cancelled && i.cancelledAt ? <Fact term="Canceled on">{formatDate(i.cancelledAt)}</Fact> : null}
            <Fact term="Funding deadline">{formatDate(fundingDeadline)}</Fact>
          </CommitmentFacts>
        </section>

        <InvestmentPerks perks={loaderData.perks} />

        {settled ? <CommitmentOutcome outcome={commitment.outcome} /> : null}

        <p className="inv-receipt">
          <Link to={href("/portfolio/investments/:id/receipt", { id: i._id })}>View and print the receipt</Link>
        </p>

        {settled ? null : (
          <section className="inv-cancel" id="cancel" aria-labelledby="inv-cancel-title">
            <h2 id="inv-cancel-title" className="inv-cancel-title">
              {confirm ? "Cancel this investment?" : "Cancellation"}
            </h2>
            {cancelled ? (
              <p>
                This investment was canceled
                {i.cancelledAt ? ` on ${formatDate(i.cancelledAt)}` : ""}: its {formatNumber(i.shares)} shares went back
                to the project. It stays in your history and no longer counts in your totals.
              </p>
            ) : !i.cancellable ? (
              <p>
                The cancellation window closed
                {cutoff ? (
                  <>
                    {" on "}
                    <CutoffTime at={cutoff} />
                  </>
                ) : null}
                , 48 hours before the funding deadline, so this investment can no longer be canceled.
              </p>
            ) : confirm ? (
              <ConfirmCancel
                action={page}
                back={page}
                shares={i.shares}
                title={i.projectTitle}
                amount={i.amountInvested}
              />
            ) : (
              <>
                <p>
                  You can cancel until <CutoffTime at={cutoff} />. Investors may cancel until 48 hours before the
                  funding deadline (Regulation Crowdfunding): the shares go back to the project and the amount is no
                  longer invested.
                </p>
                <div className="purchase-actions inv-actions">
                  <Link className="btn btn-secondary" to={href("/project/:slug", { slug: i.projectSlug })}>
                    View project
                  </Link>
                  <Link className="btn btn-danger" to={`${page}?confirm=1#cancel`}>
                    Cancel investment
                  </Link>
                </div>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** What it became: an exit's payout, then the figures, each with how it was computed. */
function Worth({ w, policy }: { w: NonNullable<ReturnType<typeof worthOf>>; policy: readonly string[] }) {
  const exit = exitText(w.exit, w.realized);
  const percent = w.amount > 0 ? Math.round((w.gain / w.amount) * 10_000) / 100 || 0 : 0;
  return (
    <section className="inv-worth" aria-labelledby="inv-worth-title">
      <h2 id="inv-worth-title" className="inv-cancel-title">
        Value and returns
      </h2>
      {exit ? (
        <p className="receipt-outcome inv-exit" data-testid="inv-exit">
          {`${exit}${w.exitOn ? ` (${w.exitOn})` : ""}.`}
        </p>
      ) : null}
      <ul className="stat-grid returns-grid">
        <FigureCard
          label="Current value"
          value={formatMoney(w.currentValue)}
          note={w.basis}
          explain={RETURNS_EXPLAINED.value}
          testId="inv-value"
        />
        <FigureCard
          label="Realized"
          value={formatMoney(w.realized)}
          note="Cash paid out to you"
          explain={RETURNS_EXPLAINED.realizedGain}
          testId="inv-realized"
        />
        <FigureCard
          label="Gain"
          value={formatGain(toCents(w.gain))}
          tone={toneOf(w.gain)}
          note={`${percent > 0 ? "+" : ""}${percent.toFixed(2)}% on ${formatMoney(w.amount)}`}
          explain={RETURNS_EXPLAINED.totalGain}
          testId="inv-gain"
        />
        <FigureCard label="MOIC" value={formatMultiple(w.moic)} explain={RETURNS_EXPLAINED.moic} testId="inv-moic" />
        <FigureCard
          label="IRR"
          value={formatIrr(w.irr)}
          note={w.irrNote}
          explain={RETURNS_EXPLAINED.irr}
          testId="inv-irr"
        />
      </ul>
      <ValuationPolicy policy={policy} />
    </section>
  );
}

/** The confirm step: a plain POST form, so it works without JavaScript. */
function ConfirmCancel({
  action,
  back,
  shares,
  title,
  amount,
}: {
  action: string;
  back: string;
  shares: number;
  title: string;
  amount: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const heading = useRef<HTMLParagraphElement>(null);
  // With JavaScript the step appears without a page load: move focus to it so it is announced.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Form method="post" action={action} className="inv-confirm" aria-describedby="inv-confirm-text">
      <p id="inv-confirm-text" ref={heading} tabIndex={-1}>
        Your {formatNumber(shares)} shares of {title} ({formatPrice(amount)}) go back to the project, and the investment
        stays in your history as Canceled. This cannot be undone.
      </p>
      <input type="hidden" name="intent" value="cancel" />
      <div className="purchase-actions inv-actions">
        <Link className="btn btn-secondary" to={back} replace>
          Keep investment
        </Link>
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? "Canceling..." : "Yes, cancel investment"}
        </button>
      </div>
    </Form>
  );
}

/** The refusal, focused with JavaScript so it is read out (the page reloads at the top without). */
function ErrorAlert({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div ref={ref} tabIndex={-1} className="alert alert-error" role="alert">
      {message}
    </div>
  );
}

export const ErrorBoundary = investmentErrorBoundary(
  "Your investment",
  "Unable to load this investment. Please try again later.",
);
