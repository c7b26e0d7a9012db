import { Link } from "react-router";

import { useLinkClicks } from "../AppLinks";
import { RailCard, type RailCardProject } from "./RailCard";

/** A rail as the page shows it (app/server/rails.server.ts `railViews`). */
export interface RailView {
  id: string;
  title: string;
  /** The browser in the rail's order. */
  seeAll: string;
  projects: RailCardProject[];
}

/**
 * The rails (ADR 055): each a section with its heading and a "See all" link above ONE row of
 * compact cards (RailCard) that scrolls sideways at every width, snapping to a card. The row needs
 * no tab stop of its own: Tab reaches each card's link and the browser scrolls it into view. Nothing
 * when there are none (an empty rail never reaches here). The cards' links are plain; the row takes
 * their clicks and navigates them in the app (AppLinks.tsx).
 */
export function Rails({
  rails,
  headingLevel = 2,
  firstEager = false,
}: {
  rails: RailView[];
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
                  <li key={p.id} className="rail-item">
                    <RailCard
                      project={p}
                      headingLevel={headingLevel === 2 ? 3 : 4}
                      eager={firstEager && r === 0 && i === 0}
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
