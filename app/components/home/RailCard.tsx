import { href } from "react-router";

import { AppLink } from "../AppLinks";
import { SafeImage } from "../SafeImage";
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
  eager = false,
}: {
  project: RailCardProject;
  headingLevel: 3 | 4;
  /** The page's first image in a phone's first screen (the browser's first rail): loaded first. */
  eager?: boolean;
}) {
  const Title = headingLevel === 3 ? "h3" : "h4";
  const pct = Math.round(progressPercent(project.fundingCurrent, project.fundingGoal));
  const days = project.daysLeft;
  return (
    <article className="rail-card">
      <SafeImage
        className="rail-card-img"
        src={project.image}
        placeholder="project"
        {...IMAGE}
        loading={eager ? undefined : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
      <Title className="rail-card-title">
        <AppLink to={href("/project/:slug", { slug: project.slug })}>{project.title}</AppLink>
      </Title>
      <p className="rail-card-meta">
        {project.university
          ? `${categoryLabel(project.category)} · ${project.university}`
          : categoryLabel(project.category)}
      </p>
      {/* The bar draws the percentage written under it: no second reading of it. */}
      <div className="progress" aria-hidden="true">
        <div className="progress-bar" style={{ width: `${Math.min(100, pct)}%` }} />
      </div>
      <p className="rail-card-figures">
        <span>{`${pct}% funded`}</span>
        <span>{days === 1 ? "1 day left" : `${days} days left`}</span>
      </p>
    </article>
  );
}
