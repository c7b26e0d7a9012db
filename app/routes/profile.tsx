/**
 * /profile: the investor profile page (spec section 2), for any signed-in user.
 *
 * - Header (avatar, name, email, badge) with Edit Profile (`?edit=1`) / Cancel as links; the
 *   demo balance and credit cards; four stat cards from the portfolio math (the one
 *   diversification score, 0 % with nothing invested).
 * - Tabs as links (`?tab=overview|investments|preferences|financial`), so every panel works
 *   without JavaScript; only the active one is rendered. My Investments and the Financial Info
 *   statement page 20 at a time (`&page=`, the project page's pager); the stat cards, the demo
 *   account and the pie are the SQL sums of every active investment, read in the same batch
 *   (worker/services/money/holdings.ts `readPortfolio`), so a tab costs the same queries at any size.
 * - The edit form posts here; the action hands the nested values to `updateProfile` (the same
 *   service as `PUT /api/users/me`) and redirects to `/profile?saved=1` on success ('Profile
 *   updated successfully'), or re-renders the form with the values typed, each field's error and
 *   'Failed to save profile: {reason}'. With and without JavaScript alike.
 * - A founder has no investments (spec section 6): no investing stat cards, and the investment
 *   panels say so instead.
 */
import { lazy } from "react";
import { Link, redirect } from "react-router";

import { pageMeta } from "../components/meta";
import type { ProfileFormValues } from "../components/profile/ProfileForm";
import { formatDiversification } from "../../domain/money/portfolio-math";
import { MoneyCards, Stat } from "../components/profile/MoneyCards";
import { Overview } from "../components/profile/panels";
import { PROFILE_TAB_LABELS, PROFILE_TABS } from "../components/profile/tabs";
import { LinkTabs } from "../components/project/LinkTabs";
import { can } from "../../domain/shared/access";
import { formatMoney, formatNumber } from "../../domain/shared/format";
import { parseFormFields } from "../../domain/shared/form-kit";
import { PROFILE_MESSAGES, type ProfileDTO } from "../../domain/accounts/profile-form";

import { readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { MESSAGES } from "../../domain/shared/messages";
import { formFailed } from "../server/form-result";
import { getApp, getUser, requireUser } from "../server/guards.server";
import { isServiceError } from "../../worker/services/shared/errors";
import { holdingsPageParam, readPortfolio, type PortfolioRead } from "../../worker/services/money/holdings";
import { getProfile, updateProfile } from "../../worker/services/accounts/profile";
import { profileQuery, profileTab, profileView } from "./profile.server";
import { demoAccountNumber } from "../../domain/money/portfolio-account";
import type { Route } from "./+types/profile";

/**
 * The edit form (`?edit=1`) and the tabs other than Overview are code a first load of /profile does
 * not need: each a chunk fetched when shown. No Suspense boundary: the server renders it into the
 * page (the shell waits for the chunk, so a reader without JavaScript gets it whole) and hydration
 * waits for it the same way.
 */
const ProfileForm = lazy(() => import("../components/profile/ProfileForm").then((m) => ({ default: m.ProfileForm })));
const Financial = lazy(() => import("../components/profile/Financial").then((m) => ({ default: m.Financial })));
const tabPanels = () => import("../components/profile/tab-panels");
const Investments = lazy(() => tabPanels().then((m) => ({ default: m.Investments })));
const Preferences = lazy(() => tabPanels().then((m) => ({ default: m.Preferences })));
import { captureUnexpected } from "../server/capture";

export const meta: Route.MetaFunction = () => pageMeta("Profile", "Your CampusFund account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  const profile = await getProfile(db, user);
  const investor = can(user, "invest");
  const query = new URL(request.url).searchParams;
  let read: PortfolioRead | null = null;
  let investmentsFailed = false;
  if (investor) {
    try {
      read = await readPortfolio(
        db,
        user,
        user.id,
        profileQuery(profileTab(query), holdingsPageParam(query.get("page"))),
      );
    } catch (e) {
      // Spec section 8: a failed fetch shows an empty list and zero totals (and we say so).
      if (!isServiceError(e)) captureUnexpected(context, e);
      investmentsFailed = true;
    }
  }
  return profileView({
    query,
    profile,
    investor,
    read,
    investmentsFailed,
    accountNumber: await demoAccountNumber(user.id),
  });
}

function formValues(body: Record<string, unknown>, sectors: string[], goals: string[], email: string) {
  const prefs = (body.investmentPreferences ?? {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === "string" ? x : "");
  return {
    firstName: str(body.firstName),
    lastName: str(body.lastName),
    email,
    phoneNumber: str(body.phoneNumber),
    bio: str(body.bio),
    riskTolerance: str(prefs.riskTolerance),
    timeHorizon: str(prefs.timeHorizon),
    preferredSectors: sectors,
    investmentGoals: goals,
  } satisfies ProfileFormValues;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, FORM_LIMITS.profile);
  const text = [...form]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]): [string, string] => [name, value.replace(/\r\n?/g, "\n")]);
  const body = parseFormFields(text);
  // Checkboxes: every checked box is a value of the same name (none checked clears the list).
  const all = (name: string) => form.getAll(name).filter((x): x is string => typeof x === "string");
  const sectors = all("investmentPreferences.preferredSectors");
  const goals = all("investmentPreferences.investmentGoals");
  const prefs = (typeof body.investmentPreferences === "object" && body.investmentPreferences) || {};
  body.investmentPreferences = { ...prefs, preferredSectors: sectors, investmentGoals: goals };

  const user = getUser(context);
  try {
    await updateProfile(getApp(context).db, user, body);
  } catch (e) {
    return formFailed(e, formValues(body, sectors, goals, user?.email ?? ""), {
      banner: (reason) => PROFILE_MESSAGES.saveFailed(reason),
      unexpected: { context, message: PROFILE_MESSAGES.unexpected },
    });
  }
  throw redirect("/profile?saved=1");
}

function toFormValues(p: ProfileDTO): ProfileFormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phoneNumber ?? "",
    bio: p.bio ?? "",
    riskTolerance: p.investmentPreferences.riskTolerance,
    timeHorizon: p.investmentPreferences.timeHorizon,
    preferredSectors: p.investmentPreferences.preferredSectors,
    investmentGoals: p.investmentPreferences.investmentGoals,
  };
}

/**
 * The badge under the name. The spec's "Premium Investor" is earned: it shows once the investor
 * holds an investment; a new account says what it is ("Investor"), as a founder's and an admin's do.
 */
function roleBadge(role: string, held: number): string {
  if (role === "founder") return "Founder";
  if (role === "admin") return "Admin";
  return held > 0 ? "Premium Investor" : "Investor";
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile: p, tab, investor, investments, saved } = loaderData;
  const editing = loaderData.edit || !!actionData;
  const fullName = `${p.firstName} ${p.lastName}`.trim();
  const initials = `${p.firstName[0] ?? ""}${p.lastName[0] ?? ""}`.toUpperCase() || "P";

  const { totalInvested, count, score, shares } = loaderData.stats;

  return (
    <div className="container page-body profile-page">
      <header className="profile-head card">
        <span className="avatar avatar-lg profile-avatar" aria-hidden="true">
          {initials}
        </span>
        <div className="profile-id">
          <h1 className="page-title">{fullName || "Profile"}</h1>
          <p className="profile-email">{p.email}</p>
          <span className={`badge ${investor ? "badge-info" : "badge-success"}`}>{roleBadge(p.role, count)}</span>
        </div>
        <div className="profile-head-actions">
          {editing ? (
            <Link to="/profile" className="btn btn-secondary">
              Cancel
            </Link>
          ) : (
            <Link to="/profile?edit=1" className="btn btn-primary">
              Edit Profile
            </Link>
          )}
        </div>
      </header>

      {saved && !editing ? (
        <p className="alert alert-success" role="status">
          {MESSAGES.profileSaved}
        </p>
      ) : null}

      {editing ? (
        <section className="card card-body profile-edit" aria-labelledby="edit-title">
          <h2 id="edit-title" className="card-title">
            Edit profile
          </h2>
          <ProfileForm
            key={actionData?.message ?? "loaded"}
            values={actionData?.values ?? toFormValues(p)}
            errors={actionData?.errors ?? {}}
            message={actionData?.message ?? null}
          />
        </section>
      ) : null}

      <MoneyCards account={loaderData.account} withCredit={count > 0} />

      {investor ? (
        <ul className="stat-grid profile-stats" aria-label="Your investing at a glance">
          <Stat label="Total Invested" value={formatMoney(totalInvested)} />
          <Stat label="Investments" value={formatNumber(count)} />
          <Stat label="Diversification Score" value={formatDiversification(score)} />
          <Stat label="Shares Acquired" value={formatNumber(shares)} />
        </ul>
      ) : null}

      {loaderData.investmentsFailed ? (
        <p className="alert alert-error" role="alert">
          Failed to load your investments. Please try again later.
        </p>
      ) : null}

      <LinkTabs
        label="Profile sections"
        active={tab}
        tabs={PROFILE_TABS.map((t) => ({
          id: t,
          label: PROFILE_TAB_LABELS[t],
          href: t === "overview" ? "/profile" : `/profile?tab=${t}`,
        }))}
      />
      <section className="tab-panel card" aria-labelledby="panel-title">
        <h2 id="panel-title">{PROFILE_TAB_LABELS[tab]}</h2>
        {tab === "overview" ? (
          <Overview profile={p} investor={investor} active={loaderData.active} slices={loaderData.slices} />
        ) : tab === "investments" ? (
          <Investments investor={investor} investments={investments} list={loaderData.list} />
        ) : tab === "preferences" ? (
          <Preferences profile={p} />
        ) : (
          <Financial
            rows={loaderData.statement}
            paging={loaderData.statementPaging}
            hrefFor={(n) => (n === 1 ? "/profile?tab=financial" : `/profile?tab=financial&page=${n}`)}
            account={loaderData.account}
            accountNumber={loaderData.accountNumber}
            investor={investor}
          />
        )}
      </section>
    </div>
  );
}
