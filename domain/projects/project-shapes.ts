/**
 * The nested parts of a project that D1 keeps as JSON columns (ADR 004), one runtime shape each:
 * creator info, social links, people (founders and team), documents, FAQs, and the details with
 * their traction, roadmap and financials. The TypeScript types in types.ts are inferred from
 * these, so the shape written, the shape stored and the shape rendered cannot drift apart.
 *
 * Reading is forgiving (`readStored`): a row whose JSON does not match keeps every item that does
 * and drops the rest, so one bad entry never breaks a project page. Writing (the project form,
 * next) validates strictly with its own messages and stores only these shapes.
 */
import * as v from "valibot";

const optionalText = v.optional(v.string());

export const CreatorInfoShape = v.object({
  name: v.string(),
  bio: v.string(),
  image: optionalText,
  experience: optionalText,
  university: optionalText,
});

export const SocialLinksShape = v.object({
  website: optionalText,
  twitter: optionalText,
  facebook: optionalText,
  linkedin: optionalText,
  instagram: optionalText,
});

/** A founder or a team member (team members have a role). */
export const PersonShape = v.object({
  name: v.string(),
  role: optionalText,
  bio: optionalText,
  image: optionalText,
  experience: optionalText,
  university: optionalText,
});

export const DOCUMENT_TYPES = ["pdf", "video", "document"] as const;

export const DocumentLinkShape = v.object({
  name: v.string(),
  type: v.picklist(DOCUMENT_TYPES),
  url: v.string(),
});

export const FaqShape = v.object({ question: v.string(), answer: v.string() });

/** One traction figure: "Active users" / "3,200". */
export const TractionItemShape = v.object({ metric: v.string(), value: v.string() });

/** One roadmap step: "Q3 2026" / "Launch on three campuses". */
export const RoadmapItemShape = v.object({
  date: v.string(),
  milestone: v.string(),
  completed: v.optional(v.boolean()),
});

const optionalNumber = v.optional(v.number());

export const FinancialsShape = v.object({
  revenueProjections: v.optional(v.object({ year1: optionalNumber, year2: optionalNumber, year3: optionalNumber })),
  burnRate: optionalNumber,
  breakEvenPoint: optionalText,
  runwayPostFunding: optionalText,
});

export const ProjectDetailsShape = v.object({
  overview: optionalText,
  traction: v.optional(v.array(TractionItemShape)),
  roadmap: v.optional(v.array(RoadmapItemShape)),
  problem: optionalText,
  solution: optionalText,
  marketSize: optionalText,
  competition: optionalText,
  businessModel: optionalText,
  financials: v.optional(FinancialsShape),
});

/** Read one stored object: the value if it matches `shape`, else `fallback`. */
export function readStored<S extends v.GenericSchema>(
  shape: S,
  value: unknown,
  fallback: v.InferOutput<S>,
): v.InferOutput<S> {
  const parsed = v.safeParse(shape, value);
  return parsed.success ? parsed.output : fallback;
}

/** Read a stored list: the items that match `item`, in order (others dropped). */
export function readStoredList<S extends v.GenericSchema>(item: S, value: unknown): v.InferOutput<S>[] {
  if (!Array.isArray(value)) return [];
  const out: v.InferOutput<S>[] = [];
  for (const entry of value) {
    const parsed = v.safeParse(item, entry);
    if (parsed.success) out.push(parsed.output);
  }
  return out;
}

/** Read stored details: each part that matches is kept, lists item by item. */
export function readStoredDetails(value: unknown): v.InferOutput<typeof ProjectDetailsShape> {
  const raw = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const text = (k: string) => (typeof raw[k] === "string" ? raw[k] : undefined);
  const details: v.InferOutput<typeof ProjectDetailsShape> = {
    overview: text("overview"),
    traction: raw.traction === undefined ? undefined : readStoredList(TractionItemShape, raw.traction),
    roadmap: raw.roadmap === undefined ? undefined : readStoredList(RoadmapItemShape, raw.roadmap),
    problem: text("problem"),
    solution: text("solution"),
    marketSize: text("marketSize"),
    competition: text("competition"),
    businessModel: text("businessModel"),
    financials: raw.financials === undefined ? undefined : readStored(FinancialsShape, raw.financials, {}),
  };
  // Leave absent parts absent (the API's JSON stays as it was).
  for (const key of Object.keys(details) as (keyof typeof details)[]) {
    if (details[key] === undefined) delete details[key];
  }
  return details;
}

/** The JSON columns of a project row that do not match their shape (for the seed and its test). */
export function shapeProblems(row: {
  creatorInfo: unknown;
  socialLinks: unknown;
  details: unknown;
  founders: unknown;
  team: unknown;
  documents: unknown;
  faqs: unknown;
  gallery: unknown;
  tags: unknown;
}): string[] {
  const checks: [string, boolean][] = [
    ["creatorInfo", v.is(CreatorInfoShape, row.creatorInfo)],
    ["socialLinks", v.is(SocialLinksShape, row.socialLinks)],
    ["details", v.is(ProjectDetailsShape, row.details)],
    ["founders", v.is(v.array(PersonShape), row.founders)],
    ["team", v.is(v.array(PersonShape), row.team)],
    ["documents", v.is(v.array(DocumentLinkShape), row.documents)],
    ["faqs", v.is(v.array(FaqShape), row.faqs)],
    ["gallery", v.is(v.array(v.string()), row.gallery)],
    ["tags", v.is(v.array(v.string()), row.tags)],
  ];
  return checks.filter(([, ok]) => !ok).map(([column]) => `${column} does not match its shape`);
}
