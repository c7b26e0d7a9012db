/**
 * The project page's view: what its loader shows, computed from the one statement's project,
 * standing and extras (`getProjectWithStanding`), the tab's own read and the page's query
 * (`?tab=`, `?shares=`, `?saved=`). Pure; server only (the route imports it in its loader alone).
 */
import { DETAIL_TABS, type DetailTabId } from "../components/project/detail-tabs";
import type { DetailView } from "../components/project/DetailPage";
import type { QuestionDTO, UpdateDTO } from "../../domain/conversation/conversation";
import { can } from "../../domain/shared/access";
import { formatPrice } from "../../domain/shared/format";
import { constraintsOf } from "../../domain/shared/form-kit";
import {
  defaultShares,
  displayValuation,
  investButtonState,
  parseShares,
  progressPercent,
  startingShares,
} from "../../domain/projects/project";
import { answerFormSchema, QUESTION_MESSAGES, questionFormSchema } from "../../domain/conversation/question-form";
import { largestInvestorSentence } from "../../domain/raises/raise";
import { raiseProgress } from "../../domain/raises/settlement";
import { allowanceFor, limitKindFor } from "../../domain/money/reg-cf";
import type { ProjectDTO, SessionUser } from "../../domain/shared/types";
import type { InvestorStanding } from "../../worker/services/money/investor-limits";
import { canEditProject } from "../../worker/services/projects/project-editor";
import type { InvestorsPage } from "../../domain/projects/investor-list";
import type { ProjectDetailExtras } from "../../worker/services/projects/projects";

/** `?saved=` codes after the conversation's redirects (codes, never free text). */
const SAVED = {
  asked: QUESTION_MESSAGES.asked,
  answered: QUESTION_MESSAGES.answered,
  hidden: QUESTION_MESSAGES.hidden,
  shown: QUESTION_MESSAGES.shown,
  "update-hidden": "The update is hidden from everyone but its founder and CampusFund admins",
  "update-shown": "The update is visible again",
} as const;

/** The tab asked for (`?tab=`), or the overview. */
export function detailTab(query: URLSearchParams): DetailTabId {
  const tabParam = query.get("tab");
  return DETAIL_TABS.some((t) => t.id === tabParam) ? (tabParam as DetailTabId) : "overview";
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
  questions,
  investorsPage = null,
  query,
}: {
  viewer: SessionUser | null;
  project: ProjectDTO;
  standing: InvestorStanding | null;
  detail: ProjectDetailExtras;
  tab: DetailTabId;
  updates: UpdateDTO[];
  questions: QuestionDTO[];
  /** The Investment tab's page of the public investor list. */
  investorsPage?: InvestorsPage | null;
  query: URLSearchParams;
}) {
  const { raise, followers, following, updateCount, questionCount } = detail;
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
    project,
    raise,
    followers,
    following,
    updates,
    questions,
    signedIn: viewer !== null,
    canManage: canEditProject(viewer, project),
    isOwner: isOwnerOf(viewer, project),
    /** Admins moderate updates here (hide, restore; ADR 030). */
    canModerate: can(viewer, "administer"),
    saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    questionConstraints: {
      question: constraintsOf(questionFormSchema, "question"),
      answer: constraintsOf(answerFormSchema, "answer"),
    },
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
    questionCount,
  } satisfies DetailView;
}
