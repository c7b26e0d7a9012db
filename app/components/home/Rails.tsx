import { Link } from "react-router";

import { useLinkClicks } from "../AppLinks";
import { ProjectCard, type CardProject } from "../project/ProjectCard";
import type { Role } from "../../../domain/shared/types";

/** A rail as the page shows it (app/server/rails.server.ts `railViews`). */
export interface RailView {
  id: string;
  title: string;
  /** The browser in the rail's order. */
  seeAll: string;
  projects: CardProject[];
}

/**
 * The rails (ADR 055): each a section with its heading, a "See all" link and a list of cards that
 * scrolls sideways on a phone and is a grid on a wider screen. Nothing when there are none (an
 * empty rail never reaches here). The cards' links are plain; the list takes their clicks and
 * navigates them in the app (AppLinks.tsx).
 */
export function Rails({
  rails,
  role,
  headingLevel = 2,
  firstEager = false,
}: {
  rails: RailView[];
  role: Role | null;
  headingLevel?: 2 | 3;
  /** The page opens with the rails (the browser): the first card's image loads first, not lazily. */
  firstEager?: boolean;
}) {
  const onCardLinkClick = useLinkClicks();
  if (!rails.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="rails">
      {rails.map((rail, r) => {
        const headingId = `rail-${rail.id}`;
        return (
          <section key={rail.id} className="rail" aria-labelledby={headingId} data-rail={rail.id}>
            <div className="rail-head">
              <Heading id={headingId} className="rail-title">
                {rail.title}
              </Heading>
              <Link className="rail-see-all" to={rail.seeAll}>
                See all<span className="visually-hidden"> {rail.title}</span>
              </Link>
            </div>
            {/* The clicks are the links' own (a keyboard's Enter on a link is a click too). */}
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
            <div onClick={onCardLinkClick}>
              <ul className="rail-list plain-list">
                {rail.projects.map((p, i) => (
                  <li key={p._id} className="rail-item">
                    <ProjectCard
                      project={p}
                      role={role}
                      following={false}
                      headingLevel={headingLevel + 1 === 3 ? 3 : 4}
                      idPrefix={`${headingId}-`}
                      showFollow={false}
                      first={firstEager && r === 0 && i === 0}
                    />
                  </li>
                ))}
              </ul>
            </div>
          </section>
        );
      })}
    </div>
  );
}
