/**
 * Project browser: /demo, /demo/:sector, /explore, /explore/sector/:sector.
 * Filters and pages are links and the search is a GET form, so the browser works without
 * JavaScript; the URL holds the state (`category`, `q`, `sort`, `page`), and every link keeps the
 * rest of it. One D1 statement per page (a search too: worker/services/projects/projects.ts).
 * A page beyond the last shows the empty state (with a link back to page 1): the single list
 * query returns no rows, so it cannot know the total to clamp to without a second statement.
 */
import { Link, redirect } from "react-router";

import { useLinkClicks } from "../components/AppLinks";
import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { BrowseSearch } from "../components/project/BrowseSearch";
import { CategoryFilters } from "../components/project/CategoryFilters";
import { Pagination } from "../components/project/Pagination";
import { ProjectCard } from "../components/project/ProjectCard";
import { sectorFromParam, sectorLabel } from "../../domain/projects/categories";
import { formatNumber } from "../../domain/shared/format";
import { PAGE_SIZE } from "../../domain/projects/project";
import { SEARCH_MESSAGES, searchTooLong, type ProjectSort } from "../../domain/projects/project-search";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireUser } from "../server/guards.server";
import { formFailed, formFailure } from "../server/form-result";
import { setFollowing } from "../../worker/services/conversation/follows";
import { listProjectCards } from "../../worker/services/projects/projects";
import { listRails } from "../../worker/services/projects/rails";
import { railViews } from "../server/rails.server";
import { Rails } from "../components/home/Rails";
import type { Route } from "./+types/demo";

/**
 * The canonical URL keeps what makes a different listing, the category and the page, on `/demo`
 * (the aliases `/explore…` and `/demo/{sector}` name the same lists); a search and an order are
 * views of those lists and are left out, as is anything else in the query.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta("Explore Projects", "Browse student startups raising money on CampusFund and invest with simulated funds.", {
    at: args,
    canonical: args.loaderData
      ? browseHref("/demo", { sector: args.loaderData.sector, q: "", sort: null, page: args.loaderData.page })
      : "/demo",
  });

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
  // A search over its limit is not run, nor cut (ADR 032): the box keeps what was typed and says
  // why; the projects below are the category's, unsearched.
  const asked = url.searchParams.get("q");
  const tooLong = searchTooLong(asked);
  // The rails above the grid on the browser's own first page only: no search, category, order or page.
  const plain = !asked && sector === "all" && !url.searchParams.get("sort") && page === 1;
  const base = url.pathname.startsWith("/explore") ? "/explore" : "/demo";
  const [result, rails] = await Promise.all([
    listProjectCards(db, {
      sector,
      page,
      q: tooLong ? null : asked,
      sort: url.searchParams.get("sort"),
      viewerId: user?.id ?? null,
    }),
    plain ? listRails(db, user) : Promise.resolve([]),
  ]);
  const following = new Set(result.following ?? []);
  return {
    sector,
    q: result.q,
    searchError: tooLong ? { typed: asked ?? "", message: SEARCH_MESSAGES.tooLong } : null,
    sort: result.sort,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    base,
    role: user?.role ?? null,
    rails: railViews(rails, base),
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
      settlement: p.settlement,
      following: following.has(p._id),
    })),
  };
}

/** `Retry-After` of a refused follow or post reaches the page door too (ADR 025). */
export const headers = actionRetryAfter;

/**
 * Follow / Following on a card: the service's rule, then back to the same page of the
 * same search; a refusal (the follow limit, an unknown project) re-renders the browser with it (built from the request's own query, without a data request's routing parameters).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request, FORM_LIMITS.conversation);
  const fields = formFields(form);
  if (fields.intent !== "follow" && fields.intent !== "unfollow") {
    return formFailure(400, "Unknown action", {});
  }
  try {
    await setFollowing(getApp(context).db, user, fields.projectId ?? "", fields.intent === "follow");
  } catch (e) {
    // The browser again, with the refusal above the cards (the follow limit's 429 keeps its Retry-After).
    return formFailed(e, {});
  }
  const url = new URL(request.url);
  const path = url.pathname.replace(/(\/_)?\.data$/, "") || "/demo";
  for (const key of ["index", "_routes"]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return redirect(`${path}${search ? `?${search}` : ""}`);
}

/** A browser URL: the category, search, order and page given; defaults are left out. */
function browseHref(base: string, s: { sector: string; q: string; sort: ProjectSort | null; page?: number }): string {
  const query = new URLSearchParams();
  if (s.sector !== "all") query.set("category", s.sector);
  if (s.q) query.set("q", s.q);
  // relevance is the default while searching, and means nothing without a search
  if (s.sort && s.sort !== "relevance") query.set("sort", s.sort);
  if (s.page && s.page > 1) query.set("page", String(s.page));
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}

export default function ProjectBrowser({ loaderData, actionData }: Route.ComponentProps) {
  const { sector, q, searchError, sort, page, pageCount, total, projects, base, role, rails } = loaderData;
  const href = (over: Partial<{ sector: string; q: string; page: number }> = {}) =>
    browseHref(base, { sector, q, sort, page: 1, ...over });

  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + projects.length - 1;
  const inSector = sector !== "all" ? ` in ${sectorLabel(sector)}` : "";
  const noun = total === 1 ? "project" : "projects";
  // The cards' links are plain; the grid's one click handler navigates them in the app (AppLinks.tsx).
  const onCardLinkClick = useLinkClicks();

  return (
    <div className="container invest-page browse-page">
      <header className="page-head">
        <p className="eyebrow">Invest in student founders</p>
        <h1>Explore Projects</h1>
        <p className="page-lead">
          Discover startups built by college students and back the ones you believe in. All money on CampusFund is
          simulated. Shares of funded companies trade on the <Link to="/markets">Campus Exchange</Link>.
        </p>
      </header>

      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}

      <BrowseSearch
        action={base}
        sector={sector}
        q={searchError ? searchError.typed : q}
        error={searchError?.message ?? null}
        sort={sort}
      />

      <CategoryFilters current={sector} hrefFor={(s) => href({ sector: s })} />

      <Rails rails={rails} firstEager />

      {projects.length > 0 ? (
        <>
          <p className="result-count" role="status" data-arrival-focus={q ? "" : undefined}>
            {q
              ? `${formatNumber(total)} ${noun} ${total === 1 ? "matches" : "match"} \u201c${q}\u201d${inSector}` +
                (pageCount > 1 ? ` (showing ${formatNumber(first)}\u2013${formatNumber(last)})` : "")
              : `Showing ${formatNumber(first)}\u2013${formatNumber(last)} of ${formatNumber(total)} ${noun}${inSector}`}
          </p>
          {/* The clicks are the links' own (a keyboard's Enter on a link is a click too). */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="project-grid" data-count={projects.length} onClick={onCardLinkClick}>
            {projects.map((p, i) => (
              <ProjectCard
                key={p._id}
                project={p}
                role={role}
                following={p.following}
                first={i === 0 && rails.length === 0}
              />
            ))}
          </div>
          <Pagination page={page} pageCount={pageCount} hrefFor={(p) => href({ page: p })} />
        </>
      ) : (
        <div className="empty-state" role="status" data-arrival-focus={q ? "" : undefined}>
          <h2>No projects found</h2>
          <p>
            {page > 1
              ? "There are no projects on this page."
              : q
                ? `No projects match \u201c${q}\u201d${inSector}. Check the spelling or try fewer words.`
                : sector !== "all"
                  ? `There are no ${sectorLabel(sector)} projects yet. Try another category.`
                  : "There are no projects yet. Check back soon."}
          </p>
          <div className="empty-actions">
            {page > 1 ? (
              <Link className="btn btn-secondary" to={href()}>
                Go to the first page
              </Link>
            ) : q ? (
              <>
                <Link className="btn btn-secondary" to={href({ q: "" })}>
                  Clear the search
                </Link>
                {sector !== "all" ? (
                  <Link className="btn btn-secondary" to={href({ sector: "all" })}>
                    Search all categories
                  </Link>
                ) : null}
              </>
            ) : sector !== "all" ? (
              <Link className="btn btn-secondary" to={href({ sector: "all" })}>
                Show all projects
              </Link>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
