/**
 * The frame of the legal pages (/privacy-policy, /terms-of-service; spec section 2): title,
 * last-updated date (today, rendered on the server), a table of contents with anchor links,
 * numbered sections each ending in a plain "Back to top" link (works without JavaScript), the
 * contact email and postal address, and the floating back-to-top button after 300px (JS).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

import { CONTACT_INFO } from "../../domain/visitors/contact-info";
import { formatDate } from "../../domain/shared/format";
import { BackToTop } from "./BackToTop";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const TOP_ID = "top";

export function PostalAddress() {
  const a = CONTACT_INFO.address;
  return (
    <address>
      {a.line1}
      <br />
      {a.line2}
      <br />
      {a.city}
      <br />
      {a.country}
    </address>
  );
}

export function LegalPage({
  title,
  lead,
  updated,
  summary,
  sections,
  email,
}: {
  title: string;
  lead: string;
  /** YYYY-MM-DD */
  updated: string;
  summary: ReactNode;
  sections: LegalSection[];
  email: string;
}) {
  const all: LegalSection[] = [
    ...sections,
    {
      id: "contact-us",
      title: "Contact us",
      body: (
        <div className="legal-contact">
          <p>
            Questions about this page? Email <a href={`mailto:${email}`}>{email}</a> or write to us:
          </p>
          <PostalAddress />
          <p style={{ marginTop: 16 }}>
            You can also use our <Link to="/contact">contact page</Link>. We answer within two business days.
          </p>
        </div>
      ),
    },
  ];
  return (
    <>
      <header className="legal-header" id={TOP_ID} tabIndex={-1}>
        <div className="container">
          <span className="eyebrow">Legal</span>
          <h1 className="page-title">{title}</h1>
          <p className="legal-meta">
            Last updated: <time dateTime={updated}>{formatDate(updated)}</time>
          </p>
          <p className="page-lead" style={{ marginTop: 16, marginBottom: 0 }}>
            {lead}
          </p>
        </div>
      </header>
      <div className="container legal-layout">
        <nav className="legal-toc" aria-labelledby="toc-title">
          <h2 id="toc-title">Contents</h2>
          <ol>
            {all.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-body">
          <div className="alert alert-info legal-summary">
            <div>{summary}</div>
          </div>
          {all.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
              <a href={`#${TOP_ID}`} className="to-top-link">
                Back to top
              </a>
            </section>
          ))}
        </article>
      </div>
      <BackToTop targetId={TOP_ID} />
    </>
  );
}
