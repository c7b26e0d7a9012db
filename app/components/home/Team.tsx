import { Link } from "react-router";

import { ContactForm } from "../ContactForm";
import { Reveal } from "../Reveal";
import { SafeImage } from "../SafeImage";
import { ROADMAP, STAGGER_MS, TEAM } from "./content";
import { SectionHead } from "./SectionHead";

/** Where we're headed (#roadmap, a footer link). */
export function Roadmap() {
  return (
    <section id="roadmap" className="section section-alt" aria-labelledby="roadmap-title">
      <div className="container">
        <SectionHead eyebrow="Roadmap" id="roadmap-title" title="Where we're headed" />
        <ol className="timeline">
          {ROADMAP.map((r, i) => (
            <li key={r.title} className={`card timeline-item${r.current ? " is-current" : ""}`}>
              <Reveal delay={i * STAGGER_MS}>
                <span className={`badge ${r.current ? "badge-info" : "badge-muted"}`}>{r.when}</span>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The CampusFund team (#team). */
export function Team() {
  return (
    <section id="team" className="section" aria-labelledby="team-title">
      <div className="container">
        <SectionHead
          eyebrow="Team"
          id="team-title"
          title="Meet the CampusFund team"
          lead="Former student founders, engineers and a compliance lawyer who want campus ideas to get a fair shot."
        />
        <ul className="grid grid-4 plain-list">
          {TEAM.map((m, i) => (
            <li key={m.name}>
              <Reveal className="card card-body team-card" delay={i * STAGGER_MS}>
                <SafeImage
                  src={m.image}
                  placeholder="avatar"
                  width={96}
                  height={96}
                  loading="lazy"
                  className="team-avatar"
                />
                <h3>{m.name}</h3>
                <p className="team-role">{m.role}</p>
                <p className="team-bio">{m.bio}</p>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Get in touch (#contact): the shared ContactForm. */
export function Contact() {
  return (
    <section id="contact" className="section section-alt" aria-labelledby="contact-title">
      <div className="container contact-grid">
        <Reveal>
          <span className="eyebrow">Contact</span>
          <h2 id="contact-title">Get in touch</h2>
          <p className="muted">
            Questions about investing, listing your startup or bringing CampusFund to your university? Send us a message
            and we will get back to you.
          </p>
          <p>
            Prefer the full contact page? <Link to="/contact">Phone, email and our office address</Link>.
          </p>
        </Reveal>
        <div className="card card-body contact-card">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
