/**
 * The project page's view: what its loader shows, computed from the one statement's project,
 * standing and extras (`getProjectWithStanding`), the tab's own read and the page's query
 * (`?tab=`, `?shares=`, `?saved=`). Pure; server only (the route imports it in its loader alone).
 */
import { tabsFor, type DetailTabId } from "../components/project/detail-tabs";
import type { DetailView } from "../components/project/DetailPage";
import type { TradePanelView } from "../components/market/TradePanel";
import type { UpdateDTO } from "../../domain/conversation/conversation";
import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import type { DiscussionPage, DiscussionThreadDTO } from "../../domain/conversation/conversation";
import { can } from "../../domain/shared/access";
import { formatPrice } from "../../domain/shared/format";
import {
  defaultShares,
  displayValuation,
  investButtonState,
  parseShares,
  progressPercent,
  startingShares,
} from "../../domain/projects/project";
import { largestInvestorSentence } from "../../domain/raises/raise";
import { raiseProgress } from "../../domain/raises/settlement";
import { allowanceFor, limitKindFor } from "../../domain/money/reg-cf";
import type { ProjectDetails, ProjectDTO, SessionUser } from "../../domain/shared/types";
import type { InvestorStanding } from "../../worker/services/money/investor-limits";
import { canEditProject } from "../../worker/services/projects/project-editor";
import type { InvestorsPage } from "../../domain/projects/investor-list";
import type { ProjectDetailExtras } from "../../worker/services/projects/projects";
import type { ValuationEventDTO } from "../../worker/services/money/valuations";
import { companyBanner, historyView, type CompanyStanding, type HistoryView } from "../../domain/money/company-history";

/** `?saved=` codes after the conversation's redirects (codes, never free text). */
const SAVED = {
  posted: DISCUSSION_MESSAGES.posted,
  replied: DISCUSSION_MESSAGES.replied,
  "update-hidden": "The update is hidden from everyone but its founder and CampusFund admins",
  "update-shown": "The update is visible again",
  // a report filed from /discussion/report/:postId (ADR 055), shown by the Discussion tab
  reported: DISCUSSION_MESSAGES.reported,
} as const;

/** The tab asked for (`?tab=`), or the overview (History is a funded raise's only, Trade a market's). */
export function detailTab(query: URLSearchParams, funded: boolean, trading = false): DetailTabId {
  const tabParam = query.get("tab");
  return tabsFor(funded, trading).some((t) => t.id === tabParam) ? (tabParam as DetailTabId) : "overview";
}

/**
 * Whether the company has a market (ADR 053): its raise funded and settled (migration 0030 opens
 * one then; an exit closes it, and its Trade tab stays to say so).
 */
export function hasMarket(project: Pick<ProjectDTO, "status" | "settlement">): boolean {
  return project.status === "funded" && project.settlement !== null;
}

/**
 * A funded raise's History tab (ADR 052): the raise as it was settled (one funded before
 * settlements were kept: its deadline and its figures now), then the events the viewer may see.
 */
export function projectHistory(
  project: ProjectDTO,
  standing: CompanyStanding,
  events: ValuationEventDTO[],
): HistoryView {
  const settled = project.settlement;
  return historyView(
    {
      fundedOn: settled ? settled.settledAt.slice(0, 10) : project.fundingDeadline,
      amount: settled ? settled.amount : project.fundingCurrent,
      investors: settled ? settled.investors : project.investors,
      sharePrice: project.sharePrice,
    },
    standing,
    events,
  );
}

/** The parts of `details` each tab shows (app/components/project/DetailPanels.tsx, SectionPanels.tsx). */
const TAB_DETAILS: Partial<Record<DetailTabId, readonly (keyof ProjectDetails)[]>> = {
  overview: ["overview", "traction", "roadmap"],
  product: ["problem", "solution"],
  market: ["marketSize", "competition", "businessModel"],
  investment: ["financials"],
};

/**
 * The project as `tab` shows it: the long parts only other tabs show (the story, documents and
 * FAQs, the team, the product, the market, the financials) are left out of its data. Each tab is
 * its own request (the tabs are links), whose loader returns that tab's parts.
 */
export function projectForTab(project: ProjectDTO, tab: DetailTabId): ProjectDTO {
  const keep = new Set<string>(TAB_DETAILS[tab] ?? []);
  const overview = tab === "overview";
  const team = tab === "team";
  return {
    ...project,
    details: Object.fromEntries(Object.entries(project.details).filter(([k]) => keep.has(k))),
    about: overview ? project.about : "",
    description: overview ? project.description : "",
    tags: overview ? project.tags : [],
    documents: overview ? project.documents : [],
    faqs: overview ? project.faqs : [],
    founders: team ? project.founders : [],
    team: team ? project.team : [],
    teamDescription: team ? project.teamDescription : null,
    images: tab === "product" ? project.images : { main: project.images.main, gallery: [] },
  };
}

/**
 * Whether the viewer is the project's own founder (not an admin, not another founder): they get
 * Edit project and Dashboard where investors get Invest, Follow and Ask (founders cannot invest,
 * spec section 1).
 */
export function isOwnerOf(viewer: SessionUser | null, project: Pick<ProjectDTO, "founderId">): boolean {
  return viewer !== null && project.founderId !== null && can(viewer, "raise") && project.founderId === viewer.id;
}

/** The project page's loader data. */
export function projectView({
  viewer,
  project,
  standing,
  detail,
  tab,
  updates,
  discussion = null,
  thread = null,
  investorsPage = null,
  history = null,
  trade = null,
  query,
}: {
  viewer: SessionUser | null;
  project: ProjectDTO;
  standing: InvestorStanding | null;
  detail: ProjectDetailExtras;
  tab: DetailTabId;
  updates: UpdateDTO[];
  /** The Discussion tab's page of threads, or the one thread it shows (`?thread=`). */
  discussion?: DiscussionPage | null;
  thread?: DiscussionThreadDTO | null;
  /** The Investment tab's page of the public investor list. */
  investorsPage?: InvestorsPage | null;
  /** The History tab's events (that tab of a funded raise only). */
  history?: ValuationEventDTO[] | null;
  /** The Trade tab's market (that tab of a company with a market only). */
  trade?: TradePanelView | null;
  query: URLSearchParams;
}) {
  const { raise, followers, following, updateCount, threadCount, company } = detail;
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
  const saved = query.get("saved");
  const role = viewer?.role ?? null;
  const requestedShares = parseShares(query.get("shares"));
  const fallback = defaultShares(project);
  const terms = project.investmentTerms;
  return {
    project: projectForTab(project, tab),
    raise,
    followers,
    following,
    updates,
    discussion,
    thread,
    signedIn: viewer !== null,
    canManage: canEditProject(viewer, project),
    isOwner: isOwnerOf(viewer, project),
    /** Admins moderate updates here (hide, restore; ADR 030). */
    canModerate: can(viewer, "administer"),
    saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    // The limit shows as a counter (Field never sets maxlength: ADR 032).
    postConstraints: { required: true, maxLength: DISCUSSION_LIMITS.body },
    tab,
    role,
    allowance,
    ownedShares: standing?.ownedShares ?? 0,
    fallbackShares: fallback,
    initial: startingShares(project, requestedShares),
    heroState: investButtonState(project, fallback, role, formatPrice),
    progress: progressPercent(raiseProgress(project).amount, project.fundingGoal),
    valuation: displayValuation(terms.valuation, project.fundingGoal, terms.equityPercentage),
    concentration: largestInvestorSentence(raise),
    investorsPage,
    updateCount,
    threadCount,
    company: company ? companyBanner(company) : null,
    history: company && history ? projectHistory(project, company, history) : null,
    trading: hasMarket(project),
    trade,
  } satisfies DetailView;
}
