import { Reveal } from "../Reveal";

export function SectionHead({
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
