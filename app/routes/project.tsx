/**
 * Project detail: /project/:slug (slug or _id). One D1 statement. Tabs and the share calculator
 * are links and a GET form (`?tab=team&shares=100`), so the page works without JavaScript; with
 * JavaScript the calculator updates in place. For a signed-in investor the same statement carries
 * their standing in the offering (worker/services/money/investor-limits.ts `getProjectWithStanding`):
 * the calculator shows the remaining allowance when their investment limits are on, and the
 * shares they already hold. A sold-out project shows no calculator. The Investment tab adds one page
 * of the public investor list (`?investors=2`), read only there; a funded raise's History tab its
 * events after the raise (ADR 052), read only there, and every tab its standing (the mark, an exit)
 * from the same one statement.
 */
import { data, href, isRouteErrorResponse, redirect } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import { originOf, pageMeta, projectJsonLd, projectShareCard } from "../components/meta";
import type { QuestionsFormState } from "../components/conversation/QuestionsPanel";
import { DetailPage } from "../components/project/DetailPage";
import { ShareProject } from "../components/project/ShareProject";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { can } from "../../domain/shared/access";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { signinHref } from "../../domain/accounts/auth-links";
import { QUESTION_LIMITS, QUESTION_MESSAGES } from "../../domain/conversation/conversation-messages";
import { storedLength } from "../../domain/shared/text";
import { isListedStatus } from "../../domain/projects/review";
import { formFailed, formFailure } from "../server/form-result";
import { setFollowing } from "../../worker/services/conversation/follows";
import { getProjectWithStanding } from "../../worker/services/money/investor-limits";
import {
  answerQuestion,
  askQuestion,
  listQuestionsFor,
  setQuestionHidden,
} from "../../worker/services/conversation/questions";
import { listUpdatesFor, setUpdateHidden } from "../../worker/services/conversation/updates";
import { investorsPageParam } from "../../domain/projects/investor-list";
import { pageParam } from "../../worker/services/shared/list-page";
import { listProjectInvestorsPage } from "../../worker/services/projects/project-investors";
import { companyEvents } from "../../worker/services/money/valuations";
import { cancelOrder, placeOrder } from "../../worker/services/market/orders";
import { ORDER_CANCELLED, tradeTab } from "../server/market-tab.server";
import { detailTab, hasMarket, projectView } from "./project.server";
import { projectPageExtras } from "../../worker/services/money/perks";
import { FUNDED_STATUSES, lastUpdateText } from "../../domain/conversation/update-reminders";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = (args) => {
  const project = args.loaderData?.project;
  // The spec's title for a project (section 2); a missing one is titled as what it is, a 404.
  if (!project) return [...pageMeta("Project Not Found"), { name: "robots", content: "noindex" }];
  const canonical = href("/project/:slug", { slug: project.slug });
  const origin = originOf(args.matches);
  const listed = isListedStatus(project.status);
  // The spec's "Project Details", named: a reader with several tabs open (or a screen reader's
  // page list) tells one project from another.
  return pageMeta(`${project.title} · Project Details`, project.shortDescription, {
    at: args,
    // the slug's URL, whichever of slug or id was asked, without `?tab=` and the rest
    canonical,
    // a listed project's rendered 1200×630 card (`/og/project/<slug>.png`, the same URL whatever its
    // figures); a draft or a project in review has none (a 404), so its preview keeps its image
    share: { type: "website", title: project.title, image: listed ? projectShareCard(project) : project.image },
    jsonLd: origin ? projectJsonLd(project, `${origin}${canonical}`, origin) : undefined,
    // a draft or a project in review is seen only by its founder and admins (a preview)
    noindex: !listed,
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, user } = getApp(context);
  const investorId = user && can(user, "invest") ? user.id : null;
  // A draft is found only for its founder and admins: their preview of the public page. One
  // statement, carrying a signed-in investor's standing in the offering.
  const found = await getProjectWithStanding(db, params.slug, { investorId, viewer: user });
  if (!found) throw data(null, { status: 404 });
  const { project, standing } = found;
  const query = new URL(request.url).searchParams;
  const tab = detailTab(query, found.detail.company !== null, hasMarket(project));
  const owner = { id: project._id, founderId: project.founderId };
  // The tab's own read, one statement, only for the tab shown (session + project + tab: 3 queries).
  // Updates and Questions: one page (`?updates=`, `?questions=`, as `?investors=`) with its total.
  const updatesList = tab === "updates" ? await listUpdatesFor(db, user, owner, pageParam(query.get("updates"))) : null;
  const questionsList =
    tab === "questions" ? await listQuestionsFor(db, user, owner, pageParam(query.get("questions"))) : null;
  // The Investment tab's public investor list: one page (`?investors=`; anything but a page number
  // in range is the first page), one statement with its total.
  const investorsPage =
    tab === "investment"
      ? await listProjectInvestorsPage(db, project._id, investorsPageParam(query.get("investors")))
      : null;
  // A funded company's History tab: its events after the raise, one statement of at most
  // HISTORY_SHOWN rows (the founder and admins also see a report waiting for review).
  const history = tab === "history" ? await companyEvents(db, user, owner) : null;
  // A company's Trade tab (ADR 053): its market, one statement and one batch, whatever the size of
  // the book; the order form's idempotency key is new with each page, so a form sent twice places one order.
  const trade =
    tab === "trade" ? { ...(await tradeTab(db, user, project._id, query)), orderKey: crypto.randomUUID() } : null;
  // Perks on the overview (ADR 055), and a funded company's last update: one round trip, and none
  // for another tab of a raise that is not funded (its tab's read is its only one).
  const funded = (FUNDED_STATUSES as readonly string[]).includes(project.status);
  const extras =
    tab === "overview" || funded
      ? await projectPageExtras(db, project._id, tab === "overview")
      : { lastUpdateAt: null, perks: [] };
  const paging = (l: { total: number; page: number; pageCount: number } | null) =>
    l ? { total: l.total, page: l.page, pageCount: l.pageCount } : null;
  return {
    ...projectView({
      viewer: user,
      project,
      standing,
      detail: found.detail,
      tab,
      updates: updatesList?.updates ?? [],
      questions: questionsList?.questions ?? [],
      investorsPage,
      history,
      trade,
      query,
    }),
    perks: extras.perks,
    lastUpdate: funded ? lastUpdateText(extras.lastUpdateAt, Date.now()) : null,
    updatesPage: paging(updatesList),
    questionsPage: paging(questionsList),
    // The Share control's link: canonical (this origin, the slug, no query), and only
    // for a published project, never a draft's or a project in review's preview.
    shareUrl: isListedStatus(project.status)
      ? new URL(href("/project/:slug", { slug: project.slug }), request.url).href
      : null,
  };
}

/** `Retry-After` of a refused follow or post reaches the page door too (ADR 025). */
export const headers = actionRetryAfter;

/**
 * The page's forms: follow and unfollow, ask, answer, hide and show a question, and an admin's
 * hide and show of an update (ADR 030). Each
 * calls its service, which holds the rules; success redirects back (the tab and the item in the
 * URL), a refusal re-renders with the message beside the field and `error` for data clients. A
 * visitor's POST is sent to sign in and back; a follow or a question goes there as an intent
 * (ADR 034): signed in, the follow is made, the question form opens again with what they typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!getApp(context).user) {
    const refused = await visitorToSignIn(request, params.slug);
    if (refused) return refused;
  }
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
    if (intent === "hide-update" || intent === "show-update") {
      const u = await setUpdateHidden(db, user, fields.updateId ?? "", { hidden: intent === "hide-update" });
      const code = intent === "hide-update" ? "update-hidden" : "update-shown";
      return redirect(`${base}?tab=updates&saved=${code}#update-${u.id}`);
    }
    if (intent === "order") {
      const placed = await placeOrder(db, user, {
        project: fields.projectId || params.slug,
        side: fields.side,
        shares: fields.shares,
        price: fields.price,
        idempotencyKey: fields.idempotencyKey,
      });
      // The outcome is told by the page from the order as stored (`?placed=`: an id, never text).
      return redirect(`${base}?tab=trade&placed=${encodeURIComponent(placed.order.id)}#trade-result`);
    }
    if (intent === "cancel-order") {
      await cancelOrder(db, user, fields.orderId ?? "");
      return redirect(`${base}?tab=trade&saved=${ORDER_CANCELLED}#your-orders`);
    }
    if (intent === "hide" || intent === "show") {
      const q = await setQuestionHidden(db, user, fields.questionId ?? "", { hidden: intent === "hide" });
      return redirect(`${base}?tab=questions&saved=${intent === "hide" ? "hidden" : "shown"}#question-${q.id}`);
    }
  } catch (e) {
    // Which form it was: a refused follow (the limit) is shown beside the Follow button, on every
    // tab; an answer beside its question.
    if (intent === "order" || intent === "cancel-order") {
      const form = intent === "order" ? "order" : `cancel:${fields.orderId ?? ""}`;
      const values = { side: fields.side ?? "", shares: fields.shares ?? "", price: fields.price ?? "" };
      return formFailed(e, values, { form });
    }
    const form =
      intent === "follow" || intent === "unfollow" ? "follow" : intent === "answer" ? (fields.questionId ?? "") : "ask";
    return formFailed(e, { question: fields.question ?? "", answer: fields.answer ?? "" }, { form });
  }
  return formFailure(400, "Unknown action", {});
}

/**
 * A visitor's Follow or Ask, sent to sign in as an intent (ADR 034); anything else returns to
 * `requireUser`. A question over its limit is refused here, beside the field with the whole text,
 * as it would be once signed in: the link never carries a draft it would have to cut.
 */
async function visitorToSignIn(request: Request, project: string) {
  let fields: Record<string, string>;
  try {
    fields = formFields(await readForm(request, FORM_LIMITS.conversation));
  } catch {
    return null;
  }
  if (fields.intent === "follow") throw redirect(signinHref({ action: "follow", project }));
  // An order or a cancel: sign in, then back to the Trade tab (its form keeps nothing to carry).
  if (fields.intent === "order" || fields.intent === "cancel-order") {
    throw redirect(signinHref(`/project/${encodeURIComponent(project)}?tab=trade`));
  }
  if (fields.intent === "ask") {
    const question = fields.question ?? "";
    if (storedLength(question) > QUESTION_LIMITS.question) {
      const message = QUESTION_MESSAGES.questionTooLong;
      return formFailure(400, message, { question, answer: "" }, { form: "ask", errors: { question: message } });
    }
    throw redirect(signinHref({ action: "ask", project, question }));
  }
  return null;
}

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  // The Trade tab's forms: an order, or a cancel by the order's id.
  const trading =
    actionData?.form !== undefined && (actionData.form === "order" || actionData.form.startsWith("cancel:"));
  const tradeFailure =
    actionData && trading
      ? {
          form: actionData.form!,
          message: actionData.message,
          errors: actionData.errors,
          values: actionData.values as Record<string, string>,
        }
      : null;
  // The failure of one of the page's other forms (follow, ask, or an answer by the question's id).
  const formState: QuestionsFormState | null =
    actionData && actionData.form !== undefined && !trading
      ? { form: actionData.form, errors: actionData.errors, values: actionData.values }
      : null;
  const said = actionData?.message ?? null;
  const followRefusal = formState?.form === "follow" ? said : null;
  const refusal = formState && formState.form !== "follow" && Object.keys(formState.errors).length === 0 ? said : null;
  // A post that names no form of this page (no or an unknown intent): its message, on any tab.
  const unknownAction = formState || tradeFailure ? null : said;
  return (
    <DetailPage
      view={loaderData}
      followRefusal={followRefusal}
      refusal={refusal}
      unknownAction={unknownAction}
      formState={formState}
      tradeFailure={tradeFailure}
      share={
        loaderData.shareUrl ? (
          <ShareProject
            url={loaderData.shareUrl}
            title={loaderData.project.title}
            text={loaderData.project.shortDescription}
          />
        ) : null
      }
    />
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
