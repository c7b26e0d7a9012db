/**
 * The home page's view: the showcase's cards, from the featured projects (`listFeaturedProjects`).
 * Pure; server only (the route imports it in its loader alone).
 */
import type { FeaturedCard } from "../components/home/Featured";
import { progressPercent } from "../../domain/projects/project";
import type { ProjectDTO } from "../../domain/shared/types";

export function featuredCards(projects: ProjectDTO[]): FeaturedCard[] {
  return projects.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    image: p.image,
    shortDescription: p.shortDescription,
    category: p.category,
    fundingCurrent: p.fundingCurrent,
    fundingGoal: p.fundingGoal,
    progress: progressPercent(p.fundingCurrent, p.fundingGoal),
  }));
}
