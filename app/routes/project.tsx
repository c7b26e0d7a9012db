/**
 * Project detail: /project/:slug (slug or _id). One D1 statement. Tabs and the share calculator
 * are links and a GET form (`?tab=team&shares=100`), so the page works without JavaScript; with
 * JavaScript the calculator updates in place. For a signed-in investor the same statement carries
 * their standing in the offering (worker/services/investor-limits.ts `getProjectWithStanding`):
 * the calculator shows the remaining allowance when their investment limits are on, and the
 * shares they already hold. A sold-out project shows no calculator.
 *
 * University logo: the spec guesses a third-party logo service and falls back to a placeholder
 * on error. We use the stored logo when there is one and otherwise the local placeholder directly:
 * no third-party requests (DESIGN §5), and visitors without JavaScript could not run onError.
 */
import { data, isRouteErrorResponse, Link, redirect } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import { FollowButton } from "../components/conversation/FollowButton";
import { QuestionsPanel, type QuestionsFormState } from "../components/conversation/QuestionsPanel";
import { UpdatesPanel } from "../components/conversation/UpdatesPanel";
import { Notice } from "../components/Notice";

import {
  InvestmentPanel,
  MarketPanel,
  OverviewPanel,
  ProductPanel,
  TeamPanel,
} from "../components/project/DetailPanels";
import { ProgressBar } from "../components/project/FundingProgress";
import { useShareInput } from "../components/project/hooks";
import { InvestButton } from "../components/project/InvestButton";
import { LinkTabs } from "../components/project/LinkTabs";
import { detailPresets, ShareCalculator } from "../components/project/ShareCalculator";
import { CategoryBadge, StatusBadge } from "../components/project/StatusBadge";
import { can } from "../../domain/access";
import { categoryLabel } from "../../domain/categories";
import { formatMoney, formatNumber, formatPercent, formatPrice } from "../../domain/format";
import {
  clampShares,
  displayValuation,
  fundingState,
  investButtonState,
  minimumShares,
  parseShares,
  progressPercent,
} from "../../domain/project";
import { daysLeftText } from "../../domain/project-status";
import { largestInvestorSentence } from "../../domain/raise";
import { allowanceFor, limitKindFor } from "../../domain/reg-cf";
import investCss from "../styles/invest.css?url";

import { constraintsOf } from "../../domain/form-kit";
import { answerFormSchema, QUESTION_MESSAGES, questionFormSchema } from "../../domain/question-form";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, requireUser } from "../server/guards.server";
import { formFailed, formFailure } from "../server/form-result";
import { setFollowing } from "../../worker/services/follows";
import { getProjectWithStanding } from "../../worker/services/investor-limits";
import { canEditProject } from "../../worker/services/project-editor";
import { answerQuestion, askQuestion, listQuestionsFor, setQuestionHidden } from "../../worker/services/questions";
import { listUpdatesFor } from "../../worker/services/updates";
import type { Route } from "./+types/project";
import { signinHref } from "../../domain/auth-links";

export const PLACEHOLDER_LOGO = "/images/placeholder-logo.svg";

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "team", label: "Team" },
  { id: "product", label: "Product" },
  { id: "market", label: "Market" },
  { id: "investment", label: "Investment" },
  { id: "updates", label: "Updates" },
  { id: "questions", label: "Questions" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: investCss }];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tags: ReturnType<Route.MetaFunction> = [{ title: "Project Details | CampusFund" }];
  if (loaderData?.project) {
    tags.push(
      { name: "description", content: loaderData.project.shortDescription },
      { property: "og:title", content: `${loaderData.project.title} | CampusFund` },
      { property: "og:description", content: loaderData.project.shortDescription },
    );
  }
  return tags;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, user } = getApp(context);
  const investorId = user && can(user, "invest") ? user.id : null;
  // A draft is found only for its founder and admins: their preview of the public page. One
  // statement, carrying a signed-in investor's standing in the offering.
  const found = await getProjectWithStanding(db, params.slug, { investorId, viewer: user });
  if (!found) throw data(null, { status: 404 });
  const { project, standing } = found;
  const { raise, followers, following } = found.detail;
  const kind = limitKindFor(project.regulationType);
  // Shown only when the investor's limits are on (the purchase page also says what they would be).
  const allowance =
    standing && standing.financials.applyLimits
      ? allowanceFor(
          kind,
          standing.financials,
          kind === "reg-a" ? standing.usedInOfferingCents : standing.usedRegCfCents,
        )
      : null;
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: TabId = TABS.some((t) => t.id === tabParam) ? (tabParam as TabId) : "overview";
  const owner = { id: project._id, founderId: project.founderId };
  // The tab's own read, one statement, only for the tab shown (session + project + tab: 3 queries).
  const updates = tab === "updates" ? await listUpdatesFor(db, user, owner) : [];
  const questions = tab === "questions" ? await listQuestionsFor(db, user, owner) : [];
  const saved = url.searchParams.get("saved");
  return {
    project,
    raise,
    followers,
    following,
    updates,
    questions,
    signedIn: user !== null,
    canManage: canEditProject(user, project),
    saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    questionConstraints: {
      question: constraintsOf(questionFormSchema, "question"),
      answer: constraintsOf(answerFormSchema, "answer"),
    },
    tab,
    requestedShares: parseShares(url.searchParams.get("shares")),
    role: user?.role ?? null,
    allowance,
    ownedShares: standing?.ownedShares ?? 0,
  };
}

/** `?saved=` codes after the conversation's redirects (codes, never free text). */
const SAVED = {
  asked: QUESTION_MESSAGES.asked,
  answered: QUESTION_MESSAGES.answered,
  hidden: QUESTION_MESSAGES.hidden,
  shown: QUESTION_MESSAGES.shown,
} as const;

/** `Retry-After` of a refused follow or post reaches the page door too (ADR 025). */
export const headers = actionRetryAfter;

/**
 * The page's forms (issue 10): follow and unfollow, ask, answer, hide and show a question. Each
 * calls its service, which holds the rules; success redirects back (the tab and the item in the
 * URL), a refusal re-renders with the message beside the field and `error` for data clients. A
 * visitor's POST is sent to sign in and back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request, FORM_LIMITS.conversation);
  const fields = formFields(form);
  const { db } = getApp(context);
  const base = `/project/${encodeURIComponent(params.slug)}`;
  const intent = fields.intent;
  try {
    if (intent === "follow" || intent === "unfollow") {
      await setFollowing(db, user, fields.projectId || params.slug, intent === "follow");
      // Back to the tab it was sent from (a data request's URL carries routing parameters: drop them).
      const tab = new URL(request.url).searchParams.get("tab");
      return redirect(tab ? `${base}?tab=${encodeURIComponent(tab)}` : base);
    }
    if (intent === "ask") {
      const q = await askQuestion(db, user, params.slug, { question: fields.question ?? "" });
      return redirect(`${base}?tab=questions&saved=asked#question-${q.id}`);
    }
    if (intent === "answer") {
      const q = await answerQuestion(db, user, fields.questionId ?? "", { answer: fields.answer ?? "" });
      return redirect(`${base}?tab=questions&saved=answered#question-${q.id}`);
    }
    if (intent === "hide" || intent === "show") {
      const q = await setQuestionHidden(db, user, fields.questionId ?? "", { hidden: intent === "hide" });
      return redirect(`${base}?tab=questions&saved=${intent === "hide" ? "hidden" : "shown"}#question-${q.id}`);
    }
  } catch (e) {
    // Which form it was: a refused follow (the limit) is shown beside the Follow button, on every
    // tab; an answer beside its question.
    const form =
      intent === "follow" || intent === "unfollow" ? "follow" : intent === "answer" ? (fields.questionId ?? "") : "ask";
    return formFailed(e, { question: fields.question ?? "", answer: fields.answer ?? "" }, { form });
  }
  return formFailure(400, "Unknown action", {});
}

/** The calculator's starting count: the smallest purchase that meets the minimum investment. */
function defaultShares(p: { investmentTerms: { minInvestment: number }; sharePrice: number; sharesRemaining: number }) {
  const min = minimumShares(p.investmentTerms.minInvestment, p.sharePrice);
  return p.sharesRemaining > 0 ? Math.min(min, p.sharesRemaining) : min;
}

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { project, raise, tab, requestedShares, role, followers, following, signedIn, canManage, saved } = loaderData;
  const { allowance, ownedShares } = loaderData;
  const here = `/project/${project.slug}${tab === "overview" ? "" : `?tab=${tab}`}`;
  const signInHref = signinHref(here);
  // The failure of one of the page's forms (follow, ask, or an answer by the question's id).
  const formState: QuestionsFormState | null =
    actionData && actionData.form !== undefined
      ? { form: actionData.form, errors: actionData.errors, values: actionData.values }
      : null;
  const said = actionData?.message ?? null;
  const followRefusal = formState?.form === "follow" ? said : null;
  const refusal = formState && formState.form !== "follow" && Object.keys(formState.errors).length === 0 ? said : null;
  // A post that names no form of this page (no or an unknown intent): its message, on any tab.
  const unknownAction = formState ? null : said;
  const concentration = largestInvestorSentence(raise);
  const fallback = defaultShares(project);
  const initial =
    requestedShares === null
      ? { shares: fallback, message: null }
      : project.sharesRemaining > 0
        ? clampShares(requestedShares, project.sharesRemaining)
        : { shares: requestedShares, message: null };

  const input = useShareInput(initial.shares, initial.message, project.sharesRemaining);
  const shares = input.shares;

  const base = `/project/${project.slug}`;
  const query = (t: string, n: number) => {
    const q = new URLSearchParams();
    if (t !== "overview") q.set("tab", t);
    if (n !== fallback) q.set("shares", String(n));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const purchase = (n: number) => `/purchase/${project.slug}?shares=${n}`;
  const state = investButtonState(project, shares, role, formatPrice);
  const heroState = investButtonState(project, fallback, role, formatPrice);

  const pct = progressPercent(project.fundingCurrent, project.fundingGoal);
  const terms = project.investmentTerms;
  const valuation = displayValuation(terms.valuation, project.fundingGoal, terms.equityPercentage);
  const uniLogo = project.university?.logo || PLACEHOLDER_LOGO;

  return (
    <div className="invest-page detail-page">
      {project.status === "draft" && (
        <div className="container" style={{ paddingTop: 16 }}>
          <div className="alert alert-info" role="status">
            <strong>Draft preview.</strong> Only you (and CampusFund admins) can see this page. Investors will see it
            once you publish it. <Link to={`/my-projects/edit/${project.id}`}>Back to editing</Link>
          </div>
        </div>
      )}
      <header className="detail-hero">
        <div className="container detail-hero-inner">
          <div className="detail-hero-text">
            <p className="breadcrumbs">
              <Link to="/demo">Projects</Link> <span aria-hidden="true">/</span>{" "}
              <span>{categoryLabel(project.category)}</span>
            </p>
            <div className="detail-badges">
              <CategoryBadge label={categoryLabel(project.category)} />
              <StatusBadge project={project} />
            </div>
            <h1>{project.title}</h1>
            <p className="detail-lead">{project.shortDescription}</p>
            {project.university ? (
              <p className="detail-uni">
                <img src={uniLogo} alt="" width={28} height={28} />
                <span>{project.university.name}</span>
              </p>
            ) : null}
            <div className="detail-hero-actions">
              <InvestButton state={heroState} href={purchase(fallback)} label="Invest Now" className="btn-lg" />
              <a className="btn btn-ghost btn-lg" href="#project-tabs">
                View Details
              </a>
            </div>
            {project.status === "draft" ? null : (
              <div className="detail-follow">
                <FollowButton
                  projectId={project._id}
                  title={project.title}
                  following={following}
                  followers={followers}
                  signedIn={signedIn}
                  action={here}
                  signInHref={signInHref}
                />
                {followRefusal ? <Notice tone="error">{followRefusal}</Notice> : null}
              </div>
            )}
          </div>
          <div className="detail-hero-media">
            <img src={project.image} alt="" width={640} height={360} />
          </div>
        </div>
      </header>

      <div className="container detail-layout">
        <div className="detail-main">
          <LinkTabs
            id="project-tabs"
            label="Project sections"
            active={tab}
            tabs={TABS.map((t) => ({ ...t, href: `${query(t.id, shares)}#project-tabs` }))}
          />
          <section className="tab-panel card" aria-label={`${TABS.find((t) => t.id === tab)!.label} section`}>
            {unknownAction ? <Notice tone="error">{unknownAction}</Notice> : null}
            {tab === "overview" ? <OverviewPanel project={project} /> : null}
            {tab === "team" ? <TeamPanel project={project} /> : null}
            {tab === "product" ? <ProductPanel project={project} /> : null}
            {tab === "market" ? <MarketPanel project={project} /> : null}
            {tab === "investment" ? <InvestmentPanel project={project} raise={raise} /> : null}
            {tab === "updates" ? <UpdatesPanel updates={loaderData.updates} canPost={canManage} /> : null}
            {tab === "questions" ? (
              <>
                {refusal ? <Notice tone="error">{refusal}</Notice> : null}
                <QuestionsPanel
                  questions={loaderData.questions}
                  signedIn={signedIn}
                  canManage={canManage}
                  signInHref={signInHref}
                  action={here}
                  formState={formState}
                  message={saved}
                  constraints={loaderData.questionConstraints}
                />
              </>
            ) : null}
          </section>
        </div>

        <aside className="detail-side" aria-label="Funding and investment">
          <section className="side-card" aria-labelledby="funding-title">
            <h2 id="funding-title">Funding Progress</h2>
            <p className="side-raised">
              <strong>{formatMoney(project.fundingCurrent)}</strong>
              <span> raised of {formatMoney(project.fundingGoal)} goal</span>
            </p>
            <ProgressBar percent={pct} label="Funding progress" />
            <dl className="side-stats">
              <div>
                <dt>Funded</dt>
                <dd>{Math.round(pct)}%</dd>
              </div>
              <div>
                <dt>Investors</dt>
                <dd>{formatNumber(project.investors)}</dd>
              </div>
              <div>
                <dt>Days left</dt>
                <dd>{daysLeftText(project)}</dd>
              </div>
            </dl>
            {concentration ? <p className="side-concentration">{concentration}</p> : null}
          </section>

          <section className="side-card" aria-labelledby="shares-title">
            <h2 id="shares-title">Share Information</h2>
            <dl className="side-list">
              <div>
                <dt>Share price</dt>
                <dd>{formatPrice(project.sharePrice)}</dd>
              </div>
              <div>
                <dt>Total shares</dt>
                <dd>{formatNumber(project.totalShares)}</dd>
              </div>
              <div>
                <dt>Shares sold</dt>
                <dd>{formatNumber(project.sharesSold)}</dd>
              </div>
              <div>
                <dt>Shares remaining</dt>
                <dd>{formatNumber(Math.max(0, project.sharesRemaining))}</dd>
              </div>
            </dl>
          </section>

          <section className="side-card" aria-labelledby="summary-title">
            <h2 id="summary-title">Investment Summary</h2>
            <dl className="side-list">
              <div>
                <dt>Valuation</dt>
                <dd>{formatMoney(valuation)}</dd>
              </div>
              <div>
                <dt>Equity offered</dt>
                <dd>{formatPercent(terms.equityPercentage, 2)}</dd>
              </div>
              <div>
                <dt>Minimum investment</dt>
                <dd>{formatMoney(terms.minInvestment)}</dd>
              </div>
            </dl>
          </section>

          {fundingState(project) === "sold-out" ? (
            // Nothing left to calculate: no calculator, only the state.
            <section className="side-card calculator" aria-labelledby="calc-title" id="calculator">
              <h2 id="calc-title">Invest</h2>
              <p className="muted">Every share of this offering has been sold.</p>
              <InvestButton state={state} href={purchase(shares)} className="btn-block" />
            </section>
          ) : (
            <ShareCalculator
              input={input}
              sharePrice={project.sharePrice}
              totalShares={project.totalShares}
              sharesRemaining={project.sharesRemaining}
              equityPercentage={terms.equityPercentage}
              tab={tab}
              action={`${base}#calculator`}
              hrefForShares={(n) => `${query(tab, n)}#calculator`}
              presets={detailPresets(project.sharesRemaining)}
              allowance={allowance}
              ownedShares={ownedShares}
              title={project.title}
            >
              <InvestButton state={state} href={purchase(shares)} className="btn-block" />
            </ShareCalculator>
          )}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorPanel
      title={notFound ? "Project Not Found" : "Error Loading Project"}
      message={
        notFound
          ? "The project you're looking for doesn't exist or has been removed."
          : "Sorry, we're experiencing technical issues. Please try again later."
      }
      to="/demo"
      linkLabel="Back to Projects"
    />
  );
}
