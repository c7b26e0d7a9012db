/**
 * Home (spec section 2, "Home sections"): hero, features (#features), how it works, featured
 * projects, market opportunity, roadmap (#roadmap). A first version; a fuller marketing page
 * comes later.
 */
import { Link } from "react-router";

import { FeatureIcons } from "../components/icons";
import { pageMeta } from "../components/meta";
import { useOptionalUser } from "../components/useOptionalUser";
import { categoryLabel } from "../lib/categories";
import { formatMoney } from "../lib/format";
import { progressPercent } from "../lib/project";
import { getApp } from "../server/guards.server";
import { listFeaturedProjects } from "../../worker/services/projects";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    null,
    "Back the student founders building what's next. CampusFund is equity crowdfunding for college-student startups, with simulated money.",
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  try {
    const projects = await listFeaturedProjects(db, 3);
    return {
      featured: projects.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        image: p.image,
        shortDescription: p.shortDescription,
        category: p.category,
        fundingCurrent: p.fundingCurrent,
        fundingGoal: p.fundingGoal,
      })),
    };
  } catch (e) {
    // The marketing page still renders if the showcase query fails; the failure is logged.
    console.error("home: featured projects failed", e);
    return { featured: [] };
  }
}

const FEATURES = [
  {
    icon: FeatureIcons.fees,
    title: "Lower fees",
    text: "Student founders keep more of what they raise, and investors pay no hidden platform charges.",
  },
  {
    icon: FeatureIcons.transparent,
    title: "Transparent processes",
    text: "Every raise shows its goal, share price, valuation and progress, so you always know where a deal stands.",
  },
  {
    icon: FeatureIcons.curated,
    title: "Curated selection",
    text: "We review each campus startup before it lists, so you browse promising teams rather than noise.",
  },
  {
    icon: FeatureIcons.compliance,
    title: "Broker-dealer compliance",
    text: "Offerings are structured around SAFE, Reg CF and Reg A+ rules, with the disclosures investors expect.",
  },
  {
    icon: FeatureIcons.seed,
    title: "A yearly seed of up to 50 companies",
    text: "Each year we seed a cohort of up to 50 student companies to give the best ideas a head start.",
  },
  {
    icon: FeatureIcons.rocket,
    title: "Learn by doing",
    text: "Money on CampusFund is simulated: practise investing and fundraising without risking a cent.",
  },
];

const STEPS = [
  { title: "Create your account", text: "Sign up as an investor to back startups, or as a founder to raise for your own." },
  { title: "Discover student startups", text: "Browse projects by sector, read the pitch, the team and the terms." },
  { title: "Invest and track", text: "Buy shares with simulated money and follow your portfolio and AI insights." },
];

const STATS = [
  { value: "5M", label: "student founders" },
  { value: "$10Bn", label: "market" },
  { value: "65%", label: "of Americans invest" },
  { value: "25,000+", label: "startups launched" },
  { value: "5000+", label: "potential partner universities" },
];

const ROADMAP = [
  { when: "Now", title: "Demo platform", text: "Browse, invest and track a portfolio with simulated money.", current: true },
  { when: "Next", title: "Founder tools", text: "Create and edit your project page, team, traction and FAQs." },
  { when: "Later", title: "University partners", text: "Partnerships with campuses to source and mentor founders." },
  { when: "Future", title: "First seed cohort", text: "A yearly seed of up to 50 student companies." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const user = useOptionalUser();
  const { featured } = loaderData;

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div>
            <span className="eyebrow">Equity crowdfunding for student startups</span>
            <h1 id="hero-title">Back the student founders building what's next</h1>
            <p className="hero-lead">
              CampusFund lets anyone invest in startups founded by college students, and lets student founders raise
              from a community that believes in them.
            </p>
            <div className="cluster">
              {user ? (
                <Link to="/demo" className="btn btn-primary btn-lg">
                  Explore projects
                </Link>
              ) : (
                <>
                  <Link to="/signup" className="btn btn-primary btn-lg">
                    Get Started
                  </Link>
                  <Link to="/support" className="btn btn-secondary btn-lg">
                    Support Our Vision
                  </Link>
                </>
              )}
            </div>
            <p className="hero-note">All money on CampusFund is simulated. No real funds are invested.</p>
          </div>
          <div className="hero-visual" aria-hidden="true">
            <div className="card">
              <div className="card-media">
                <svg viewBox="0 0 400 225" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
                  <rect width="400" height="225" fill="#eef3fe" />
                  <g fill="#1f4fd1">
                    <rect x="40" y="150" width="34" height="50" rx="5" opacity="0.25" />
                    <rect x="96" y="128" width="34" height="72" rx="5" opacity="0.35" />
                    <rect x="152" y="112" width="34" height="88" rx="5" opacity="0.45" />
                    <rect x="208" y="86" width="34" height="114" rx="5" opacity="0.6" />
                    <rect x="264" y="64" width="34" height="136" rx="5" opacity="0.75" />
                    <rect x="320" y="36" width="34" height="164" rx="5" />
                  </g>
                  <path d="M57 128 L113 108 L169 92 L225 62 L281 44 L337 16" fill="none" stroke="#0f8a6c" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
                  <g fill="#fff" stroke="#0f8a6c" strokeWidth="3">
                    <circle cx="57" cy="128" r="6" />
                    <circle cx="169" cy="92" r="6" />
                    <circle cx="281" cy="44" r="6" />
                  </g>
                </svg>
              </div>
              <div className="card-body">
                <span className="badge badge-success">Active</span>
                <p className="card-title" style={{ marginTop: 12 }}>
                  Your next favourite startup
                </p>
                <p className="card-text">Built in a dorm room, backed by you.</p>
                <div className="funding">
                  <div className="progress">
                    <div className="progress-bar" style={{ width: "72%" }} />
                  </div>
                  <div className="funding-line">
                    <span>
                      <strong>$36,000</strong> raised
                    </span>
                    <span>72% of $50,000</span>
                  </div>
                </div>
              </div>
            </div>
            <div className="hero-chip">
              <strong>$0</strong>
              real money at risk
            </div>
          </div>
        </div>
      </section>

      <section id="features" className="section section-alt" aria-labelledby="features-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Why CampusFund</span>
            <h2 id="features-title">Investing in student startups, done right</h2>
            <p className="muted">A platform built for first-time founders and first-time investors alike.</p>
          </div>
          <div className="grid grid-3">
            {FEATURES.map((f) => (
              <div key={f.title} className="card card-body feature">
                <span className="feature-icon">{f.icon}</span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </div>
            ))}
          </div>
          <div className="cta-band">
            <p>
              <strong>Believe in student founders?</strong> Add your name to our supporters and help us bring
              CampusFund to campuses everywhere.
            </p>
            <Link to="/support" className="btn btn-primary">
              Support Our Vision
            </Link>
          </div>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">How it works</span>
            <h2 id="how-title">From sign-up to shareholder in three steps</h2>
          </div>
          <ol className="steps grid grid-3">
            {STEPS.map((s) => (
              <li key={s.title} className="card step">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
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

      <section id="featured" className="section section-alt" aria-labelledby="featured-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Showcase</span>
            <h2 id="featured-title">Featured projects</h2>
            <p className="muted">A few of the student startups raising on CampusFund right now.</p>
          </div>
          {featured.length > 0 ? (
            <ul className="grid grid-3" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {featured.map((p) => {
                const pct = progressPercent(p.fundingCurrent, p.fundingGoal);
                return (
                  <li key={p.id} style={{ display: "flex" }}>
                    <Link to={`/project/${p.slug}`} className="card card-link" style={{ width: "100%" }}>
                      <div className="card-media">
                        {p.image && <img src={p.image} alt="" width={640} height={360} loading="lazy" />}
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
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="muted">Featured projects will appear here soon.</p>
          )}
          <p style={{ marginTop: 24 }}>
            <Link to="/demo">See all projects</Link>
          </p>
        </div>
      </section>

      <section id="market" className="section section-dark" aria-labelledby="market-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Market opportunity</span>
            <h2 id="market-title">A generation of founders, waiting for backers</h2>
          </div>
          <ul className="stats">
            {STATS.map((s) => (
              <li key={s.label}>
                <span className="stat-value">{s.value}</span>
                <span className="stat-label">{s.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="roadmap" className="section" aria-labelledby="roadmap-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Roadmap</span>
            <h2 id="roadmap-title">Where we're headed</h2>
          </div>
          <ol className="timeline">
            {ROADMAP.map((r) => (
              <li key={r.title} className={`card timeline-item${r.current ? " is-current" : ""}`}>
                <span className={`badge ${r.current ? "badge-info" : "badge-muted"}`}>{r.when}</span>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
