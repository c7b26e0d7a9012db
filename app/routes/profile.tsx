/**
 * /profile: the investor profile page (spec section 2), for any signed-in user.
 *
 * - Header (avatar, name, email, badge) with Edit Profile (`?edit=1`) / Cancel as links; the
 *   demo balance and credit cards; four stat cards from the portfolio math (the one
 *   diversification score, 0 % with nothing invested).
 * - Tabs as links (`?tab=overview|investments|preferences|financial`), so every panel works
 *   without JavaScript; only the active one is rendered.
 * - The edit form posts here; the action hands the nested values to `updateProfile` (the same
 *   service as `PUT /api/users/me`) and redirects to `/profile?saved=1` on success ('Profile
 *   updated successfully'), or re-renders the form with the values typed, each field's error and
 *   'Failed to save profile: {reason}'. With and without JavaScript alike.
 * - A founder has no investments (spec section 6): no investing stat cards, and the investment
 *   panels say so instead.
 */
import { Link, redirect } from "react-router";

import { pageMeta } from "../components/meta";
import { SlicePie } from "../components/charts/SlicePie";
import { InvestmentStatus } from "../components/portfolio/InvestmentStatus";
import { ProfileForm, type ProfileFormValues } from "../components/profile/ProfileForm";
import { LinkTabs } from "../components/project/LinkTabs";
import { capitalize, formatDate, formatMoney, formatNumber, formatPrice } from "../../domain/format";
import { parseFormFields } from "../../domain/form-kit";
import { toCents, toDollars } from "../../domain/money";
import { chartSlices, diversificationScore, holdingsFrom, sectorName } from "../../domain/portfolio-math";
import { PROFILE_MESSAGES, TIME_HORIZON_LABELS, type ProfileDTO } from "../../domain/profile-form";
import type { InvestmentDTO } from "../../domain/types";
import investCss from "../styles/invest.css?url";
import chartsCss from "../styles/charts.css?url";
import profileCss from "../styles/profile.css?url";

import { readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { formFailed } from "../server/form-result";
import { getApp, getUser, requireUser } from "../server/guards.server";
import { isServiceError } from "../../worker/services/errors";
import { listInvestments } from "../../worker/services/investments";
import { getProfile, updateProfile } from "../../worker/services/profile";
import type { Route } from "./+types/profile";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: investCss },
  { rel: "stylesheet", href: chartsCss },
  { rel: "stylesheet", href: profileCss },
];

export const meta: Route.MetaFunction = () => pageMeta("Profile", "Your CampusFund account.");

const TABS = ["overview", "investments", "preferences", "financial"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  overview: "Overview",
  investments: "My Investments",
  preferences: "Investment Preferences",
  financial: "Financial Info",
};

/** Spec section 9: the demo account's figures. */
const DEMO_BALANCE = 10_000_000;
const DEMO_AVAILABLE_CREDIT = 25_000_000;
const CREDIT_LIMIT = 100_000_000;

/**
 * A demo account number that stays the same for a user: 12 digits from SHA-256 of the user id
 * (nothing secret: it only has to look stable). Shown masked, last four digits only.
 */
async function demoAccountNumber(userId: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`campusfund:${userId}`)));
  return Array.from(bytes.slice(0, 12), (b) => String(b % 10)).join("");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : "overview";
  const profile = await getProfile(db, user);
  const investor = user.role !== "founder";
  let investments: InvestmentDTO[] = [];
  let investmentsFailed = false;
  if (investor) {
    try {
      investments = await listInvestments(db, user, user.id);
    } catch (e) {
      // Spec section 8: a failed fetch shows an empty list and zero totals (and we say so).
      if (!isServiceError(e)) console.error("profile: loading investments failed", e);
      investmentsFailed = true;
    }
  }
  return {
    tab,
    edit: url.searchParams.get("edit") === "1",
    saved: url.searchParams.get("saved") === "1",
    profile,
    investor,
    investmentsFailed,
    accountNumber: await demoAccountNumber(user.id),
    investments: investments.map((i) => ({
      _id: i._id,
      projectId: i.projectId,
      projectTitle: i.projectTitle,
      projectSlug: i.projectSlug,
      projectCategory: i.projectCategory,
      amountInvested: i.amountInvested,
      shares: i.shares,
      sharePrice: i.sharePrice,
      currentValue: i.currentValue,
      riskLevel: i.riskLevel,
      status: i.status,
      investedAt: i.investedAt,
      cancelledAt: i.cancelledAt,
    })),
  };
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
      unexpected: { log: "profile: saving failed", message: "Something went wrong. Please try again." },
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

type Investment = Route.ComponentProps["loaderData"]["investments"][number];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile: p, tab, investor, investments, saved } = loaderData;
  const editing = loaderData.edit || !!actionData;
  const fullName = `${p.firstName} ${p.lastName}`.trim();
  const initials = `${p.firstName[0] ?? ""}${p.lastName[0] ?? ""}`.toUpperCase() || "P";

  const holdings = holdingsFrom(investments);
  const totalInvested = toDollars(holdings.reduce((sum, h) => sum + toCents(h.amount), 0));
  const shares = holdings.reduce((sum, h) => sum + h.shares, 0);
  const score = holdings.length ? diversificationScore(holdings) : 0;

  return (
    <div className="container page-body profile-page">
      <header className="profile-head card">
        <span className="avatar avatar-lg profile-avatar" aria-hidden="true">
          {initials}
        </span>
        <div className="profile-id">
          <h1 className="page-title">{fullName || "Profile"}</h1>
          <p className="profile-email">{p.email}</p>
          <span className={`badge ${investor ? "badge-info" : "badge-success"}`}>
            {p.role === "founder" ? "Founder" : p.role === "admin" ? "Premium Investor · Admin" : "Premium Investor"}
          </span>
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
          {PROFILE_MESSAGES.saved}
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

      <MoneyCards />

      {investor ? (
        <ul className="stat-grid profile-stats" aria-label="Your investing at a glance">
          <Stat label="Total Invested" value={formatMoney(totalInvested)} />
          <Stat label="Investments" value={formatNumber(holdings.length)} />
          <Stat label="Diversification Score" value={`${score}%`} />
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
        tabs={TABS.map((t) => ({
          id: t,
          label: TAB_LABELS[t],
          href: t === "overview" ? "/profile" : `/profile?tab=${t}`,
        }))}
      />
      <section className="tab-panel card" aria-labelledby="panel-title">
        <h2 id="panel-title">{TAB_LABELS[tab]}</h2>
        {tab === "overview" ? (
          <Overview profile={p} investor={investor} investments={investments} />
        ) : tab === "investments" ? (
          <Investments investor={investor} investments={investments} />
        ) : tab === "preferences" ? (
          <Preferences profile={p} />
        ) : (
          <Financial investments={investments} accountNumber={loaderData.accountNumber} investor={investor} />
        )}
      </section>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <li className="stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
    </li>
  );
}

function MoneyCards() {
  return (
    <div className="profile-money">
      <section className="card card-body profile-balance" aria-labelledby="balance-title">
        <h2 id="balance-title" className="card-title">
          Demo balance
        </h2>
        <p className="profile-amount">{formatMoney(DEMO_BALANCE)}</p>
        <div className="cluster">
          <button type="button" className="btn btn-secondary btn-sm" disabled aria-describedby="funds-note">
            Deposit
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled aria-describedby="funds-note">
            Withdraw
          </button>
        </div>
        <p className="field-hint" id="funds-note">
          Deposit and Withdraw are not needed: this demo account has unlimited virtual funds, and no real money moves.
        </p>
      </section>
      <section className="card card-body profile-credit" aria-labelledby="credit-title">
        <h2 id="credit-title" className="card-title">
          CampusFund credit
        </h2>
        <dl className="kv-grid">
          <div>
            <dt>Credit limit</dt>
            <dd>{formatMoney(CREDIT_LIMIT)}</dd>
          </div>
          <div>
            <dt>Available credit</dt>
            <dd>{formatMoney(DEMO_AVAILABLE_CREDIT)}</dd>
          </div>
          <div>
            <dt>APR</dt>
            <dd>0.5%</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function EmptyInvestments() {
  return (
    <div className="empty-state profile-empty">
      <p>You have not invested in any startup yet.</p>
      <Link to="/demo" className="btn btn-primary">
        Explore projects
      </Link>
    </div>
  );
}

function FounderNote() {
  return (
    <p className="alert alert-info">
      Founder accounts do not invest, so there are no investments here. Follow your raise from{" "}
      <Link to="/my-projects">My Projects</Link>.
    </p>
  );
}

function Overview({
  profile: p,
  investor,
  investments,
}: {
  profile: ProfileDTO;
  investor: boolean;
  investments: Investment[];
}) {
  // The overview is about money at work: cancelled investments (history) are on the other tabs.
  const active = investments.filter((i) => i.status === "active");
  const slices = chartSlices(holdingsFrom(active));
  return (
    <>
      <div className="panel-section">
        <h3>Personal information</h3>
        <dl className="meta-list">
          <dt>Name</dt>
          <dd>{`${p.firstName} ${p.lastName}`}</dd>
          <dt>Email</dt>
          <dd>{p.email}</dd>
          <dt>Phone</dt>
          <dd>{p.phoneNumber ?? "Not provided"}</dd>
          <dt>Bio</dt>
          <dd className="profile-bio">{p.bio ?? "No bio provided yet."}</dd>
          <dt>Account type</dt>
          <dd>{capitalize(p.role)}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(p.memberSince)}</dd>
        </dl>
      </div>
      {!investor ? (
        <div className="panel-section">
          <FounderNote />
        </div>
      ) : active.length === 0 ? (
        <div className="panel-section">
          <EmptyInvestments />
        </div>
      ) : (
        <>
          <div className="panel-section">
            <h3>Portfolio diversification</h3>
            <SlicePie
              slices={slices}
              subject="Category"
              summaryPrefix="Investments by category"
              tableLabel="Investments by category as a table"
              testId="category-pie"
            />
          </div>
          <div className="panel-section">
            <h3>Recent investments</h3>
            <ul className="profile-recent">
              {active.slice(0, 3).map((i) => (
                <li key={i._id}>
                  <Link to={`/project/${i.projectSlug}`}>{i.projectTitle}</Link>
                  <span>
                    {formatMoney(i.amountInvested)} · {formatNumber(i.shares)} shares · {formatDate(i.investedAt)}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/portfolio" className="btn btn-secondary">
              View full portfolio
            </Link>
          </div>
        </>
      )}
    </>
  );
}

function Investments({ investor, investments }: { investor: boolean; investments: Investment[] }) {
  if (!investor) return <FounderNote />;
  if (investments.length === 0) return <EmptyInvestments />;
  return (
    <ul className="profile-investments">
      {investments.map((i) => (
        <li key={i._id} className="profile-investment">
          <div className="profile-investment-head">
            <h3>{i.projectTitle}</h3>
            <InvestmentStatus status={i.status} />
          </div>
          <dl className="kv-grid">
            <div>
              <dt>Invested</dt>
              <dd>{formatMoney(i.amountInvested)}</dd>
            </div>
            <div>
              <dt>Current value</dt>
              <dd>{i.status === "cancelled" ? "None (cancelled)" : formatMoney(i.currentValue)}</dd>
            </div>
            <div>
              <dt>Shares</dt>
              <dd>
                {formatNumber(i.shares)} at {formatPrice(i.sharePrice)}
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{sectorName(i.projectCategory)}</dd>
            </div>
            <div>
              <dt>Risk</dt>
              <dd>{capitalize(i.riskLevel)}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDate(i.investedAt)}</dd>
            </div>
          </dl>
          <Link to={`/project/${i.projectSlug}`} className="btn btn-secondary btn-sm profile-investment-link">
            View project<span className="visually-hidden">: {i.projectTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Preferences({ profile: p }: { profile: ProfileDTO }) {
  const prefs = p.investmentPreferences;
  return (
    <>
      <dl className="meta-list">
        <dt>Risk tolerance</dt>
        <dd>{capitalize(prefs.riskTolerance)}</dd>
        <dt>Time horizon</dt>
        <dd>{TIME_HORIZON_LABELS[prefs.timeHorizon]}</dd>
        <dt>Preferred sectors</dt>
        <dd>{prefs.preferredSectors.length ? prefs.preferredSectors.join(", ") : "None chosen"}</dd>
        <dt>Investment goals</dt>
        <dd>{prefs.investmentGoals.length ? prefs.investmentGoals.join(", ") : "None chosen"}</dd>
      </dl>
      <p className="panel-section">
        <Link to="/profile?edit=1" className="btn btn-secondary">
          Edit preferences
        </Link>
      </p>
    </>
  );
}

/**
 * The statement's rows: each purchase, and for a cancelled investment the refund on the day it was
 * cancelled, with running totals in date order (oldest first, in cents), shown newest first. The
 * total is what is invested now: a cancellation takes its purchase back out.
 */
function statementRows(investments: Investment[]) {
  const entries = investments.flatMap((i) => {
    const cents = toCents(i.amountInvested);
    const purchase = { key: i._id, at: i.investedAt, projectTitle: i.projectTitle, shares: i.shares };
    const rows = [{ ...purchase, cents, refund: false }];
    if (i.status === "cancelled" && i.cancelledAt) {
      rows.push({ ...purchase, key: `${i._id}-cancelled`, at: i.cancelledAt, cents: -cents, refund: true });
    }
    return rows;
  });
  const chronological = entries.sort((a, b) => a.at.localeCompare(b.at));
  let total = 0;
  return chronological
    .map((e) => {
      total += e.cents;
      return { ...e, amount: Math.abs(e.cents) / 100, runningTotal: total / 100 };
    })
    .reverse();
}

function Financial({
  investments,
  accountNumber,
  investor,
}: {
  investments: Investment[];
  accountNumber: string;
  investor: boolean;
}) {
  const rows = statementRows(investments);
  return (
    <>
      <p className="alert alert-warning profile-disclaimer">
        Demo account: every figure here is simulated. No real money is held, moved or paid out, and the account has
        unlimited virtual funds.
      </p>
      <dl className="kv-grid">
        <div>
          <dt>Account number</dt>
          <dd>
            <span aria-hidden="true">•••• •••• </span>
            <span className="visually-hidden">ending in </span>
            {accountNumber.slice(-4)}
          </dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>Unlimited (virtual)</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>0.00%</dd>
        </div>
      </dl>
      <div className="panel-section">
        <h3>Demo bank statement</h3>
        {!investor ? (
          <FounderNote />
        ) : rows.length === 0 ? (
          <EmptyInvestments />
        ) : (
          <div className="table-scroll">
            <table className="holdings profile-statement">
              <caption className="field-hint">
                Your purchases and cancellations, newest first. The running total adds each purchase to the ones before
                it and takes a cancelled one back out.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Project</th>
                  <th scope="col" className="num">
                    Shares
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Running total
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key}>
                    <td>{formatDate(r.at)}</td>
                    <th scope="row">{r.refund ? `${r.projectTitle} (cancelled, refunded)` : r.projectTitle}</th>
                    <td className="num">{r.refund ? `−${formatNumber(r.shares)}` : formatNumber(r.shares)}</td>
                    <td className="num">
                      {r.refund ? "+" : "−"}
                      {formatMoney(r.amount)}
                    </td>
                    <td className="num">{formatMoney(r.runningTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
