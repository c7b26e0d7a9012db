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
import { originOf, pageMeta } from "../components/meta";
import { projectJsonLd, projectShareCard } from "../components/meta-project";
import type { DiscussionFormState } from "../components/conversation/DiscussionPanel";
import { DetailPage } from "../components/project/DetailPage";
import { ShareProject } from "../components/project/ShareProject";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { can } from "../../domain/shared/access";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { CARRIED_DRAFT_MAX, DRAFT_TOO_LONG_TO_CARRY, signinHref } from "../../domain/accounts/auth-links";
import { storedLength } from "../../domain/shared/text";
import { isListedStatus } from "../../domain/projects/listed";
import { formFailed, formFailure, type FormSuccess } from "../server/form-result";
import { setFollowing } from "../../worker/services/conversation/follows";
import { getProjectWithStanding } from "../../worker/services/money/investor-limits";
import {
  discussionOrderOf,
  listDiscussionFor,
  readThread,
  replyTo,
  setPinned,
  setVote,
  startThread,
} from "../../worker/services/conversation/discussion";
import { listUpdatesFor, setUpdateHidden } from "../../worker/services/conversation/updates";
import { investorsPageParam } from "../../domain/projects/investor-list";
import { pageParam } from "../../worker/services/shared/list-page";
import { listProjectInvestorsPage } from "../../worker/services/projects/project-investors";
import { companyEvents } from "../../worker/services/money/valuations";
import { cancelOrder, placeOrder } from "../../worker/services/market/orders";
import { ORDER_CANCELLED, tradeTab } from "../server/market-tab.server";
import { cancelReservation, myReservationIn, reserve } from "../../worker/services/raises/reservations";
import { RESERVATION_MESSAGES } from "../../domain/raises/reservations";
import { detailTab, hasMarket, projectView } from "./project.server";
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
  // The Questions tab became the Discussion (ADR 055): old links land there (a question's
  // `#question-<id>` is kept by the browser and finds its thread, which has the same id).
  if (query.get("tab") === "questions") throw redirect(`/project/${encodeURIComponent(project.slug)}?tab=discussion`);
  const tab = detailTab(query, found.detail.company !== null, hasMarket(project));
  const owner = { id: project._id, founderId: project.founderId };
  // The tab's own read, one statement, only for the tab shown (session + project + tab: 3 queries).
  // Updates: one page (`?updates=`, as `?investors=`) with its total. The Discussion: a page of
  // threads (`?order=`, `?page=`: three statements), or one thread with its replies (`?thread=`).
  const updatesList = tab === "updates" ? await listUpdatesFor(db, user, owner, pageParam(query.get("updates"))) : null;
  const threadId = tab === "discussion" ? query.get("thread") : null;
  const thread = threadId ? await readThread(db, user, threadId, project._id).catch(() => null) : null;
  if (threadId && !thread) throw data(null, { status: 404 });
  const discussion =
    tab === "discussion" && !thread
      ? await listDiscussionFor(db, user, owner, discussionOrderOf(query.get("order")), pageParam(query.get("page")))
      : null;
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
  // A Coming soon raise (ADR 055): the viewer's reservation, for the Reserve card (one statement).
  const reservation =
    project.status === "coming_soon"
      ? {
          mine: await myReservationIn(db, user, project._id).then((r) =>
            r ? { id: r.id, amount: r.amount, status: r.status } : null,
          ),
          saved:
            query.get("saved") === "reserved"
              ? "Your reservation was saved. We will tell you when the raise opens."
              : query.get("saved") === "reservation-canceled"
                ? RESERVATION_MESSAGES.reservationCanceled
                : null,
        }
      : null;
  // Perks (on the overview) and a funded company's last update (ADR 055): columns of the project's own statement.
  const funded = (FUNDED_STATUSES as readonly string[]).includes(project.status);
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
      discussion,
      thread,
      investorsPage,
      history,
      trade,
      query,
    }),
    reservation,
    perks: tab === "overview" ? found.detail.perks : [],
    lastUpdate: funded ? lastUpdateText(found.detail.lastUpdateAt, Date.now()) : null,
    updatesPage: paging(updatesList),
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
 * The page's forms: follow and unfollow; the Discussion's new thread, reply, upvote and its undo,
 * the founder's pin and unpin (ADR 055); an admin's hide and show of an update (ADR 030). Each
 * calls its service, which holds the rules; success redirects back (the tab and the item in the
 * URL), a refusal re-renders with the message beside the field and `error` for data clients. A
 * visitor's POST is sent to sign in and back; a follow or a new thread goes there as an intent
 * (ADR 034): signed in, the follow is made, the new-thread form opens again with what they typed.
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
    // The Discussion's forms return to where they were sent from (order, page, or the thread's view).
    const back = discussionBack(request, base);
    if (intent === "thread") {
      const post = await startThread(db, user, params.slug, { body: fields.body ?? "" });
      return redirect(`${base}?tab=discussion&order=newest&saved=posted#post-${post.id}`);
    }
    if (intent === "reply") {
      const post = await replyTo(db, user, fields.postId ?? "", { body: fields.body ?? "" });
      return redirect(`${back}${back.includes("?") ? "&" : "?"}saved=replied#post-${post.id}`);
    }
    if (intent === "vote" || intent === "unvote") {
      const vote = await setVote(db, user, fields.postId ?? "", intent === "vote");
      // A fetcher (JavaScript) takes the answer in place; a plain form goes back to the post.
      if (fields.inPlace === "1")
        return { ok: true, message: vote.voted ? "Upvoted" : "Vote removed" } satisfies FormSuccess;
      return redirect(`${back}#post-${fields.postId ?? ""}`);
    }
    if (intent === "pin" || intent === "unpin") {
      await setPinned(db, user, fields.postId ?? "", intent === "pin");
      return redirect(`${back}#post-${fields.postId ?? ""}`);
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
    // Coming soon (ADR 055): reserve (or change the amount), or cancel one's reservation.
    if (intent === "reserve") {
      await reserve(db, user, params.slug, { amount: fields.amount ?? "" });
      return redirect(`${base}?saved=reserved#reserve`);
    }
    if (intent === "cancel-reservation") {
      await cancelReservation(db, user, params.slug);
      return redirect(`${base}?saved=reservation-canceled#reserve`);
    }
  } catch (e) {
    // Which form it was: a refused follow (the limit) is shown beside the Follow button, on every
    // tab; a reply beside its post.
    if (intent === "reserve" || intent === "cancel-reservation") {
      return formFailed(e, { amount: fields.amount ?? "" }, { form: intent });
    }
    if (intent === "order" || intent === "cancel-order") {
      const form = intent === "order" ? "order" : `cancel:${fields.orderId ?? ""}`;
      const values = { side: fields.side ?? "", shares: fields.shares ?? "", price: fields.price ?? "" };
      return formFailed(e, values, { form });
    }
    const form =
      intent === "follow" || intent === "unfollow"
        ? "follow"
        : intent === "reply"
          ? `reply:${fields.postId ?? ""}`
          : intent === "thread"
            ? "thread"
            : `post:${fields.postId ?? ""}`;
    return formFailed(e, { body: fields.body ?? "" }, { form });
  }
  return formFailure(400, "Unknown action", {});
}

/**
 * A visitor's Follow or new thread, sent to sign in as an intent (ADR 034); anything else returns to
 * `requireUser`. A draft longer than a link carries is refused here, beside the field with the
 * whole text: the link never carries a draft it would have to cut.
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
  if (fields.intent === "thread") {
    const body = fields.body ?? "";
    if (storedLength(body) > CARRIED_DRAFT_MAX) {
      return formFailure(
        400,
        DRAFT_TOO_LONG_TO_CARRY,
        { body },
        { form: "thread", errors: { body: DRAFT_TOO_LONG_TO_CARRY } },
      );
    }
    throw redirect(signinHref({ action: "post", project, body }));
  }
  return null;
}

/** The Discussion's page a form was sent from (its order, page or thread), from the action's URL. */
function discussionBack(request: Request, base: string): string {
  const from = new URL(request.url).searchParams;
  const q = new URLSearchParams({ tab: "discussion" });
  for (const name of ["thread", "order", "page"]) {
    const value = from.get(name);
    if (value && /^[A-Za-z0-9-]{1,80}$/.test(value)) q.set(name, value);
  }
  return `${base}?${q.toString()}`;
}

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  // A vote sent in place answers its fetcher, never the page: only refusals reach here.
  const failed = actionData && !actionData.ok ? actionData : undefined;
  // The Trade tab's forms: an order, or a cancel by the order's id.
  const trading = failed?.form !== undefined && (failed.form === "order" || failed.form.startsWith("cancel:"));
  const tradeFailure =
    failed && trading
      ? {
          form: failed.form!,
          message: failed.message,
          errors: failed.errors,
          values: failed.values as Record<string, string>,
        }
      : null;
  // The Reserve card's forms (ADR 055).
  const reserving = failed?.form === "reserve" || failed?.form === "cancel-reservation";
  const reserveFailure =
    failed && reserving
      ? {
          form: failed.form!,
          message: failed.message,
          errors: failed.errors,
          value: (failed.values as { amount?: string }).amount ?? "",
        }
      : null;
  // The failure of one of the page's other forms (follow, a new thread, or a reply by its post's id).
  const formState: DiscussionFormState | null =
    failed && failed.form !== undefined && !trading && !reserving
      ? { form: failed.form, errors: failed.errors, values: failed.values }
      : null;
  const said = failed?.message ?? null;
  const followRefusal = formState?.form === "follow" ? said : null;
  const refusal = formState && formState.form !== "follow" && Object.keys(formState.errors).length === 0 ? said : null;
  // A post that names no form of this page (no or an unknown intent): its message, on any tab.
  const unknownAction = formState || tradeFailure || reserveFailure ? null : said;
  return (
    <DetailPage
      view={loaderData}
      followRefusal={followRefusal}
      refusal={refusal}
      unknownAction={unknownAction}
      formState={formState}
      tradeFailure={tradeFailure}
      reserveFailure={reserveFailure}
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
