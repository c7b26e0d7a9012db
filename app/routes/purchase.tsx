/**
 * Purchase summary: /purchase/:id and /invest/:id (slug or _id), investors and admins only.
 *
 * The form posts to this route's action, which calls the same `purchaseShares` service as the
 * API. A hidden idempotency key, made fresh for each rendered form, means a double submit buys
 * once, and the posted `sharePrice` (the price the page showed) and `amount` (the total it showed)
 * must still be the project's price and shares × price, so a purchase never charges a different
 * amount than the one on screen (a changed price is 'The share price has just changed…').
 * Re-posting a form whose purchase was cancelled since says so; it never buys again.
 *
 * Without JavaScript the page cannot update its button and total as the shares input changes, so
 * the shares form is a GET form: "Update total" recomputes, "Review Purchase" (`?review=1`) leads
 * to a confirmation that states the exact shares and total, and only its button buys. The action
 * then redirects to the portfolio (which shows the success message). With JavaScript (`js=1`, set
 * after hydration) the label and total follow the input, the form posts directly, and the spec's
 * success message shows for 1.5 s before the page moves to the portfolio.
 *
 * Before buying, the page says what the real platforms say: the equity the
 * chosen shares buy, the investor's remaining allowance under the investment limits (or, with
 * the limits off, what it would be), the cancellation deadline, the shares already held, and a
 * required risk acknowledgement that the action checks on the server. Total and submit button
 * sit in an Invest bar that, on a phone, stays at the bottom of the screen (CSS `position:
 * sticky`, so without JavaScript too). The loader reads the project and the investor's standing
 * in it in one statement (worker/services/money/investor-limits.ts `getProjectWithStanding`).
 */
import { redirect } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import { refusedFormMessage } from "../components/form/refused";
import { PurchaseForm } from "../components/purchase/PurchaseForm";
import { parseShares } from "../../domain/projects/project";
import { isTicked, RISK_MESSAGE } from "../../domain/money/reg-cf";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { ServiceError } from "../../worker/services/shared/errors";
import { formFailed, formSuccess, refused, refusedBy } from "../server/form-result";
import { assertCanInvest, PURCHASE_MESSAGES, purchaseShares } from "../../worker/services/money/purchases";
import { getProjectWithStanding } from "../../worker/services/money/investor-limits";
import { purchaseView } from "./purchase.server";
import { mailerFor } from "../../worker/mail/mailer";
import type { Route } from "./+types/purchase";

export const meta: Route.MetaFunction = () => [{ title: "Investment Summary | CampusFund" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  try {
    // The purchase service's own rule, so the page says what a founder posting the form is told.
    assertCanInvest(user);
  } catch (e) {
    return refusedBy(e);
  }
  const { db } = getApp(context);
  const now = Date.now();
  // One statement: the project with its perks, and the investor's figures, used allowance, shares
  // and perks held in it.
  const found = await getProjectWithStanding(db, params.id, { investorId: user.id, now });
  if (!found) return refused(404, PURCHASE_MESSAGES.notFound);
  const { project, standing } = found;
  return {
    ...purchaseView(project, standing, new URL(request.url).searchParams, now),
    perks: found.detail.perks,
    heldPerks: found.heldPerks,
    idempotencyKey: crypto.randomUUID(),
  };
}

export const headers = actionRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = formFields(await readForm(request, FORM_LIMITS.purchase));
  const rawShares = form.shares ?? "";
  const { db, env, ctx } = getApp(context);
  let result;
  try {
    // Who may invest first (a founder gets the founders' message), then the form's own rule: the
    // risk acknowledgement (the API keeps the spec's payload without it).
    assertCanInvest(user);
    if (!isTicked(form.riskAcknowledged)) throw new ServiceError(400, RISK_MESSAGE, "risk_not_acknowledged");
    result = await purchaseShares(
      db,
      user,
      {
        project: params.id,
        shares: rawShares,
        amount: form.amount,
        // The price per share the page showed (hidden field): the purchase buys at it or not at all.
        sharePrice: form.sharePrice,
        idempotencyKey: form.idempotencyKey ?? "",
      },
      mailerFor(env, ctx, db),
    );
  } catch (e) {
    return formFailed(e, { shares: rawShares }, { banner: (message) => message || "Investment failed" });
  }
  const to = `/portfolio?invested=${encodeURIComponent(result.investment._id)}`;
  if (form.js === "1") {
    return formSuccess({ message: result.message, redirectTo: to });
  }
  throw redirect(to);
}

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    return loaderData.status === 404 ? <NotFound /> : <Blocked message={loaderData.message} />;
  }
  const error = actionData?.ok === false ? actionData.message : null;
  const success = actionData?.ok ? actionData : null;
  // After a failed post without JavaScript, show the count the user asked for.
  const postedShares = actionData?.ok === false ? parseShares(actionData.values.shares) : null;
  return <PurchaseForm view={loaderData} error={error} success={success} postedShares={postedShares} />;
}

/** A founder (or anyone else who may not invest) opening the page: the service's message. */
function Blocked({ message }: { message: string }) {
  return <ErrorPanel title="Investment Summary" message={message} alert to="/demo" linkLabel="Back to Projects" />;
}

function NotFound() {
  return (
    <ErrorPanel
      title="Project Not Found"
      message="The project you're trying to invest in doesn't exist or has been removed."
      to="/demo"
      linkLabel="Back to Projects"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refused request body says what was wrong with it; anything else is the spec's loading failure.
  return (
    <ErrorPanel
      title="Investment Summary"
      message={refusedFormMessage(error) ?? "Unable to load project details. Please try again later."}
      alert
      to="/demo"
      linkLabel="Back to Projects"
    />
  );
}
