/**
 * The document shell: header, main landmark, footer, the `?notice=` message, and a branded error
 * page. The root loader exposes the signed-in user's display fields only (never the session or
 * anything secret); every page reads it through `useOptionalUser()`.
 */
import { useContext, useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";

import type { Route } from "./+types/root";
import { Footer } from "./components/Footer";
import { GuidedTour, TOUR_OFFER_SLOT } from "./components/tour/GuidedTour";
import { Header } from "./components/Header";
import { VerifyBanner } from "./components/VerifyBanner";
import { refusedFormMessage } from "./components/form/refused";
import { useNonce } from "./components/nonce";
import { BRAND, pageTitle } from "./components/meta";
import { isPrivatePath } from "../domain/visitors/seo";
import { QueryNotice } from "./components/Notice";
import { useStorageCleanup } from "./components/useStorageCleanup";
import { useArrivalFocus } from "./components/useArrivalFocus";
import { getUser } from "./server/guards.server";
import { appContext } from "./context";
import { RequestId } from "./components/RequestId";
import { DeletionBanner } from "./components/DeletionBanner";
import type { RootData } from "./components/useOptionalUser";
import { deletionDate } from "../domain/accounts/account-deletion";
import { MESSAGES } from "../domain/shared/messages";
import siteCss from "./styles/site.css?url";

/**
 * The site's one stylesheet (styles/site.css, every page's CSS), render-blocking by design: the
 * first paint waits for it and nothing else. `precedence` makes React hoist it to the top of the
 * head, so the browser asks for it before the scripts' module preloads.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request, context }: Route.LoaderArgs): RootData {
  const user = getUser(context);
  return {
    origin: new URL(request.url).origin,
    // An error page shows it (components/RequestId.tsx); the edge cache swaps a copy's for the hit's own.
    requestId: context.get(appContext).requestId,
    user: user
      ? {
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          unread: user.unreadNotifications ?? 0,
          deletionOn: user.deletionRequestedAt ? deletionDate(user.deletionRequestedAt) : null,
          // The banner (ADR 045): the address to prove, read with the session (no query of its own).
          unprovedEmail: user.emailVerified === false ? user.email : null,
        }
      : null,
  };
}

/**
 * The root loader runs again on every navigation (it reads no D1: the session is the middleware's),
 * so an error page reached without a full load shows the id of the `.data` request that failed,
 * not the first document's; and the header's unread count stays current. After a form, React
 * Router's own rule stands (it skips a refused action's revalidation).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : true;

export const meta: Route.MetaFunction = ({ error, location }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: pageTitle(notFound ? "Page Not Found" : "Something Went Wrong") },
      // A private page's error already carries the layout's noindex (one robots tag per page).
      ...(isPrivatePath(location.pathname) ? [] : [{ name: "robots", content: "noindex" }]),
    ];
  }
  return [
    { title: BRAND },
    {
      name: "description",
      content: "CampusFund: equity crowdfunding for college-student startups, with simulated money.",
    },
  ];
};

/**
 * Runs before first paint: marks the document as scripted, which is the only state in which
 * scroll-reveal content starts hidden (see components/Reveal.tsx). Without JavaScript it never
 * runs and nothing is hidden.
 */
const JS_CLASS_SCRIPT = `document.documentElement.classList.add("js")`;
/** Hydration later than this leaves the reveal to the CSS fallback (everything shown at 1.5 s). */
const REVEAL_READY_BEFORE_MS = 1200;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Pages behind a sign-in are never indexed (robots.txt disallows the same paths: domain/visitors/seo.ts).
  // This is their one robots tag: their routes' meta does not repeat it.
  const { pathname } = useLocation();
  // Once per app start in the browser: clear stale demo/mock/test/Sample storage keys (spec 4).
  useStorageCleanup();
  // The observer-driven reveal takes over from the CSS fallback when the app is running in time.
  useEffect(() => {
    if (performance.now() < REVEAL_READY_BEFORE_MS) document.documentElement.classList.add("reveal-ready");
  }, []);
  return (
    // The inline script adds the `js` class before hydration: not a mismatch worth a warning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: JS_CLASS_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4fd1" />
        {isPrivatePath(pathname) && <meta name="robots" content="noindex" />}
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Header user={data?.user ?? null} />
        {data?.user?.unprovedEmail && !pathname.startsWith("/verify-email") && (
          <VerifyBanner email={data.user.unprovedEmail} />
        )}
        <main id="main" tabIndex={-1}>
          <div id={TOUR_OFFER_SLOT} className="tour-offer-slot" />
          {children}
        </main>
        <Footer />
        <GuidedTour />
        <ScrollRestoration />
        <FirstScripts />
      </body>
    </html>
  );
}

type Framework = NonNullable<React.ContextType<typeof FrameworkContext>>;

/**
 * Asks for the given modules at low priority, from the end of the body: by then the parser has
 * waited for the stylesheet (the head's inline script does), so they no longer share the first
 * paint's bandwidth, and they arrive together instead of one import level at a time.
 */
const preloadLater = (hrefs: string[]) =>
  hrefs.length
    ? `for(const h of ${JSON.stringify(hrefs)}){const l=document.createElement("link");l.rel="modulepreload";` +
      `l.fetchPriority="low";l.nonce=document.currentScript.nonce;l.href=h;document.head.append(l)}`
    : "";

/**
 * React Router's <Scripts>, with high-priority module preloads in the head for the entry and the
 * matched routes' own modules only. Their shared chunks (about 30 requests, 70-90 KB gzipped) are
 * asked for at low priority from the end of the body (`preloadLater`), no longer beside the
 * stylesheet before the first paint. Once the page's routes are loaded their import lists are not
 * needed again, so the browser's copy of the manifest drops them (and renders an empty script).
 */
function FirstScripts() {
  const framework = useContext(FrameworkContext);
  const nonce = useNonce();
  const matched = new Set(useMatches().map((m) => m.id));
  if (!framework) return <Scripts />;
  const { manifest } = framework;
  const later = new Set(manifest.entry.imports);
  const routes = { ...manifest.routes };
  for (const id of matched) {
    const route = routes[id];
    if (!route) continue;
    for (const href of route.imports ?? []) later.add(href);
    routes[id] = { ...route, imports: [] };
  }
  const lean: Framework = {
    ...framework,
    manifest: { ...manifest, entry: { ...manifest.entry, imports: [] }, routes },
  };
  return (
    <>
      <script
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: preloadLater([...later]) }}
      />
      <FrameworkContext.Provider value={lean}>
        <Scripts />
      </FrameworkContext.Provider>
    </>
  );
}

export default function App() {
  const { pathname } = useLocation();
  useArrivalFocus();
  return (
    <>
      {/* /access-denied shows its notice itself, as the page's message. */}
      {pathname !== "/access-denied" && <QueryNotice />}
      <DeletionBanner />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let code: number | null = null;
  let title = "Something went wrong";
  let message = "An unexpected error occurred on our side. Please try again in a moment.";

  if (isRouteErrorResponse(error)) {
    code = error.status;
    if (error.status === 404) {
      title = "Page not found";
      message = "The page you're looking for doesn't exist or has been moved.";
    } else if (error.status === 401 || error.status === 403) {
      title = "Access restricted";
      message = MESSAGES.accessDeniedDefault;
    } else if (error.status < 500) {
      title = "Something went wrong";
      const said = refusedFormMessage(error);
      if (said) {
        title = "We couldn't accept that form";
        message = said;
      } else {
        message = "We couldn't handle that request. Please check the address and try again.";
      }
    }
  }
  // Stack traces only while developing; production shows the friendly text alone.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <section className="container error-page" aria-labelledby="error-title">
      {code && <p className="error-code">{code}</p>}
      <h1 id="error-title">{title}</h1>
      <p className="page-lead" style={{ marginInline: "auto" }}>
        {message}
      </p>
      <div className="cluster" style={{ justifyContent: "center" }}>
        <Link to="/" className="btn btn-primary">
          Go to Home
        </Link>
        <Link to="/demo" className="btn btn-secondary">
          Explore projects
        </Link>
      </div>
      <RequestId />
      {stack && <pre className="error-stack">{stack}</pre>}
    </section>
  );
}
