/**
 * The route table of spec section 2. Aliases share a module with their own id.
 * Resolved readings (see README "Routes"): /login → /signin, /dashboard → the role's home,
 * /founder-dashboard → /my-projects, /explore → /demo.
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // accounts
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("login", "routes/login-redirect.tsx"),
  route("dashboard", "routes/dashboard-redirect.tsx"),
  route("founder-dashboard", "routes/dashboard-redirect.tsx", { id: "founder-dashboard" }),
  route("access-denied", "routes/access-denied.tsx"),
  route("profile", "routes/profile.tsx"),

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

  // founders
  route("my-projects", "routes/my-projects.tsx"),

  // the public site
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("support", "routes/support.tsx"),
  route("tasks", "routes/tasks.tsx"),

  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
