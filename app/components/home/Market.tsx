import { Link } from "react-router";

import { Reveal, REVEAL_THRESHOLD_LATE } from "../Reveal";
import { STAGGER_MS, STATS, WHY_US } from "./content";

/** Market opportunity (#market). */
export function Market() {
  return (
    <section id="market" className="section section-dark" aria-labelledby="market-title">
      <div className="container">
        <Reveal className="section-head">
          <span className="eyebrow">Market opportunity</span>
          <h2 id="market-title">A generation of founders, waiting for backers</h2>
          <p className="market-lead">
            Students start companies in record numbers, yet most raise only from friends and family. CampusFund opens
            those rounds to everyone who wants to back them.
          </p>
        </Reveal>
        <ul className="stats market-stats">
          {STATS.map((s, i) => (
            <li key={s.label}>
              <Reveal threshold={REVEAL_THRESHOLD_LATE} delay={i * STAGGER_MS}>
                <span className="stat-value">{s.value}</span>
                <span className="stat-label">{s.label}</span>
                <span className="stat-text">{s.text}</span>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Why founders and investors choose CampusFund (#why-us). */
export function WhyUs({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="why-us" className="section" aria-labelledby="why-title">
      <div className="container why-grid">
        <Reveal>
          <span className="eyebrow">Why us</span>
          <h2 id="why-title">Why founders and investors choose CampusFund</h2>
          <p className="muted">
            Crowdfunding built around students: fair costs, open numbers, a selective list and the rules that protect
            investors.
          </p>
          <div className="cluster">
            <Link to={signedIn ? "/demo" : "/signup"} className="btn btn-primary">
              {signedIn ? "Explore projects" : "Join CampusFund"}
            </Link>
            <Link to="/about" className="btn btn-secondary">
              About us
            </Link>
          </div>
        </Reveal>
        <ul className="why-list plain-list">
          {WHY_US.map((w, i) => (
            <li key={w.title}>
              <Reveal className="why-item" delay={i * STAGGER_MS}>
                <span className="feature-icon">{w.icon}</span>
                <div>
                  <h3>{w.title}</h3>
                  <p>{w.text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
