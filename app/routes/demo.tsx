/**
 * Project browser: /demo, /demo/:sector, /explore, /explore/sector/:sector.
 * Filters and pages are links, so the browser works without JavaScript. One D1 statement per page.
 * A page beyond the last shows the empty state (with a link back to page 1): the single list
 * query returns no rows, so it cannot know the total to clamp to without a second statement.
 */
import { Link } from "react-router";

import { CategoryFilters } from "../components/project/CategoryFilters";
import { Pagination } from "../components/project/Pagination";
import { ProjectCard } from "../components/project/ProjectCard";
import { sectorFromParam, sectorLabel } from "../lib/categories";
import { formatNumber } from "../lib/format";
import { PAGE_SIZE } from "../lib/project";
import investCss from "../styles/invest.css?url";

import { getApp } from "../server/guards.server";
import { listProjectsPage } from "../../worker/services/projects";
import type { Route } from "./+types/demo";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: investCss }];

export const meta: Route.MetaFunction = () => [
  { title: "Explore Projects | CampusFund" },
  {
    name: "description",
    content: "Browse student startups raising money on CampusFund and invest with simulated funds.",
  },
];

function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, user } = getApp(context);
  const sectorParam = "sector" in params ? params.sector : undefined;
  const sector = sectorFromParam(sectorParam ?? url.searchParams.get("category"));
  const page = parsePage(url.searchParams.get("page"));
  const result = await listProjectsPage(db, { sector, page });
  return {
    sector,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    base: url.pathname.startsWith("/explore") ? "/explore" : "/demo",
    role: user?.role ?? null,
    projects: result.projects.map((p) => ({
      _id: p._id,
      slug: p.slug,
      title: p.title,
      category: p.category,
      status: p.status,
      image: p.image,
      shortDescription: p.shortDescription,
      university: p.university,
      fundingCurrent: p.fundingCurrent,
      fundingGoal: p.fundingGoal,
      daysLeft: p.daysLeft,
      sharePrice: p.sharePrice,
      sharesRemaining: p.sharesRemaining,
      regulationType: p.regulationType,
    })),
  };
}

export default function ProjectBrowser({ loaderData }: Route.ComponentProps) {
  const { sector, page, pageCount, total, projects, base, role } = loaderData;

  const hrefFor = (s: string, p = 1) => {
    const q = new URLSearchParams();
    if (s !== "all") q.set("category", s);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    return qs ? `${base}?${qs}` : base;
  };

  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + projects.length - 1;

  return (
    <div className="container invest-page browse-page">
      <header className="page-head">
        <p className="eyebrow">Invest in student founders</p>
        <h1>Explore Projects</h1>
        <p className="page-lead">
          Discover startups built by college students and back the ones you believe in. All money on CampusFund is
          simulated.
        </p>
      </header>

      <CategoryFilters current={sector} hrefFor={(s) => hrefFor(s)} />

      {projects.length > 0 ? (
        <>
          <p className="result-count" role="status">
            Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}{" "}
            {total === 1 ? "project" : "projects"}
            {sector !== "all" ? ` in ${sectorLabel(sector)}` : ""}
          </p>
          <div className="project-grid" data-count={projects.length}>
            {projects.map((p) => (
              <ProjectCard key={p._id} project={p} role={role} />
            ))}
          </div>
          <Pagination page={page} pageCount={pageCount} hrefFor={(p) => hrefFor(sector, p)} />
        </>
      ) : (
        <div className="empty-state" role="status">
          <h2>No projects found</h2>
          <p>
            {page > 1
              ? "There are no projects on this page."
              : sector !== "all"
                ? `There are no ${sectorLabel(sector)} projects yet. Try another category.`
                : "There are no projects yet. Check back soon."}
          </p>
          {page > 1 ? (
            <Link className="btn btn-secondary" to={hrefFor(sector)}>
              Go to the first page
            </Link>
          ) : sector !== "all" ? (
            <Link className="btn btn-secondary" to={hrefFor("all")}>
              Show all projects
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}
