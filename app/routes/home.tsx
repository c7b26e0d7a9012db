/**
 * Home (spec section 2, route table and "Home sections"). The spec lists the page's nine parts
 * (hero, features, how it works, contact form, footer, showcase, team, market opportunity,
 * why-us) as a list of what the page has, not as a layout order: the site footer (root.tsx)
 * closes every page, so the page reads hero, features (#features), how it works, showcase
 * (#featured, real featured projects from D1), market opportunity (#market), why-us (#why-us),
 * roadmap (#roadmap, a footer link), team (#team) and contact (#contact, the shared
 * ContactForm), then the footer.
 */
import { Link } from "react-router";

import { ContactForm } from "../components/ContactForm";
import { FeatureIcons } from "../components/icons";
import { pageMeta } from "../components/meta";
import { Reveal, REVEAL_THRESHOLD_LATE } from "../components/Reveal";
import { useOptionalUser } from "../components/useOptionalUser";
import { categoryLabel } from "../../domain/categories";
import { formatMoney } from "../../domain/format";
import { progressPercent } from "../../domain/project";
import { FOUNDER_SIGNUP } from "../../domain/roles";
import { getApp } from "../server/guards.server";
import { listFeaturedProjects } from "../../worker/services/projects";
import marketingCss from "../styles/marketing.css?url";
import type { Route } from "./+types/home";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

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
    icon: FeatureIcons.folder,
    title: "Discover campus startups",
    text: "Browse student-founded projects by sector and read the pitch, the team, the traction and the terms in one place.",
  },
  {
    icon: FeatureIcons.fees,
    title: "Invest with simulated money",
    text: "Every investor gets a demo account with virtual funds: buy real-feeling shares without risking a cent.",
  },
  {
    icon: FeatureIcons.transparent,
    title: "Portfolio and AI insights",
    text: "Follow your holdings, totals, risk and diversification, with plain-language insights on your positions.",
  },
  {
    icon: FeatureIcons.rocket,
    title: "Tools for student founders",
    text: "List your startup, set your goal, share price and equity, and follow every share you sell.",
    cta: { to: FOUNDER_SIGNUP, label: "Start raising" },
  },
  {
    icon: FeatureIcons.compliance,
    title: "Deal terms explained",
    text: "SAFE notes, Reg CF and Reg A+ offerings described the way a first-time investor can follow them.",
  },
  {
    icon: FeatureIcons.curated,
    title: "A community behind founders",
    text: "Supporters add their names to back the mission, and universities can partner to bring it to campus.",
  },
];

const STEPS = [
  {
    title: "Create your account",
    text: "Sign up as an investor to back startups, or as a founder to raise for your own.",
  },
  { title: "Discover student startups", text: "Browse projects by sector, read the pitch, the team and the terms." },
  { title: "Invest and track", text: "Buy shares with simulated money and follow your portfolio and AI insights." },
];

const STATS = [
  { value: "5M", label: "student founders", text: "college students are building a company while they study." },
  { value: "$10Bn", label: "market", text: "in early-stage capital that could reach campus startups." },
  { value: "65%", label: "of Americans invest", text: "already own stocks, and many want earlier access to startups." },
  { value: "25,000+", label: "startups launched", text: "by students and recent graduates, and counting." },
  {
    value: "5000+",
    label: "potential partner universities",
    text: "colleges and universities that could bring CampusFund to campus.",
  },
];

const WHY_US = [
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
    text: "Offerings follow the SAFE, Reg CF (up to $5 million) and Reg A+ (up to $75 million) rules, with the disclosures investors expect.",
  },
  {
    icon: FeatureIcons.seed,
    title: "A yearly seed of up to 50 companies",
    text: "Each year we seed a cohort of up to 50 student companies to give the best ideas a head start.",
  },
];

const ROADMAP = [
  {
    when: "Now",
    title: "Demo platform",
    text: "Browse, invest and track a portfolio with simulated money.",
    current: true,
  },
  { when: "Next", title: "Founder tools", text: "Create and edit your project page, team, traction and FAQs." },
  { when: "Later", title: "University partners", text: "Partnerships with campuses to source and mentor founders." },
  { when: "Future", title: "First seed cohort", text: "A yearly seed of up to 50 student companies." },
];

/** The CampusFund team (fictional people; local illustrated avatars). */
const TEAM = [
  {
    name: "Maya Chen",
    role: "Co-founder & CEO",
    image: "/images/team/maya-chen.svg",
    bio: "Started two campus ventures before graduating in economics, and wants every student founder to have backers.",
  },
  {
    name: "Jordan Okafor",
    role: "Co-founder & CTO",
    image: "/images/team/jordan-okafor.svg",
    bio: "Builds the platform: fast pages, careful money maths, and forms that work everywhere.",
  },
  {
    name: "Priya Raman",
    role: "Head of Compliance",
    image: "/images/team/priya-raman.svg",
    bio: "A securities lawyer who keeps every offering on the right side of Reg CF, Reg A+ and broker-dealer rules.",
  },
  {
    name: "Lucas Moreno",
    role: "Head of University Partnerships",
    image: "/images/team/lucas-moreno.svg",
    bio: "Works with campus incubators and student clubs to find and mentor the next cohort of founders.",
  },
];

const STAGGER_MS = 80;

function SectionHead({
  eyebrow,
  id,
  title,
  lead,
  center,
}: {
  eyebrow: string;
  id: string;
  title: string;
  lead?: string;
  center?: boolean;
}) {
  return (
    <Reveal className={`section-head${center ? " center" : ""}`}>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {lead && <p className="muted">{lead}</p>}
    </Reveal>
  );
}

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
                  <path
                    d="M57 128 L113 108 L169 92 L225 62 L281 44 L337 16"
                    fill="none"
                    stroke="#0f8a6c"
                    strokeWidth="4"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
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

      <section id="featured" className="section section-alt" aria-labelledby="featured-title">
        <div className="container">
          <SectionHead
            eyebrow="Showcase"
            id="featured-title"
            title="Featured projects"
            lead="A few of the student startups raising on CampusFund right now."
          />
          {featured.length > 0 ? (
            <ul className="grid grid-3 plain-list">
              {featured.map((p, i) => {
                const pct = progressPercent(p.fundingCurrent, p.fundingGoal);
                return (
                  <li key={p.id} style={{ display: "flex" }}>
                    <Reveal className="reveal-fill" delay={i * STAGGER_MS}>
                      <Link
                        to={`/project/${p.slug}`}
                        className="card card-link"
                        style={{ width: "100%", height: "100%" }}
                      >
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
                    </Reveal>
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
              <Link to={user ? "/demo" : "/signup"} className="btn btn-primary">
                {user ? "Explore projects" : "Join CampusFund"}
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
                  <img src={m.image} alt="" width={96} height={96} loading="lazy" className="team-avatar" />
                  <h3>{m.name}</h3>
                  <p className="team-role">{m.role}</p>
                  <p className="team-bio">{m.bio}</p>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="contact" className="section section-alt" aria-labelledby="contact-title">
        <div className="container contact-grid">
          <Reveal>
            <span className="eyebrow">Contact</span>
            <h2 id="contact-title">Get in touch</h2>
            <p className="muted">
              Questions about investing, listing your startup or bringing CampusFund to your university? Send us a
              message and we will get back to you.
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
    </>
  );
}
