/**
 * /profile: any signed-in user. A first, simple version (the full investor profile of spec
 * section 2 comes later): who you are and where to go next.
 */
import { Form, Link } from "react-router";

import { pageMeta } from "../components/meta";
import { capitalize, formatDate } from "../lib/format";
import { requireUser } from "../server/guards.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => pageMeta("Profile", "Your CampusFund account.");

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      birthDate: user.birthDate,
      ownedProjectSlug: user.ownedProjectSlug,
    },
  };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const p = loaderData.profile;
  const fullName = `${p.firstName} ${p.lastName}`.trim();
  const initial = (p.firstName[0] ?? "P").toUpperCase();
  const canInvest = p.role === "investor" || p.role === "admin";
  const canFound = p.role === "founder" || p.role === "admin";

  return (
    <div className="container container-narrow page-body">
      <div className="page-header cluster" style={{ gap: 16 }}>
        <span className="avatar avatar-lg" aria-hidden="true">
          {initial}
        </span>
        <div>
          <h1 className="page-title">{fullName || "Profile"}</h1>
          <span className={`badge ${p.role === "founder" ? "badge-success" : "badge-info"}`}>{capitalize(p.role)}</span>
        </div>
      </div>

      <section className="card card-body" aria-labelledby="account-title">
        <h2 id="account-title" className="card-title">
          Account details
        </h2>
        <dl className="meta-list" style={{ marginTop: 16 }}>
          <dt>Name</dt>
          <dd>{fullName}</dd>
          <dt>Email</dt>
          <dd>{p.email}</dd>
          <dt>Account type</dt>
          <dd>{capitalize(p.role)}</dd>
          {p.birthDate && (
            <>
              <dt>Birth date</dt>
              <dd>{formatDate(`${p.birthDate}T00:00:00Z`)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card card-body" style={{ marginTop: 24 }} aria-labelledby="next-title">
        <h2 id="next-title" className="card-title">
          Where to next
        </h2>
        <p className="card-text">
          {canInvest && canFound
            ? "Your account can use both the investor and the founder areas."
            : canInvest
              ? "Follow your investments in your portfolio, or find your next startup to back."
              : "Manage your project and follow how your raise is going."}
        </p>
        <div className="cluster">
          {canInvest && (
            <Link to="/portfolio" className="btn btn-primary">
              View Portfolio
            </Link>
          )}
          {canFound && (
            <Link to="/my-projects" className="btn btn-primary">
              My Projects
            </Link>
          )}
          {canFound && p.ownedProjectSlug && (
            <Link to={`/project/${p.ownedProjectSlug}`} className="btn btn-secondary">
              View Public Page
            </Link>
          )}
          <Link to="/demo" className="btn btn-secondary">
            Explore projects
          </Link>
        </div>
      </section>

      <Form method="post" action="/logout" style={{ marginTop: 24 }}>
        <button type="submit" className="btn btn-ghost">
          Logout
        </button>
      </Form>
    </div>
  );
}
