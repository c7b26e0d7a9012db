/**
 * The frame of every settings page (/settings and its forms' routes): the title, the top tabs,
 * the incomplete-account banner, and on the Account tab the sidebar of sections around the one
 * shown. Tabs and sections are links (`/settings?tab=`, `/settings?section=`), so they work without
 * JavaScript. Signed out, the page is the spec's Authentication Required screen instead.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";

import { AppLink, useLinkClicks } from "../AppLinks";
import { signinHref } from "../../../domain/accounts/auth-links";

export const SECTIONS = [
  { id: "login-security", label: "Login & Security" },
  { id: "investor-information", label: "Investor Information" },
  { id: "banks-cards", label: "Banks & Cards" },
  { id: "public-profile", label: "Public Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "your-data", label: "Your Data" },
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

export type SectionId = (typeof SECTIONS)[number]["id"];
export type TabId = (typeof TABS)[number]["id"];

/** A settings form's refusal as the page shows it (a FormFailure, app/server/form-result.ts). */
export interface SettingsFailure {
  /** The form that answered; none for a post that named no form of the page. */
  form?: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, unknown>;
}

/** A message that takes focus when it appears with JavaScript (the page reloads at the top without). */
export function Alert({ tone, children, id }: { tone: "error" | "success"; children: ReactNode; id?: string }) {
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

/** What the /settings layout's loader says about the account (app/routes/settings/layout.tsx). */
export type SettingsShell = { signedIn: false } | { signedIn: true; saved: string | null; complete: boolean };

/**
 * The page around `children`, the shown tab's or section's content. A refusal of a post that named
 * no form of the page (`failure` without `form`) is said above the content; a form's own refusal
 * is its form's to show (a visitor's is said on the Authentication Required screen).
 */
/** Scrolls a sideways row (the nav's list) so its current link is in the middle; the page itself does not move. */
function showCurrent(nav: HTMLElement | null) {
  const list = nav?.querySelector("ul");
  const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!list || !current || list.scrollWidth <= list.clientWidth) return;
  const item = (current.closest("li") ?? current).getBoundingClientRect();
  const row = list.getBoundingClientRect();
  list.scrollLeft += item.left - row.left - (row.width - item.width) / 2;
}

export function SettingsPage({
  shell,
  tab,
  section,
  failure,
  children,
}: {
  shell: SettingsShell;
  tab: TabId;
  section: SectionId;
  failure: SettingsFailure | null;
  children?: ReactNode;
}) {
  // Tabs and sections are plain links, navigated in the app by their bar's one click handler
  // (AppLinks.tsx); a section keeps the scroll position, as its `<Link preventScrollReset>` did.
  const onTabClick = useLinkClicks();
  const onSectionClick = useLinkClicks({ preventScrollReset: true });
  const tabsRef = useRef<HTMLElement>(null);
  const sectionsRef = useRef<HTMLElement>(null);
  // On a phone the tabs and the sections are rows that scroll sideways: bring the current ones into
  // view (without JavaScript the rows wrap instead, settings.css).
  useEffect(() => {
    for (const nav of [tabsRef.current, sectionsRef.current]) showCurrent(nav);
  }, [tab, section]);
  // A save whose session ended meanwhile: the spec's 'You must be logged in to save settings'.
  if (!shell.signedIn) return <SignedOut message={failure?.message ?? null} />;
  const notice =
    failure && failure.form === undefined ? (
      <Alert tone="error">{failure.message}</Alert>
    ) : shell.saved && !failure ? (
      <Alert tone="success">{shell.saved}</Alert>
    ) : null;

  return (
    <div className="container page-body settings-page">
      <header className="page-header">
        <h1 className="page-title">Account Settings</h1>
      </header>

      {/* The clicks are the links' own (a keyboard's Enter on a link is a click too). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <nav className="settings-tabs" aria-label="Account" onClick={onTabClick} ref={tabsRef}>
        <ul>
          {TABS.map((t) => (
            <li key={t.id}>
              <AppLink
                to={`/settings?tab=${t.id}`}
                aria-current={t.id === tab ? "page" : undefined}
                className="link-tab"
              >
                {t.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      {/* Only where it helps: on the Account tab, beside a section that is not the form it leads to
          (the other tabs are about other things; on Public Profile the fields are already there). */}
      {!shell.complete && tab === "account" && section !== "public-profile" ? (
        <div className="alert alert-warning settings-incomplete" role="region" aria-label="Your account">
          <p>
            <strong>Your account is incomplete.</strong> Add a bio, your site and your investing thesis so founders know
            who is backing them.
          </p>
          <Link to="/settings?section=public-profile#public-profile" className="btn btn-primary btn-sm">
            Complete my account
          </Link>
        </div>
      ) : null}

      {tab !== "account" ? (
        <div className="stack">
          {notice}
          {children}
        </div>
      ) : (
        <div className="settings-layout">
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <nav className="settings-sidebar" aria-label="Settings sections" onClick={onSectionClick} ref={sectionsRef}>
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <AppLink to={`/settings?section=${s.id}`} aria-current={s.id === section ? "page" : undefined}>
                    {s.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="settings-content stack">
            {notice}
            {children}
          </div>
        </div>
      )}
    </div>
  );
}
