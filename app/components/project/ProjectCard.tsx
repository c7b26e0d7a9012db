import { href, useLocation } from "react-router";

import { AppLink } from "../AppLinks";
import { FollowButton } from "../conversation/FollowButton";
import { SafeImage } from "../SafeImage";

import { can } from "../../../domain/shared/access";
import { categoryLabel } from "../../../domain/projects/categories";
import { formatPrice } from "../../../domain/shared/format";
import { closedLabel, fundingState } from "../../../domain/projects/project";
import { daysLeftText } from "../../../domain/projects/project-status";
import { raiseProgress } from "../../../domain/raises/settlement";
import type { ProjectDTO, Role } from "../../../domain/shared/types";

import { FundingProgress } from "./FundingProgress";
import { CategoryBadge, StatusBadge } from "./StatusBadge";
import { signinHref } from "../../../domain/accounts/auth-links";

export type CardProject = Pick<
  ProjectDTO,
  | "_id"
  | "slug"
  | "title"
  | "category"
  | "status"
  | "image"
  | "shortDescription"
  | "university"
  | "fundingCurrent"
  | "fundingGoal"
  | "daysLeft"
  | "sharePrice"
  | "sharesRemaining"
  | "regulationType"
  | "settlement"
>;

export function daysLeftLabel(days: number): string {
  if (days <= 0) return "Funding ended";
  return days === 1 ? "1 day left" : `${days} days left`;
}

/** The card's call to action (the browser's Invest Now rules; the status badge's rule decides open). */
function CardInvest({ project, role }: { project: CardProject; role: Role | null }) {
  const purchase = href("/purchase/:id", { id: project.slug });
  const state = fundingState(project);
  const disabled =
    state === "sold-out"
      ? "Sold Out"
      : state === "closed"
        ? closedLabel(project)
        : role && !can({ role }, "invest")
          ? "Founders Cannot Invest"
          : null;
  if (disabled) {
    return (
      <button type="button" className="btn btn-disabled" disabled>
        {disabled}
      </button>
    );
  }
  return (
    <AppLink className="btn btn-primary" to={role ? purchase : signinHref(purchase)}>
      Invest Now<span className="visually-hidden"> in {project.title}</span>
    </AppLink>
  );
}

/**
 * A project in the browser (/demo). Its links are plain anchors: the grid around the cards takes
 * their clicks and navigates them in the app (AppLinks.tsx `useLinkClicks`).
 */
export function ProjectCard({
  project,
  role,
  following,
  first = false,
  headingLevel = 2,
  idPrefix,
  showFollow = true,
}: {
  project: CardProject;
  role: Role | null;
  /** Whether the signed-in viewer follows it; a visitor's Follow signs in first. */
  following: boolean;
  /** The list's first card: its image shows in a phone's first screen, so it loads first, not lazily. */
  first?: boolean;
  /** The title's heading level (a rail's cards sit under the rail's heading). */
  headingLevel?: 2 | 3 | 4;
  /** Makes the title's id unique where a project is on the page twice (a rail and the grid). */
  idPrefix?: string;
  /** The Follow button (a rail's cards leave it to the project page and the browser's grid). */
  showFollow?: boolean;
}) {
  const headingId = `${idPrefix ?? ""}project-${project._id}`;
  const Title = headingLevel === 2 ? "h2" : headingLevel === 3 ? "h3" : "h4";
  const location = useLocation();
  const detail = href("/project/:slug", { slug: project.slug });
  return (
    <article className="project-card" aria-labelledby={headingId}>
      <div className="project-card-media">
        <SafeImage
          src={project.image}
          placeholder="project"
          width={640}
          height={360}
          loading={first ? undefined : "lazy"}
          fetchPriority={first ? "high" : undefined}
          decoding="async"
        />
        <div className="project-card-badges">
          <CategoryBadge label={categoryLabel(project.category)} />
          <StatusBadge project={project} />
        </div>
      </div>
      <div className="project-card-body">
        <Title className="project-card-title" id={headingId}>
          {project.title}
        </Title>
        <p className="project-card-desc">{project.shortDescription}</p>
        {project.university ? <p className="project-card-uni">{project.university.name}</p> : null}
        <FundingProgress
          current={raiseProgress(project).amount}
          returned={raiseProgress(project).returned}
          goal={project.fundingGoal}
          title={project.title}
        />
        <dl className="project-card-facts">
          <div>
            <dt>Days left</dt>
            <dd>{daysLeftText(project, "Ended", "Ended")}</dd>
          </div>
          <div>
            <dt>Share price</dt>
            <dd>{formatPrice(project.sharePrice)}</dd>
          </div>
          <div>
            <dt>Regulation</dt>
            <dd>{project.regulationType}</dd>
          </div>
        </dl>
        <div className="project-card-actions">
          <CardInvest project={project} role={role} />
          <AppLink className="btn btn-secondary" to={detail}>
            View Details<span className="visually-hidden"> of {project.title}</span>
          </AppLink>
        </div>
        {showFollow ? (
          <div className="project-card-follow">
            <FollowButton
              projectId={project._id}
              title={project.title}
              following={following}
              signedIn={role !== null}
              action={`${location.pathname}${location.search}`}
              signInHref={signinHref({ action: "follow", project: project.slug })}
              className="btn btn-ghost btn-sm"
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
