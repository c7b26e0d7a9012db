import { Link } from "react-router";

import { Reveal } from "../Reveal";
import { FEATURES, STAGGER_MS, STEPS } from "./content";
import { SectionHead } from "./SectionHead";

/** What the platform offers (#features), with the supporters' call to action. */
export function Features() {
  return (
    <section id="features" className="section section-alt" aria-labelledby="features-title">
      <div className="container">
        <SectionHead
          eyebrow="Features"
          id="features-title"
          title="Everything you need to back student startups"
          lead="A platform built for first-time founders and first-time investors alike."
        />
        <ul className="grid grid-3 plain-list">
          {FEATURES.map((f, i) => (
            <li key={f.title}>
              <Reveal className="card card-body feature" delay={(i % 3) * STAGGER_MS}>
                <span className="feature-icon">{f.icon}</span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
                {f.cta ? (
                  <Link to={f.cta.to} className="btn btn-secondary btn-sm feature-cta">
                    {f.cta.label}
                  </Link>
                ) : null}
              </Reveal>
            </li>
          ))}
        </ul>
        <Reveal className="cta-band">
          <p>
            <strong>Believe in student founders?</strong> Add your name to our supporters and help us bring CampusFund
            to campuses everywhere.
          </p>
          <Link to="/support" className="btn btn-primary">
            Support Our Vision
          </Link>
        </Reveal>
      </div>
    </section>
  );
}

/** From sign-up to shareholder (#how-it-works). */
export function HowItWorks() {
  return (
    <section id="how-it-works" className="section" aria-labelledby="how-title">
      <div className="container">
        <SectionHead eyebrow="How it works" id="how-title" title="From sign-up to shareholder in three steps" />
        <ol className="steps grid grid-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="card step">
              <Reveal delay={i * STAGGER_MS}>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </Reveal>
            </li>
          ))}
        </ol>
        <div className="cluster" style={{ marginTop: 32 }}>
          <Link to="/demo" className="btn btn-primary">
            Experience Demo
          </Link>
          <span className="muted small">No real money, no risk: just the experience.</span>
        </div>
      </div>
    </section>
  );
}
