/**
 * What the project form's valid answer becomes for the service: integer cents, the derived money
 * terms (ADR 018) and only the rows that are complete (spec section 5's rules for rows).
 */
import { toCents } from "../shared/money";
import type { ProjectFormOutput } from "./project-form-fields";
import type { DOCUMENT_TYPES } from "./project-shapes";
import type { SOCIAL_LINKS } from "./social-links";
import type { RegulationType, RiskLevel } from "../shared/types";

const filled = (...parts: string[]) => parts.every((p) => p !== "");
const isEmptyRow = (r: Record<string, unknown>) =>
  Object.values(r).every((x) => x === "" || x === null || x === undefined || x === false);

/** What the service stores: cents, derived terms, rows that are complete. */
export interface ProjectInput {
  title: string;
  shortDescription: string;
  description: string;
  category: string;
  about: string;
  tags: string[];
  location: string | null;
  universityName: string | null;
  riskLevel: RiskLevel;
  returnRate: number | null;
  projectDuration: number;
  fundingGoalCents: number;
  fundingDeadline: string;
  sharePriceCents: number;
  totalShares: number;
  regulationType: RegulationType;
  equityPercentage: number;
  valuationCents: number;
  minInvestmentCents: number;
  creatorInfo: { name: string; bio: string; image?: string; experience?: string; university?: string };
  image: string;
  logo: string | null;
  gallery: string[];
  socialLinks: Partial<Record<(typeof SOCIAL_LINKS)[number]["key"], string>>;
  teamDescription: string | null;
  details: {
    overview?: string;
    problem?: string;
    solution?: string;
    marketSize?: string;
    competition?: string;
    businessModel?: string;
    traction: { metric: string; value: string }[];
    roadmap: { date: string; milestone: string; completed?: boolean }[];
    financials: {
      revenueProjections?: { year1?: number; year2?: number; year3?: number };
      burnRate?: number;
      breakEvenPoint?: string;
      runwayPostFunding?: string;
    };
  };
  team: { name: string; role: string; bio?: string; image?: string; experience?: string; university?: string }[];
  documents: { name: string; type: (typeof DOCUMENT_TYPES)[number]; url: string }[];
  faqs: { question: string; answer: string }[];
}

/** Drops empty optional strings from an object (stored JSON stays small). */
function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(o)) if (val !== "" && val !== null && val !== undefined) out[k] = val;
  return out as Partial<T>;
}

export function toProjectInput(i: ProjectFormOutput): ProjectInput {
  const goal = toCents(i.fundingGoal);
  const price = i.sharePrice !== null ? toCents(i.sharePrice) : goal / (i.totalShares as number);
  const totalShares = i.totalShares ?? goal / price;
  const fin = i.details.financials;
  const rev = compact(fin.revenueProjections as Record<string, unknown>);
  const financials = compact({
    burnRate: fin.burnRate ?? undefined,
    breakEvenPoint: fin.breakEvenPoint,
    runwayPostFunding: fin.runwayPostFunding,
  }) as ProjectInput["details"]["financials"];
  if (Object.keys(rev).length) financials.revenueProjections = rev;
  return {
    title: i.title,
    shortDescription: i.shortDescription,
    description: i.description,
    category: i.category,
    about: i.about,
    tags: i.tags,
    location: i.location || null,
    universityName: i.university || null,
    riskLevel: i.riskLevel,
    returnRate: i.returnRate,
    projectDuration: i.projectDuration,
    fundingGoalCents: goal,
    fundingDeadline: i.fundingDeadline,
    sharePriceCents: price,
    totalShares,
    regulationType: i.regulationType,
    equityPercentage: i.investmentTerms.equityPercentage,
    valuationCents: Math.round((goal * 100) / i.investmentTerms.equityPercentage),
    minInvestmentCents: toCents(i.investmentTerms.minInvestment),
    creatorInfo: compact(i.creatorInfo) as ProjectInput["creatorInfo"],
    image: i.image,
    logo: i.logo || null,
    gallery: i.gallery,
    socialLinks: compact(i.socialLinks),
    teamDescription: i.teamDescription || null,
    details: {
      ...compact({
        overview: i.details.overview,
        problem: i.details.problem,
        solution: i.details.solution,
        marketSize: i.details.marketSize,
        competition: i.details.competition,
        businessModel: i.details.businessModel,
      }),
      // spec: traction rows need metric and value, roadmap rows date and milestone
      traction: i.details.traction.filter((r) => filled(r.metric, r.value)),
      roadmap: i.details.roadmap
        .filter((r) => filled(r.date, r.milestone))
        .map((r) => (r.completed ? r : { date: r.date, milestone: r.milestone })),
      financials,
    },
    // spec: team members are saved only with both name and role
    team: i.team.filter((r) => filled(r.name, r.role)).map((r) => compact(r) as ProjectInput["team"][number]),
    documents: i.documents
      .filter((d) => typeof d.url === "string" && d.url !== "")
      .map((d) => ({ name: d.name, type: d.type, url: d.url as string })),
    faqs: i.faqs.filter((f) => !isEmptyRow(f)),
  };
}
