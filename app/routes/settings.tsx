/**
 * /settings: account settings (spec sections 2, 4, 5). Signed out, the page says Authentication
 * Required with a link to /signin (the spec's screen, not a redirect). Signed in:
 * - the top tabs (`?tab=`) and the sidebar sections (`?section=`) are links, so they work without
 *   JavaScript; only Public Profile and Login & Security have content, the rest say so;
 * - the incomplete-account banner shows until bio, site and investing thesis are all saved, with
 *   'Complete my account' linking to the Public Profile section;
 * - Public Profile saves every field of spec section 3 through the same service as
 *   `PUT /api/users/profile/{userId}`; Login & Security changes the password and signs out every
 *   other device, through the services of `POST /api/auth/password` and
 *   `POST /api/auth/sessions/revoke-others`.
 * - Investor Information (issue 9) saves the self-declared income, net worth, accredited
 *   declaration and the "Invest under the real Reg CF limits" switch through the same service as
 *   `PUT /api/users/me/financials`, and shows the Reg CF limit, what is used and what is left
 *   (loaded only when that section is open: one more statement).
 * One action: `intent=profile|password|revoke-others|financials`. Success redirects back with `?saved=`
 * (with and without JavaScript); a refusal re-renders the form with what was typed (never the
 * passwords), a banner and each field's message.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";

import { Field } from "../components/form/Field";
import { FollowersTab, NotificationSettings, WatchlistTab } from "../components/settings/Conversation";
import { pageMeta } from "../components/meta";
import { formatPrice } from "../../domain/format";
import { parseFormFields, type FieldErrors } from "../../domain/form-kit";
import {
  EMPTY_FINANCIALS,
  FINANCIALS_MESSAGES,
  investorFinancialsSchema,
  type InvestorFinancials,
} from "../../domain/investor-financials-form";
import { PREFERENCE_LABELS } from "../../domain/notification-preferences";
import { PASSWORD_MESSAGES } from "../../domain/password-form";
import {
  CONFIDENTIALITY_FLAGS,
  EMPTY_PROFILE,
  isProfileComplete,
  PROFILE_MESSAGES,
  publicProfileSchema,
  type PublicProfile,
} from "../../domain/public-profile-form";
import {
  REG_A_PERCENT,
  REG_CF_CAP,
  REG_CF_FLOOR,
  REG_CF_HIGH_PERCENT,
  REG_CF_LOW_PERCENT,
  REG_CF_THRESHOLD,
  regCfLimits,
  type RegCfLimits,
} from "../../domain/reg-cf";
import settingsCss from "../styles/settings.css?url";

import { actionRetryAfter, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, getUser } from "../server/guards.server";
import { changePassword, signOutOtherSessions } from "../../worker/services/account-security";
import { errorHeaders, isServiceError } from "../../worker/services/errors";
import { getFinancials, saveFinancials } from "../../worker/services/investor-limits";
import { listFollowersOfOwnProject, listWatchlist, setFollowing } from "../../worker/services/follows";
import { getPreferences, NOTIFICATION_MESSAGES, savePreferences } from "../../worker/services/notifications";
import { getPublicProfile, savePublicProfile } from "../../worker/services/public-profile";
import type { Route } from "./+types/settings";
import { signinHref } from "../../domain/auth-links";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: settingsCss }];

/** A 429 from too many wrong current passwords carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export const meta: Route.MetaFunction = () => [...pageMeta("Account Settings"), { name: "robots", content: "noindex" }];

export const SECTIONS = [
  { id: "login-security", label: "Login & Security" },
  { id: "investor-information", label: "Investor Information" },
  { id: "banks-cards", label: "Banks & Cards" },
  { id: "public-profile", label: "Public Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "vip", label: "VIP" },
] as const;

export const TABS = [
  { id: "portfolio", label: "Portfolio" },
  { id: "followers", label: "Followers" },
  { id: "watchlist", label: "Watchlist" },
  { id: "cash", label: "Cash" },
  { id: "tax-docs", label: "Tax Docs" },
  { id: "account", label: "Account" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];
type TabId = (typeof TABS)[number]["id"];

const SAVED = {
  profile: PROFILE_MESSAGES.saved,
  password: PASSWORD_MESSAGES.changed,
  sessions: PASSWORD_MESSAGES.othersSignedOut,
  financials: FINANCIALS_MESSAGES.saved,
  notifications: NOTIFICATION_MESSAGES.saved,
  unfollowed: "The project was removed from your watchlist",
} as const;

const pick = <T extends string>(list: readonly { id: T }[], value: string | null, fallback: T): T =>
  list.find((x) => x.id === value)?.id ?? fallback;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const url = new URL(request.url);
  const tab = pick<TabId>(TABS, url.searchParams.get("tab"), "account");
  const section = pick<SectionId>(SECTIONS, url.searchParams.get("section"), "public-profile");
  const savedCode = url.searchParams.get("saved");
  const saved = savedCode && Object.hasOwn(SAVED, savedCode) ? SAVED[savedCode as keyof typeof SAVED] : null;
  if (!user) return { signedIn: false as const };
  let profile: PublicProfile | null = null;
  let loadError: string | null = null;
  try {
    profile = await getPublicProfile(getApp(context).db, user, user.id);
  } catch (e) {
    console.error("settings: loading the profile failed", e);
    loadError = PROFILE_MESSAGES.loadFailed;
  }
  // Investor Information: the figures and the Reg CF limit, only when that section is open.
  let investor: { financials: InvestorFinancials; limits: RegCfLimits } | null = null;
  let investorError: string | null = null;
  const canInvest = user.role === "investor" || user.role === "admin";
  if (section === "investor-information" && tab === "account" && canInvest) {
    try {
      investor = await getFinancials(getApp(context).db, user);
    } catch (e) {
      console.error("settings: loading the investor information failed", e);
      investorError = "Failed to load your investor information. Please try again later.";
    }
  }
  // Issue 10: the watchlist, the followers and the notification switches, each only when open.
  const db = getApp(context).db;
  const watchlist =
    tab === "watchlist"
      ? (await listWatchlist(db, user)).map((p) => ({
          _id: p._id,
          slug: p.slug,
          title: p.title,
          shortDescription: p.shortDescription,
          fundingCurrent: p.fundingCurrent,
          fundingGoal: p.fundingGoal,
          fundingDeadline: p.fundingDeadline,
          daysLeft: p.daysLeft,
          status: p.status,
          sharesRemaining: p.sharesRemaining,
          followedAt: p.followedAt,
        }))
      : [];
  const followers = tab === "followers" ? await listFollowersOfOwnProject(db, user) : { project: null, followers: [] };
  const preferences = section === "notifications" && tab === "account" ? await getPreferences(db, user) : null;
  return {
    signedIn: true as const,
    tab,
    section,
    watchlist,
    followers,
    isFounder: user.role === "founder" || user.role === "admin",
    preferences,
    saved,
    loadError,
    profile: profile ?? EMPTY_PROFILE,
    complete: isProfileComplete(profile),
    user: { id: user.id, firstName: user.firstName, email: user.email },
    canInvest,
    investor,
    investorError,
  };
}

type FormName = "profile" | "password" | "revoke-others" | "financials" | "notifications" | "unfollow";

const FORM_NAMES: readonly FormName[] = [
  "profile",
  "password",
  "revoke-others",
  "financials",
  "notifications",
  "unfollow",
];

function refused(
  form: FormName,
  status: number,
  message: string,
  errors: FieldErrors = {},
  values = {},
  headers: Record<string, string> = {},
) {
  return data({ form, message, errors, values: values }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request, FORM_LIMITS.settings);
  const fields = [...body]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]): [string, string] => [name, value.replace(/\r\n?/g, "\n")]);
  const values = parseFormFields(fields);
  const intent: FormName = FORM_NAMES.find((f) => f === values.intent) ?? "profile";
  delete values.intent;
  // What the form sent back to it after a refusal (never the passwords).
  const echo = intent === "profile" || intent === "financials" ? values : {};
  const { db, sessionToken } = getApp(context);
  const user = getUser(context);
  if (!user) return refused(intent, 401, PROFILE_MESSAGES.signedOut, {}, echo);

  try {
    if (intent === "profile") {
      await savePublicProfile(db, user, user.id, values);
      return redirect("/settings?section=public-profile&saved=profile");
    }
    if (intent === "financials") {
      await saveFinancials(db, user, values);
      return redirect("/settings?section=investor-information&saved=financials");
    }
    if (intent === "notifications") {
      // A form sends only the checked boxes: every switch left out is off.
      await savePreferences(db, user, values, { partial: false });
      return redirect("/settings?section=notifications&saved=notifications");
    }
    if (intent === "unfollow") {
      await setFollowing(db, user, typeof values.projectId === "string" ? values.projectId : "", false);
      return redirect("/settings?tab=watchlist&saved=unfollowed");
    }
    if (intent === "password") {
      await changePassword(db, user, sessionToken, values);
      return redirect("/settings?section=login-security&saved=password");
    }
    await signOutOtherSessions(db, user, sessionToken);
    return redirect("/settings?section=login-security&saved=sessions");
  } catch (e) {
    if (!isServiceError(e)) {
      console.error("settings: saving failed", e);
      const message = intent === "profile" ? PROFILE_MESSAGES.failed("Something went wrong") : "Something went wrong";
      return refused(intent, 500, message, {}, echo);
    }
    const message = intent === "profile" ? PROFILE_MESSAGES.failed(e.message) : e.message;
    // Passwords are never sent back to the page.
    return refused(intent, e.status, message, e.errors ?? {}, echo, errorHeaders(e));
  }
}

/** A message that takes focus when it appears with JavaScript (the page reloads at the top without). */
function Alert({ tone, children, id }: { tone: "error" | "success"; children: React.ReactNode; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [children]);
  return (
    <div ref={ref} id={id} tabIndex={-1} className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

function SignedOut({ message }: { message: string | null }) {
  return (
    <div className="container container-narrow page-body">
      <div className="card card-body settings-signed-out">
        <h1 className="page-title">Authentication Required</h1>
        {message ? <Alert tone="error">{message}</Alert> : null}
        <p>Please sign in to view and change your account settings.</p>
        <p>
          <Link to={signinHref("/settings")} className="btn btn-primary">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}

const text = (x: unknown) => (typeof x === "string" ? x : Array.isArray(x) ? x.join(", ") : "");

function ProfileForm({
  profile,
  values,
  errors,
  message,
}: {
  profile: PublicProfile;
  values: Record<string, unknown> | null;
  errors: FieldErrors;
  message: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  // After a refusal the form shows what was typed; otherwise the saved profile.
  const v = (name: keyof PublicProfile) => (values ? text(values[name]) : text(profile[name]));
  const conf = (values?.confidentiality ?? null) as Record<string, unknown> | null;
  const checked = (key: (typeof CONFIDENTIALITY_FLAGS)[number]["key"]) =>
    values ? conf?.[key] === "on" || conf?.[key] === "true" : profile.confidentiality[key];
  const required = PROFILE_MESSAGES.requiredHint;
  const common = { errors, schema: publicProfileSchema };
  return (
    <Form method="post" className="form" noValidate aria-labelledby="public-profile-title">
      {message ? <Alert tone="error">{message}</Alert> : null}
      <input type="hidden" name="intent" value="profile" />
      <Field
        name="username"
        label="Username"
        hint={
          <>
            3 to 30 characters: letters, digits, - or _. Your public page is /investors/
            <em>username</em>.
          </>
        }
        {...common}
      >
        {(p) => <input {...p} type="text" autoComplete="username" defaultValue={v("username")} spellCheck={false} />}
      </Field>
      <Field name="bio" label="Bio" hint={required} {...common}>
        {(p) => <textarea {...p} rows={4} defaultValue={v("bio")} />}
      </Field>
      <Field name="site" label="Site" hint={`${required}. A link starting with https:// or http://`} {...common}>
        {(p) => <input {...p} type="url" inputMode="url" autoComplete="url" defaultValue={v("site")} />}
      </Field>
      <Field name="investingThesis" label="Investing thesis" hint={required} {...common}>
        {(p) => <textarea {...p} rows={4} defaultValue={v("investingThesis")} />}
      </Field>
      <Field name="wefunderUrl" label="Wefunder profile URL" {...common}>
        {(p) => <input {...p} type="url" inputMode="url" defaultValue={v("wefunderUrl")} />}
      </Field>
      <Field name="about" label="About" {...common}>
        {(p) => <textarea {...p} rows={5} defaultValue={v("about")} />}
      </Field>
      <Field name="offPlatformInvestments" label="Off-platform investments" {...common}>
        {(p) => <textarea {...p} rows={3} defaultValue={v("offPlatformInvestments")} />}
      </Field>
      <Field name="investmentSize" label="Typical investment size" {...common}>
        {(p) => <input {...p} type="text" defaultValue={v("investmentSize")} />}
      </Field>
      <Field name="interests" label="Interests" hint="Separate with commas, up to 10." {...common}>
        {(p) => <input {...p} type="text" defaultValue={v("interests")} />}
      </Field>
      <fieldset className="settings-flags">
        <legend>Confidentiality</legend>
        {CONFIDENTIALITY_FLAGS.map((f) => (
          <label key={f.key} className="settings-flag">
            <input type="checkbox" name={`confidentiality.${f.key}`} defaultChecked={checked(f.key)} />
            <span>{f.label}</span>
          </label>
        ))}
        <p className="field-hint">Location is not shown anywhere yet; the setting is kept for when it is.</p>
      </fieldset>
      <div className="form-actions cluster">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save profile"}
        </button>
        {profile.username ? (
          <Link to={`/investors/${profile.username}`} className="btn btn-secondary">
            View my public page
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function SecurityForms({
  errors,
  message,
  form,
}: {
  errors: FieldErrors;
  message: string | null;
  form: FormName | null;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const pwErrors = form === "password" ? errors : {};
  // A refused change is shown with empty password fields (with JavaScript the inputs would keep
  // what was typed; without it the page comes back empty anyway).
  const passwordForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form === "password") passwordForm.current?.reset();
  }, [form, errors]);
  return (
    <>
      <section className="card card-body stack" aria-labelledby="password-title">
        <h3 id="password-title" className="card-title">
          Change password
        </h3>
        <Form ref={passwordForm} method="post" className="form" noValidate>
          {form === "password" && message ? <Alert tone="error">{message}</Alert> : null}
          <input type="hidden" name="intent" value="password" />
          <Field name="currentPassword" label="Current password" errors={pwErrors}>
            {(p) => <input {...p} type="password" autoComplete="current-password" required />}
          </Field>
          <Field
            name="newPassword"
            label="New password"
            hint="At least 6 characters, and not a common password."
            errors={pwErrors}
          >
            {(p) => <input {...p} type="password" autoComplete="new-password" required minLength={6} maxLength={128} />}
          </Field>
          <Field name="confirmPassword" label="Confirm new password" errors={pwErrors}>
            {(p) => <input {...p} type="password" autoComplete="new-password" required />}
          </Field>
          <p className="field-hint">Changing your password signs you out of every other device.</p>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy("password")}>
              {busy("password") ? "Changing…" : "Change password"}
            </button>
          </div>
        </Form>
      </section>
      <section className="card card-body stack" aria-labelledby="sessions-title">
        <h3 id="sessions-title" className="card-title">
          Devices
        </h3>
        <p>Signed in somewhere you no longer use? End every session but this one.</p>
        {form === "revoke-others" && message ? <Alert tone="error">{message}</Alert> : null}
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <button type="submit" className="btn btn-secondary" disabled={busy("revoke-others")}>
            Sign out of all other devices
          </button>
        </Form>
      </section>
    </>
  );
}

const money = (dollars: number | null) => (dollars === null ? "No limit" : formatPrice(dollars));

/**
 * Settings, Investor Information (issue 9): the Reg CF limit as it stands, the form that sets its
 * inputs (with and without JavaScript), and how the limit is worked out and raised.
 */
function InvestorInformation({
  canInvest,
  loadError,
  financials,
  limits,
  values,
  errors,
  message,
}: {
  canInvest: boolean;
  loadError: string | null;
  financials: InvestorFinancials;
  limits: RegCfLimits;
  values: Record<string, unknown> | null;
  errors: FieldErrors;
  message: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "financials";
  if (!canInvest) {
    return (
      <section id="investor-information" className="card card-body stack" aria-labelledby="investor-title">
        <h2 id="investor-title" className="card-title">
          Investor Information
        </h2>
        {message ? <Alert tone="error">{message}</Alert> : <p>{FINANCIALS_MESSAGES.founders}</p>}
      </section>
    );
  }
  // After a refusal the form shows what was sent; otherwise the saved figures.
  const figure = (name: "annualIncome" | "netWorth") =>
    values ? text(values[name]) : financials[name] === null ? "" : String(financials[name]);
  const ticked = (name: "accredited" | "applyLimits") =>
    values ? values[name] === "on" || values[name] === "true" : financials[name];
  const common = { errors, schema: investorFinancialsSchema };
  const nothingDeclared = financials.annualIncome === null && financials.netWorth === null;

  return (
    <section id="investor-information" className="stack" aria-labelledby="investor-title">
      <h2 id="investor-title" className="settings-section-title">
        Investor Information
      </h2>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}

      <section className="card card-body stack limit-summary" aria-labelledby="limit-title">
        <h3 id="limit-title" className="card-title">
          Your Reg CF limit for the next 12 months
        </h3>
        <p className={`limit-status ${limits.applied ? "is-on" : "is-off"}`}>
          {limits.applied
            ? "The limits are on: your purchases in RegCF and SAFE offerings are held to this limit."
            : "The limits are off: you invest with unlimited virtual funds. This is what the real limit would be."}
        </p>
        <dl className="limit-figures">
          <div>
            <dt>Limit</dt>
            <dd>{limits.limit === null ? "No limit (accredited)" : money(limits.limit)}</dd>
          </div>
          <div>
            <dt>Used in the last 12 months</dt>
            <dd>{formatPrice(limits.used)}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd>{money(limits.remaining)}</dd>
          </div>
        </dl>
        {nothingDeclared && !financials.accredited ? (
          <p className="field-hint">
            You have not declared your annual income and net worth, so the {formatPrice(REG_CF_FLOOR)} minimum limit
            applies. Add them below to raise your limit.
          </p>
        ) : null}
      </section>

      <section className="card card-body stack" aria-labelledby="financials-title">
        <h3 id="financials-title" className="card-title">
          Your finances (simulated)
        </h3>
        <p className="muted">
          Self-declared and simulated, in whole dollars: CampusFund moves no real money. The figures only decide your
          investment limits.
        </p>
        <Form method="post" className="form" noValidate aria-labelledby="financials-title">
          {message ? <Alert tone="error">{message}</Alert> : null}
          <input type="hidden" name="intent" value="financials" />
          <Field
            name="annualIncome"
            label="Annual income (USD)"
            hint="Leave empty if you prefer not to say."
            {...common}
          >
            {(p) => <input {...p} type="number" inputMode="numeric" defaultValue={figure("annualIncome")} />}
          </Field>
          <Field
            name="netWorth"
            label="Net worth (USD)"
            hint="Everything you own minus what you owe, without your home."
            {...common}
          >
            {(p) => <input {...p} type="number" inputMode="numeric" defaultValue={figure("netWorth")} />}
          </Field>
          <fieldset className="settings-flags">
            <legend>Declarations</legend>
            <label className="settings-flag">
              <input
                type="checkbox"
                name="accredited"
                defaultChecked={ticked("accredited")}
                aria-describedby={errors.accredited ? "accredited-hint accredited-error" : "accredited-hint"}
                aria-invalid={errors.accredited ? true : undefined}
              />
              <span>I am an accredited investor</span>
            </label>
            <p className="field-hint" id="accredited-hint">
              For example: income over $200,000 (or $300,000 with a spouse) in each of the last two years, or a net
              worth over $1 million without your home. Accredited investors have no limit.
            </p>
            {errors.accredited ? (
              <p className="field-error" id="accredited-error">
                {errors.accredited}
              </p>
            ) : null}
            <label className="settings-flag settings-switch">
              <input
                type="checkbox"
                role="switch"
                name="applyLimits"
                defaultChecked={ticked("applyLimits")}
                aria-describedby={errors.applyLimits ? "apply-hint applyLimits-error" : "apply-hint"}
                aria-invalid={errors.applyLimits ? true : undefined}
              />
              <span>Invest under the real Reg CF limits</span>
            </label>
            <p className="field-hint" id="apply-hint">
              Off by default: demo accounts have unlimited virtual funds. Turn it on to be held to the real rules.
            </p>
            {errors.applyLimits ? (
              <p className="field-error" id="applyLimits-error">
                {errors.applyLimits}
              </p>
            ) : null}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Saving…" : "Save investor information"}
            </button>
          </div>
        </Form>
      </section>

      <section className="card card-body stack" aria-labelledby="raise-title">
        <h3 id="raise-title" className="card-title">
          How the limit works, and how to raise it
        </h3>
        <ul className="limit-rules">
          <li>
            If your annual income <strong>or</strong> your net worth is below {formatPrice(REG_CF_THRESHOLD)}: the
            greater of {formatPrice(REG_CF_FLOOR)} or {REG_CF_LOW_PERCENT}% of the greater of the two, across all Reg CF
            offerings in any 12 months.
          </li>
          <li>
            If both are at least {formatPrice(REG_CF_THRESHOLD)}: {REG_CF_HIGH_PERCENT}% of the greater, at most{" "}
            {formatPrice(REG_CF_CAP)}.
          </li>
          <li>RegCF and SAFE offerings count toward it; a cancelled investment gives its room back.</li>
          <li>
            RegA+ offerings have their own rule: at most {REG_A_PERCENT}% of the greater of your income and net worth in
            each offering.
          </li>
          <li>Accredited investors have no limit.</li>
        </ul>
        <p className="muted">
          To raise your limit, declare a higher income or net worth, or declare yourself accredited. These are the
          current figures of SEC Regulation Crowdfunding (17 CFR 227.100), applied to virtual money.
        </p>
      </section>
    </section>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  // A save whose session ended meanwhile: the spec's 'You must be logged in to save settings'.
  if (!loaderData.signedIn) return <SignedOut message={actionData?.message ?? null} />;
  const { tab, section, saved, loadError, profile, complete, canInvest, investor, investorError } = loaderData;
  const { watchlist, followers, isFounder, preferences } = loaderData;
  const refusal = actionData ?? null;
  const activeSection: SectionId =
    refusal?.form === "profile"
      ? "public-profile"
      : refusal?.form === "financials"
        ? "investor-information"
        : refusal?.form === "notifications"
          ? "notifications"
          : refusal && refusal.form !== "unfollow"
            ? "login-security"
            : section;
  const sectionLabel = SECTIONS.find((s) => s.id === activeSection)!.label;
  const tabLabel = TABS.find((t) => t.id === tab)!.label;

  return (
    <div className="container page-body settings-page">
      <header className="page-header">
        <h1 className="page-title">Account Settings</h1>
      </header>

      <nav className="settings-tabs" aria-label="Account">
        <ul>
          {TABS.map((t) => (
            <li key={t.id}>
              <Link to={`?tab=${t.id}`} aria-current={t.id === tab ? "page" : undefined} className="link-tab">
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {!complete ? (
        <div className="alert alert-warning settings-incomplete" role="region" aria-label="Your account">
          <p>
            <strong>Your account is incomplete.</strong> Add a bio, your site and your investing thesis so founders know
            who is backing them.
          </p>
          <Link to="?section=public-profile#public-profile" className="btn btn-primary btn-sm">
            Complete my account
          </Link>
        </div>
      ) : null}

      {tab === "watchlist" ? (
        <div className="stack">
          {saved && !refusal ? <Alert tone="success">{saved}</Alert> : null}
          {refusal?.form === "unfollow" ? <Alert tone="error">{refusal.message}</Alert> : null}
          <WatchlistTab projects={watchlist} />
        </div>
      ) : tab === "followers" ? (
        <FollowersTab project={followers.project} followers={followers.followers} isFounder={isFounder} />
      ) : tab !== "account" ? (
        <section className="card card-body settings-soon" aria-labelledby="tab-title">
          <h2 id="tab-title" className="card-title">
            {tabLabel}
          </h2>
          <p className="muted">Coming soon.</p>
        </section>
      ) : (
        <div className="settings-layout">
          <nav className="settings-sidebar" aria-label="Settings sections">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`?section=${s.id}`}
                    aria-current={s.id === activeSection ? "page" : undefined}
                    preventScrollReset
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="settings-content stack">
            {saved && !refusal ? <Alert tone="success">{saved}</Alert> : null}
            {activeSection === "public-profile" ? (
              <section id="public-profile" className="card card-body stack" aria-labelledby="public-profile-title">
                <h2 id="public-profile-title" className="card-title">
                  Public Profile
                </h2>
                <p className="muted">What other investors and founders see on your public page.</p>
                {loadError ? <Alert tone="error">{loadError}</Alert> : null}
                <ProfileForm
                  key={refusal ? "refused" : `saved-${JSON.stringify(profile)}`}
                  profile={profile}
                  values={refusal?.form === "profile" ? refusal.values : null}
                  errors={refusal?.form === "profile" ? refusal.errors : {}}
                  message={refusal?.form === "profile" ? refusal.message : null}
                />
              </section>
            ) : activeSection === "login-security" ? (
              <section id="login-security" className="stack" aria-labelledby="login-security-title">
                <h2 id="login-security-title" className="settings-section-title">
                  Login &amp; Security
                </h2>
                <SecurityForms
                  errors={refusal?.errors ?? {}}
                  message={refusal?.message ?? null}
                  form={refusal?.form ?? null}
                />
              </section>
            ) : activeSection === "investor-information" ? (
              <InvestorInformation
                key={refusal ? "refused" : `saved-${JSON.stringify(investor)}`}
                canInvest={canInvest}
                loadError={investorError}
                financials={investor?.financials ?? EMPTY_FINANCIALS}
                limits={investor?.limits ?? regCfLimits(EMPTY_FINANCIALS, 0, false)}
                values={refusal?.form === "financials" ? refusal.values : null}
                errors={refusal?.form === "financials" ? refusal.errors : {}}
                message={refusal?.form === "financials" ? refusal.message : null}
              />
            ) : activeSection === "notifications" && preferences ? (
              <NotificationSettings preferences={{ ...preferences }} labels={PREFERENCE_LABELS} />
            ) : (
              <section className="card card-body" aria-labelledby="section-title">
                <h2 id="section-title" className="card-title">
                  {sectionLabel}
                </h2>
                <p className="muted">Coming soon.</p>
              </section>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
