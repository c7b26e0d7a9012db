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
import { CommitmentFacts, CommitmentOutcome, commitmentOf, Fact } from "../components/portfolio/Commitment";
import { useHydrated } from "../components/useHydrated";

import { getApp, requireUser } from "../server/guards.server";
import { refusedBy } from "../server/form-result";
import { getInvestment } from "../../worker/services/money/holdings";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && !("refused" in loaderData)
        ? `Receipt: ${loaderData.commitment.projectTitle} | CampusFund`
        : "Investment Not Found | CampusFund",
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  try {
    return { commitment: commitmentOf(await getInvestment(db, user, params.id)) };
  } catch (e) {
    return refusedBy(e);
  }
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  if ("refused" in loaderData)
    return <InvestmentRefusal title="Investment receipt" status={loaderData.status} message={loaderData.message} />;
  const { commitment: c } = loaderData;
  const investmentPage = href("/portfolio/investments/:id", { id: c.id });

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

        <CommitmentFacts c={c} className="receipt-facts">
          <Fact term="Reference">
            <span className="receipt-ref">{c.id}</span>
          </Fact>
        </CommitmentFacts>

        <CommitmentOutcome outcome={c.outcome} />

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
