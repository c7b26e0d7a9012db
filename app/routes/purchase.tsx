/**
 * Purchase summary: /purchase/:id and /invest/:id (slug or _id), investors and admins only.
 *
 * The form posts to this route's action, which calls the same `purchaseShares` service as the
 * API. A hidden idempotency key, made fresh for each rendered form, means a double submit buys
 * once, and the posted `sharePrice` (the price the page showed) and `amount` (the total it showed)
 * must still be the project's price and shares × price, so a purchase never charges a different
 * amount than the one on screen (issue 16: a changed price is 'The share price has just changed…').
 * Re-posting a form whose purchase was cancelled since says so; it never buys again.
 *
 * Without JavaScript the page cannot update its button and total as the shares input changes, so
 * the shares form is a GET form: "Update total" recomputes, "Review Purchase" (`?review=1`) leads
 * to a confirmation that states the exact shares and total, and only its button buys. The action
 * then redirects to the portfolio (which shows the success message). With JavaScript (`js=1`, set
 * after hydration) the label and total follow the input, the form posts directly, and the spec's
 * success message shows for 1.5 s before the page moves to the portfolio.
 *
 * Before buying, the page says what the real platforms say (issue 9, section 5): the equity the
 * chosen shares buy, the investor's remaining allowance under the investment limits (or, with
 * the limits off, what it would be), the cancellation deadline, the shares already held, and a
 * required risk acknowledgement that the action checks on the server. Total and submit button
 * sit in an Invest bar that, on a phone, stays at the bottom of the screen (CSS `position:
 * sticky`, so without JavaScript too). The loader reads the project and the investor's standing
 * in it in one statement (worker/services/investor-limits.ts `getProjectWithStanding`).
 */
import { useEffect } from "react";
import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";

import { ErrorPanel } from "../components/ErrorPanel";
import { refusedFormMessage } from "../components/form/refused";
import { useHydrated, useShareInput } from "../components/project/hooks";
import { REGULATION_INFO } from "../components/project/regulation";
import { CategoryBadge, StatusBadge } from "../components/project/StatusBadge";
import { AllowanceNote, cancelUntilText, overAllowance } from "../components/project/Allowance";
import { cancelDeadline } from "../../domain/cancellation";
import { categoryLabel } from "../../domain/categories";
import { formatMoney, formatNumber, formatPercent, formatPrice } from "../../domain/format";
import {
  belowMinimum,
  clampShares,
  displayValuation,
  equityForShares,
  fundingState,
  minimumShares,
  parseShares,
  purchasePresets,
  totalFor,
} from "../../domain/project";
import {
  allowanceFor,
  isTicked,
  limitKindFor,
  limitRefusal,
  RISK_ACKNOWLEDGEMENT,
  RISK_MESSAGE,
} from "../../domain/reg-cf";
import investCss from "../styles/invest.css?url";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, requireUser } from "../server/guards.server";
import { ServiceError } from "../../worker/services/errors";
import { formFailed, formSuccess, refused, refusedBy } from "../server/form-result";
import {
  assertCanInvest,
  belowMinimumMessage,
  PURCHASE_MESSAGES,
  purchaseShares,
} from "../../worker/services/investments";
import { getProjectWithStanding } from "../../worker/services/investor-limits";
import type { Route } from "./+types/purchase";

const PLACEHOLDER_LOGO = "/images/placeholder-logo.svg";
const REDIRECT_DELAY_MS = 1500;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: investCss }];

export const meta: Route.MetaFunction = () => [
  { title: "Investment Summary | CampusFund" },
  { name: "robots", content: "noindex" },
];

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
  // One statement: the project, and the investor's figures, used allowance and shares held in it.
  const found = await getProjectWithStanding(db, params.id, { investorId: user.id, now });
  if (!found) return refused(404, PURCHASE_MESSAGES.notFound);
  const { project, standing } = found;
  const url = new URL(request.url);
  const min = minimumShares(project.investmentTerms.minInvestment, project.sharePrice);
  const remaining = Math.max(0, project.sharesRemaining);
  const requested = parseShares(url.searchParams.get("shares"));
  let shares = remaining > 0 ? Math.min(min, remaining) : min;
  let clampMessage: string | null = null;
  if (requested !== null) {
    if (remaining > 0) {
      const c = clampShares(requested, remaining);
      shares = c.shares;
      clampMessage = c.message;
    } else {
      shares = requested;
    }
  }
  // The purchase service's rule, derived from the status badge's rule (projectStatus).
  const state = fundingState(project);
  const unavailable =
    state === "sold-out" ? PURCHASE_MESSAGES.soldOut : state === "closed" ? PURCHASE_MESSAGES.closed : null;
  const tooSmall = belowMinimum(shares, project);
  // The limit that applies to this offering (Reg CF's 12 months, or RegA+'s per offering).
  const kind = limitKindFor(project.regulationType);
  const figures = standing?.financials ?? { annualIncome: null, netWorth: null, accredited: false, applyLimits: false };
  const used = kind === "reg-a" ? (standing?.usedInOfferingCents ?? 0) : (standing?.usedRegCfCents ?? 0);
  const allowance = allowanceFor(kind, figures, used);
  const overLimit = overAllowance(allowance, totalFor(shares, project.sharePrice));
  const limitMessage = overLimit ? limitRefusal(kind, allowance.remaining ?? 0, figures, project.title) : null;
  const reviewing = url.searchParams.get("review") === "1";
  // The no-JavaScript confirmation: exact shares and total, shown before anything is bought.
  const review =
    reviewing && requested !== null && !clampMessage && !tooSmall && !unavailable && !overLimit
      ? { shares, total: totalFor(shares, project.sharePrice) }
      : null;
  const deadline = cancelDeadline(project.fundingDeadline);
  return {
    project: {
      _id: project._id,
      slug: project.slug,
      title: project.title,
      category: project.category,
      status: project.status,
      daysLeft: project.daysLeft,
      logo: project.logo,
      sharePrice: project.sharePrice,
      sharesRemaining: remaining,
      totalShares: project.totalShares,
      equityPercentage: project.investmentTerms.equityPercentage,
      regulationType: project.regulationType,
      fundingCurrent: project.fundingCurrent,
      fundingGoal: project.fundingGoal,
      minInvestment: project.investmentTerms.minInvestment,
      valuation: displayValuation(
        project.investmentTerms.valuation,
        project.fundingGoal,
        project.investmentTerms.equityPercentage,
      ),
    },
    unavailable,
    shares,
    clampMessage,
    /** A review asked for shares below the minimum: say why there is no confirmation. */
    minimumMessage: reviewing && tooSmall ? belowMinimumMessage(project.investmentTerms.minInvestment) : null,
    /** A review asked for more than the allowance: the refusal the purchase would get. */
    limitMessage: reviewing ? limitMessage : null,
    review,
    allowance,
    ownedShares: standing?.ownedShares ?? 0,
    /** The last moment an investment made now can be cancelled (ms), and whether that is still ahead. */
    cancelUntil: deadline,
    cancellable: now < deadline,
    presets: purchasePresets(project.investmentTerms.minInvestment, project.sharePrice, remaining),
    idempotencyKey: crypto.randomUUID(),
  };
}

export const headers = actionRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = formFields(await readForm(request, FORM_LIMITS.purchase));
  const rawShares = form.shares ?? "";
  const { db } = getApp(context);
  let result;
  try {
    // Who may invest first (a founder gets the founders' message), then the form's own rule: the
    // risk acknowledgement (the API keeps the spec's payload without it).
    assertCanInvest(user);
    if (!isTicked(form.riskAcknowledged)) throw new ServiceError(400, RISK_MESSAGE, "risk_not_acknowledged");
    result = await purchaseShares(db, user, {
      project: params.id,
      shares: rawShares,
      amount: form.amount,
      // The price per share the page showed (hidden field): the purchase buys at it or not at all.
      sharePrice: form.sharePrice,
      idempotencyKey: form.idempotencyKey ?? "",
    });
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
  return <PurchaseForm loaderData={loaderData} actionData={actionData} />;
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { refused: true }>;

function PurchaseForm({
  loaderData,
  actionData,
}: {
  loaderData: Loaded;
  actionData: Route.ComponentProps["actionData"];
}) {
  const {
    project,
    shares: initialShares,
    clampMessage,
    presets,
    idempotencyKey,
    unavailable,
    review,
    minimumMessage,
    limitMessage,
    allowance,
    ownedShares,
    cancelUntil,
    cancellable,
  } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();

  const error = actionData?.ok === false ? actionData.message : null;
  const success = actionData?.ok ? actionData : null;
  // After a failed post without JavaScript, show the count the user asked for.
  const postedShares = actionData?.ok === false ? parseShares(actionData.values.shares) : null;
  const input = useShareInput(postedShares ?? initialShares, error ? null : clampMessage, project.sharesRemaining);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => void navigate(success.redirectTo), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [success, navigate]);

  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const shares = review && !error ? review.shares : input.shares;
  const total = totalFor(shares, project.sharePrice);
  const equity = equityForShares(shares, project.totalShares, project.equityPercentage);
  const belowMin = belowMinimum(input.shares, {
    ...project,
    investmentTerms: { minInvestment: project.minInvestment },
  });
  const overLimit = overAllowance(allowance, total);
  const disabled =
    busy || !!success || !input.valid || input.shares < 1 || (hydrated && belowMin) || (hydrated && overLimit);
  const minShares = minimumShares(project.minInvestment, project.sharePrice);
  // Fewer shares left than the minimum buys: the rest may be bought below the minimum.
  const onlyTheRest = project.sharesRemaining > 0 && project.sharesRemaining < minShares;
  const reg = REGULATION_INFO[project.regulationType] ?? REGULATION_INFO.SAFE;
  const cancel = `/project/${project.slug || project._id}`;
  const reviewing = !!review && !error;
  const formId = reviewing ? "purchase-review" : "purchase-form";

  const riskBox = (
    <label className="risk-ack">
      <input type="checkbox" name="riskAcknowledged" required />
      <span>{RISK_ACKNOWLEDGEMENT}</span>
    </label>
  );

  return (
    <div className="container invest-page purchase-page">
      <div className="purchase-card card">
        <header className="purchase-head">
          <h1>Investment Summary</h1>
          <p className="page-lead">Review and confirm your investment</p>
        </header>

        <div className="purchase-project">
          <img className="purchase-logo" src={project.logo || PLACEHOLDER_LOGO} alt="" width={56} height={56} />
          <div>
            <h2 className="purchase-title">{project.title}</h2>
            <div className="purchase-badges">
              <CategoryBadge label={categoryLabel(project.category)} />
              <StatusBadge project={project} />
            </div>
            {ownedShares > 0 ? <p className="owned-shares">You own {formatNumber(ownedShares)} shares</p> : null}
          </div>
        </div>

        <dl className="purchase-facts">
          <div>
            <dt>Share price</dt>
            <dd>{formatPrice(project.sharePrice)}</dd>
          </div>
          <div>
            <dt>Company valuation</dt>
            <dd>{formatMoney(project.valuation)}</dd>
          </div>
          <div>
            <dt>Shares available</dt>
            <dd>{formatNumber(project.sharesRemaining)}</dd>
          </div>
          <div>
            <dt>Regulation type</dt>
            <dd>{project.regulationType || "SAFE"}</dd>
          </div>
          <div>
            <dt>Total fundraising</dt>
            <dd>
              {formatMoney(project.fundingCurrent)} of {formatMoney(project.fundingGoal)}
            </dd>
          </div>
          <div>
            <dt>Minimum investment</dt>
            <dd>{formatMoney(project.minInvestment)}</dd>
          </div>
        </dl>

        {success ? (
          <div className="alert alert-success" role="status">
            <p>{success.message}</p>
            <p className="muted">Taking you to your portfolio…</p>
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}

        {unavailable ? (
          <div className="unavailable">
            <p className="alert alert-info">{unavailable}</p>
            <Link className="btn btn-secondary" to={cancel}>
              Back to Project
            </Link>
          </div>
        ) : (
          <>
            {reviewing && review ? (
              <Form id={formId} method="post" className="purchase-form purchase-review" aria-labelledby="review-title">
                <h2 id="review-title" className="purchase-review-title">
                  Confirm your purchase
                </h2>
                <p>
                  You are buying <strong>{formatNumber(review.shares)} shares</strong> of {project.title} at{" "}
                  {formatPrice(project.sharePrice)} per share: {formatPercent(equity, 6)} of the company.
                </p>
                <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                <input type="hidden" name="js" value={hydrated ? "1" : ""} />
                <input type="hidden" name="shares" value={review.shares} />
                <input type="hidden" name="amount" value={review.total} />
                <input type="hidden" name="sharePrice" value={project.sharePrice} />
                <AllowanceNote
                  allowance={allowance}
                  total={review.total}
                  sharePrice={project.sharePrice}
                  title={project.title}
                />
                {riskBox}
              </Form>
            ) : (
              // Without JavaScript this is a GET form (Update total, Review Purchase): only the
              // confirmation above buys, so no button ever names a number the page cannot know.
              <Form id={formId} method={hydrated ? "post" : "get"} className="purchase-form">
                {hydrated ? (
                  <>
                    <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                    <input type="hidden" name="js" value="1" />
                    <input type="hidden" name="amount" value={input.valid ? total : ""} />
                    <input type="hidden" name="sharePrice" value={project.sharePrice} />
                  </>
                ) : null}
                <label className="field-label" htmlFor="purchase-shares">
                  Number of shares
                </label>
                <div className="calc-row">
                  <input
                    id="purchase-shares"
                    className="input"
                    type="number"
                    name="shares"
                    inputMode="numeric"
                    min={1}
                    max={project.sharesRemaining}
                    step={1}
                    required
                    value={input.text}
                    onChange={(e) => input.change(e.currentTarget.value)}
                    onBlur={() => input.blur()}
                    aria-describedby="purchase-hint purchase-message"
                  />
                  {hydrated ? null : (
                    <button type="submit" className="btn btn-secondary" formNoValidate>
                      Update total
                    </button>
                  )}
                </div>
                <p className="field-hint" id="purchase-hint">
                  {onlyTheRest ? (
                    <>
                      Only {formatNumber(project.sharesRemaining)} shares are left: you can buy all of them below the{" "}
                      {formatMoney(project.minInvestment)} minimum.
                    </>
                  ) : (
                    <>
                      Minimum {formatMoney(project.minInvestment)} ({formatNumber(minShares)} shares) · up to{" "}
                      {formatNumber(project.sharesRemaining)} shares
                    </>
                  )}
                </p>
                <p className="calc-message" id="purchase-message" role="status" aria-live="polite">
                  {input.message ?? ""}
                </p>

                {presets.length ? (
                  <div className="preset-row" role="group" aria-label="Preset share counts">
                    {presets.map((n) => (
                      <Link
                        key={n}
                        to={`?shares=${n}`}
                        className="preset"
                        aria-current={input.shares === n ? "true" : undefined}
                        preventScrollReset
                        replace
                        onClick={(e) => {
                          if (!hydrated) return;
                          e.preventDefault();
                          input.set(n);
                        }}
                      >
                        {formatNumber(n)} shares
                      </Link>
                    ))}
                  </div>
                ) : null}

                <dl className="purchase-figures">
                  <div>
                    <dt>Equity</dt>
                    <dd>{formatPercent(equity, 6)}</dd>
                  </div>
                </dl>
                {(hydrated && belowMin) || minimumMessage ? (
                  <p className="field-hint warn" role={minimumMessage ? "alert" : undefined}>
                    The minimum investment is {formatMoney(project.minInvestment)}.
                  </p>
                ) : null}
                {limitMessage && !error ? (
                  <p className="alert alert-error" role="alert">
                    {limitMessage}
                  </p>
                ) : null}
                <AllowanceNote
                  allowance={allowance}
                  total={total}
                  sharePrice={project.sharePrice}
                  title={project.title}
                  compact={!!limitMessage && !error}
                />
                {hydrated ? riskBox : null}
              </Form>
            )}

            <p className="cancel-note">
              {cancellable ? (
                <>{cancelUntilText(cancelUntil)}: up to 48 hours before funding closes, from your portfolio.</>
              ) : (
                <>This offering closes within 48 hours: an investment made now can no longer be cancelled.</>
              )}
            </p>

            {/* The Invest bar: on a phone it stays at the bottom of the screen (CSS sticky, no script needed). */}
            <div className="invest-bar" role="group" aria-label="Invest">
              <p className="purchase-total">
                <span>Total investment</span>
                <strong>{formatPrice(total)}</strong>
              </p>
              <div className="purchase-actions">
                {reviewing && review ? (
                  <Link className="btn btn-secondary" to={`?shares=${review.shares}`} replace>
                    Change shares
                  </Link>
                ) : (
                  <Link className="btn btn-secondary" to={cancel}>
                    Cancel
                  </Link>
                )}
                {reviewing && review ? (
                  <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !!success}>
                    {busy ? "Processing..." : `Purchase ${formatNumber(review.shares)} Shares`}
                  </button>
                ) : hydrated ? (
                  <button type="submit" form={formId} className="btn btn-primary" disabled={disabled}>
                    {busy ? "Processing..." : `Purchase ${formatNumber(input.shares)} Shares`}
                  </button>
                ) : (
                  <button type="submit" form={formId} name="review" value="1" className="btn btn-primary">
                    Review Purchase
                  </button>
                )}
              </div>
            </div>
          </>
        )}

        <aside className="reg-notice" aria-label="Regulation notice">
          <p>
            <strong>Regulation notice.</strong> This offering is made under {project.regulationType}. {reg.text}{" "}
            Investing in startups is risky: you may lose the whole amount, and shares are hard to sell. CampusFund uses
            simulated money; no real funds are moved.
          </p>
        </aside>
      </div>
    </div>
  );
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
