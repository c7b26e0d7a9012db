/**
 * The answers of /api/projects (worker/api/projects.ts), with their examples (ADR 042). A project
 * is one shape everywhere (`ProjectAnswer`, domain/shared/types.ts `ProjectDTO`): the list, the founder's
 * own, the editor's saves and the detail (which adds its raise figures) all answer it.
 */
import * as v from "valibot";

import { FILTERS, SECTORS } from "../../../domain/projects/categories";
import {
  CreatorInfoShape,
  DocumentLinkShape,
  FaqShape,
  PersonShape,
  ProjectDetailsShape,
  SocialLinksShape,
} from "../../../domain/projects/project-shapes";
import { REGULATION_TYPES, RISK_LEVELS } from "../../../domain/projects/project-form-messages";
import { REQUIRED_LABELS } from "../../../domain/projects/project-draft";
import { SEARCH_MAX_LENGTH, SORT_IDS } from "../../../domain/projects/project-search";
import { PAGE_SIZE } from "../../../domain/projects/project";
import { API_PAGE_SIZE } from "../../services/projects/projects";

const int = (min?: number) =>
  min === undefined ? v.pipe(v.number(), v.integer()) : v.pipe(v.number(), v.integer(), v.minValue(min));
const money = v.pipe(v.number(), v.minValue(0));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A project as the API shows it (domain/shared/types.ts `ProjectDTO`; money in dollars, dates ISO). */
export const ProjectAnswer = v.object({
  _id: v.string(),
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  category: v.pipe(v.string(), v.description("The form's category, lower case: `technology`, `food & beverage`.")),
  sector: v.picklist(SECTORS.map((s) => s.id)),
  description: v.string(),
  shortDescription: v.string(),
  about: v.string(),
  image: v.string(),
  images: v.object({ main: v.string(), gallery: v.array(v.string()) }),
  logo: v.nullable(v.string()),
  creator: v.string(),
  creatorInfo: CreatorInfoShape,
  tags: v.array(v.string()),
  location: v.nullable(v.string()),
  featured: v.boolean(),
  status: v.pipe(
    v.string(),
    v.description(
      "`draft` and `in_review` (seen by the founder and admins only), `active`, `funded` (settled at its " +
        "deadline with its goal reached), `closed` (settled below its goal: every investment returned), " +
        "`completed`, `cancelled`; anything else reads as upcoming. `statusLabel` is what screens show.",
    ),
  ),
  riskLevel: v.picklist(RISK_LEVELS),
  returnRate: v.nullable(v.number()),
  projectDuration: int(),
  teamDescription: v.nullable(v.string()),
  socialLinks: SocialLinksShape,
  university: v.nullable(v.object({ name: v.string(), logo: v.nullable(v.string()) })),
  founderId: v.nullable(v.string()),
  investors: v.pipe(int(0), v.description("Investors with an active investment.")),
  fundingGoal: money,
  fundingCurrent: money,
  fundingDeadline: v.pipe(v.string(), v.isoDate()),
  daysLeft: v.pipe(int(0), v.description("Whole days until the deadline; 0 means funding is closed.")),
  sharePrice: money,
  totalShares: int(0),
  sharesSold: int(0),
  sharesRemaining: int(),
  regulationType: v.picklist(REGULATION_TYPES),
  investmentTerms: v.object({ valuation: money, equityPercentage: v.number(), minInvestment: money }),
  details: ProjectDetailsShape,
  founders: v.array(PersonShape),
  team: v.array(PersonShape),
  documents: v.array(DocumentLinkShape),
  faqs: v.array(FaqShape),
  createdAt: timestamp,
  updatedAt: timestamp,
  publishedAt: v.nullable(timestamp),
  submittedAt: v.nullable(timestamp),
  reviewNote: v.nullable(v.string()),
  statusLabel: v.pipe(
    v.string(),
    v.description(
      "The status as every screen shows it (one rule, ADR 043): `Active`, `Sold Out` (every share sold, " +
        "the raise runs to its deadline), `Funded`, `Closed (goal not reached)`, `Draft`, `In Review`, " +
        "`Completed`, `Canceled`, `Coming Soon`, `Upcoming`.",
    ),
  ),
  closedEarlyAt: v.pipe(
    v.nullable(timestamp),
    v.description("When the founder closed the raise early; `fundingDeadline` is then the new deadline."),
  ),
  settlement: v.pipe(
    v.nullable(
      v.object({
        outcome: v.picklist(["funded", "closed"]),
        settledAt: timestamp,
        amount: v.pipe(money, v.description("Dollars committed at the deadline: confirmed, or returned.")),
        shares: int(0),
        investors: int(0),
      }),
    ),
    v.description(
      "How the raise ended (all or nothing): null while it runs. A closed raise's `fundingCurrent` is 0 " +
        "once its investments are returned; `settlement.amount` is what had been committed.",
    ),
  ),
  launchAt: v.pipe(
    v.nullable(timestamp),
    v.description(
      "Coming soon (status `coming_soon`, statusLabel `Coming Soon`): when the raise opens for investment. " +
        "Once open, when it opened; null for a raise that opened on approval.",
    ),
  ),
  reservations: v.pipe(
    v.object({ count: int(0), amount: money }),
    v.description("The active reservations: how many and their total in dollars (non-binding: no money moved)."),
  ),
});

/** `GET /projects`: a page of the catalogue (worker/services/projects/projects.ts `ProjectPage`). */
export const ProjectPageAnswer = v.object({
  projects: v.array(ProjectAnswer),
  total: int(0),
  page: int(1),
  pageCount: int(1),
  pageSize: int(1),
  q: v.pipe(v.string(), v.description('The search as applied (normalised); "" when not searching.')),
  sort: v.pipe(v.nullable(v.picklist(SORT_IDS)), v.description("The order applied; null is the default order.")),
});

/** The raise as the detail page shows it (domain/raises/raise.ts `RaiseFigures`). */
export const RaiseAnswer = v.object({
  investors: int(0),
  largestInvestorAmount: money,
  largestInvestorPercent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  equityOffered: v.number(),
  investorsEquity: v.number(),
  foundersEquity: v.number(),
});

/** `GET /projects/{id}`: the project with its raise, its followers and whether the caller follows it. */
export const ProjectDetailAnswer = v.object({
  ...ProjectAnswer.entries,
  raise: RaiseAnswer,
  followers: int(0),
  following: v.boolean(),
});

/** The founder's working copy of the project form (worker/services/projects/project-drafts.ts `WorkingCopy`). */
export const WorkingCopyAnswer = v.object({
  draft: v.object({
    projectId: v.pipe(
      v.nullable(v.string()),
      v.description("The draft project it belongs to; null before one is created."),
    ),
    values: v.pipe(v.record(v.string(), v.unknown()), v.description("The form's values as saved.")),
    missing: v.pipe(
      v.array(v.object({ field: v.string(), label: v.string() })),
      v.description("The required fields still empty, in the form's order."),
    ),
    updatedAt: v.pipe(int(0), v.description("When it was saved, in milliseconds since the epoch.")),
  }),
});

export const DraftDeletedAnswer = v.object({
  deleted: v.pipe(v.boolean(), v.description("Whether there was a working copy to discard.")),
});

/** `GET /projects/{id}/investors`: a page of a published project's investors, named as the public sees them. */
export const ProjectInvestorsAnswer = v.object({
  project: v.object({ _id: v.string(), slug: v.string(), title: v.string() }),
  investors: v.array(
    v.object({
      name: v.pipe(v.string(), v.description('First name and last initial: "Ada L."')),
      shares: int(1),
      amountInvested: money,
      investedAt: timestamp,
    }),
  ),
  total: int(0),
  count: v.pipe(int(0), v.description("The same as `total`: every active investment.")),
  page: int(1),
  pageCount: int(1),
  pageSize: int(1),
});

/**
 * `GET /projects`'s query: `searchProjectsPage` (worker/services/projects/projects.ts) reads each parameter
 * by hand and refuses what it does not accept (400).
 */
export const ProjectSearchQuery = v.object({
  q: v.pipe(v.optional(v.string()), v.description(`Search words, at most ${SEARCH_MAX_LENGTH} characters.`)),
  sort: v.pipe(v.optional(v.string()), v.description(`One of ${SORT_IDS.join(", ")} (relevance while searching).`)),
  category: v.pipe(
    v.optional(v.string()),
    v.description(`A sector: ${FILTERS.map((f) => f.id).join(", ")} (or a form category).`),
  ),
  page: v.pipe(v.optional(v.string()), v.description("The page, a whole number from 1 (default 1).")),
  pageSize: v.pipe(
    v.optional(v.string()),
    v.description(
      `Projects a page, 1 to ${API_PAGE_SIZE} (default ${API_PAGE_SIZE} for the plain list, ${PAGE_SIZE} with a search, sort or category).`,
    ),
  ),
});

const missingOf = (...fields: string[]) => fields.map((field) => ({ field, label: REQUIRED_LABELS[field] ?? field }));

/** Quietly, the demo founder's project, as the API answers it. */
export const EXAMPLE_PROJECT = {
  _id: "8d2f4b1e-6a3c-4f0e-b7d9-2c5a1e9f3b60",
  id: "8d2f4b1e-6a3c-4f0e-b7d9-2c5a1e9f3b60",
  slug: "quietly",
  title: "Quietly",
  category: "technology",
  sector: "technology",
  description:
    "Quietly shows students which libraries, lounges and study rooms have free seats and how loud they are, updated every minute.",
  shortDescription: "See which study spaces on campus are quiet and free right now, from anonymous occupancy sensors.",
  about: "During midterms students walk from library to library looking for a free desk.",
  image: "/images/projects/quietly.webp",
  images: { main: "/images/projects/quietly.webp", gallery: [] },
  logo: null,
  creator: "Theo Alvarez",
  creatorInfo: { name: "Theo Alvarez", bio: "Computer engineering senior at Illinois.", university: "UIUC" },
  tags: ["Sensors", "Student Life", "Privacy"],
  location: "Urbana-Champaign, IL",
  featured: false,
  status: "active",
  riskLevel: "high",
  returnRate: 25,
  projectDuration: 12,
  teamDescription: "A hardware founder, a statistician and a mobile developer, all current Illinois students.",
  socialLinks: { website: "https://quietly.example.edu" },
  university: { name: "University of Illinois Urbana-Champaign", logo: null },
  founderId: "3a7e9c12-5b4d-4e8f-a1c6-7d2b9f0e4a18",
  investors: 41,
  fundingGoal: 100_000,
  fundingCurrent: 32_000,
  fundingDeadline: "2027-01-26",
  daysLeft: 60,
  sharePrice: 5,
  totalShares: 20_000,
  sharesSold: 6_400,
  sharesRemaining: 13_600,
  regulationType: "SAFE",
  investmentTerms: { valuation: 1_000_000, equityPercentage: 10, minInvestment: 100 },
  details: {
    overview: "Anonymous seat and noise sensors for campus study spaces.",
    traction: [{ metric: "Weekly active students", value: "1,900" }],
    roadmap: [{ date: "2026-06", milestone: "Sensor prototype", completed: true }],
  },
  founders: [{ name: "Theo Alvarez", bio: "Computer engineering senior at Illinois." }],
  team: [{ name: "Chloe Park", role: "Data Lead", bio: "Occupancy and noise models." }],
  documents: [{ name: "Investor Deck", type: "pdf", url: "/uploads/5f0c9a7e-2d41-4b8e-9c3a-1e6f7d2b8a40.pdf" }],
  faqs: [{ question: "Do the sensors record audio?", answer: "No: they measure sound levels only." }],
  createdAt: "2026-10-13T09:30:00.000Z",
  updatedAt: "2026-11-20T16:05:00.000Z",
  publishedAt: "2026-10-14T10:00:00.000Z",
  submittedAt: "2026-10-13T18:00:00.000Z",
  reviewNote: null,
  statusLabel: "Active",
  closedEarlyAt: null,
  settlement: null,
  launchAt: null,
  reservations: { count: 0, amount: 0 },
} as const;

const EXAMPLE_DRAFT_PROJECT = {
  ...EXAMPLE_PROJECT,
  slug: EXAMPLE_PROJECT.id,
  status: "draft",
  statusLabel: "Draft",
  investors: 0,
  fundingCurrent: 0,
  sharesSold: 0,
  sharesRemaining: 20_000,
  publishedAt: null,
  submittedAt: null,
} as const;

/** A complete project body (the create and edit forms' fields). */
/**
 * The form's body with every field filled in, as a founder saving a finished form sends it (an
 * outside tester varies each field of it, so none is left out).
 */
const EXAMPLE_PROJECT_BODY = {
  title: "Quietly",
  shortDescription: EXAMPLE_PROJECT.shortDescription,
  description: EXAMPLE_PROJECT.description,
  category: "Technology",
  about: EXAMPLE_PROJECT.about,
  tags: ["Sensors", "Student Life", "Privacy"],
  location: "Urbana-Champaign, IL",
  university: "University of Illinois Urbana-Champaign",
  image: EXAMPLE_PROJECT.image,
  logo: "/images/projects/quietly-logo.svg",
  gallery: ["/images/projects/quietly.svg"],
  creatorInfo: {
    name: "Theo Alvarez",
    bio: "Computer engineering senior at Illinois.",
    image: "/images/avatar-default.svg",
    experience: "Two years of embedded firmware internships",
    university: "UIUC",
  },
  projectDuration: 12,
  riskLevel: "high",
  returnRate: 25,
  regulationType: "SAFE",
  fundingGoal: 100_000,
  fundingDeadline: "2027-01-26",
  sharePrice: 5,
  investmentTerms: { equityPercentage: 10, minInvestment: 100 },
  socialLinks: {
    website: "https://quietly.example.edu",
    twitter: "https://x.com/quietlycampus",
    facebook: "https://facebook.com/quietlycampus",
    linkedin: "https://linkedin.com/company/quietlycampus",
    instagram: "https://instagram.com/quietlycampus",
  },
  teamDescription: EXAMPLE_PROJECT.teamDescription,
  details: {
    overview: "Anonymous seat and noise sensors for campus study spaces.",
    problem: "Students walk between libraries looking for a quiet seat.",
    solution: "A sensor per room and a live map of free, quiet seats.",
    marketSize: "4,000 US campuses with 20 million students.",
    competition: "Room-booking tools know bookings, not seats or noise.",
    businessModel: "A yearly licence per campus building.",
    traction: [{ metric: "Weekly active students", value: "1,900" }],
    roadmap: [{ date: "2026-06", milestone: "Sensor prototype", completed: true }],
    financials: {
      revenueProjections: { year1: 40_000, year2: 180_000, year3: 520_000 },
      burnRate: 6_000,
      breakEvenPoint: "Month 20",
      runwayPostFunding: "16 months",
    },
  },
  team: [
    {
      name: "Chloe Park",
      role: "Data Lead",
      bio: "Occupancy and noise models.",
      image: "/images/avatar-default.svg",
      experience: "Statistics research assistant",
      university: "UIUC",
    },
  ],
  // A web address: an /uploads/….pdf row must be one of the founder's own uploads.
  documents: [{ name: "Investor Deck", type: "pdf", url: "https://quietly.example.edu/investor-deck.pdf" }],
  faqs: EXAMPLE_PROJECT.faqs,
} as const;

export const EXAMPLES = {
  projectBody: EXAMPLE_PROJECT_BODY,
  draftBody: EXAMPLE_PROJECT_BODY,
  project: EXAMPLE_PROJECT,
  draftProject: EXAMPLE_DRAFT_PROJECT,
  inReview: { ...EXAMPLE_DRAFT_PROJECT, status: "in_review", submittedAt: "2026-11-27T17:00:00.000Z" },
  page: { projects: [EXAMPLE_PROJECT], total: 1, page: 1, pageCount: 1, pageSize: 5, q: "quiet", sort: "relevance" },
  detail: {
    ...EXAMPLE_PROJECT,
    raise: {
      investors: 41,
      largestInvestorAmount: 2_500,
      largestInvestorPercent: 7.8125,
      equityOffered: 10,
      investorsEquity: 3.2,
      foundersEquity: 96.8,
    },
    followers: 58,
    following: false,
  },
  workingCopy: {
    draft: {
      projectId: null,
      values: { title: "Quietly", category: "Technology", fundingGoal: 100_000 },
      missing: missingOf("shortDescription", "description", "projectDuration", "fundingDeadline"),
      updatedAt: 1_795_798_800_000,
    },
  },
  projectWorkingCopy: {
    draft: {
      projectId: EXAMPLE_PROJECT._id,
      values: { title: "Quietly", category: "Technology", fundingGoal: 100_000 },
      missing: missingOf("shortDescription", "description", "projectDuration", "fundingDeadline"),
      updatedAt: 1_795_798_800_000,
    },
  },
  draftDeleted: { deleted: true },
  investors: {
    project: { _id: EXAMPLE_PROJECT._id, slug: "quietly", title: "Quietly" },
    investors: [{ name: "Nadia H.", shares: 100, amountInvested: 500, investedAt: "2026-11-26T14:12:00.000Z" }],
    total: 41,
    count: 41,
    page: 1,
    pageCount: 1,
    pageSize: 100,
  },
} as const;
