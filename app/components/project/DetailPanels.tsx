/**
 * The project detail's first tab, Overview, and the prose helpers the other tabs share
 * (SectionPanels.tsx: Team, Product, Market, Investment, loaded with their tab). Server-rendered;
 * only the active panel is on the page.
 */
import { isUploadedPdf } from "../../../domain/shared/uploaded-pdf";
import { SOCIAL_LINKS } from "../../../domain/projects/social-links";
import type { ProjectDTO } from "../../../domain/shared/types";
import { formatDate } from "../../../domain/shared/format";
import { projectStatus } from "../../../domain/projects/project-status";

/**
 * How a raise that can no longer take investments ended, said before the founder's own words
 * (which were written while it was open: "is raising …" stays as they wrote it); null while open.
 */
export function raiseEndedSentence(project: ProjectDTO): string | null {
  const s = projectStatus(project);
  const on = formatDate(`${project.fundingDeadline}T00:00:00Z`);
  if (s.open || project.daysLeft > 0) return null;
  switch (s.key) {
    case "closed":
      return `This raise closed on ${on} below its goal, and every investment was returned to its investor. The offering below is as it was made.`;
    case "cancelled":
      return "This raise was cancelled. The offering below is as it was made.";
    case "draft":
    case "in_review":
    case "coming-soon":
    case "upcoming":
      return null;
    default:
      return `This raise closed on ${on}. The offering below is as it was made.`;
  }
}

function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function Prose({ text }: { text: string | null | undefined }) {
  const paras = paragraphs(text);
  if (!paras.length) return null;
  return (
    <>
      {paras.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

export function NotProvided() {
  return <p className="muted">Not provided yet.</p>;
}

const RISK_LABEL: Record<string, string> = { low: "Low", medium: "Medium", high: "High" };

/** The project's facts from the form that no other part of the page shows. */
function KeyFacts({ project }: { project: ProjectDTO }) {
  const links = SOCIAL_LINKS.flatMap((s) => {
    const url = project.socialLinks[s.key];
    return url ? [{ label: s.label, url }] : [];
  });
  const facts: { label: string; value: React.ReactNode }[] = [
    ...(project.location ? [{ label: "Location", value: project.location }] : []),
    { label: "Project duration", value: `${project.projectDuration} months` },
    { label: "Risk level", value: RISK_LABEL[project.riskLevel] ?? project.riskLevel },
    ...(project.returnRate !== null
      ? [{ label: "Expected return", value: `${project.returnRate}% (the founder's estimate)` }]
      : []),
  ];
  return (
    <section className="panel-section" aria-labelledby="facts-h">
      <h3 id="facts-h">Key facts</h3>
      <dl className="kv">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {links.length ? (
        <ul className="cluster link-list" aria-label="Links">
          {links.map((l) => (
            <li key={l.label}>
              <a href={l.url} target="_blank" rel="noopener noreferrer">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function OverviewPanel({ project }: { project: ProjectDTO }) {
  const traction = project.details.traction ?? [];
  const roadmap = project.details.roadmap ?? [];
  const documents = project.documents;
  const ended = raiseEndedSentence(project);
  return (
    <>
      <h2>Overview</h2>
      {ended ? <p className="alert alert-info overview-ended">{ended}</p> : null}
      {/* Every text box of the project form appears on the page: the description always leads. */}
      <Prose text={project.description} />
      {project.details.overview ? (
        <section className="panel-section" aria-labelledby="offering-h">
          <h3 id="offering-h">The offering</h3>
          <Prose text={project.details.overview} />
        </section>
      ) : null}
      <KeyFacts project={project} />
      {project.about ? (
        <section className="panel-section" aria-labelledby="about-h">
          <h3 id="about-h">About</h3>
          <Prose text={project.about} />
        </section>
      ) : null}
      {traction.length ? (
        <section className="panel-section" aria-labelledby="traction-h">
          <h3 id="traction-h">Traction</h3>
          <ul className="metric-grid">
            {traction.map((t, i) => (
              <li key={i} className="metric">
                <span className="metric-value">{t.value}</span>
                <span className="metric-label">{t.metric}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {roadmap.length ? (
        <section className="panel-section" aria-labelledby="roadmap-h">
          <h3 id="roadmap-h">Roadmap</h3>
          <ol className="roadmap">
            {roadmap.map((r, i) => (
              <li key={i} className={r.completed ? "done" : undefined}>
                <span className="roadmap-date">{r.date}</span>
                <span className="roadmap-text">
                  {r.milestone}
                  {r.completed ? <span className="roadmap-done"> (completed)</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {project.tags.length ? (
        <section className="panel-section" aria-labelledby="tags-h">
          <h3 id="tags-h">Tags</h3>
          <ul className="tag-list">
            {project.tags.map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {documents.length ? (
        <section className="panel-section" aria-labelledby="docs-h">
          <h3 id="docs-h">Documents</h3>
          <ul className="doc-list">
            {documents.map((d, i) => {
              // A founder's uploaded PDF (ADR 031) is ours and served as a download under its name;
              // anything else is a link to another site, opened in a new tab.
              const uploaded = isUploadedPdf(d.url);
              return (
                <li key={i}>
                  {uploaded ? (
                    <a href={d.url} type="application/pdf" download>
                      {d.name}
                    </a>
                  ) : (
                    <a href={d.url} target="_blank" rel="noopener noreferrer">
                      {d.name}
                    </a>
                  )}{" "}
                  <span className="doc-type">{uploaded ? "PDF" : d.type.toUpperCase()}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {project.faqs.length ? (
        <section className="panel-section" aria-labelledby="faq-h">
          <h3 id="faq-h">Frequently Asked Questions</h3>
          <div className="faq-list">
            {project.faqs.map((f, i) => (
              <details key={i} className="faq">
                <summary>{f.question}</summary>
                <p>{f.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
