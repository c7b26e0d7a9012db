/**
 * An investment's receipt: /portfolio/investments/:id/receipt, for its owner or an admin (the
 * same `getInvestment` as the investment page, so anyone else's id, or an unknown one, is
 * 'Investment not found'). It states the commitment (company, security, when, shares, price,
 * amount, until when it can be cancelled) and, once its raise settled (ADR 043), the confirmation
 * or the return (or the investor's own cancellation). The commitment notice of each purchase links here.
 *
 * It prints on one page (the print block in styles/investment.css hides the site's chrome). The
 * "Print receipt" button needs JavaScript, so it appears only after hydration; before that (and
 * without JavaScript) a sentence names the browser's own print command.
 */
import { href, Link } from "react-router";

import { InvestmentRefusal, investmentErrorBoundary } from "../components/portfolio/InvestmentRefusal";
import { LocalTime } from "../components/portfolio/LocalTime";
import { InvestmentStatus } from "../components/portfolio/InvestmentStatus";
import { REGULATION_INFO } from "../components/project/regulation";
import { useHydrated } from "../components/project/hooks";
import { cutoffText } from "../../domain/cancellation";
import { formatDate, formatDateTime, formatNumber, formatPercent, formatPrice } from "../../domain/format";

import { getApp, requireUser } from "../server/guards.server";
import { refusedBy } from "../server/form-result";
import { getInvestment } from "../../worker/services/holdings";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && !("refused" in loaderData)
        ? `Receipt: ${loaderData.investment.projectTitle} | CampusFund`
        : "Investment Not Found | CampusFund",
  },
];

const sharesText = (n: number) => `${formatNumber(n)} ${n === 1 ? "share" : "shares"}`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  let detail;
  try {
    detail = await getInvestment(db, user, params.id);
  } catch (e) {
    return refusedBy(e);
  }
  const { investment: i, project, settledAt } = detail;
  const cutoff = i.cancelDeadline ? Date.parse(i.cancelDeadline) : 0;
  // What became of the commitment, in the receipt's words: null while its raise runs.
  const when = formatDate(settledAt ?? project.settledAt ?? 0);
  const outcome =
    i.status === "confirmed"
      ? `Confirmed on ${when}: ${sharesText(i.shares)} at ${formatPrice(i.sharePrice)}, ${sharesText(project.settledShares ?? 0)} sold in this raise`
      : i.status === "returned"
        ? `Returned on ${when}: ${formatPrice(i.amountInvested)} went back to you`
        : i.status === "cancelled"
          ? `Canceled on ${formatDate(i.cancelledAt ?? 0)}: its ${sharesText(i.shares)} went back to the project`
          : null;
  return {
    investment: {
      _id: i._id,
      projectTitle: i.projectTitle,
      projectSlug: i.projectSlug,
      shares: i.shares,
      sharePrice: i.sharePrice,
      amountInvested: i.amountInvested,
      equity: i.equity,
      status: i.status,
      cancellable: i.cancellable,
    },
    security: REGULATION_INFO[project.regulationType].name,
    /** "Nov 21, 2026, 14:05 UTC": when the purchase was made. */
    committedAt: formatDateTime(i.investedAt),
    cancelUntil: cutoff ? { at: cutoff, utc: cutoffText(cutoff) } : null,
    outcome,
  };
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  if ("refused" in loaderData)
    return <InvestmentRefusal title="Investment receipt" status={loaderData.status} message={loaderData.message} />;
  const { investment: i, security, committedAt, cancelUntil, outcome } = loaderData;
  const investmentPage = href("/portfolio/investments/:id", { id: i._id });

  return (
    <div className="container invest-page receipt-page">
      <p className="inv-back">
        <Link to={investmentPage}>← Back to your investment</Link>
      </p>
      <article className="purchase-card card receipt" aria-labelledby="receipt-title">
        <header className="purchase-head">
          <h1 id="receipt-title">Investment receipt</h1>
          <p className="page-lead">CampusFund · All money on CampusFund is simulated.</p>
        </header>

        <dl className="purchase-facts receipt-facts">
          <div>
            <dt>Company</dt>
            <dd>
              <Link to={href("/project/:slug", { slug: i.projectSlug })}>{i.projectTitle}</Link>
            </dd>
          </div>
          <div>
            <dt>Security</dt>
            <dd>{`${security} offering: ${formatPercent(i.equity, 6)} of the company's equity`}</dd>
          </div>
          <div>
            <dt>Committed on</dt>
            <dd>{committedAt}</dd>
          </div>
          <div>
            <dt>Shares</dt>
            <dd>{formatNumber(i.shares)}</dd>
          </div>
          <div>
            <dt>Price per share</dt>
            <dd>{formatPrice(i.sharePrice)}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>{formatPrice(i.amountInvested)}</dd>
          </div>
          {cancelUntil ? (
            <div>
              {/* The commitment's window stays on the receipt once it has closed, in the past tense. */}
              <dt>{i.cancellable ? "Can be canceled until" : "Could be canceled until"}</dt>
              <dd>
                <LocalTime at={cancelUntil.at} utc={cancelUntil.utc} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Status</dt>
            <dd>
              <InvestmentStatus status={i.status} />
            </dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd className="receipt-ref">{i._id}</dd>
          </div>
        </dl>

        {outcome ? <p className="receipt-outcome">{outcome}</p> : null}

        <PrintReceipt />
      </article>
    </div>
  );
}

/** window.print() needs JavaScript: without it (and before hydration) the reader is told how. */
function PrintReceipt() {
  const hydrated = useHydrated();
  return hydrated ? (
    <div className="purchase-actions receipt-actions">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        Print receipt
      </button>
    </div>
  ) : (
    <p className="receipt-print-hint">To print this receipt, use your browser&rsquo;s print command.</p>
  );
}

export const ErrorBoundary = investmentErrorBoundary(
  "Investment receipt",
  "Unable to load this receipt. Please try again later.",
);
