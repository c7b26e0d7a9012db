/**
 * Portfolio: /portfolio and /portfolio-page. Investors and admins see their holdings, 20 a page
 * (`?page=`, newest first, the project page's pager), and the totals and charts of every active
 * investment summed in SQL, all in one D1 batch (worker/services/money/holdings.ts `readPortfolio`); a
 * founder gets the spec's message and is sent to /my-projects after 3 seconds: with
 * JavaScript by a timer, without it by a meta refresh inside <noscript> (so browsers running
 * scripts never see an unconditional timed refresh).
 *
 * Performance (ADR 052), read in the same batch (`performance: true`): the figures as cards, each
 * with how it was computed (Total Invested, Current Value, Realized, Total Gain, TVPI, DPI, IRR,
 * Total Shares), the value over time chart (drawn on the server: portfolio.server.ts), "How we
 * value your holdings", and under the holdings the best and worst holdings and the sums by sector
 * and vintage (app/components/portfolio/Performance.tsx).
 *
 * The holdings list every investment, a page at a time (the 20 newest on page 1), under a heading
 * per group on the page: Confirmed, Open (the raise still runs: cancellable until …), Returned (it
 * closed below its goal), Canceled (app/components/portfolio/holding-groups.ts). Only Confirmed and
 * Open count in the totals, the charts and the insights (the kept sums of held investments, ADR
 * 043). Each row links to its investment's page and, while it may still be canceled, a Cancel link
 * to that page's confirm step (app/routes/investment.tsx); `?cancelled=<id>` says what was canceled.
 *
 * The AI Tools tab (`?tab=ai`) computes every number in the loader from the portfolio's sums, read
 * in the same batch, so it renders at once. The insights (cached per holdings, else the model: ADR 019) are
 * awaited for a short moment only: a cache hit (the common case) is rendered into the page, which
 * also serves browsers without JavaScript; otherwise the loader returns the promise and the page
 * streams it into <Suspense>. A model still working when the page's stream must end gets the
 * fallback with the spec's failure message; its answer is still cached (waitUntil) for the next
 * load. Regenerate is a form POST (`intent=regenerate`) that asks the model again, then redirects.
 */
import { openCutoffOf } from "../components/portfolio/holding-groups";
import { lazy, useEffect } from "react";
import { data, Link, redirect, useNavigate } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import type { AiToolsData, InsightsView } from "../components/portfolio/AiTools";

import { HoldingsTable } from "../components/project/HoldingsTable";
import { LinkTabs } from "../components/project/LinkTabs";
import { Pagination } from "../components/project/Pagination";
import { formatNumber } from "../../domain/shared/format";
import { PerformanceBreakdown, PerformanceFigures } from "../components/portfolio/Performance";
import { performanceView } from "./portfolio.server";
import { VALUATION_POLICY } from "../../domain/money/valuation";
import { can } from "../../domain/shared/access";
import { homeFor } from "../../domain/accounts/roles";
import { MESSAGES } from "../../domain/shared/messages";
import { analysisReportOf, chartSlicesOf, concentrationOf, whatIfOf } from "../../domain/money/portfolio-analysis";
import {
  diversificationFigure,
  diversificationLabel,
  HOLDINGS_PAGE_SIZE,
  riskScoreOf,
} from "../../domain/money/portfolio-math";

import { readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { fallbackInsights } from "../../worker/ai/insights";
import { aiBudgetOf, insightsForSummary, portfolioInsights } from "../../worker/services/money/analytics";
import { refusedBy } from "../server/form-result";
import { portfolioMessage } from "../../worker/services/money/purchases";
import { holdingsPageParam, readPortfolio } from "../../worker/services/money/holdings";
import { cancelledMessage } from "../../worker/services/money/cancellations";
import { ReconfirmList } from "../components/purchase/Reconfirm";
import { OnTheExchange } from "../components/portfolio/OnTheExchange";
import { Reservations } from "../components/portfolio/Reservations";
import { cancelReservation } from "../../worker/services/raises/reservations";
import { RESERVATION_MESSAGES } from "../../domain/raises/reservations";
import { formFailed } from "../server/form-result";
import { EarnedPerks } from "../components/portfolio/EarnedPerks";
import type { Route } from "./+types/portfolio";
import { captureUnexpected } from "../server/capture";

/**
 * The AI Tools tab (its charts, carousel and report) is code a first load of the Overview does not
 * need: a chunk fetched when the tab is shown. No Suspense boundary: the server renders the tab
 * into the page (the shell waits for the chunk, so a reader without JavaScript gets it whole) and
 * hydration waits for it the same way.
 */
const AiTools = lazy(() => import("../components/portfolio/AiTools").then((m) => ({ default: m.AiTools })));

const FOUNDER_REDIRECT = homeFor({ role: "founder" });
const FOUNDER_REDIRECT_SECONDS = 3;
const PORTFOLIO_FAILED = "Failed to load your investment portfolio. Please try again later.";
/** How long the loader waits for the insights before streaming them instead (a cache hit is faster). */
const INLINE_INSIGHTS_MS = 400;
/** The insights give up before the page's stream must end (entry.server's streamTimeout, 5 s). */
const STREAMED_INSIGHTS_MS = 4_500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fallbackView(failed: boolean, held: readonly { category: string; amount: number }[]): InsightsView {
  const f = fallbackInsights(held);
  return { insights: f.insights, recommendedSectors: f.recommendedSectors, source: f.source, failed };
}

export const meta: Route.MetaFunction = () => [{ title: "Portfolio | CampusFund" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db, env, ctx } = getApp(context);
  const url = new URL(request.url);
  const invested = url.searchParams.get("invested");
  const cancelledId = url.searchParams.get("cancelled");
  const tab = url.searchParams.get("tab") === "ai" ? ("ai" as const) : ("overview" as const);
  let read;
  try {
    read = await readPortfolio(db, user, user.id, {
      // The holdings table is the overview's: the AI tab reads only the sums.
      rows: tab === "overview" ? { page: holdingsPageParam(url.searchParams.get("page")) } : undefined,
      summary: true,
      find: invested ?? cancelledId,
      // What waits for this investor's reconfirmation (ADR 050), in the same round trip.
      reconfirmations: true,
      // What the investments became (ADR 052), on the overview: still the same round trip.
      performance: tab === "overview",
      // The investor's shares on the exchange and their newest trades (ADR 053): the same round trip.
      exchange: tab === "overview",
      // One's reservations before raises open (ADR 055): the same round trip.
      reservations: tab === "overview",
      // "Perks you earned" (ADR 055): the same round trip.
      perks: tab === "overview",
    });
  } catch (e) {
    // The service's rule: a founder has no portfolio (the API answers the same 403).
    return refusedBy(e, {
      unexpected: { context, message: PORTFOLIO_FAILED, status: 503 },
    });
  }
  const list = read.page ?? { investments: [], total: 0, page: 1, pageCount: 1 };
  const summary = read.summary!;

  let ai: AiToolsData | null = null;
  if (tab === "ai" && summary.count > 0) {
    const held = summary.groups.map((g) => ({ category: g.category, amount: g.cents }));
    const pending: Promise<InsightsView> = insightsForSummary(db, env.AI, user, summary, aiBudgetOf(request, env))
      .then((r) => ({
        insights: r.insights,
        recommendedSectors: r.recommendedSectors,
        source: r.source,
        failed: false,
      }))
      .catch((e: unknown) => {
        captureUnexpected(context, e);
        return fallbackView(true, held);
      });
    // Let a slow model finish and fill the cache even after this response has ended.
    ctx.waitUntil(pending);
    const quick = await Promise.race([pending, sleep(INLINE_INSIGHTS_MS).then(() => null)]);
    const score = diversificationFigure(summary);
    const conc = concentrationOf(summary);
    const viewParam = url.searchParams.get("view");
    const view = viewParam === "trends" || viewParam === "report" ? viewParam : null;
    ai = {
      slices: chartSlicesOf(summary),
      score,
      label: diversificationLabel(score),
      risk: riskScoreOf(summary),
      effectiveHoldings: conc.effectiveHoldings,
      largestShare: conc.largestShare,
      whatIf: whatIfOf(summary),
      view,
      reportLines: view === "report" ? analysisReportOf(summary).lines : null,
      insightsNow: quick,
      insights: quick
        ? null
        : Promise.race([pending, sleep(STREAMED_INSIGHTS_MS).then(() => fallbackView(true, held))]),
      // Shown only when the insights are not in the page yet.
      fallback: quick ? null : fallbackView(false, held),
    };
  }
  // After a purchase or a cancellation (read by id in the same batch, whatever page it is on).
  const fresh = invested && read.found?._id === invested ? read.found : undefined;
  const cancelled =
    !fresh && cancelledId && read.found?._id === cancelledId && read.found.status === "cancelled"
      ? read.found
      : undefined;
  const newUser = url.searchParams.get("newUser");
  return {
    tab,
    ai,
    reconfirmations: read.reconfirmations,
    firstName: user.firstName,
    newUser: newUser === "1" || newUser === "true",
    invested: fresh?._id ?? null,
    successMessage: fresh
      ? portfolioMessage(fresh.projectTitle, fresh.shares, fresh.amountInvested)
      : cancelled
        ? cancelledMessage(cancelled.projectTitle, cancelled.shares, cancelled.amountInvested)
        : null,
    // Returned and canceled investments are listed (in their groups) but never counted: the sums are of held ones.
    performance: read.performance ? performanceView(read.performance) : null,
    // From the loader: the policy's module (with the event form's schema) stays out of the browser's bundle.
    // The overview's Performance shows it; the AI tab does not.
    policy: tab === "overview" ? VALUATION_POLICY : null,
    exchange: read.exchange,
    reservations: read.reservations,
    reservationSaved:
      url.searchParams.get("reservation") === "canceled" ? RESERVATION_MESSAGES.reservationCanceled : null,
    perks: read.perks,
    now: Date.now(),
    totalShares: summary.shares,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    holdings: list.investments.map((i) => ({
      _id: i._id,
      projectTitle: i.projectTitle,
      projectSlug: i.projectSlug,
      shares: i.shares,
      sharePrice: i.sharePrice,
      amountInvested: i.amountInvested,
      currentValue: i.currentValue,
      realized: i.realized,
      gain: i.gain,
      moic: i.moic,
      exit: i.exit,
      investmentDate: i.investmentDate,
      status: i.status,
      cancellable: i.cancellable,
      cancelUntil: openCutoffOf(i),
    })),
  };
}

/** Regenerate (`intent=regenerate`): ask the model again (within the per-user limit), then show the tab. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request, FORM_LIMITS.portfolio);
  // A reservation canceled from its row (ADR 055); a refusal shows in the section.
  if (form.get("intent") === "cancel-reservation") {
    const projectId = String(form.get("projectId") ?? "");
    try {
      await cancelReservation(getApp(context).db, user, projectId);
      return redirect("/portfolio?reservation=canceled#reservations");
    } catch (e) {
      return formFailed(e, { projectId }, { form: "cancel-reservation" });
    }
  }
  if (form.get("intent") !== "regenerate") throw data("Unknown action", { status: 400 });
  // A founder has no portfolio (the service's rule): the page says so.
  if (!can(user, "invest")) return redirect("/portfolio");
  const { db, env } = getApp(context);
  try {
    await portfolioInsights(db, env.AI, user, { forceRefresh: true }, aiBudgetOf(request, env));
  } catch (e) {
    // The page shows the failure (and the fallback) on its own.
    captureUnexpected(context, e);
  }
  return redirect("/portfolio?tab=ai");
}

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    if (loaderData.status === 403) return <FounderNotice />;
    return <ErrorPanel title="Portfolio" message={loaderData.message} alert to="/portfolio" linkLabel="Try again" />;
  }
  const { tab, ai, holdings, performance, totalShares, total, page, pageCount, successMessage, newUser, firstName } =
    loaderData;
  const { reconfirmations, invested, policy, exchange, now } = loaderData;
  // Shares bought only on the exchange are a portfolio too (no raise's investment lists them).
  const onExchange = exchange !== null && (exchange.holdings.length > 0 || exchange.fills.length > 0);

  return (
    <div className="container invest-page portfolio-page">
      <header className="page-head">
        <h1>Portfolio</h1>
        <p className="page-lead">Track your startup investments. All money on CampusFund is simulated.</p>
        <p>
          <Link to="/settings?tab=watchlist">Your watchlist</Link>: the projects you follow.
        </p>
      </header>

      {newUser ? (
        <div className="alert alert-info welcome" role="status">
          <strong>Welcome to CampusFund, {firstName}!</strong> Your investor account is ready: browse student startups
          and make your first (simulated) investment.
        </div>
      ) : null}
      {successMessage ? (
        <div className="alert alert-success" role="status" data-arrival-focus="">
          {successMessage}
        </div>
      ) : null}
      <ReconfirmList items={reconfirmations} />

      <LinkTabs
        label="Portfolio sections"
        active={tab}
        tabs={[
          { id: "overview", label: "Overview", href: "/portfolio" },
          { id: "ai", label: "AI Tools", href: "/portfolio?tab=ai" },
        ]}
      />

      {tab === "overview" ? (
        <section className="tab-panel" aria-labelledby="overview-title">
          <h2 id="overview-title" className="visually-hidden">
            Overview
          </h2>
          <Reservations
            reservations={loaderData.reservations}
            saved={loaderData.reservationSaved}
            failed={actionData && !actionData.ok ? actionData.message : null}
          />
          {total === 0 && !onExchange ? (
            <EmptyPortfolio />
          ) : (
            <>
              {performance && policy ? (
                <PerformanceFigures p={performance} shares={totalShares} policy={policy} />
              ) : null}
              {pageCount > 1 ? (
                <p className="field-hint holdings-paging-note">
                  Each page lists {formatNumber(HOLDINGS_PAGE_SIZE)} investments, newest first, grouped by status.
                </p>
              ) : null}
              {holdings.length === 0 && total === 0 ? null : holdings.length === 0 ? (
                <p className="muted">
                  No investments on this page. <Link to="/portfolio">Back to the first page</Link>
                </p>
              ) : (
                <HoldingsTable holdings={holdings} highlight={invested} />
              )}
              <Pagination
                page={page}
                pageCount={pageCount}
                hrefFor={(n) => (n === 1 ? "/portfolio" : `/portfolio?page=${n}`)}
                label="Holdings pages"
              />
              {exchange ? <OnTheExchange x={exchange} now={now} /> : null}
              <EarnedPerks perks={loaderData.perks} />
              {performance ? <PerformanceBreakdown p={performance} /> : null}
            </>
          )}
        </section>
      ) : (
        <section className="tab-panel" aria-labelledby="ai-title">
          <h2 id="ai-title" className="visually-hidden">
            AI Tools
          </h2>
          {ai ? <AiTools data={ai} /> : <EmptyPortfolio />}
        </section>
      )}
    </div>
  );
}

/** Spec section 2: the empty state's buttons go to /explore and /demo. */
function EmptyPortfolio() {
  return (
    <div className="empty-state card">
      <h3>You haven&apos;t made any investments yet</h3>
      <p>Back a student startup to start building your portfolio.</p>
      <div className="empty-actions">
        <Link className="btn btn-primary" to="/demo">
          Explore projects
        </Link>
        <Link className="btn btn-secondary" to="/explore">
          Explore Sectors
        </Link>
      </div>
    </div>
  );
}

function FounderNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => void navigate(FOUNDER_REDIRECT, { replace: true }), FOUNDER_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div className="container invest-page">
      <noscript>
        <meta httpEquiv="refresh" content={`${FOUNDER_REDIRECT_SECONDS};url=${FOUNDER_REDIRECT}`} />
      </noscript>
      <div className="error-panel card">
        <h1>Portfolio</h1>
        <p role="alert">{MESSAGES.founderNoPortfolio}</p>
        <p className="muted">Taking you to your projects in {FOUNDER_REDIRECT_SECONDS} seconds…</p>
        <Link className="btn btn-primary" to={FOUNDER_REDIRECT}>
          Go to My Projects
        </Link>
      </div>
    </div>
  );
}
