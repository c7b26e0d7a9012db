/**
 * What the settings routes share on the server: how each form's action runs (`settingsAction`),
 * the `?saved=` codes, and the reads of each tab and section (each only where it is shown).
 */
import { redirect, type RouterContextProvider } from "react-router";

import { DELETION_MESSAGES, deletionDate } from "../../../domain/accounts/account-deletion";
import { can } from "../../../domain/shared/access";
import { parseFormFields } from "../../../domain/shared/form-kit";
import { FINANCIALS_MESSAGES, type InvestorFinancials } from "../../../domain/money/investor-financials-form";
import { FORM_LIMITS } from "../../../domain/shared/limits";
import { PASSWORD_MESSAGES } from "../../../domain/accounts/password-form";
import { PASSKEY_MESSAGES } from "../../../domain/accounts/passkeys";
import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../../domain/accounts/two-factor-settings";
import { demoAccountNumber, demoAccountOf } from "../../../domain/money/portfolio-account";
import { PROFILE_MESSAGES } from "../../../domain/accounts/public-profile-form";
import type { RegCfLimits } from "../../../domain/money/reg-cf";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { deletionWarnings } from "../../../worker/services/accounts/account-deletion";
import { CONFIRMATION_WINDOW_MS, recentlyConfirmed } from "../../../worker/services/accounts/step-up";
import { MINUTE_MS } from "../../../domain/shared/dates";
import { readTwoFactor } from "../../../worker/services/accounts/two-factor-settings";
import { listFollowersOfOwnProject, listWatchlist } from "../../../worker/services/conversation/follows";
import { readPortfolio } from "../../../worker/services/money/holdings";
import { getFinancials } from "../../../worker/services/money/investor-limits";
import { pageParam } from "../../../worker/services/shared/list-page";
import { getPreferences, NOTIFICATION_MESSAGES } from "../../../worker/services/conversation/notifications";
import type { MoneyView } from "../../components/settings/AccountMoney";
import { readForm } from "../../server/form.server";
import { formFailed, formFailure } from "../../server/form-result";
import { SESSION_MESSAGES } from "../../../domain/accounts/sessions";
import { getApp, getUser } from "../../server/guards.server";
import { captureUnexpected } from "../../server/capture";

/** `?saved=` codes after a settings form's redirect (codes, never free text). */
const SAVED = {
  profile: PROFILE_MESSAGES.saved,
  password: PASSWORD_MESSAGES.changed,
  sessions: PASSWORD_MESSAGES.othersSignedOut,
  financials: FINANCIALS_MESSAGES.saved,
  notifications: NOTIFICATION_MESSAGES.saved,
  unfollowed: "The project was removed from your watchlist",
  deletion: "We received your request to delete your account.",
  kept: DELETION_MESSAGES.canceled,
  "two-factor-off": TWO_FACTOR_SETTINGS_MESSAGES.turnedOff,
  /** The layout words it with the new address (ADR 045); this is its wording without one. */
  email: "We sent a link to your new address. Your address changes when you confirm it.",
  "passkey-added": PASSKEY_MESSAGES.added,
  "passkey-renamed": PASSKEY_MESSAGES.renamed,
  "passkey-removed": PASSKEY_MESSAGES.removed,
  ended: SESSION_MESSAGES.ended,
} as const;

/** The message a `?saved=` code stands for, or null. */
export function savedMessage(url: URL): string | null {
  const code = url.searchParams.get("saved");
  return code && Object.hasOwn(SAVED, code) ? SAVED[code as keyof typeof SAVED] : null;
}

/** One form of a settings page: what it saves and where it goes when saved. */
export interface SettingsForm {
  /** Whether a refusal sends back what was typed (never for the password forms). */
  echo: boolean;
  save: (args: {
    db: Database;
    user: SessionUser;
    sessionToken: string | null;
    values: Record<string, unknown>;
  }) => Promise<unknown>;
  /** The page with the saved notice (`?saved=` one of SAVED's codes). */
  savedTo: `/settings${"" | `/${string}`}?${string}saved=${keyof typeof SAVED}`;
  /** The banner around a refusal's message (the public profile's 'Failed to save profile: …'). */
  banner?: (message: string) => string;
}

/**
 * A settings route's action. Its forms are named by `intent`, and every intent the route accepts
 * has its form in `forms`: any other (or none) is a 400 that says so and changes nothing. A visitor
 * gets the spec's 'You must be logged in to save settings' (401). A save redirects to the page with
 * `?saved=` (with and without JavaScript); a refusal is a FormFailure for that form, with what was
 * typed when the form echoes it.
 */
export async function settingsAction<Intent extends string>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  forms: Record<Intent, SettingsForm>,
  unknownIntent: string,
) {
  const body = await readForm(request, FORM_LIMITS.settings);
  // Browsers send a textarea's line breaks as CRLF: stored text uses LF, as the API's does.
  const fields = [...body]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]): [string, string] => [name, value.replace(/\r\n?/g, "\n")]);
  const values = parseFormFields(fields);
  const intent = values.intent;
  delete values.intent;
  if (typeof intent !== "string" || !Object.hasOwn(forms, intent)) return formFailure(400, unknownIntent, {});
  const form = forms[intent as Intent];
  const echo = form.echo ? values : {};
  const { db, sessionToken } = getApp(context);
  const user = getUser(context);
  if (!user) return formFailure(401, PROFILE_MESSAGES.signedOut, echo, { form: intent });
  try {
    await form.save({ db, user, sessionToken, values });
  } catch (e) {
    const failed = "Something went wrong";
    return formFailed(e, echo, {
      form: intent,
      banner: form.banner,
      unexpected: { context, message: failed },
    });
  }
  return redirect(form.savedTo);
}

/** Investor Information: the figures and the Reg CF limit, for those who may invest. */
export async function loadInvestor(
  context: Readonly<RouterContextProvider>,
  db: Database,
  user: SessionUser,
): Promise<{ investor: { financials: InvestorFinancials; limits: RegCfLimits } | null; investorError: string | null }> {
  if (!can(user, "invest")) return { investor: null, investorError: null };
  try {
    return { investor: await getFinancials(db, user), investorError: null };
  } catch (e) {
    captureUnexpected(context, e);
    return { investor: null, investorError: "Failed to load your investor information. Please try again later." };
  }
}

/**
 * The Watchlist tab: one page of the followed projects (`?watchlist=`, 20 a page, newest follow
 * first), with what the tab shows of each, and the paging fields.
 */
export async function loadWatchlist(db: Database, user: SessionUser, url: URL) {
  const list = await listWatchlist(db, user, pageParam(url.searchParams.get("watchlist")));
  return {
    ...list,
    projects: list.projects.map((p) => ({
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
      settlement: p.settlement,
      followedAt: p.followedAt,
    })),
  };
}

/** The Followers tab: one page (`?followers=`, 20 a page) of who follows the founder's own project. */
export const loadFollowers = (db: Database, user: SessionUser, url: URL) =>
  listFollowersOfOwnProject(db, user, pageParam(url.searchParams.get("followers")));

/** The Notifications section: which events the user hears about. */
export const loadPreferences = (db: Database, user: SessionUser) => getPreferences(db, user);

/**
 * The demo account's money, for the Portfolio, Cash and Tax Docs tabs and Banks & Cards: the same
 * figures as the profile (domain/money/portfolio-account.ts), summed in SQL, with the statement's newest
 * page and the years it covers, in one batch. A founder invests nothing (spec section 6).
 */
export async function loadMoney(db: Database, user: SessionUser): Promise<MoneyView> {
  const investor = can(user, "invest");
  const read = investor
    ? await readPortfolio(db, user, user.id, { summary: true, statement: { page: 1 }, years: true })
    : null;
  const statement = read?.statement;
  return {
    investor,
    account: demoAccountOf(read?.summary ?? { cents: 0, count: 0 }),
    statement: statement?.rows ?? [],
    statementPaging: { total: statement?.total ?? 0, page: 1, pageCount: statement?.pageCount ?? 1 },
    accountNumber: await demoAccountNumber(user.id),
    years: read?.years ?? [],
  };
}

/** What a section needs to offer a form that wants a fresh confirmation (step-up, ADR 054). */
export function confirmationView(user: SessionUser): { confirmed: boolean; minutes: number } {
  return { confirmed: recentlyConfirmed(user), minutes: CONFIRMATION_WINDOW_MS / MINUTE_MS };
}

/** Login & Security's two-step sign-in card: whether it is on (null signed out). */
export async function loadTwoFactorOn(context: Readonly<RouterContextProvider>): Promise<boolean | null> {
  const user = getUser(context);
  return user ? (await readTwoFactor(getApp(context).db, user)).on : null;
}

/**
 * The Your Data section: whether the downloads may be offered (a recent confirmation), when the
 * account will be deleted (read with the session), else the warnings deletion would give (bounded
 * reads). Null signed out.
 */
export async function loadYourData(context: Readonly<RouterContextProvider>) {
  const user = getUser(context);
  if (!user) return null;
  const at = user.deletionRequestedAt ?? null;
  return {
    ...confirmationView(user),
    deletionOn: at === null ? null : deletionDate(at),
    warnings: at === null ? await deletionWarnings(getApp(context).db, user.id) : [],
  };
}
