/**
 * Synthetic data at N times the demo's size, for `npm run db:seed -- --scale=N` and the
 * benchmark: per N, 38 projects (every category and status), 508 users, about
 * 4,000 investments, 1,000 follows, 200 updates, 300 questions and 10,000 notifications.
 *
 * Deterministic: every choice comes from a seeded generator (`rng`, mulberry32) keyed by N
 * and the project's number, so the same N and `now` give the same rows, ids included; ids start
 * with `scale-` and never meet the demo's. Times are relative to `now` and never after it.
 *
 * Every row keeps the rules real data keeps (DESIGN section 3): Σ active investments = a
 * project's `shares_sold` and `funding_current_cents`; one project per founder; investments only
 * in listed projects, at or above the minimum, before the deadline; drafts have none; closed
 * raises ended in the past; one follow per user and project; one notification per user and event.
 * No account has its Reg CF limits switched on except the scale investor, who is accredited.
 *
 * Pure, no I/O: rows come out in two streams, `scaleParents` (users, then their profiles and
 * financials, then projects) and `scaleChildren` (the rest, project by project), so 1.6 M rows
 * never sit in memory at once. Tables come in foreign-key order: write each table's rows before
 * the next table's (db/seed-sql.ts `InsertBuffer` does), and all of the first stream first. Last,
 * `scaleEvents`: a priced round of every funded raise that ended at least three weeks ago, to
 * insert and apply once every investment is in (db/seed-sql.ts `applyEventStatements`), so the
 * benchmark reads marked portfolios too.
 */
import { markAfter } from "../domain/money/marking.ts";
import { DAY_MS, HOUR_MS, isoDay } from "../domain/shared/dates.ts";
import { quoted } from "../domain/shared/quote.ts";
import { activityDaysOf, trendScore } from "../domain/projects/trending.ts";
import type { InvestmentRow, ProjectRow, UserRow } from "./schema";
import {
  discussionOf,
  type DiscussionPostRow,
  type DiscussionVoteRow,
  type FollowRow,
  type NotificationRow,
  type QuestionRow,
  type UpdateRow,
  type ValuationEventRow,
} from "./seed-data.ts";

// ---------------------------------------------------------------------------------------------
// the seeded generator and the words it picks from

type Rand = () => number;

/** mulberry32 seeded with a string's FNV-1a hash: the same seed gives the same sequence. */
function rng(seed: string): Rand {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const FIRST_NAMES =
  "Ada Bilal Chen Dara Elif Femi Grace Hiro Ines Jonas Kemi Luca Maya Nikhil Olga Pablo Qi Rosa Sami Tara Umar Vera Wen Ximena Yusuf Zoe".split(
    " ",
  );
const LAST_NAMES =
  "Abara Brooks Costa Dubois Eriksen Farah Garcia Huang Ivanova Jensen Kowalski Lopez Moreau Nakamura Okafor Patel Quinn Rossi Schmidt Tanaka Usman Varga Walsh Xu Yilmaz Zhang".split(
    " ",
  );

const ADJECTIVES =
  "Bright Campus Clear Civic Fresh Green Open Quick Smart Steady True Urban Nimble Lucid Solid Kind".split(" ");
const NOUNS =
  "Ledger Harvest Circuit Atlas Beacon Compass Forge Grove Harbor Lantern Meadow Orbit Pulse Relay Signal Summit".split(
    " ",
  );

const UNIVERSITIES: readonly { name: string; location: string }[] = [
  { name: "University of Michigan", location: "Ann Arbor, MI" },
  { name: "Georgia Institute of Technology", location: "Atlanta, GA" },
  { name: "University of Texas at Austin", location: "Austin, TX" },
  { name: "University of Washington", location: "Seattle, WA" },
  { name: "Purdue University", location: "West Lafayette, IN" },
  { name: "University of Wisconsin–Madison", location: "Madison, WI" },
  { name: "Arizona State University", location: "Tempe, AZ" },
  { name: "Ohio State University", location: "Columbus, OH" },
  { name: "University of Florida", location: "Gainesville, FL" },
  { name: "Rutgers University", location: "New Brunswick, NJ" },
  { name: "University of Colorado Boulder", location: "Boulder, CO" },
  { name: "Northeastern University", location: "Boston, MA" },
];

const SECTOR_LABELS = ["Technology", "Fintech", "Healthcare", "Education", "Renewable Energy", "Real Estate"];
const GOALS = ["Growth", "Income", "Impact", "Diversification"];

const projectTitle = (rand: Rand) => `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** What the project does, in a sentence or two, from its category. */
function pitch(name: string, category: string, university: string): { short: string; long: string } {
  const short = `${name} brings ${category} tools built by students to campuses across the country.`;
  const long = `${short} Started at ${university}, the team sells to universities and the students who live there, and uses this round to reach more campuses.`;
  return { short, long };
}

const UPDATE_TITLES = [
  "Monthly progress report",
  "We signed our next campus",
  "Product update: what shipped this month",
  "Hiring our first engineer",
  "A note on our numbers",
  "Thank you for a strong week",
  "Pilot results are in",
  "Roadmap check-in",
];

const updateBody = (name: string, n: number) =>
  `Here is where ${name} stands: ${n} campuses in conversation, the next release in testing and the team on plan.\n\nThank you for following along, and keep the questions coming.`;

const QUESTIONS: readonly [string, string][] = [
  ["How will you use the money raised?", "Most of it goes to engineering and the campus pilots; the rest to sales."],
  [
    "Who are your competitors?",
    "General-purpose tools that were not built for campuses; we integrate with student systems.",
  ],
  ["When do you expect to be profitable?", "We plan to break even about eighteen months after this round closes."],
  ["What happens if you miss the funding goal?", "We keep what was raised and slow the campus roll-out accordingly."],
  ["How many paying customers do you have?", "Three paying campuses today and four more in pilot."],
  ["Is the team full time?", "Two of us are full time from this summer; the others part time until graduation."],
];

/** formatPrice of domain/shared/format.ts for whole-cent amounts ($1,250 or $12.50), without Intl. */
function price(cents: number): string {
  const dollars = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return cents % 100 === 0 ? `$${dollars}` : `$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------

export const SCALE_PROJECTS_PER_N = 38;
export const SCALE_INVESTORS_PER_N = 470;

/** The benchmark's three actors (fixed ids and emails, the demo password). */
export const SCALE_INVESTOR_ID = "scale-investor";
export const SCALE_INVESTOR_EMAIL = "scale-investor@campusfund.dev";
/** Holds 10 × N investments, all active, in as many projects. */
export const SCALE_INVESTOR_HOLDINGS_PER_N = 10;
export const SCALE_FOUNDER_ID = "scale-founder";
export const SCALE_FOUNDER_EMAIL = "scale-founder@campusfund.dev";
/** The scale founder's project: published, open, 100 × N investors (one investment each). */
export const SCALE_FOUNDER_PROJECT_ID = "scale-proj-1";
export const SCALE_FOUNDER_PROJECT_SLUG = "scale-1-benchmark-backers";
export const SCALE_FOUNDER_INVESTORS_PER_N = 100;
/** A published, open project with 500 × N followers, founded by scale-popular@campusfund.dev. */
export const SCALE_POPULAR_PROJECT_ID = "scale-proj-2";
export const SCALE_POPULAR_PROJECT_SLUG = "scale-2-benchmark-following";
export const SCALE_POPULAR_FOUNDER_EMAIL = "scale-popular@campusfund.dev";
export const SCALE_POPULAR_FOLLOWERS_PER_N = 500;

/** The benchmark's view of the actors (scripts/bench-scale.mjs signs in as them and visits these pages). */
export const SCALE_ACTORS = {
  investorEmail: SCALE_INVESTOR_EMAIL,
  founderEmail: SCALE_FOUNDER_EMAIL,
  founderProjectSlug: SCALE_FOUNDER_PROJECT_SLUG,
  followedProjectSlug: SCALE_POPULAR_PROJECT_SLUG,
} as const;

export const SCALE_TABLES = [
  "users",
  "public_profiles",
  "investor_financials",
  "projects",
  "investments",
  "project_follows",
  "project_activity_days",
  "project_updates",
  "discussion_posts",
  "discussion_votes",
  "notifications",
  "valuation_events",
] as const;
export type ScaleTable = (typeof SCALE_TABLES)[number];
export interface ScaleBatch {
  table: ScaleTable;
  rows: Record<string, unknown>[];
}

export interface ScaleOptions {
  /** domain/projects/categories.ts PROJECT_CATEGORIES and sectorForCategory (passed in: see seed-data.ts). */
  categories: readonly string[];
  sectorForCategory: (category: string) => string;
  /** Every account's password hash (seed.mjs: the demo password's). */
  passwordHash: string;
}

type Kind = "open" | "closed" | "funded" | "completed" | "cancelled" | "draft" | "changes" | "in_review";
const LISTED: readonly Kind[] = ["open", "closed", "funded", "completed", "cancelled"];
const HOLDABLE: readonly Kind[] = ["open", "closed", "funded", "completed"];
const STATUS: Record<Kind, string> = {
  open: "active",
  closed: "active",
  funded: "funded",
  completed: "completed",
  cancelled: "cancelled",
  draft: "draft",
  changes: "draft",
  in_review: "in_review",
};
/** 50 slots: one of each kind first (so even N=1 has every status), then the rest in a fixed shuffle. */
const SLOTS: Kind[] = (() => {
  const counts: [Kind, number][] = [
    ["open", 27],
    ["closed", 8],
    ["funded", 6],
    ["completed", 3],
    ["draft", 3],
    ["changes", 1],
    ["in_review", 1],
    ["cancelled", 1],
  ];
  const rest = counts.flatMap(([kind, c]) => Array<Kind>(c - 1).fill(kind));
  const rand = rng("scale:slots");
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...counts.map(([kind]) => kind), ...rest];
})();

/** Average investments in an ordinary listed project (about 4,000 × N in all). */
const AVG_INVESTMENTS = 113;

interface Ctx {
  n: number;
  now: number;
  dayStart: number;
  opts: ScaleOptions;
  investors: number;
  projects: number;
  /** Projects the scale investor holds shares in. */
  holdings: Set<number>;
}

const investorId = (i: number) => `scale-user-${i}`;
const founderId = (k: number) =>
  k === 1 ? SCALE_FOUNDER_ID : k === 2 ? "scale-popular-founder" : `scale-founder-${k}`;
const kindOf = (k: number): Kind => (k <= 2 ? "open" : SLOTS[(k - 3) % SLOTS.length]!);

function context(n: number, now: number, opts: ScaleOptions): Ctx {
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`scale must be a whole number 1..1000, not ${n}`);
  const projects = SCALE_PROJECTS_PER_N * n;
  const holdable: number[] = [];
  for (let k = 3; k <= projects; k++) if (HOLDABLE.includes(kindOf(k))) holdable.push(k);
  const want = SCALE_INVESTOR_HOLDINGS_PER_N * n;
  const holdings = new Set(Array.from({ length: want }, (_, j) => holdable[Math.floor((j * holdable.length) / want)]!));
  const dayStart = Date.parse(`${isoDay(now)}T00:00:00Z`);
  return { n, now, dayStart, opts, investors: SCALE_INVESTORS_PER_N * n, projects, holdings };
}

// ---------------------------------------------------------------------------------------------
// users

/** The generator seed of an account: its name and details follow from it alone. */
const personSeed = (id: string) => `person:${id}`;

/** "First L.", as the app names an investor to a founder (publicInvestorName of worker/services/projects/projects.ts). */
function investorName(id: string): string {
  const rand = rng(personSeed(id));
  return `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)[0]}.`;
}

function person(ctx: Ctx, id: string, email: string, role: "investor" | "founder") {
  const rand = rng(personSeed(id));
  const firstName = pick(rand, FIRST_NAMES);
  const lastName = pick(rand, LAST_NAMES);
  const year = new Date(ctx.now).getUTCFullYear() - between(rand, 22, 60);
  const row: Omit<
    UserRow,
    "suspendedAt" | "suspendedReason" | "postingSuspendedUntil" | "deletionRequestedAt" | "deletedAt"
  > = {
    id,
    email,
    passwordHash: ctx.opts.passwordHash,
    firstName,
    lastName,
    birthDate: `${year}-${String(between(rand, 1, 12)).padStart(2, "0")}-${String(between(rand, 1, 28)).padStart(2, "0")}`,
    role,
    phoneNumber: null,
    bio: null,
    profileImage: null,
    riskTolerance: pick(rand, ["low", "medium", "high"] as const),
    timeHorizon: pick(rand, ["short", "medium", "long"] as const),
    preferredSectors: [pick(rand, SECTOR_LABELS), pick(rand, SECTOR_LABELS)].filter(
      (s, i, all) => all.indexOf(s) === i,
    ),
    investmentGoals: [pick(rand, GOALS)],
    // Older than every scale project (at most 720 days), so all they did came after they joined.
    createdAt: ctx.now - (760 + between(rand, 0, 700)) * DAY_MS,
    emailVerifiedAt: null,
  };
  return row;
}

/** Users (investors, founders, the scale investor), their public profiles and financials. */
export function* scaleParents(n: number, now: number, opts: ScaleOptions): Generator<ScaleBatch> {
  const ctx = context(n, now, opts);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, j) => from + j);
  const chunk = 2_000;
  yield { table: "users", rows: [person(ctx, SCALE_INVESTOR_ID, SCALE_INVESTOR_EMAIL, "investor")] };
  for (let from = 1; from <= ctx.investors; from += chunk) {
    const ids = range(from, Math.min(from + chunk - 1, ctx.investors));
    yield {
      table: "users",
      rows: ids.map((i) => person(ctx, investorId(i), `scale-user-${i}@scale.campusfund.dev`, "investor")),
    };
  }
  const founderEmail = (k: number) =>
    k === 1 ? SCALE_FOUNDER_EMAIL : k === 2 ? SCALE_POPULAR_FOUNDER_EMAIL : `scale-founder-${k}@scale.campusfund.dev`;
  for (let from = 1; from <= ctx.projects; from += chunk) {
    const ks = range(from, Math.min(from + chunk - 1, ctx.projects));
    yield { table: "users", rows: ks.map((k) => person(ctx, founderId(k), founderEmail(k), "founder")) };
  }
  // The scale investor and one investor in ten have a public profile.
  yield {
    table: "public_profiles",
    rows: [
      {
        userId: SCALE_INVESTOR_ID,
        username: "scale_investor",
        bio: "The benchmark's investor.",
        interests: [],
        updatedAt: now,
      },
    ],
  };
  for (let from = 1; from <= ctx.investors; from += chunk) {
    yield {
      table: "public_profiles",
      rows: range(from, Math.min(from + chunk - 1, ctx.investors))
        .filter((i) => i % 10 === 0)
        .map((i) => ({
          userId: investorId(i),
          username: `scale_${i}`,
          bio: "Alum investing in student founders.",
          investingThesis: "Small cheques in teams that sell to their own campus first.",
          interests: ["Technology", "Education"],
          updatedAt: now - (i % 300) * DAY_MS,
        })),
    };
  }
  // Accredited with the limits switched on: the app would accept every one of its purchases.
  yield {
    table: "investor_financials",
    rows: [
      {
        userId: SCALE_INVESTOR_ID,
        annualIncome: 400_000,
        netWorth: 3_000_000,
        accredited: true,
        applyLimits: true,
        updatedAt: now,
      },
    ],
  };
  for (let from = 1; from <= ctx.projects; from += 500) {
    yield {
      table: "projects",
      rows: range(from, Math.min(from + 499, ctx.projects)).map((k) => trended(ctx, k).plan.project),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// projects and investments

interface Plan {
  kind: Kind;
  project: ProjectRow;
  investments: InvestmentRow[];
}

function plan(ctx: Ctx, k: number): Plan {
  const { now, dayStart, opts } = ctx;
  const rand = rng(`scale:${ctx.n}:${k}`);
  const kind = kindOf(k);
  const listed = LISTED.includes(kind);
  const id = `scale-proj-${k}`;
  const category = opts.categories[(k - 1) % opts.categories.length]!.toLowerCase();
  const sector = opts.sectorForCategory(category);
  const uni = pick(rand, UNIVERSITIES);
  const title = k === 1 ? "Benchmark Backers" : k === 2 ? "Benchmark Following" : projectTitle(rand);
  // The benchmark buys one share at a time of the scale founder's project (scripts/bench-scale.mjs):
  // there one share is the minimum, and most of its shares stay for sale.
  const priceCents = k === 1 ? 10_000 : pick(rand, [100, 250, 500, 1_000, 2_000, 2_500, 5_000]);
  const minCents = k === 1 ? 10_000 : pick(rand, [10_000, 25_000, 50_000]);
  const minShares = Math.ceil(minCents / priceCents);
  const minTotal = Math.ceil(500_000 / priceCents);

  // --- dates: open raises end in the future, closed ones ended in the past
  let createdAt: number;
  let deadlineMs: number;
  const past = kind === "closed" || kind === "completed" || kind === "cancelled" || (kind === "funded" && rand() < 0.5);
  if (past) {
    deadlineMs = dayStart - between(rand, 3, 300) * DAY_MS;
    createdAt = deadlineMs - between(rand, 60, 200) * DAY_MS - between(rand, 0, 23) * HOUR_MS;
  } else if (listed) {
    deadlineMs = dayStart + between(rand, 7, 150) * DAY_MS;
    createdAt = now - between(rand, 15, 200) * DAY_MS;
  } else {
    deadlineMs = dayStart + between(rand, 30, 180) * DAY_MS;
    createdAt = now - between(rand, 1, 60) * DAY_MS;
  }
  const publishedAt = listed ? createdAt + between(rand, 0, 72) * HOUR_MS : null;
  const deadline = isoDay(deadlineMs);
  const cutoff = deadlineMs - 48 * HOUR_MS;

  // --- investments: distinct investors, each once, spread over the campaign
  const investments: InvestmentRow[] = [];
  if (publishedAt !== null) {
    let count =
      k === 1
        ? SCALE_FOUNDER_INVESTORS_PER_N * ctx.n
        : kind === "cancelled"
          ? between(rand, 3, 20)
          : Math.round(AVG_INVESTMENTS * (0.2 + 1.6 * rand()));
    const who = new Set<string>();
    if (ctx.holdings.has(k)) who.add(SCALE_INVESTOR_ID);
    count += who.size;
    while (who.size < count) who.add(investorId(1 + Math.floor(rand() * ctx.investors)));
    const start = publishedAt + HOUR_MS;
    // A cancelled offering's investments all came before its cancellation cutoff (an admin cancelled them).
    const end = Math.min(now - HOUR_MS, kind === "cancelled" ? cutoff - HOUR_MS : deadlineMs - DAY_MS);
    const times = [...who].map(() => Math.round(start + rand() * (end - start))).sort((a, b) => a - b);
    [...who].forEach((investor, j) => {
      const shares = minShares * between(rand, 1, 5) + between(rand, 0, minShares);
      const createdAtInv = times[j]!;
      const cancelBy = Math.min(cutoff, now);
      const cancel =
        investor !== SCALE_INVESTOR_ID && k !== 1 && cancelBy > createdAtInv && (kind === "cancelled" || rand() < 0.04);
      const invId = `scale-inv-${k}-${j + 1}`;
      investments.push({
        id: invId,
        investorId: investor,
        projectId: id,
        shares,
        sharePriceCents: priceCents,
        amountCents: shares * priceCents,
        status: cancel ? "cancelled" : "active",
        cancelledAt: cancel ? Math.round(createdAtInv + 1 + rand() * (cancelBy - createdAtInv - 1)) : null,
        cancelCutoffAt: cutoff,
        settledAt: null,
        idempotencyKey: `seed-${invId}`,
        bonusShares: 0,
        createdAt: createdAtInv,
      });
    });
  }
  const active = investments.filter((i) => i.status === "active");
  let sold = active.reduce((a, i) => a + i.shares, 0);
  let totalShares: number;
  if (kind === "funded" || kind === "completed") {
    // Sold out: the last purchase took the remaining shares, enough to reach the $5,000 minimum goal.
    const last = active.at(-1)!;
    if (sold < minTotal) {
      last.shares += minTotal - sold;
      last.amountCents = last.shares * priceCents;
      sold = minTotal;
    }
    totalShares = sold;
  } else if (kind === "open" || kind === "closed") {
    const fill = kind === "open" ? 0.15 + 0.8 * rand() : 0.1 + 0.8 * rand();
    totalShares = k === 1 ? Math.max(5 * sold, 100_000) : Math.max(Math.ceil(sold / fill), minTotal, sold + 1);
  } else {
    totalShares = minTotal * between(rand, 1, 10);
  }
  const goalCents = totalShares * priceCents;
  const equity = between(rand, 5, 25);
  const lead = `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`;
  const text = pitch(title, category, uni.name);
  const slug = listed ? `scale-${k}-${slugify(title)}` : id;
  const project: ProjectRow = {
    id,
    slug,
    founderId: founderId(k),
    title,
    category,
    sector,
    description: text.long,
    shortDescription: text.short,
    about: `${text.long}\n\nWe are ${between(rand, 2, 6)} students and recent graduates.`,
    image: `/images/projects/gallery-${sector}-1.svg`,
    gallery: [`/images/projects/gallery-${sector}-1.svg`, `/images/projects/gallery-${sector}-2.svg`],
    logo: null,
    creatorInfo: { name: lead, bio: `Founder of ${title}.`, university: uni.name },
    tags: [category, "students"],
    location: uni.location,
    featured: false,
    status: STATUS[kind],
    riskLevel: pick(rand, ["low", "medium", "high"] as const),
    returnRate: between(rand, 0, 20),
    projectDuration: between(rand, 6, 36),
    teamDescription: null,
    socialLinks: { website: `https://${slug}.example` },
    universityName: uni.name,
    universityLogo: null,
    fundingGoalCents: goalCents,
    fundingCurrentCents: active.reduce((a, i) => a + i.amountCents, 0),
    fundingDeadline: deadline,
    sharePriceCents: priceCents,
    totalShares,
    sharesSold: sold,
    // Kept by the database as the investments are inserted (db/schema-aggregates.ts).
    investorCount: 0,
    investmentCount: 0,
    regulationType: pick(rand, ["SAFE", "RegCF", "RegA+"] as const),
    valuationCents: Math.round((goalCents * 100) / equity),
    equityPercentage: equity,
    minInvestmentCents: minCents,
    details: {
      overview: `${title} is raising ${price(goalCents)} for ${equity}% of the company.`,
      traction: [{ metric: "Campuses", value: String(between(rand, 1, 12)) }],
      roadmap: [{ date: "Next quarter", milestone: "Open two more campuses", completed: false }],
    },
    founders: [{ name: lead, bio: `Founder of ${title}.`, university: uni.name }],
    team: [],
    documents: [],
    faqs: [],
    createdAt,
    updatedAt: Math.max(publishedAt ?? createdAt, ...investments.map((i) => i.createdAt)),
    publishedAt,
    submittedAt: kind === "in_review" || kind === "changes" ? Math.min(now - HOUR_MS, createdAt + DAY_MS) : null,
    reviewNote: kind === "changes" ? "Please add your financial projections and a pitch deck." : null,
    settledAt: null,
    closedEarlyAt: null,
    settledCents: null,
    settledShares: null,
    settledInvestors: null,
    markCents: null,
    markEventId: null,
    markedOn: null,
    conversionPriceCents: null,
    exitedAt: null,
    launchAt: null,
    reservedCents: 0,
    reservationCount: 0,
    trendScore: 0,
    trendDay: null,
    lastUpdateAt: null,
    updateRemindedAt: null,
    threadCount: 0,
  };
  return { kind, project, investments };
}

// ---------------------------------------------------------------------------------------------
// company events (ADR 052)

/** Who reviewed the scale data's events: the demo admin (the scale data loads on top of the demo; no foreign key). */
const SCALE_REVIEWER_ID = "user-demo-admin";

/**
 * A priced round, reported by its founder and approved, for every funded raise whose deadline
 * passed at least 21 days before `now`: between two weeks after the deadline and a week ago, at
 * 0.6× to 3× the raise's price (a SAFE converts at it), marked by `markAfter`. Oldest first.
 */
export function scaleEvents(n: number, now: number, opts: ScaleOptions): ValuationEventRow[] {
  const ctx = context(n, now, opts);
  const events: ValuationEventRow[] = [];
  for (let k = 1; k <= ctx.projects; k++) {
    if (kindOf(k) !== "funded") continue;
    const { project: p, investments } = plan(ctx, k);
    const deadline = Date.parse(`${p.fundingDeadline}T00:00:00Z`);
    const since = Math.floor((ctx.dayStart - deadline) / DAY_MS);
    if (since < 21) continue;
    const rand = rng(`scale:${n}:${k}:event`);
    const day = deadline + between(rand, 14, since - 7) * DAY_MS;
    const priceCents = Math.round(p.sharePriceCents * pick(rand, [0.6, 1.5, 2, 2.5, 3]));
    const preMoneyCents = Math.round((p.totalShares * 100) / p.equityPercentage) * priceCents;
    const change = markAfter(
      {
        regulationType: p.regulationType,
        sharePriceCents: p.sharePriceCents,
        capCents: p.valuationCents ?? 0,
        markCents: null,
        conversionPriceCents: null,
      },
      { kind: "round", priceCents, preMoneyCents },
    );
    const createdAt = day + DAY_MS + 9 * HOUR_MS;
    const reviewedAt = createdAt + 5 * HOUR_MS;
    events.push({
      id: `scale-evt-${k}`,
      projectId: p.id,
      kind: "round",
      status: "approved",
      effectiveOn: isoDay(day),
      priceCents,
      preMoneyCents,
      roundName: "Seed",
      statement: `${p.title} closed a seed round at ${price(priceCents)} a share.`,
      evidence: "",
      reportedBy: p.founderId,
      markCents: change.markCents,
      proceedsPerShareCents: change.proceedsPerShareCents,
      conversionPriceCents: change.conversionPriceCents,
      holders: new Set(investments.filter((i) => i.status === "active").map((i) => i.investorId)).size,
      reviewNote: null,
      reviewerId: SCALE_REVIEWER_ID,
      createdAt,
      reviewedAt,
      appliedAt: reviewedAt,
    });
  }
  return events.sort((a, b) => a.reviewedAt! - b.reviewedAt! || (a.id < b.id ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// followers, updates, questions and the notifications they sent

/** Investments, follows, updates, questions and notifications, project by project. */
export function* scaleChildren(n: number, now: number, opts: ScaleOptions): Generator<ScaleBatch> {
  const ctx = context(n, now, opts);
  for (let k = 1; k <= ctx.projects; k++) {
    const p = plan(ctx, k);
    yield { table: "investments", rows: p.investments };
    if (p.project.publishedAt === null) continue;
    const talk = conversation(ctx, k, p);
    yield { table: "project_follows", rows: talk.follows };
    yield { table: "project_activity_days", rows: trended(ctx, k, p, talk.follows).days };
    yield { table: "project_updates", rows: talk.updates };
    yield { table: "discussion_posts", rows: talk.posts };
    yield { table: "discussion_votes", rows: talk.votes };
    yield { table: "notifications", rows: talk.notifications };
  }
}

/**
 * A project's plan with its Trending figures (ADR 055) as the app keeps them: the activity days
 * of the week before `now` from its investments and follows, and its score for today.
 */
function trended(ctx: Ctx, k: number, p: Plan = plan(ctx, k), follows?: readonly FollowRow[]) {
  const today = isoDay(ctx.now);
  const followed = p.project.publishedAt === null ? [] : (follows ?? conversation(ctx, k, p).follows);
  const days = activityDaysOf(p.investments, followed, today);
  p.project.trendScore = trendScore(days, today);
  p.project.trendDay = days.length ? today : null;
  return { plan: p, days: days.map((d) => ({ projectId: p.project.id, ...d })) };
}

function conversation(ctx: Ctx, k: number, { kind, project: p, investments }: Plan) {
  const { now } = ctx;
  const rand = rng(`scale:${ctx.n}:${k}:talk`);
  const start = p.publishedAt! + HOUR_MS;
  const end = now - HOUR_MS;
  const during = (from = start, to = end) => Math.round(from + rand() * Math.max(0, to - from));
  const author = p.founderId!;

  // --- followers: the popular project's 500 × N; elsewhere some investors and some others
  const followers = new Map<string, number>();
  if (k === 2) {
    const want = SCALE_POPULAR_FOLLOWERS_PER_N * ctx.n;
    followers.set(SCALE_INVESTOR_ID, during());
    for (let i = 1; i <= ctx.investors && followers.size < want; i++) followers.set(investorId(i), during());
    for (let f = 1; followers.size < want; f++) if (f !== 2) followers.set(founderId(f), during());
  } else {
    const wanted = between(rand, 0, 28);
    for (let i = 0; i < wanted; i++) {
      const from = rand() < 0.5 && investments.length ? pick(rand, investments).investorId : null;
      const who = from ?? investorId(1 + Math.floor(rand() * ctx.investors));
      if (!followers.has(who)) followers.set(who, during());
    }
    if (k % 10 === 5 && !followers.has(SCALE_INVESTOR_ID)) followers.set(SCALE_INVESTOR_ID, during());
  }
  const follows: FollowRow[] = [...followers].map(([userId, createdAt]) => ({ userId, projectId: p.id, createdAt }));

  const investorSince = new Map<string, number>();
  for (const i of investments) if (i.status === "active") investorSince.set(i.investorId, i.createdAt);
  const notifications: NotificationRow[] = [];
  const tell = (userId: string, row: Omit<NotificationRow, "id" | "userId" | "projectId" | "readAt">) =>
    notifications.push({
      id: `scale-ntf-${k}-${notifications.length + 1}`,
      userId,
      projectId: p.id,
      ...row,
      // Read three hours after it came, unless it came in the last week.
      readAt: row.createdAt > now - 7 * DAY_MS ? null : row.createdAt + 3 * HOUR_MS,
    });

  // --- updates: mostly early in the campaign; a quarter for investors only
  const updates: UpdateRow[] = [];
  const updateCount = k <= 2 ? 6 : between(rand, 2, 10);
  for (let j = 1; j <= updateCount; j++) {
    const id = `scale-upd-${k}-${j}`;
    const time = Math.round(start + Math.pow(rand(), 6) * Math.max(0, end - start));
    const investorsOnly = rand() < 0.25;
    const title = pick(rand, UPDATE_TITLES);
    updates.push({
      id,
      projectId: p.id,
      authorId: author,
      title,
      body: updateBody(p.title, between(rand, 2, 30)),
      investorsOnly,
      hidden: false,
      createdAt: time,
      updatedAt: time,
    });
    const readers = new Set<string>();
    for (const [userId, since] of investorSince) if (since <= time) readers.add(userId);
    if (!investorsOnly) for (const [userId, since] of followers) if (since <= time) readers.add(userId);
    readers.delete(author);
    for (const userId of readers) {
      tell(userId, {
        kind: "update",
        eventKey: `update:${id}`,
        text: `${quoted(p.title)} posted an update: ${quoted(title)}`,
        link: `/project/${p.slug}?tab=updates#update-${id}`,
        createdAt: time,
      });
    }
  }

  // --- questions: most answered within three days; the founder hears of each
  const questions: QuestionRow[] = [];
  const questionCount = between(rand, 3, 15);
  for (let j = 1; j <= questionCount; j++) {
    const id = `scale-q-${k}-${j}`;
    const asker = j === 1 && k % 20 === 5 ? SCALE_INVESTOR_ID : investorId(1 + Math.floor(rand() * ctx.investors));
    const asked = during(start, end - 2 * DAY_MS);
    const [question, answer] = pick(rand, QUESTIONS);
    const answeredAt = rand() < 0.8 ? Math.min(end, asked + between(rand, 3, 72) * HOUR_MS) : null;
    questions.push({
      id,
      projectId: p.id,
      askerId: asker,
      question,
      answer: answeredAt === null ? null : answer,
      answeredAt,
      hidden: false,
      createdAt: asked,
    });
    const link = `/project/${p.slug}?tab=discussion#post-${id}`;
    tell(author, {
      kind: "question",
      eventKey: `question:${id}`,
      text: `New question on ${quoted(p.title)}: ${quoted(question)}`,
      link,
      createdAt: asked,
    });
    if (answeredAt !== null) {
      tell(asker, {
        kind: "answer",
        eventKey: `answer:${id}`,
        text: `${quoted(p.title)} answered your question`,
        link,
        createdAt: answeredAt,
      });
    }
  }

  // --- the founder hears of each investment; everyone of a sold-out goal
  for (const i of investments) {
    tell(author, {
      kind: "investment",
      eventKey: `investment:${p.id}:${i.investorId}:${isoDay(i.createdAt)}`,
      text: `${quoted(investorName(i.investorId))} invested ${price(i.amountCents)} in ${quoted(p.title)}`,
      link: "/founder-dashboard",
      createdAt: i.createdAt,
    });
  }
  const last = investments.filter((i) => i.status === "active").at(-1);
  if ((kind === "funded" || kind === "completed") && last) {
    const told = new Set(investorSince.keys());
    for (const [userId, since] of followers) if (since <= last.createdAt) told.add(userId);
    told.delete(last.investorId);
    told.delete(author);
    for (const userId of told) {
      tell(userId, {
        kind: "goal",
        eventKey: `goal:${p.id}`,
        text: `${quoted(p.title)} reached its funding goal`,
        link: `/project/${p.slug}`,
        createdAt: last.createdAt,
      });
    }
  }
  // --- the Discussion: each question a thread, its answer the founder's reply (as the migration
  // moves them), and on the popular project a discussion of SCALE_DISCUSSION_POSTS posts for the bench.
  const moved = discussionOf(questions, [], [{ ...p }], [], now);
  const big =
    k === 2 ? benchDiscussion(ctx, p.id, author, [...followers.keys()], start, end) : { posts: [], votes: [] };
  return {
    follows,
    updates,
    posts: [...moved.posts, ...big.posts] as Record<string, unknown>[],
    votes: big.votes as Record<string, unknown>[],
    notifications,
  };
}

/** The popular project's Discussion for the bench: this many posts (threads with replies) and their votes. */
export const SCALE_DISCUSSION_POSTS = 5_000;

/**
 * A discussion of SCALE_DISCUSSION_POSTS posts: threads of five posts (the root, two replies, two
 * replies to the first reply), each upvoted by some followers; the kept figures computed here.
 */
function benchDiscussion(
  ctx: Ctx,
  projectId: string,
  founder: string,
  voters: string[],
  start: number,
  end: number,
): { posts: DiscussionPostRow[]; votes: DiscussionVoteRow[] } {
  const rand = rng(`scale:${ctx.n}:discussion`);
  const posts: DiscussionPostRow[] = [];
  const votes: DiscussionVoteRow[] = [];
  const threads = SCALE_DISCUSSION_POSTS / 5;
  const base = {
    projectId,
    byFounder: false,
    pinnedAt: null,
    voteCount: 0,
    replyCount: 0,
    hiddenAt: null,
    hiddenNote: null,
    hiddenBy: null,
    editedAt: null,
  };
  for (let t = 1; t <= threads; t++) {
    const id = `scale-d-${t}`;
    const at = Math.round(start + ((end - start - 10 * HOUR_MS) * t) / threads);
    const author = voters[Math.floor(rand() * voters.length)] ?? founder;
    const root: DiscussionPostRow = {
      ...base,
      id,
      threadId: id,
      parentId: null,
      depth: 0,
      authorId: author,
      body: `${pick(rand, QUESTIONS)[0]} (thread ${t})`,
      createdAt: at,
      lastActivityAt: at,
    };
    const reply = (n: number, parentId: string, depth: number, who: string): DiscussionPostRow => ({
      ...base,
      id: `${id}-r${n}`,
      threadId: id,
      parentId,
      depth,
      authorId: who,
      byFounder: who === founder,
      body: who === founder ? pick(rand, QUESTIONS)[1] : "Following this thread: thanks for asking.",
      createdAt: at + n * HOUR_MS,
      lastActivityAt: at + n * HOUR_MS,
    });
    const r1 = reply(1, id, 1, founder);
    const others = [2, 3, 4].map((n) =>
      reply(n, n === 2 ? id : r1.id, n === 2 ? 1 : 2, voters[Math.floor(rand() * voters.length)] ?? founder),
    );
    root.replyCount = 4;
    root.lastActivityAt = others.at(-1)!.createdAt;
    const count = Math.min(voters.length, between(rand, 0, 12));
    const first = Math.floor(rand() * Math.max(1, voters.length - count));
    for (let v = 0; v < count; v++) votes.push({ postId: id, userId: voters[first + v]!, createdAt: at + 30 * 60_000 });
    root.voteCount = count;
    posts.push(root, r1, ...others);
  }
  return { posts, votes };
}
