/**
 * /settings itself, for links and bookmarks: the tab (`?tab=`, Account by default) and the section
 * (`?section=`, Public Profile by default) its links name, each read only when shown. Its forms post
 * to their sections' routes (/settings/public-profile, …), which redirect back here with `?saved=`.
 */
import { lazy } from "react";

import { PublicProfileSection } from "../../components/settings/PublicProfileSection";
import { SECTIONS, SettingsPage, TABS, type SectionId, type TabId } from "../../components/settings/SettingsPage";
import { can } from "../../../domain/shared/access";
import { EMPTY_FINANCIALS } from "../../../domain/money/investor-financials-form";
import { PREFERENCE_LABELS } from "../../../domain/conversation/notification-preferences";
import { regCfLimits } from "../../../domain/money/reg-cf";

import { getApp, getUser } from "../../server/guards.server";
import {
  loadFollowers,
  loadInvestor,
  loadMoney,
  loadPreferences,
  loadTwoFactorOn,
  loadWatchlist,
  loadYourData,
} from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/index";

/**
 * The money entries (Portfolio, Cash, Tax Docs, Banks & Cards, VIP: their cards and charts) are
 * code a first load of /settings (Account, Public Profile) does not need: one chunk,
 * fetched when one of them is shown. No Suspense boundary: the server renders the entry into the
 * page (the shell waits for the chunk, so a reader without JavaScript gets it whole) and hydration
 * waits for it the same way.
 */
const money = () => import("../../components/settings/AccountMoney");
const PortfolioTab = lazy(() => money().then((m) => ({ default: m.PortfolioTab })));
const CashTab = lazy(() => money().then((m) => ({ default: m.CashTab })));
const TaxDocsTab = lazy(() => money().then((m) => ({ default: m.TaxDocsTab })));
const BanksCardsSection = lazy(() => money().then((m) => ({ default: m.BanksCardsSection })));
const VipSection = lazy(() => money().then((m) => ({ default: m.VipSection })));

/**
 * The same for the tabs and sections other than Account's Public Profile (the watchlist, the
 * followers, Login & Security, Investor Information, Notifications, Your Data): each a chunk
 * fetched when it is shown.
 */
const conversation = () => import("../../components/settings/Conversation");
const WatchlistTab = lazy(() => conversation().then((m) => ({ default: m.WatchlistTab })));
const FollowersTab = lazy(() => conversation().then((m) => ({ default: m.FollowersTab })));
const NotificationSettings = lazy(() => conversation().then((m) => ({ default: m.NotificationSettings })));
const LoginSecuritySection = lazy(() =>
  import("../../components/settings/SecurityForms").then((m) => ({ default: m.LoginSecuritySection })),
);
const InvestorInformation = lazy(() =>
  import("../../components/settings/InvestorInformation").then((m) => ({ default: m.InvestorInformation })),
);
const YourDataSection = lazy(() =>
  import("../../components/settings/YourData").then((m) => ({ default: m.YourDataSection })),
);

const pick = <T extends string>(list: readonly { id: T }[], value: string | null, fallback: T): T =>
  list.find((x) => x.id === value)?.id ?? fallback;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = pick<TabId>(TABS, url.searchParams.get("tab"), "account");
  const section = pick<SectionId>(SECTIONS, url.searchParams.get("section"), "public-profile");
  const user = getUser(context);
  const shown = { tab, section, canInvest: false, isFounder: false };
  if (!user)
    return {
      ...shown,
      investor: null,
      investorError: null,
      watchlist: null,
      followers: null,
      preferences: null,
      money: null,
      yourData: null,
      twoFactorOn: null,
    };
  const db = getApp(context).db;
  const account = tab === "account";
  return {
    ...shown,
    canInvest: can(user, "invest"),
    isFounder: can(user, "raise"),
    ...(account && section === "investor-information"
      ? await loadInvestor(context, db, user)
      : { investor: null, investorError: null }),
    watchlist: tab === "watchlist" ? await loadWatchlist(db, user, url) : null,
    followers: tab === "followers" ? await loadFollowers(db, user, url) : null,
    preferences: account && section === "notifications" ? await loadPreferences(db, user) : null,
    yourData: account && section === "your-data" ? await loadYourData(context) : null,
    twoFactorOn: account && section === "login-security" ? await loadTwoFactorOn(context) : null,
    money:
      tab === "portfolio" || tab === "cash" || tab === "tax-docs" || (account && section === "banks-cards")
        ? await loadMoney(db, user)
        : null,
  };
}

export default function SettingsIndex({ loaderData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const {
    tab,
    section,
    canInvest,
    isFounder,
    investor,
    investorError,
    watchlist,
    followers,
    preferences,
    money,
    yourData,
    twoFactorOn,
  } = loaderData;
  let content: React.ReactNode = null;
  if (!shell.signedIn) content = null;
  else if (tab === "watchlist" && watchlist) {
    content = <WatchlistTab list={watchlist} hrefFor={(p) => `/settings?tab=watchlist&watchlist=${p}`} />;
  } else if (tab === "portfolio" && money) content = <PortfolioTab view={money} />;
  else if (tab === "cash" && money) content = <CashTab view={money} />;
  else if (tab === "tax-docs" && money) content = <TaxDocsTab view={money} />;
  else if (tab === "followers") {
    content = (
      <FollowersTab list={followers} isFounder={isFounder} hrefFor={(p) => `/settings?tab=followers&followers=${p}`} />
    );
  } else if (section === "public-profile") {
    content = <PublicProfileSection profile={shell.profile} loadError={shell.loadError} failure={null} />;
  } else if (section === "login-security")
    content = <LoginSecuritySection failure={null} account={shell.account} twoFactorOn={twoFactorOn} />;
  else if (section === "investor-information") {
    content = (
      <InvestorInformation
        key={`saved-${JSON.stringify(investor)}`}
        canInvest={canInvest}
        loadError={investorError}
        financials={investor?.financials ?? EMPTY_FINANCIALS}
        limits={investor?.limits ?? regCfLimits(EMPTY_FINANCIALS, 0, false)}
        failure={null}
      />
    );
  } else if (section === "notifications" && preferences) {
    const { digest, ...switches } = preferences;
    content = <NotificationSettings preferences={switches} labels={PREFERENCE_LABELS} digest={digest} />;
  } else if (section === "your-data" && yourData) {
    content = <YourDataSection view={yourData} failure={null} />;
  } else if (section === "banks-cards" && money) content = <BanksCardsSection view={money} />;
  else if (section === "vip") content = <VipSection />;
  return (
    <SettingsPage shell={shell} tab={tab} section={section} failure={null}>
      {content}
    </SettingsPage>
  );
}
