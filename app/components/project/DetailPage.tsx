/**
 * The project page (app/routes/project.tsx renders it): the hero, the tabs and their panels, and
 * the sidebar with the share calculator, which updates in place with JavaScript and is a GET form
 * without it (`?tab=team&shares=100`).
 */
import { lazy, type ReactNode } from "react";
import { href } from "react-router";
import type { DiscussionFormState } from "../conversation/DiscussionPanel";
import { Notice } from "../Notice";
import { PerksPanel } from "./PerksPanel";
import type { PerkDTO } from "../../../domain/money/perks";
import { OverviewPanel } from "./DetailPanels";
import { DetailHero } from "./DetailHero";
import { DetailSide } from "./DetailSide";
import type { MyReservation, ReserveFailure } from "./ReservePanel";
import { DETAIL_TABS, tabsFor, type DetailTabId } from "./detail-tabs";
import { useShareInput } from "./hooks";
import { InvestButton } from "./InvestButton";
import { LinkTabs } from "./LinkTabs";
import { OwnerActions } from "./OwnerActions";
import { signinHref } from "../../../domain/accounts/auth-links";
import type { InputConstraints } from "../../../domain/shared/form-kit";
import { formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import type { UpdateDTO } from "../../../domain/conversation/conversation";
import type { DiscussionOrder } from "../../../domain/conversation/discussion-rules";
import type { DiscussionPage, DiscussionThreadDTO } from "../../../domain/conversation/conversation";
import { fundingState, investButtonState, type InvestButtonState } from "../../../domain/projects/project";
import type { RaiseFigures } from "../../../domain/raises/raise";
import type { Allowance } from "../../../domain/money/reg-cf";
import type { ProjectDTO, Role } from "../../../domain/shared/types";
import type { InvestorsPage } from "../../../domain/projects/investor-list";
import type { CompanyBanner, HistoryView } from "../../../domain/money/company-history";
import type { OrderFormFailure } from "../market/OrderForm";
import type { TradePanelView } from "../market/TradePanel";

/**
 * Every tab but Overview (Team, Product, Market, Investment with its investor list, a funded raise's
 * History, Updates and the Discussion with their forms) is code a first load of the page does not need: each is in a chunk
 * fetched when its tab is shown. No Suspense boundary: the server renders the panel into the page (the shell waits for the chunk, so a reader without
 * JavaScript gets it whole) and hydration waits for it the same way.
 */
const sections = () => import("./SectionPanels");
const TeamPanel = lazy(() => sections().then((m) => ({ default: m.TeamPanel })));
const ProductPanel = lazy(() => sections().then((m) => ({ default: m.ProductPanel })));
const MarketPanel = lazy(() => sections().then((m) => ({ default: m.MarketPanel })));
const InvestmentPanel = lazy(() => sections().then((m) => ({ default: m.InvestmentPanel })));
const UpdatesPanel = lazy(() => import("../conversation/UpdatesPanel").then((m) => ({ default: m.UpdatesPanel })));
const DiscussionPanel = lazy(() =>
  import("../conversation/DiscussionPanel").then((m) => ({ default: m.DiscussionPanel })),
);
const HistoryPanel = lazy(() => import("./HistoryPanel").then((m) => ({ default: m.HistoryPanel })));
const TradePanel = lazy(() => import("../market/TradePanel").then((m) => ({ default: m.TradePanel })));
const InvestorList = lazy(() => import("./InvestorList").then((m) => ({ default: m.InvestorList })));
/** The same for the reservation panel: only a raise that takes reservations shows it. */
const ReservePanel = lazy(() => import("./ReservePanel").then((m) => ({ default: m.ReservePanel })));

/** A page of the Updates or Discussion tab among all of them. */
type ConversationPage = { total: number; page: number; pageCount: number };

/** What the loader says about the project, the viewer and the tab shown (project.server.ts). */
export interface DetailView {
  project: ProjectDTO;
  raise: RaiseFigures;
  followers: number;
  following: boolean;
  updates: UpdateDTO[];
  /** The Discussion tab's page of threads (that tab only), or the one thread it shows. */
  discussion: DiscussionPage | null;
  thread: DiscussionThreadDTO | null;
  signedIn: boolean;
  canManage: boolean;
  /** The viewer is the project's own founder: Edit project and Dashboard instead of Invest, Follow, Ask. */
  isOwner: boolean;
  /** An admin: moderates updates (ADR 030). */
  canModerate: boolean;
  /** The message of a `?saved=` code, or null. */
  saved: string | null;
  postConstraints: InputConstraints;
  /** The project's perks (ADR 055), read for the overview. */
  perks?: PerkDTO[];
  /** A funded company's "Last update N days ago" (or "No updates yet"); null otherwise. */
  lastUpdate?: string | null;
  tab: DetailTabId;
  role: Role | null;
  allowance: Allowance | null;
  ownedShares: number;
  /** The calculator's starting count when the URL names none: the minimum purchase. */
  fallbackShares: number;
  /** The count the calculator starts with (`?shares=`, clamped), and the clamp's message. */
  initial: { shares: number; message: string | null };
  /** Invest Now's state for the starting count. */
  heroState: InvestButtonState;
  progress: number;
  valuation: number;
  concentration: string | null;
  /** The public investor list's page (the Investment tab only, else null). */
  investorsPage: InvestorsPage | null;
  /** The Updates tab's page (`?updates=`; that tab only, else absent). */
  updatesPage?: ConversationPage | null;
  /** How many updates and threads the viewer's tabs list. */
  updateCount: number;
  threadCount: number;
  /** A funded company after its raise (an exit), else null: a funded raise's page has a History tab. */
  company: CompanyBanner | null;
  /** The History tab (that tab only, else null). */
  history: HistoryView | null;
  /** The company has a market (funded and settled): a Trade tab (ADR 053). */
  trading: boolean;
  /** The Trade tab (that tab only, else null). */
  trade: TradePanelView | null;
  /** A Coming soon raise (ADR 055): the viewer's reservation in it (null without one); absent otherwise. */
  reservation?: { mine: MyReservation | null; saved: string | null } | null;
}

export function DetailPage({
  view,
  followRefusal,
  refusal,
  unknownAction,
  formState,
  tradeFailure = null,
  share = null,
  reserveFailure = null,
}: {
  view: DetailView;
  /** A refused follow (the limit), shown beside the Follow button. */
  followRefusal: string | null;
  /** A refused Discussion form's message that belongs to no field. */
  refusal: string | null;
  /** A post that names no form of this page (no or an unknown intent): its message, on any tab. */
  unknownAction: string | null;
  formState: DiscussionFormState | null;
  /** A refused order (`form: "order"`) or cancel (`form: "cancel:<order id>"`) of the Trade tab. */
  tradeFailure?: (OrderFormFailure & { form: string }) | null;
  /** The Share control (a published project only), shown in the hero under Follow. */
  share?: ReactNode;
  /** A refused reservation or cancel (ADR 055). */
  reserveFailure?: ReserveFailure | null;
}) {
  const { project, raise, tab, role, followers, following, signedIn, canManage, isOwner, saved, company } = view;
  const { allowance, ownedShares, fallbackShares: fallback, initial } = view;
  const base = href("/project/:slug", { slug: project.slug });
  const here = `${base}${tab === "overview" ? "" : `?tab=${tab}`}`;
  // A visitor's Follow leads to sign in with the intent (ADR 034); Ask posts its draft there.
  const followSignIn = signinHref({ action: "follow", project: project.slug });

  const input = useShareInput(initial.shares, initial.message, {
    sharesRemaining: project.sharesRemaining,
    sharePrice: project.sharePrice,
    minInvestment: project.investmentTerms.minInvestment,
  });
  const shares = input.shares;

  const query = (t: string, n: number) => {
    const q = new URLSearchParams();
    if (t !== "overview") q.set("tab", t);
    if (n !== fallback) q.set("shares", String(n));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const investorsHref = (page: number) => {
    const q = new URLSearchParams({ tab: "investment" });
    if (shares !== fallback) q.set("shares", String(shares));
    if (page > 1) q.set("investors", String(page));
    return `${base}?${q.toString()}#investors`;
  };
  const discussionHref = (order: DiscussionOrder) => (page: number) => {
    const q = new URLSearchParams({ tab: "discussion" });
    if (order !== "top") q.set("order", order);
    if (page > 1) q.set("page", String(page));
    return `${base}?${q.toString()}`;
  };
  const conversationHref = (t: "updates") => (page: number) => {
    const q = new URLSearchParams({ tab: t });
    if (page > 1) q.set(t, String(page));
    return `${base}?${q.toString()}`;
  };
  // "Updates (3)", "Discussion (2)": what the viewer's tab lists.
  const counts: Partial<Record<DetailTabId, number>> = { updates: view.updateCount, discussion: view.threadCount };
  const tabLabel = (t: (typeof DETAIL_TABS)[number]) =>
    counts[t.id] === undefined ? t.label : `${t.label} (${formatNumber(counts[t.id]!)})`;
  const purchase = (n: number) => `${href("/purchase/:id", { id: project.slug })}?shares=${n}`;
  const counted = investButtonState(project, shares, role, formatPrice);
  // While the field holds no whole number there is no amount to invest: a disabled Invest, never the last one's.
  const state: InvestButtonState =
    !input.valid && (counted.kind === "invest" || counted.kind === "min") ? { kind: "min", label: "Invest" } : counted;
  // The phone's Invest bar: only while the raise is open and the viewer may invest (or sign in to).
  const showBar = fundingState(project) === "open" && !isOwner && state.kind !== "founder";

  return (
    <div className="invest-page detail-page">
      <DetailHero
        project={project}
        heroState={view.heroState}
        heroHref={purchase(fallback)}
        following={following}
        followers={followers}
        signedIn={signedIn}
        here={here}
        signInHref={followSignIn}
        followRefusal={followRefusal}
        isOwner={isOwner}
        share={share}
        company={company}
        historyHref={`${query("history", shares)}#project-tabs`}
      />

      <div className="container detail-layout">
        <div className="detail-main">
          {view.lastUpdate ? <p className="muted last-update">{view.lastUpdate}</p> : null}
          <LinkTabs
            id="project-tabs"
            label="Project sections"
            active={tab}
            tabs={tabsFor(company !== null, view.trading).map((t) => ({
              ...t,
              label: tabLabel(t),
              href: `${query(t.id, shares)}#project-tabs`,
            }))}
          />
          <section className="tab-panel card" aria-label={`${DETAIL_TABS.find((t) => t.id === tab)!.label} section`}>
            {unknownAction ? <Notice tone="error">{unknownAction}</Notice> : null}
            {tab === "overview" ? <OverviewPanel project={project} /> : null}
            {tab === "overview" && view.perks?.length ? <PerksPanel perks={view.perks} /> : null}
            {tab === "team" ? <TeamPanel project={project} /> : null}
            {tab === "product" ? <ProductPanel project={project} /> : null}
            {tab === "market" ? <MarketPanel project={project} /> : null}
            {tab === "investment" ? (
              <InvestmentPanel
                project={project}
                raise={raise}
                investors={
                  view.investorsPage ? <InvestorList list={view.investorsPage} hrefFor={investorsHref} /> : null
                }
              />
            ) : null}
            {tab === "history" && view.history ? <HistoryPanel title={project.title} history={view.history} /> : null}
            {tab === "trade" && view.trade ? (
              <TradePanel
                title={project.title}
                view={view.trade}
                action={here}
                signInHref={signinHref(here)}
                failure={tradeFailure?.form === "order" ? tradeFailure : null}
                cancelFailure={
                  tradeFailure?.form.startsWith("cancel:")
                    ? { orderId: tradeFailure.form.slice("cancel:".length), message: tradeFailure.message }
                    : null
                }
              />
            ) : null}
            {tab === "updates" ? (
              <UpdatesPanel
                updates={view.updates}
                canPost={canManage}
                canModerate={view.canModerate}
                action={here}
                message={saved}
                investHref={fundingState(project) === "open" && state.kind !== "founder" ? purchase(fallback) : null}
                paging={view.updatesPage ? { ...view.updatesPage, hrefFor: conversationHref("updates") } : null}
              />
            ) : null}
            {tab === "discussion" ? (
              <>
                {refusal ? <Notice tone="error">{refusal}</Notice> : null}
                <DiscussionPanel
                  threads={view.discussion?.threads ?? []}
                  thread={view.thread}
                  order={view.discussion?.order ?? "top"}
                  base={base}
                  signedIn={signedIn}
                  isOwner={isOwner}
                  formState={formState}
                  message={saved}
                  constraints={view.postConstraints}
                  paging={
                    view.discussion
                      ? {
                          total: view.discussion.total,
                          page: view.discussion.page,
                          pageCount: view.discussion.pageCount,
                          hrefFor: discussionHref(view.discussion.order),
                        }
                      : null
                  }
                />
              </>
            ) : null}
          </section>
        </div>

        <DetailSide
          project={project}
          progress={view.progress}
          valuation={view.valuation}
          concentration={view.concentration}
          input={input}
          tab={tab}
          base={base}
          hrefForShares={(n) => `${query(tab, n)}#calculator`}
          allowance={allowance}
          ownedShares={ownedShares}
          closedCompany={company?.exit?.sentence ?? null}
          reserve={
            view.reservation ? (
              <ReservePanel
                project={project}
                mine={view.reservation.mine}
                signedIn={signedIn}
                isOwner={isOwner}
                action={here}
                signInHref={signinHref(here)}
                saved={view.reservation.saved}
                failure={reserveFailure}
              />
            ) : null
          }
          investButton={
            // An acquired or shut-down company: nothing to buy, not even a disabled button.
            company?.exit && !isOwner ? null : isOwner ? (
              <div className="owner-actions">
                <OwnerActions projectId={project.id} className="btn-block" />
              </div>
            ) : (
              <InvestButton state={state} href={purchase(shares)} className="btn-block" />
            )
          }
        />
      </div>
      {showBar ? (
        <InvestBar project={project}>
          <InvestButton state={state} href={purchase(shares)} />
        </InvestBar>
      ) : null}
    </div>
  );
}

/**
 * On a phone or a narrow tablet (one column: the calculator is far below) raised of goal, days
 * left and the sidebar's Invest button stay at the bottom of the screen: CSS `position: sticky`,
 * so without JavaScript too; hidden while a field has focus (the keyboard is up) and on wide screens.
 */
function InvestBar({ project, children }: { project: ProjectDTO; children: ReactNode }) {
  const days = project.daysLeft === 1 ? "1 day left" : `${project.daysLeft} days left`;
  return (
    <div className="detail-investbar" role="group" aria-label="Invest">
      <p className="detail-investbar-figures">
        <span>
          <strong>{formatMoney(project.fundingCurrent)}</strong>{" "}
          <span className="nowrap">raised of {formatMoney(project.fundingGoal)}</span>
        </span>
        <span className="detail-investbar-days">{days}</span>
      </p>
      {children}
    </div>
  );
}
