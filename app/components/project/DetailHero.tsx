/**
 * The project page's top: the draft preview notice, then the hero (badges, title, university,
 * Invest Now, Follow). The project's own founder gets Edit project and Dashboard there instead,
 * and the follower count without a Follow button. An acquired or shut-down company (ADR 052) says
 * so in its badge and under its lead, with no Invest button.
 */
import type { ReactNode } from "react";
import { isListedStatus } from "../../../domain/projects/listed";
import { href, Link } from "react-router";

import { FollowButton } from "../conversation/FollowButton";
import { Notice } from "../Notice";
import { SafeImage } from "../SafeImage";
import { InvestButton } from "./InvestButton";
import { OwnerActions } from "./OwnerActions";
import { CategoryBadge, StatusBadge } from "./StatusBadge";
import { categoryLabel } from "../../../domain/projects/categories";
import { formatNumber } from "../../../domain/shared/format";
import type { InvestButtonState } from "../../../domain/projects/project";
import type { ProjectDTO } from "../../../domain/shared/types";
import type { CompanyBanner } from "../../../domain/money/company-history";

export function DetailHero({
  project,
  heroState,
  heroHref,
  following,
  followers,
  signedIn,
  here,
  signInHref,
  followRefusal,
  isOwner,
  share = null,
  company = null,
  historyHref,
}: {
  project: ProjectDTO;
  /** Invest Now's state for the starting share count. */
  heroState: InvestButtonState;
  heroHref: string;
  following: boolean;
  followers: number;
  signedIn: boolean;
  /** This page (with its tab): where Follow posts. */
  here: string;
  signInHref: string;
  /** A refused follow (the limit): shown beside the button. */
  followRefusal: string | null;
  /** The viewer is the project's own founder. */
  isOwner: boolean;
  /** The Share control (a published project only): under Follow. */
  share?: ReactNode;
  /** A funded company's standing after its raise: an exit is said here, instead of the raise's status. */
  company?: CompanyBanner | null;
  /** Its History tab. */
  historyHref: string;
}) {
  const exit = company?.exit ?? null;
  return (
    <>
      {project.status === "draft" && (
        <div className="container" style={{ paddingTop: 16 }}>
          <div className="alert alert-info" role="status">
            <strong>Draft preview.</strong> Only you (and CampusFund admins) can see this page. Investors will see it
            once it is approved. <Link to={href("/my-projects/edit/:id", { id: project.id })}>Back to editing</Link> ·{" "}
            <Link to={`${href("/my-projects/edit/:id", { id: project.id })}#submit`}>Submit for review</Link>
          </div>
        </div>
      )}
      {project.status === "in_review" && (
        <div className="container" style={{ paddingTop: 16 }}>
          <div className="alert alert-info" role="status">
            <strong>In review.</strong> Only its founder and CampusFund admins can see this page until it is approved.{" "}
            <Link to={href("/my-projects/edit/:id", { id: project.id })}>Review status</Link>
          </div>
        </div>
      )}
      <header className="detail-hero">
        <div className="container detail-hero-inner">
          <div className="detail-hero-text">
            <p className="breadcrumbs">
              <Link to="/demo">Projects</Link> <span aria-hidden="true">/</span>{" "}
              <span>{categoryLabel(project.category)}</span>
            </p>
            <div className="detail-badges">
              <CategoryBadge label={categoryLabel(project.category)} />
              {exit ? <ExitBadge exit={exit} /> : <StatusBadge project={project} />}
            </div>
            <h1>{project.title}</h1>
            <p className="detail-lead">{project.shortDescription}</p>
            {exit ? (
              <p className="detail-exit">
                {exit.sentence} <a href={historyHref}>Its history</a>
              </p>
            ) : null}
            {project.university ? (
              <p className="detail-uni">
                {/* The spec guesses a third-party logo service; we show the stored logo, or the
                    placeholder when there is none or it fails (no third-party requests, DESIGN §5). */}
                <SafeImage src={project.university.logo} placeholder="logo" width={28} height={28} />
                <span>{project.university.name}</span>
              </p>
            ) : null}
            <div className="detail-hero-actions">
              {isOwner ? (
                <OwnerActions projectId={project.id} className="btn-lg" />
              ) : exit ? null : project.status === "coming_soon" ? (
                // Coming soon (ADR 055): nothing to buy yet; the hero leads to the Reserve card.
                <a className="btn btn-primary btn-lg" href="#reserve">
                  Reserve<span className="visually-hidden"> in {project.title}</span>
                </a>
              ) : (
                <InvestButton state={heroState} href={heroHref} label="Invest Now" className="btn-lg" />
              )}
              <a className="btn btn-ghost btn-lg" href="#project-tabs">
                View Details<span className="visually-hidden"> of {project.title}</span>
              </a>
            </div>
            {!isListedStatus(project.status) ? null : isOwner ? (
              <p className="detail-follow follow-count">
                {formatNumber(followers)} {followers === 1 ? "follower" : "followers"}
              </p>
            ) : (
              <div className="detail-follow">
                <FollowButton
                  projectId={project._id}
                  title={project.title}
                  following={following}
                  followers={followers}
                  signedIn={signedIn}
                  action={here}
                  signInHref={signInHref}
                />
                {followRefusal ? <Notice tone="error">{followRefusal}</Notice> : null}
              </div>
            )}
            {share}
          </div>
          <div className="detail-hero-media">
            <SafeImage src={project.image} placeholder="project" width={640} height={360} fetchPriority="high" />
          </div>
        </div>
      </header>
    </>
  );
}

/**
 * A company acquired or shut down after its raise (ADR 052), said where the raise's status would
 * be, in the status badge's style ("Acquired" success, "Shut down" muted). Here, not beside
 * StatusBadge: the cards of every list share that module, and only this page needs it.
 */
function ExitBadge({ exit }: { exit: NonNullable<CompanyBanner["exit"]> }) {
  return (
    <span className={`badge status-badge ${exit.kind === "acquisition" ? "badge-success" : "badge-muted"}`}>
      {exit.label}
    </span>
  );
}
