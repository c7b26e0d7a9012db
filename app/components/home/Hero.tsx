import { Link } from "react-router";

/** The hero: what CampusFund is, and the way in (Explore projects once signed in). */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div>
          <span className="eyebrow">Equity crowdfunding for student startups</span>
          <h1 id="hero-title">Back the student founders building what's next</h1>
          <p className="hero-lead">
            CampusFund lets anyone invest in startups founded by college students, and lets student founders raise from
            a community that believes in them.
          </p>
          <div className="cluster">
            {signedIn ? (
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
                Your next favorite startup
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
  );
}
