/** The site footer (spec section 2): section links, pages, legal, social links, simulated-money line. */
import { AppLink, useLinkClicks } from "./AppLinks";
import { LogoMark, SocialIcons } from "./icons";

const SOCIAL = [
  { href: "https://x.com/campusfund", label: "CampusFund on X", icon: SocialIcons.x },
  { href: "https://www.linkedin.com/company/campusfund", label: "CampusFund on LinkedIn", icon: SocialIcons.linkedin },
  { href: "https://www.instagram.com/campusfund", label: "CampusFund on Instagram", icon: SocialIcons.instagram },
  { href: "https://github.com/campusfund", label: "CampusFund on GitHub", icon: SocialIcons.github },
];

export function Footer() {
  const year = new Date().getFullYear();
  // Plain links, navigated in the app by the footer's one click handler (AppLinks.tsx).
  const onLinkClick = useLinkClicks();
  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <footer className="site-footer" onClick={onLinkClick}>
      <div className="container">
        <div className="footer-grid">
          <div>
            <AppLink to="/" className="brand" aria-label="CampusFund home">
              <LogoMark size={28} />
              <span>CampusFund</span>
            </AppLink>
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
                <AppLink to="/#features">Features</AppLink>
              </li>
              <li>
                <AppLink to="/#roadmap">Roadmap</AppLink>
              </li>
              <li>
                <AppLink to="/about">About</AppLink>
              </li>
              <li>
                <AppLink to="/contact">Contact</AppLink>
              </li>
              <li>
                {/* Served by the API, not a page of the app: loaded whole (AppLinks.tsx). */}
                <a href="/api/docs" data-reload-document="">
                  API reference
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2 className="footer-title">Legal</h2>
            <ul className="footer-links">
              <li>
                <AppLink to="/privacy-policy">Privacy Policy</AppLink>
              </li>
              <li>
                <AppLink to="/terms-of-service">Terms of Service</AppLink>
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
