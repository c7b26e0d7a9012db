/**
 * /investors/:username: an investor's public page (spec sections 3 and 4, public profile
 * settings). It shows only what the owner allows: the name as the public lists show it ("Ada L."),
 * bio, investing thesis, about, interests, site and another investing profile's links (rel="nofollow ugc noopener"),
 * the "Premium Investor" badge unless `hideBadges`, and the published projects they backed with
 * the date of their first purchase (never amounts, which are personal) unless `hideInvestments`.
 * `hideInSearchEngines` adds `<meta name="robots" content="noindex">`. There is no location field
 * yet, so `hideLocation` has nothing to hide. An unknown username is a 404.
 */
import { data, href, isRouteErrorResponse, Link } from "react-router";

import { pageMeta } from "../components/meta";
import { formatDate } from "../../domain/shared/format";

import { getApp } from "../server/guards.server";
import { getPublicInvestor } from "../../worker/services/accounts/public-profile";
import type { Route } from "./+types/investor-profile";
import { RequestId } from "../components/RequestId";

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  if (!loaderData) return [...pageMeta("Investor Not Found"), { name: "robots", content: "noindex" }];
  const { investor } = loaderData;
  // No avatar image yet (the page shows an initial): the card shows the site image.
  return pageMeta(investor.name, `${investor.name}, an investor on CampusFund.`, {
    at: args,
    canonical: href("/investors/:username", { username: investor.username }),
    share: { type: "profile" },
    noindex: investor.noindex,
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const investor = await getPublicInvestor(getApp(context).db, params.username);
  if (!investor) throw data(null, { status: 404 });
  return { investor };
}

const REL = "nofollow ugc noopener";

export default function InvestorProfile({ loaderData }: Route.ComponentProps) {
  const p = loaderData.investor;
  return (
    <div className="container container-narrow page-body investor-page stack">
      <header className="page-header investor-head">
        <span className="avatar avatar-lg" aria-hidden="true">
          {Array.from(p.name)[0]?.toUpperCase() ?? "I"}
        </span>
        <div className="stack" style={{ gap: 4 }}>
          <h1 className="page-title">{p.name}</h1>
          <p className="muted small">@{p.username}</p>
          {p.badges.length ? (
            <p className="cluster">
              {p.badges.map((b) => (
                <span key={b} className="badge badge-info">
                  {b}
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </header>

      <TextCard id="bio" title="Bio" text={p.bio} />

      <TextCard id="thesis" title="Investing thesis" text={p.investingThesis} />

      <TextCard id="about" title="About" text={p.about} />

      {p.interests.length || p.site || p.wefunderUrl ? (
        <section className="card card-body stack" aria-labelledby="more-title">
          <h2 id="more-title" className="card-title">
            Interests and links
          </h2>
          {p.interests.length ? (
            <ul className="interests" aria-label="Interests">
              {p.interests.map((i) => (
                <li key={i} className="badge badge-muted">
                  {i}
                </li>
              ))}
            </ul>
          ) : null}
          {p.site ? (
            <p>
              Site:{" "}
              <a href={p.site} rel={REL} target="_blank">
                {p.site}
              </a>
            </p>
          ) : null}
          {p.wefunderUrl ? (
            <p>
              Investing profile:{" "}
              <a href={p.wefunderUrl} rel={REL} target="_blank">
                {p.wefunderUrl}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}

      {p.investments ? (
        <section className="card card-body stack" aria-labelledby="investments-title">
          <h2 id="investments-title" className="card-title">
            Investments
          </h2>
          {p.investments.length ? (
            <ul className="investments-list">
              {p.investments.map((i) => (
                <li key={i.slug}>
                  <Link to={href("/project/:slug", { slug: i.slug })}>{i.title}</Link>
                  <span className="muted small">Since {formatDate(i.date)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No investments yet.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container container-narrow page-body">
      <div className="card card-body stack">
        <h1 className="page-title">{notFound ? "Investor Not Found" : "Something went wrong"}</h1>
        <p>
          {notFound
            ? "There is no investor with that username."
            : "Sorry, we could not load this profile. Please try again later."}
        </p>
        <p>
          <Link to="/demo" className="btn btn-primary">
            Explore projects
          </Link>
        </p>
        <RequestId />
      </div>
    </div>
  );
}

/** One of the owner's texts as a card, or nothing when it is empty. */
function TextCard({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className="card card-body" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      <p className="prose">{text}</p>
    </section>
  );
}
