import { href } from "react-router";

import { AppLink } from "../AppLinks";
import { SafeImage } from "../SafeImage";
import { ProgressBar } from "../project/FundingProgress";
import { categoryLabel } from "../../../domain/projects/categories";
import { progressPercent } from "../../../domain/projects/project";

/** What the card renders (worker/services/projects/rails.ts reads these columns only). */
export interface RailCardProject {
  id: string;
  slug: string;
  title: string;
  category: string;
  image: string;
  university: string | null;
  fundingCurrent: number;
  fundingGoal: number;
  daysLeft: number;
}

/** The rail card's image box: 16:9, the projects' images' own shape, small. */
const IMAGE = { width: 320, height: 180 } as const;

/**
 * A project in a rail (ADR 055): a small image, the title as the link, category · university, the
 * funded bar with its percentage and the days left. A fraction of a ProjectCard's markup (no
 * description, terms or buttons: the project page and the browser's grid have them), so a page of
 * rails stays light. Every rail's raise is open, so it needs no status badge.
 */
export function RailCard({
  project,
  headingLevel,
  idPrefix,
  eager = false,
}: {
  project: RailCardProject;
  headingLevel: 3 | 4;
  /** Makes the title's id unique where a project is in two rails. */
  idPrefix: string;
  /** The page's first image in a phone's first screen (the browser's first rail): loaded first. */
  eager?: boolean;
}) {
  const Title = headingLevel === 3 ? "h3" : "h4";
  const pct = Math.round(progressPercent(project.fundingCurrent, project.fundingGoal));
  const days = project.daysLeft;
  return (
    <article className="rail-card" aria-labelledby={`${idPrefix}${project.id}`}>
      <SafeImage
        className="rail-card-img"
        src={project.image}
        placeholder="project"
        {...IMAGE}
        loading={eager ? undefined : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
      <Title className="rail-card-title" id={`${idPrefix}${project.id}`}>
        <AppLink to={href("/project/:slug", { slug: project.slug })}>{project.title}</AppLink>
      </Title>
      <p className="rail-card-meta">
        {project.university
          ? `${categoryLabel(project.category)} · ${project.university}`
          : categoryLabel(project.category)}
      </p>
      <ProgressBar percent={pct} label={`Funding progress of ${project.title}`} />
      <p className="rail-card-figures">
        <span>{`${pct}% funded`}</span>
        <span>{days === 1 ? "1 day left" : `${days} days left`}</span>
      </p>
    </article>
  );
}
