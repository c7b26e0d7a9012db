/** The site footer (spec section 2): section links, pages, legal, social links, simulated-money line. */
import { Link } from "react-router";

import { LogoMark, SocialIcons } from "./icons";

const SOCIAL = [
  { href: "https://x.com/campusfund", label: "CampusFund on X", icon: SocialIcons.x },
  { href: "https://www.linkedin.com/company/campusfund", label: "CampusFund on LinkedIn", icon: SocialIcons.linkedin },
  { href: "https://www.instagram.com/campusfund", label: "CampusFund on Instagram", icon: SocialIcons.instagram },
  { href: "https://github.com/campusfund", label: "CampusFund on GitHub", icon: SocialIcons.github },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <Link to="/" className="brand" aria-label="CampusFund home">
              <LogoMark size={28} />
              <span>CampusFund</span>
            </Link>
            <p>Equity crowdfunding for startups founded by college students.</p>
            <ul className="social" aria-label="Social media" role="list">
              {SOCIAL.map((s) => (
                <li key={s.href}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                    {s.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-label="Company">
            <h2 className="footer-title">Company</h2>
            <ul className="footer-links">
              <li>
                <Link to="/#features">Features</Link>
              </li>
              <li>
                <Link to="/#roadmap">Roadmap</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2 className="footer-title">Legal</h2>
            <ul className="footer-links">
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms-of-service">Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="footer-bottom">
          <p>All money on CampusFund is simulated: no real funds are invested, held or moved.</p>
          <p>© {year} CampusFund. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
