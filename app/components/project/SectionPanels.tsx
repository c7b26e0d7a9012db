/**
 * The project detail's Team, Product, Market and Investment tabs (DetailPage.tsx loads this module
 * with the tab shown: code a first load of the Overview does not need). Server-rendered; only the
 * active panel is on the page.
 */
import type { ReactNode } from "react";

import { formatMoney, formatNumber, formatPercent } from "../../../domain/shared/format";
import { peopleOnce, personKey } from "../../../domain/projects/people";
import { displayValuation } from "../../../domain/projects/project";
import type { RaiseFigures } from "../../../domain/raises/raise";
import type { Person, ProjectDTO } from "../../../domain/shared/types";

import { SafeImage } from "../SafeImage";
import { NotProvided, Prose } from "./DetailPanels";
import { REGULATION_INFO } from "./regulation";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}

function PersonCard({ person }: { person: Person }) {
  return (
    <li className="person">
      {person.image ? (
        <SafeImage
          className="person-avatar"
          src={person.image}
          placeholder="avatar"
          width={56}
          height={56}
          loading="lazy"
        />
      ) : (
        <span className="person-avatar person-initials" aria-hidden="true">
          {initials(person.name)}
        </span>
      )}
      <div>
        <h4 className="person-name">{person.name}</h4>
        {person.role ? <p className="person-role">{person.role}</p> : null}
        {person.university ? <p className="person-meta">{person.university}</p> : null}
        {person.bio ? <p className="person-bio">{person.bio}</p> : null}
        {person.experience ? <p className="person-meta">{person.experience}</p> : null}
      </div>
    </li>
  );
}
export function TeamPanel({ project }: { project: ProjectDTO }) {
  // The creator, founders[] and team[] often name the same person: each is shown once.
  const people = peopleOnce(project.creatorInfo, project.founders, project.team);
  const founders = people.filter((p) => p.founder);
  const members = people.filter((p) => !p.founder);
  return (
    <>
      <h2>Team</h2>
      {project.teamDescription ? <Prose text={project.teamDescription} /> : null}
      <section className="panel-section" aria-labelledby="founders-h">
        <h3 id="founders-h">Founders</h3>
        {founders.length ? (
          <ul className="people">
            {founders.map((p) => (
              <PersonCard key={personKey(p.name)} person={p} />
            ))}
          </ul>
        ) : (
          <NotProvided />
        )}
      </section>
      {members.length ? (
        <section className="panel-section" aria-labelledby="team-h">
          <h3 id="team-h">Team Members</h3>
          <ul className="people">
            {members.map((p) => (
              <PersonCard key={personKey(p.name)} person={p} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function ProductPanel({ project }: { project: ProjectDTO }) {
  const gallery = project.images.gallery ?? [];
  return (
    <>
      <h2>Product</h2>
      <section className="panel-section" aria-labelledby="problem-h">
        <h3 id="problem-h">The Problem</h3>
        {project.details.problem ? <Prose text={project.details.problem} /> : <NotProvided />}
      </section>
      <section className="panel-section" aria-labelledby="solution-h">
        <h3 id="solution-h">Our Solution</h3>
        {project.details.solution ? <Prose text={project.details.solution} /> : <NotProvided />}
      </section>
      {gallery.length ? (
        <section className="panel-section" aria-labelledby="gallery-h">
          <h3 id="gallery-h">Gallery</h3>
          <ul className="gallery">
            {gallery.map((src, i) => (
              <li key={i}>
                <SafeImage
                  src={src}
                  placeholder="project"
                  alt={`${project.title}: gallery ${i + 1} of ${gallery.length}`}
                  width={480}
                  height={320}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function MarketPanel({ project }: { project: ProjectDTO }) {
  const items = [
    { id: "size", title: "Market Size", text: project.details.marketSize },
    { id: "competition", title: "Competition", text: project.details.competition },
    { id: "model", title: "Business Model", text: project.details.businessModel },
  ];
  return (
    <>
      <h2>Market</h2>
      {items.map((it) => (
        <section key={it.id} className="panel-section" aria-labelledby={`market-${it.id}`}>
          <h3 id={`market-${it.id}`}>{it.title}</h3>
          {it.text ? <Prose text={it.text} /> : <NotProvided />}
        </section>
      ))}
    </>
  );
}

/**
 * Who owns the company after this round: the founders' retained share and the
 * investors' (equity offered × the fraction of shares sold), as a table with a bar beside it.
 */
function CapTable({ raise }: { raise: RaiseFigures }) {
  const investorsLabel = raise.investors === 1 ? "1 investor" : `${formatNumber(raise.investors)} investors`;
  return (
    <section className="panel-section" aria-labelledby="cap-h">
      <h3 id="cap-h">Cap Table</h3>
      <div className="cap-bar" aria-hidden="true">
        <span className="cap-founders" style={{ width: `${raise.foundersEquity}%` }} />
        <span className="cap-investors" style={{ width: `${raise.investorsEquity}%` }} />
      </div>
      <table className="cap-table">
        <caption className="visually-hidden">Ownership after the shares sold so far</caption>
        <thead>
          <tr>
            <th scope="col">Holder</th>
            <th scope="col">Ownership</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <span className="cap-swatch cap-founders" aria-hidden="true" /> Founders (retained)
            </th>
            <td>{formatPercent(raise.foundersEquity, 2)}</td>
          </tr>
          <tr>
            <th scope="row">
              <span className="cap-swatch cap-investors" aria-hidden="true" /> Investors ({investorsLabel})
            </th>
            <td>{formatPercent(raise.investorsEquity, 2)}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted cap-note">
        This round offers {formatPercent(raise.equityOffered, 2)} of the company; investors hold the part of it whose
        shares are sold. Unsold shares stay with the founders.
      </p>
    </section>
  );
}

export function InvestmentPanel({
  project,
  raise,
  investors,
}: {
  project: ProjectDTO;
  raise: RaiseFigures;
  /** The public investor list, after the cap table. */
  investors?: ReactNode;
}) {
  const terms = project.investmentTerms;
  const fin = project.details.financials ?? {};
  const rev = fin.revenueProjections ?? {};
  const reg = REGULATION_INFO[project.regulationType] ?? REGULATION_INFO.SAFE;
  const money = (n: number | undefined) => (typeof n === "number" ? formatMoney(n) : "Not provided");
  return (
    <>
      <h2>Investment</h2>
      <section className="panel-section" aria-labelledby="terms-h">
        <h3 id="terms-h">Investment Terms</h3>
        <dl className="kv-grid kv-2">
          <div>
            <dt>Valuation</dt>
            <dd>{formatMoney(displayValuation(terms.valuation, project.fundingGoal, terms.equityPercentage))}</dd>
          </div>
          <div>
            <dt>Equity offered</dt>
            <dd>{formatPercent(terms.equityPercentage, 2)}</dd>
          </div>
          <div>
            <dt>Minimum investment</dt>
            <dd>{formatMoney(terms.minInvestment)}</dd>
          </div>
          <div>
            <dt>Regulation type</dt>
            <dd>{project.regulationType}</dd>
          </div>
        </dl>
      </section>
      <CapTable raise={raise} />
      {investors}
      <section className="panel-section" aria-labelledby="fin-h">
        <h3 id="fin-h">Financials</h3>
        <dl className="kv-grid">
          <div>
            <dt>Revenue, year 1</dt>
            <dd>{money(rev.year1)}</dd>
          </div>
          <div>
            <dt>Revenue, year 2</dt>
            <dd>{money(rev.year2)}</dd>
          </div>
          <div>
            <dt>Revenue, year 3</dt>
            <dd>{money(rev.year3)}</dd>
          </div>
          <div>
            <dt>Monthly burn rate</dt>
            <dd>{money(fin.burnRate)}</dd>
          </div>
          <div>
            <dt>Break-even point</dt>
            <dd>{fin.breakEvenPoint || "Not provided"}</dd>
          </div>
          <div>
            <dt>Runway after funding</dt>
            <dd>{fin.runwayPostFunding || "Not provided"}</dd>
          </div>
        </dl>
      </section>
      <section className="panel-section" aria-labelledby="reg-h">
        <h3 id="reg-h">Regulation Information</h3>
        <p>{reg.text}</p>
        <p className="muted">
          CampusFund uses simulated money: no real funds change hands. Startup investments are risky and illiquid; only
          invest what you could afford to lose.
        </p>
      </section>
    </>
  );
}
