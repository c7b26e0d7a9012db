/**
 * /about (spec section 2): story, mission, platform, investors, founders, values and a Join link
 * to /signup. Static; content reveals on scroll (visible without JavaScript and with reduced
 * motion, see components/Reveal.tsx).
 */
import { Link } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { pageMeta } from "../components/meta";
import { Reveal } from "../components/Reveal";
import { useOptionalUser } from "../components/useOptionalUser";
import { FOUNDER_SIGNUP } from "../../domain/accounts/roles";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    "About",
    "Why we built CampusFund: equity crowdfunding that gives college-student startups a fair shot at funding.",
    { at: args },
  );

const PLATFORM = [
  {
    icon: FeatureIcons.folder,
    title: "A curated project browser",
    text: "Student startups by sector, each with its pitch, team, traction, market and deal terms.",
  },
  {
    icon: FeatureIcons.fees,
    title: "Simulated investing",
    text: "Buy whole shares with virtual funds, see the exact total before you confirm, and never risk a cent.",
  },
  {
    icon: FeatureIcons.transparent,
    title: "Portfolio analytics",
    text: "Holdings, totals, risk and diversification scores, and AI-written insights on your positions.",
  },
];

const VALUES = [
  { title: "Students first", text: "Every decision starts with what helps a student founder build and raise." },
  { title: "Radical transparency", text: "Goals, prices, valuations and progress are public for every raise." },
  { title: "Access for everyone", text: "Early-stage investing should not be reserved for a few insiders." },
  { title: "Learning by doing", text: "Simulated money makes it safe to practice, make mistakes and improve." },
  { title: "Integrity", text: "We follow the rules that protect investors, even where a demo would not need to." },
  { title: "Community", text: "Supporters, universities and alumni who believe in the next generation." },
];

export default function About() {
  const user = useOptionalUser();
  return (
    <>
      <section className="about-hero" aria-labelledby="about-title">
        <div className="container">
          <span className="eyebrow">About CampusFund</span>
          <h1 id="about-title">We help student founders raise from people who believe in them</h1>
          <p className="page-lead">
            CampusFund is equity crowdfunding built for startups founded by college students, with simulated money so
            that everyone can learn how startup investing works.
          </p>
        </div>
      </section>

      <section id="story" className="section" aria-labelledby="story-title">
        <div className="container split">
          <Reveal>
            <span className="eyebrow">Our story</span>
            <h2 id="story-title">Started in a dorm room, like the companies we back</h2>
            <p>
              CampusFund began when a group of students watched classmates with brilliant ideas give up for lack of a
              first check. Their friends believed in them, but had no simple way to invest, and the investors who could
              write checks rarely looked at campus startups.
            </p>
            <p>
              So we built the platform we wished existed: a place where student founders can present their company
              honestly and where anyone can back them, starting with a simulation where no one can lose real money.
            </p>
          </Reveal>
          <Reveal>
            <figure className="about-figure" aria-hidden="true">
              <svg viewBox="0 0 480 300" role="presentation">
                <rect width="480" height="300" fill="#eef3fe" />
                <rect x="40" y="190" width="400" height="16" rx="8" fill="#c3d2f7" />
                <rect x="80" y="110" width="150" height="90" rx="10" fill="#1f4fd1" />
                <rect x="90" y="120" width="130" height="70" rx="6" fill="#fff" />
                <path
                  d="M100 175 L130 155 L155 165 L185 138 L210 130"
                  fill="none"
                  stroke="#0f8a6c"
                  strokeWidth="4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
                <rect x="140" y="200" width="30" height="8" rx="4" fill="#1f4fd1" />
                <circle cx="330" cy="120" r="34" fill="#f1c7a8" />
                <path d="M296 116c0-26 16-38 34-38s34 12 34 38c-8-10-20-14-34-14s-26 4-34 14z" fill="#2b1d16" />
                <path d="M270 206c4-40 28-56 60-56s56 16 60 56z" fill="#0f8a6c" />
                <circle cx="400" cy="70" r="22" fill="#ffb020" opacity="0.85" />
                <path d="M390 70h20M400 60v20" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
              </svg>
            </figure>
          </Reveal>
        </div>
      </section>

      <section id="mission" className="section section-alt" aria-labelledby="mission-title">
        <div className="container container-narrow">
          <Reveal>
            <span className="eyebrow">Our mission</span>
            <h2 id="mission-title">Give every campus idea a fair shot at funding</h2>
            <blockquote className="mission-quote">
              To connect student founders with a community of investors, and to make early-stage investing open,
              transparent and safe to learn.
            </blockquote>
            <p style={{ marginTop: 24 }}>
              We want the next great company to be judged on its idea and its team, not on whether its founders already
              know the right people.
            </p>
          </Reveal>
        </div>
      </section>

      <section id="platform" className="section" aria-labelledby="platform-title">
        <div className="container">
          <Reveal className="section-head">
            <span className="eyebrow">The platform</span>
            <h2 id="platform-title">How CampusFund works</h2>
            <p className="muted">
              Equity crowdfunding modeled on real SAFE, Reg CF and Reg A+ offerings, with simulated money so that the
              whole journey is free to try.
            </p>
          </Reveal>
          <ul className="grid grid-3 plain-list">
            {PLATFORM.map((p, i) => (
              <li key={p.title}>
                <Reveal className="card card-body feature" delay={i * 80}>
                  <span className="feature-icon">{p.icon}</span>
                  <h3>{p.title}</h3>
                  <p>{p.text}</p>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="audiences-title">
        <div className="container">
          <Reveal className="section-head">
            <span className="eyebrow">Who it's for</span>
            <h2 id="audiences-title">Built for both sides of the raise</h2>
          </Reveal>
          <div className="grid grid-2">
            <Reveal className="card audience-card">
              <article id="investors" aria-labelledby="investors-title">
                <h3 id="investors-title">For investors</h3>
                <p className="muted">Back the founders you believe in, from your first share.</p>
                <ul className="check-list">
                  <li>Browse curated student startups by sector.</li>
                  <li>Invest with a demo account of virtual funds.</li>
                  <li>Track your portfolio with risk, diversification and AI insights.</li>
                </ul>
                <Link to="/demo" className="btn btn-secondary">
                  Explore projects
                </Link>
              </article>
            </Reveal>
            <Reveal className="card audience-card" delay={80}>
              <article id="founders" aria-labelledby="founders-title">
                <h3 id="founders-title">For founders</h3>
                <p className="muted">Raise from a community that believes in student entrepreneurs.</p>
                <ul className="check-list">
                  <li>Publish one project with your pitch, team, traction and terms.</li>
                  <li>Set your goal, share price, equity and minimum investment.</li>
                  <li>Follow every share you sell and how close you are to your goal.</li>
                </ul>
                <Link to={FOUNDER_SIGNUP} className="btn btn-secondary">
                  Start raising
                </Link>
              </article>
            </Reveal>
          </div>
        </div>
      </section>

      <section id="values" className="section" aria-labelledby="values-title">
        <div className="container">
          <Reveal className="section-head">
            <span className="eyebrow">Our values</span>
            <h2 id="values-title">What we stand for</h2>
          </Reveal>
          <ul className="grid grid-3 plain-list">
            {VALUES.map((v, i) => (
              <li key={v.title}>
                <Reveal className="card card-body value-card" delay={(i % 3) * 80}>
                  <h3>{v.title}</h3>
                  <p>{v.text}</p>
                </Reveal>
              </li>
            ))}
          </ul>
          <p style={{ marginTop: 24 }}>
            Meet the people behind CampusFund on the <Link to="/#team">home page</Link>.
          </p>
        </div>
      </section>

      <section id="join" className="section" aria-labelledby="join-title" style={{ paddingTop: 0 }}>
        <div className="container">
          <Reveal className="join-band">
            <h2 id="join-title">Join CampusFund</h2>
            <p>Create a free account as an investor or a founder. It takes a minute, and every dollar is simulated.</p>
            <div className="cluster">
              {user ? (
                <Link to="/demo" className="btn btn-on-dark btn-lg">
                  Explore projects
                </Link>
              ) : (
                <Link to="/signup" className="btn btn-on-dark btn-lg">
                  Join CampusFund
                </Link>
              )}
              <Link to="/contact" className="btn btn-ghost btn-lg join-secondary">
                Contact us
              </Link>
            </div>
          </Reveal>
        </div>
      </section>
    </>
  );
}
