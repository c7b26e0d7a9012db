/**
 * The route table of spec section 2. Aliases share a module with their own id.
 * Resolved readings (see README "Routes"): /login → /signin, /dashboard → a founder's
 * /founder-dashboard or anyone else's /portfolio, /explore → /demo. /founder-dashboard is the
 * founder's dashboard (content ours: the spec shows none), with its investors as CSV beside it.
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // accounts
  route("signin", "routes/signin.tsx"),
  route("signin/verify", "routes/signin-verify.tsx"),
  // Confirm it's you (step-up, ADR 054) before a sensitive change, then back to `next`.
  route("confirm-access", "routes/confirm-access.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  // The mail's link moves its token into a cookie and redirects to the form (ADR 044).
  route("reset-password/new-password", "routes/reset-password.tsx", { id: "reset-password-form" }),
  route("reset-password/:token", "routes/reset-password.tsx"),
  // The digest's one-click unsubscribe (RFC 8058): GET asks, POST (the page's button or the mail client) does it.
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  // The confirmation mail's link moves its token into a cookie and redirects to a confirm page (ADR 045).
  route("verify-email", "routes/verify-email.tsx"),
  route("verify-email/:token", "routes/verify-email-link.tsx"),
  // The new-sign-in mail's link (ADR 054): GET shows the session it names, POST ends it
  // and goes to /end-session, which says so; no sign-in.
  route("end-session/:token", "routes/end-session.tsx"),
  route("end-session", "routes/end-session.tsx", { id: "end-session-done" }),
  route("logout", "routes/logout.tsx"),
  route("login", "routes/login-redirect.tsx"),
  route("dashboard", "routes/dashboard-redirect.tsx"),
  route("access-denied", "routes/access-denied.tsx"),
  route("profile", "routes/profile.tsx"),
  // The layout reads the account; the index shows ?tab= and ?section=; each section with forms has
  // its own route and action.
  route("settings", "routes/settings/layout.tsx", [
    index("routes/settings/index.tsx"),
    route("public-profile", "routes/settings/public-profile.tsx"),
    route("login-security", "routes/settings/login-security.tsx"),
    route("passkeys", "routes/settings/passkeys.tsx"),
    route("sessions", "routes/settings/sessions.tsx"),
    route("two-factor", "routes/settings/two-factor.tsx"),
    route("investor-information", "routes/settings/investor-information.tsx"),
    route("notifications", "routes/settings/notifications.tsx"),
    route("your-data", "routes/settings/your-data.tsx"),
    route("watchlist", "routes/settings/watchlist.tsx"),
    route("tax-statement.csv", "routes/settings/tax-statement.tsx"),
    route("my-data.json", "routes/settings/my-data.tsx"),
    route("my-data.zip", "routes/settings/my-data.tsx", { id: "my-data-zip" }),
  ]),
  route("investors/:username", "routes/investor-profile.tsx"),
  route("notifications", "routes/notifications.tsx"),
  route("notifications/:id", "routes/notification-open.tsx"),

  // browse and invest
  route("demo", "routes/demo.tsx"),
  route("demo/:sector", "routes/demo.tsx", { id: "demo-sector" }),
  route("explore", "routes/demo.tsx", { id: "explore" }),
  route("explore/sector/:sector", "routes/demo.tsx", { id: "explore-sector" }),
  route("project/:slug", "routes/project.tsx"),
  route("purchase/:id", "routes/purchase.tsx"),
  route("invest/:id", "routes/purchase.tsx", { id: "invest" }),
  route("portfolio", "routes/portfolio.tsx"),
  route("portfolio-page", "routes/portfolio.tsx", { id: "portfolio-page" }),
  route("portfolio/investments/:id", "routes/investment.tsx"),
  route("portfolio/investments/:id/receipt", "routes/receipt.tsx"),
  // Coming soon (ADR 055): a reservation's one step to an investment, once the raise opens
  route("reservations/:id/confirm", "routes/reservation-confirm.tsx"),
  // the Campus Exchange (ADR 053): every market; a company's own is its page's Trade tab
  route("markets", "routes/markets.tsx"),
  // reporting a Discussion post to the moderators (ADR 055)
  route("discussion/report/:postId", "routes/discussion-report.tsx"),

  // founders
  route("my-projects", "routes/my-projects.tsx"),
  route("my-projects/create", "routes/project-form.tsx", { id: "project-create" }),
  route("my-projects/edit/:id", "routes/project-form.tsx", { id: "project-edit" }),
  route("founder-dashboard", "routes/founder-dashboard.tsx"),
  route("founder-dashboard/investors.csv", "routes/founder-dashboard-csv.tsx"),

  // the operator (ADR 030)
  route("admin", "routes/admin.tsx"),
  // what the site is doing (ADR 056)
  route("admin/health", "routes/admin-health.tsx"),

  // the public site
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("support", "routes/support.tsx"),
  route("tasks", "routes/tasks.tsx"),

  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
