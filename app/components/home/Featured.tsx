import { href, Link } from "react-router";

import { Reveal } from "../Reveal";
import { SafeImage } from "../SafeImage";
import { categoryLabel } from "../../../domain/projects/categories";
import { formatMoney } from "../../../domain/shared/format";
import { STAGGER_MS } from "./content";
import { SectionHead } from "./SectionHead";

/** A featured project as the showcase shows it (home.server.ts `featuredCards`). */
export interface FeaturedCard {
  id: string;
  slug: string;
  title: string;
  image: string;
  shortDescription: string;
  category: string;
  fundingCurrent: number;
  fundingGoal: number;
  /** Percent of the goal raised, 0–100. */
  progress: number;
}

/** The showcase (#featured): real featured projects from D1. */
export function Featured({ projects }: { projects: FeaturedCard[] }) {
  return (
    <section id="featured" className="section section-alt" aria-labelledby="featured-title">
      <div className="container">
        <SectionHead
          eyebrow="Showcase"
          id="featured-title"
          title="Featured projects"
          lead="A few of the student startups raising on CampusFund right now."
        />
        {projects.length > 0 ? (
          <ul className="grid grid-3 plain-list">
            {projects.map((p, i) => {
              const pct = p.progress;
              return (
                <li key={p.id} style={{ display: "flex" }}>
                  <Reveal className="reveal-fill" delay={i * STAGGER_MS}>
                    <Link
                      to={href("/project/:slug", { slug: p.slug })}
                      className="card card-link"
                      style={{ width: "100%", height: "100%" }}
                    >
                      <div className="card-media">
                        <SafeImage src={p.image} placeholder="project" width={640} height={360} loading="lazy" />
                      </div>
                      <div className="card-body">
                        {p.category && <span className="badge badge-info">{categoryLabel(p.category)}</span>}
                        <h3 className="card-title" style={{ marginTop: 12 }}>
                          {p.title}
                        </h3>
                        <p className="card-text">{p.shortDescription}</p>
                        <div className="funding">
                          <div className="progress" aria-hidden="true">
                            <div className="progress-bar" style={{ width: `${pct}%` }} />
                          </div>
                          <div className="funding-line">
                            <span>
                              <strong>{formatMoney(p.fundingCurrent)}</strong> raised
                            </span>
                            <span className="muted">of {formatMoney(p.fundingGoal)} goal</span>
                          </div>
                        </div>
                      </div>
                    </Link>
                  </Reveal>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">Featured projects will appear here soon.</p>
        )}
        <p style={{ marginTop: 24 }}>
          <Link to="/demo">Explore projects</Link>
        </p>
      </div>
    </section>
  );
}
