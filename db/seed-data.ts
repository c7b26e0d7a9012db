/**
 * Demo data for local runs (`npm start`, `npm run dev`, the browser tests, the benchmark).
 * Pure data and arithmetic, no I/O: `scripts/seed.mjs` loads it with `INSERT OR IGNORE`.
 *
 * Runs in Node 24 through type stripping, so only erasable TypeScript here (annotations and
 * `import type`). The category → sector mapping lives in domain/projects/categories.ts; it is passed in
 * to `buildDemoData` so this file neither duplicates it nor imports a `.ts` path.
 *
 * Money is integer cents. Dates are computed from `today` so the demo never goes stale, and the
 * project counters (`sharesSold`, `fundingCurrentCents`) are summed from the generated
 * investments, so Σ investments = project counters holds by construction.
 */
// Imports of domain/ name the file (.ts): scripts/seed.mjs runs this module in plain Node, which
// follows only such paths, so only domain modules that import nothing are imported here.
import { cancelDeadline } from "../domain/money/cancellation.ts";
import {
  EVENT_KIND_LABEL,
  FOUNDER_EVENT_KINDS,
  isExit,
  markAfter,
  type EventKind,
  type MarkState,
} from "../domain/money/marking.ts";
import { DAY_MS, HOUR_MS, isoDay, MINUTE_MS } from "../domain/shared/dates.ts";
import { activityDaysOf, trendScore } from "../domain/projects/trending.ts";
import { toCents } from "../domain/shared/money.ts";
import { buildMarketDemo, type DemoOrderRow, type DemoTradeRow } from "./seed-market.ts";
import { buildModerationDemo, type DiscussionReportRow } from "./seed-moderation.ts";
import { buildPerks } from "./seed-perks.ts";
import { NOTIFICATION_TEXT } from "../domain/conversation/notification-text.ts";
import { quoted } from "../domain/shared/quote.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../domain/accounts/two-factor.ts";
import type { DocumentLink, Faq, Person, ProjectDetails, RegulationType, RiskLevel } from "../domain/shared/types";
import type {
  InvestmentRow,
  notifications,
  perkAwards,
  ProjectRow,
  projectActivityDays,
  projectPerks,
  projectFollows,
  projectReservations,
  discussionPosts,
  discussionVotes,
  projectUpdates,
  totpFactors,
  UserRow,
  valuationEvents,
} from "./schema";

export const DEMO_PASSWORD = "Demo1234!";
export { DEMO_ADMIN_TOTP_SECRET };

// ---------------------------------------------------------------------------------------------
// users

/** A demo account: every address proved when it joined (ADR 045), none asked to be deleted. */
export type DemoUser = Omit<
  UserRow,
  "passwordHash" | "createdAt" | "emailVerifiedAt" | "deletionRequestedAt" | "deletedAt"
> & { createdDaysAgo: number };

function user(
  id: string,
  email: string,
  firstName: string,
  lastName: string,
  birthDate: string,
  role: DemoUser["role"],
  extra: Partial<DemoUser> = {},
): DemoUser {
  return {
    id,
    email,
    firstName,
    lastName,
    birthDate,
    role,
    phoneNumber: null,
    bio: null,
    profileImage: null,
    suspendedAt: null,
    suspendedReason: null,
    postingSuspendedUntil: null,
    riskTolerance: "medium",
    timeHorizon: "medium",
    preferredSectors: ["Technology", "Real Estate"],
    investmentGoals: ["Growth", "Income"],
    createdDaysAgo: 150,
    ...extra,
  };
}

export const DEMO_INVESTOR_ID = "user-demo-investor";
export const DEMO_FOUNDER_ID = "user-demo-founder";
export const DEMO_NEW_FOUNDER_ID = "user-demo-newfounder";
/** Founders whose projects wait for the demo admin: one in review, one sent back with a note. */
export const DEMO_REVIEW_FOUNDER_ID = "user-demo-reviewfounder";
export const DEMO_CHANGES_FOUNDER_ID = "user-demo-changesfounder";
export const DEMO_ADMIN_ID = "user-demo-admin";
/**
 * Founders of raises in the states of ADR 043: ScribeRx, closed early (its investors told of the new
 * deadline); RootStack and ThreadCycle, sold out with their deadline ahead, so each may close early
 * (the browser tests close one with JavaScript and one without).
 */
export const DEMO_EARLY_FOUNDER_ID = "user-demo-earlyfounder";
export const DEMO_FUNDED_FOUNDER_ID = "user-demo-fundedfounder";
export const DEMO_GOAL_FOUNDER_ID = "user-demo-goalfounder";
/**
 * The founder of a company two years past its raise (TutorLoop, ADR 052): funded, marked by the
 * seed round they reported, so they can report the next event. (The demo founder's own Quietly is
 * an open raise the other demo flows rely on, and a founder has one project.)
 */
export const DEMO_COMPANY_FOUNDER_ID = "user-demo-companyfounder";
/** The founder of a raise approved as Coming soon (ADR 055): StudyNest, with a few reservations. */
export const DEMO_SOON_FOUNDER_ID = "user-demo-soonfounder";

const BACKERS: [string, string][] = [
  ["Ethan", "Brooks"],
  ["Sofia", "Martinez"],
  ["Liam", "O'Connor"],
  ["Aisha", "Bello"],
  ["Noah", "Kim"],
  ["Grace", "Adeyemi"],
  ["Mateo", "Rossi"],
  ["Hannah", "Lee"],
];
const BACKER_IDS = BACKERS.map((_, i) => `user-demo-backer-${i + 1}`);

/** Students, alumni and parents who follow projects and ask questions (a few also ask as backers). */
const MEMBERS: [string, string][] = [
  ["Owen", "Gallagher"],
  ["Leila", "Farahani"],
  ["Tomás", "Ibarra"],
  ["Kezia", "Mensah"],
  ["Ravi", "Sundaram"],
  ["Freya", "Lindqvist"],
  ["Jamal", "Whitfield"],
  ["Yuki", "Tanaka"],
  ["Bianca", "Costa"],
  ["Declan", "Murphy"],
  ["Ines", "Ferreira"],
  ["Kofi", "Asante"],
  ["Rosa", "Delgado"],
  ["Arjun", "Mehta"],
  ["Clara", "Novak"],
  ["Samir", "Haddou"],
];
const MEMBER_IDS = MEMBERS.map((_, i) => `user-demo-member-${i + 1}`);

export const demoUsers: DemoUser[] = [
  user(DEMO_INVESTOR_ID, "investor@campusfund.dev", "Nadia", "Haddad", "1996-04-12", "investor", {
    phoneNumber: "+1 (415) 555-0142",
    bio: "Product manager and angel-curious alum. I back student teams working on climate, health and the tools students actually use.",
    riskTolerance: "medium",
    timeHorizon: "long",
    preferredSectors: ["Technology", "Healthcare", "Renewable Energy"],
    investmentGoals: ["Growth", "Impact"],
    // Older than her oldest holding (Shuttlebee's raise, about three years ago).
    createdDaysAgo: 1_180,
  }),
  user(DEMO_FOUNDER_ID, "founder@campusfund.dev", "Theo", "Alvarez", "1999-09-03", "founder", {
    bio: "Computer engineering senior at Illinois, building Quietly so nobody has to walk three libraries to find a free desk.",
    createdDaysAgo: 70,
  }),
  user(DEMO_NEW_FOUNDER_ID, "newfounder@campusfund.dev", "Amara", "Nwosu", "2000-02-17", "founder", {
    bio: "Bioengineering junior with an idea for a campus blood-drive scheduler. No project listed yet.",
    createdDaysAgo: 12,
  }),
  user(DEMO_REVIEW_FOUNDER_ID, "reviewfounder@campusfund.dev", "Marcus", "Lee", "2000-06-21", "founder", {
    bio: "Mechanical engineering senior at Georgia Tech, building bike-repair kiosks.",
    createdDaysAgo: 9,
  }),
  user(DEMO_CHANGES_FOUNDER_ID, "changesfounder@campusfund.dev", "Elena", "Rossi", "2001-01-09", "founder", {
    bio: "Nutrition science junior at UC Davis, building a dining-hall leftovers app.",
    createdDaysAgo: 14,
  }),
  user(DEMO_EARLY_FOUNDER_ID, "earlyfounder@campusfund.dev", "Nathan", "Cho", "1999-05-14", "founder", {
    bio: "Medical student at Stanford, building ScribeRx so free-clinic volunteers can look at patients, not keyboards.",
    createdDaysAgo: 165,
  }),
  user(DEMO_FUNDED_FOUNDER_ID, "fundedfounder@campusfund.dev", "Felix", "Meyer", "1998-10-02", "founder", {
    bio: "Agricultural engineering senior at Purdue, growing greens in shipping containers beside the dining halls.",
    createdDaysAgo: 176,
  }),
  user(DEMO_GOAL_FOUNDER_ID, "goalfounder@campusfund.dev", "Sophie", "Laurent", "2000-03-23", "founder", {
    bio: "Fashion and sustainability student, building ThreadCycle to keep campus clothes out of landfill.",
    createdDaysAgo: 152,
  }),
  user(DEMO_COMPANY_FOUNDER_ID, "companyfounder@campusfund.dev", "Elijah", "Boateng", "1998-07-26", "founder", {
    bio: "Founder of TutorLoop, peer tutoring booked by course. We raised on CampusFund two years ago and have closed a seed round since.",
    createdDaysAgo: 910,
  }),
  user(DEMO_SOON_FOUNDER_ID, "soonfounder@campusfund.dev", "Ingrid", "Solberg", "2000-08-11", "founder", {
    bio: "Architecture senior at Michigan, turning empty classrooms into bookable evening study space.",
    createdDaysAgo: 30,
  }),
  user(DEMO_ADMIN_ID, "admin@campusfund.dev", "Alex", "Morgan", "1988-11-30", "admin", {
    bio: "CampusFund operations.",
    // Before the oldest company event the admin reviewed (HISTORY_SEEDS).
    createdDaysAgo: 1_300,
  }),
  ...BACKERS.map(([first, last], i) =>
    user(
      BACKER_IDS[i]!,
      `backer${i + 1}@campusfund.dev`,
      first,
      last,
      `${1975 + i * 3}-0${(i % 9) + 1}-1${i}`,
      "investor",
      {
        riskTolerance: (["low", "medium", "high"] as const)[i % 3],
        timeHorizon: (["long", "medium", "short"] as const)[i % 3],
        // Before the oldest raise they may back (the companies of HISTORY_SEEDS).
        createdDaysAgo: 1_240 - i * 4,
      },
    ),
  ),
  ...MEMBERS.map(([first, last], i) =>
    user(
      MEMBER_IDS[i]!,
      `member${i + 1}@campusfund.dev`,
      first,
      last,
      `${1968 + i * 2}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`,
      "investor",
      {
        riskTolerance: (["medium", "high", "low"] as const)[i % 3],
        timeHorizon: (["medium", "long", "short"] as const)[i % 3],
        createdDaysAgo: 175 - i * 6,
      },
    ),
  ),
];

/** Shares the demo investor (Nadia Haddad) holds, by project slug: five sectors. */
const DEMO_INVESTOR_HOLDINGS: Record<string, number> = {
  lablink: 150,
  splitstack: 200,
  pulsepatch: 40,
  sundorm: 100,
  lectureloop: 250,
  // raises that ended or are ending (ADR 043): returned, confirmed, and open in a raise closed early
  campuskeys: 100,
  "highlight-reel": 50,
  scriberx: 25,
  // companies one to three years past their raise (HISTORY_SEEDS), whatever became of them
  tutorloop: 250,
  rentright: 100,
  shuttlebee: 300,
  swipeshare: 150,
  suncanopy: 400,
  gigboard: 125,
};

// ---------------------------------------------------------------------------------------------
// universities

interface University {
  name: string;
  logo: string | null;
  location: string;
}

const UNIVERSITIES = {
  stanford: { name: "Stanford University", logo: "/images/universities/stanford.svg", location: "Stanford, CA" },
  mit: {
    name: "Massachusetts Institute of Technology",
    logo: "/images/universities/mit.svg",
    location: "Cambridge, MA",
  },
  berkeley: {
    name: "University of California, Berkeley",
    logo: "/images/universities/berkeley.svg",
    location: "Berkeley, CA",
  },
  michigan: { name: "University of Michigan", logo: "/images/universities/michigan.svg", location: "Ann Arbor, MI" },
  gatech: {
    name: "Georgia Institute of Technology",
    logo: "/images/universities/georgia-tech.svg",
    location: "Atlanta, GA",
  },
  cmu: {
    name: "Carnegie Mellon University",
    logo: "/images/universities/carnegie-mellon.svg",
    location: "Pittsburgh, PA",
  },
  utaustin: { name: "The University of Texas at Austin", logo: null, location: "Austin, TX" },
  uiuc: { name: "University of Illinois Urbana-Champaign", logo: null, location: "Champaign, IL" },
  nyu: { name: "New York University", logo: null, location: "New York, NY" },
  uw: { name: "University of Washington", logo: null, location: "Seattle, WA" },
  howard: { name: "Howard University", logo: null, location: "Washington, DC" },
  purdue: { name: "Purdue University", logo: null, location: "West Lafayette, IN" },
} satisfies Record<string, University>;

type UniKey = keyof typeof UNIVERSITIES;

// ---------------------------------------------------------------------------------------------
// projects: what is written by hand

interface Terms {
  /** Dollars per share. */
  price: number;
  shares: number;
  /** Minimum investment in dollars. */
  min: number;
  equity: number;
  reg: RegulationType;
  risk: RiskLevel;
  returnRate: number;
  months: number;
  /** Funding deadline relative to today (negative: passed). */
  deadlineDays: number;
  /**
   * Stored status of an unlisted project: `in_review` and `draft` (with `reviewNote`: changes
   * requested) are unlisted (ADR 030): no investments, the id as slug, never published. A listed
   * project is active while its deadline is ahead; past it, it is settled as the app would have
   * settled it (ADR 043): funded (every share sold) with its investments confirmed, or closed
   * with them returned.
   */
  status?: "in_review" | "draft" | "coming_soon";
  /** Coming soon (ADR 055): the raise opens this many days from today (00:00 UTC). */
  launchDays?: number;
  /** The founder closed the raise early this many days ago (ADR 043): `deadlineDays` is the new deadline. */
  closedEarlyDaysAgo?: number;
  /** The reviewer's note of a project returned to draft. */
  reviewNote?: string;
  /** Fraction of the shares sold by the generated investments (1 = sold out). */
  sold: number;
  createdDaysAgo: number;
  founderId?: string;
}

interface ProjectSeed {
  slug: string;
  title: string;
  category: string;
  uni: UniKey;
  featured?: boolean;
  terms: Terms;
  short: string;
  description: string;
  about: string[];
  tags: string[];
  useOfFunds: string;
  /** [name, bio, experience]; the first is the creator. */
  founders: [string, string, string][];
  /** [name, role, bio] */
  team: [string, string, string][];
  teamDescription: string;
  traction: [string, string][];
  /** [months from today, milestone]; past months are completed. */
  roadmap: [number, string][];
  problem: string;
  solution: string;
  marketSize: string;
  competition: string;
  businessModel: string;
  /** [year1, year2, year3 revenue, monthly burn (dollars), break-even, runway after funding] */
  financials: [number, number, number, number, string, string];
  faqs: [string, string][];
  whitepaper?: boolean;
  /** What happened to the company after its funded raise (ADR 052), oldest first. */
  history?: HistoryEvent[];
}

/** A company event of the demo, as its founder reported it or the demo admin recorded it. */
interface HistoryEvent {
  kind: EventKind;
  /** The day it happened: this many days before today. */
  daysAgo: number;
  /** Dollars per share: a round's price, an acquisition's, a shutdown's proceeds, a write's value. */
  price: number;
  /** A round's pre-money valuation in dollars (a SAFE converts on it), and its name. */
  preMoney?: number;
  roundName?: string;
  statement: string;
}

const SEEDS: ProjectSeed[] = [
  // ------------------------------------------------------------------ technology
  {
    slug: "lablink",
    title: "LabLink",
    category: "technology",
    uni: "mit",
    featured: true,
    terms: {
      price: 20,
      shares: 25_000,
      min: 200,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 18,
      months: 24,
      deadlineDays: 52,
      sold: 0.68,
      createdDaysAgo: 150,
    },
    short: "Booking, usage tracking and IoT monitoring for shared university lab equipment.",
    description:
      "LabLink replaces the paper sign-up sheets taped to shared microscopes, centrifuges and 3D printers. Researchers book instruments from their phone, small sensors log real usage, and lab managers finally see which equipment is idle and which is oversubscribed.",
    about: [
      "Research labs share hundreds of thousands of dollars of equipment, yet most still schedule it on whiteboards and spreadsheets. Double bookings waste samples, idle machines hide in plain sight, and grant reports on instrument usage are guessed at the end of the year.",
      "LabLink pairs a booking app with a clip-on power sensor that reports when an instrument is actually running. Lab managers get utilization dashboards, automatic no-show release and usage exports for grant compliance.",
      "We started in two MIT core facilities and now run in eleven labs across three universities.",
    ],
    tags: ["IoT", "SaaS", "Research"],
    useOfFunds: "manufacture 2,000 sensors and hire two engineers",
    founders: [
      [
        "Daniel Osei",
        "PhD student in mechanical engineering who ran scheduling for a shared microscopy core.",
        "3 years managing a 40-user core facility",
      ],
      [
        "Lena Fischer",
        "EECS senior focused on embedded systems and low-power radios.",
        "Firmware intern at a wearables company",
      ],
    ],
    team: [
      ["Daniel Osei", "CEO", "Leads sales to core facilities and product."],
      ["Lena Fischer", "CTO", "Designed the sensor hardware and firmware."],
      ["Marcus Hill", "Full-stack Engineer", "Builds the booking app and dashboards."],
    ],
    teamDescription: "Two researchers who lived the problem, plus an engineer who has shipped production web apps.",
    traction: [
      ["Labs onboarded", "11"],
      ["Bookings per month", "3,400"],
      ["No-shows reduced", "38%"],
      ["Pilot universities", "3"],
    ],
    roadmap: [
      [-8, "First core facility pilot"],
      [-3, "Clip-on power sensor v2"],
      [2, "Grant-compliance usage exports"],
      [6, "Ten-university rollout"],
      [12, "Equipment-sharing marketplace between labs"],
    ],
    problem:
      "Shared lab instruments are booked on paper, so they are double-booked, left idle, and impossible to account for in grant reports.",
    solution:
      "A booking app tied to a cheap sensor that records real usage, releases no-show slots automatically and produces compliance reports.",
    marketSize:
      "About 4,000 US research institutions with core facilities; a $1.2B serviceable market for lab operations software.",
    competition: "Generic calendar tools and legacy core-facility suites; none measure actual instrument use.",
    businessModel: "Per-instrument subscription ($15/month) plus one-time sensor hardware at cost.",
    financials: [180_000, 720_000, 1_900_000, 24_000, "Month 20", "22 months"],
    faqs: [
      [
        "Does the sensor need access to the instrument's software?",
        "No. It measures power draw at the plug, so it works with any instrument without touching vendor software or voiding warranties.",
      ],
      [
        "Who pays for LabLink?",
        "Core facility managers and department operations budgets, usually from the same line that pays for instrument service contracts.",
      ],
    ],
    whitepaper: true,
  },
  {
    slug: "campusroute",
    title: "CampusRoute",
    category: "transportation",
    uni: "gatech",
    terms: {
      price: 10,
      shares: 30_000,
      min: 100,
      equity: 12,
      reg: "RegCF",
      risk: "high",
      returnRate: 22,
      months: 18,
      deadlineDays: 38,
      sold: 0.31,
      createdDaysAgo: 140,
    },
    short: "Demand-responsive campus shuttles that pick students up where they are, not where the route map says.",
    description:
      "CampusRoute turns fixed-loop campus shuttles into on-demand pooled rides. Students request a pickup in the app, and our routing engine groups nearby requests so the same buses carry more riders with shorter waits.",
    about: [
      "Most campus shuttles run fixed loops that were designed years ago. Late at night the buses run half empty while students walk across dark parking lots to reach a stop.",
      "CampusRoute plugs into the existing fleet. Drivers get a tablet with turn-by-turn routes, riders get live ETAs, and transportation offices get ridership data by hour and block.",
      "Our Georgia Tech night-service pilot cut average wait times from 19 to 7 minutes.",
    ],
    tags: ["Mobility", "Safety", "Routing"],
    useOfFunds: "launch at four new campuses and build the driver app for Android",
    founders: [
      [
        "Kwame Asante",
        "Industrial engineering senior who studies vehicle routing problems.",
        "Research assistant in a logistics optimization lab",
      ],
      [
        "Emily Zhao",
        "Computer science junior who built the first rider app in a weekend.",
        "Two mobile apps in the App Store",
      ],
    ],
    team: [
      ["Kwame Asante", "CEO", "Routing algorithms and partnerships with transit offices."],
      ["Emily Zhao", "CTO", "Rider and driver apps."],
      ["Tomás Reyes", "Operations Lead", "Runs pilots and driver training."],
    ],
    teamDescription: "An operations-research founder, a mobile engineer and a former shuttle dispatcher.",
    traction: [
      ["Rides completed", "41,000"],
      ["Average wait", "7 min"],
      ["Campus pilots", "2"],
    ],
    roadmap: [
      [-9, "Night-service pilot at Georgia Tech"],
      [-2, "Second campus contract"],
      [3, "Android driver app"],
      [8, "Four new campuses"],
      [14, "Paratransit scheduling module"],
    ],
    problem:
      "Fixed-route campus shuttles run empty off-peak while students wait long and walk unsafe distances at night.",
    solution:
      "On-demand pooled routing on the existing fleet, with live ETAs for riders and ridership analytics for the university.",
    marketSize: "Over 1,100 US campuses run shuttle fleets; universities spend about $2B a year on campus transit.",
    competition:
      "Large microtransit vendors built for cities; they are expensive and slow to deploy on a single campus.",
    businessModel: "Annual software license per vehicle, priced below one driver's monthly wage.",
    financials: [240_000, 650_000, 1_400_000, 21_000, "Month 24", "18 months"],
    faqs: [
      [
        "Does the university need new vehicles?",
        "No. CampusRoute runs on the existing shuttles; drivers only need a tablet.",
      ],
      [
        "How do you handle accessibility requests?",
        "Riders can flag mobility needs and the router assigns accessible vehicles and longer boarding times.",
      ],
    ],
  },
  {
    slug: "printforge",
    title: "PrintForge",
    category: "manufacturing",
    uni: "purdue",
    terms: {
      price: 25,
      shares: 8_000,
      min: 250,
      equity: 8,
      reg: "SAFE",
      risk: "medium",
      returnRate: 15,
      months: 24,
      deadlineDays: 71,
      sold: 0.22,
      createdDaysAgo: 130,
    },
    short: "A distributed 3D-printing network that turns idle makerspace printers into on-demand local manufacturing.",
    description:
      "PrintForge connects engineers and small businesses who need parts with university makerspaces whose printers sit idle most nights. Uploads are checked automatically, routed to the nearest qualified printer and shipped within 48 hours.",
    about: [
      "University makerspaces own fleets of good 3D printers that are busy during finals and idle the rest of the time. Meanwhile local startups wait two weeks for parts from online print farms.",
      "PrintForge checks every file for printability, quotes instantly and sends the job to a vetted student operator on a nearby campus. Makerspaces earn revenue that pays for filament and maintenance.",
      "The network launched with three Purdue makerspaces and has printed more than 6,000 parts.",
    ],
    tags: ["3D Printing", "Marketplace", "Hardware"],
    useOfFunds: "onboard twelve makerspaces in the Midwest and automate print-quality inspection",
    founders: [
      [
        "Ryan Kowalski",
        "Mechanical engineering senior and makerspace manager.",
        "Ran a 30-printer student makerspace for two years",
      ],
    ],
    team: [
      ["Ryan Kowalski", "CEO", "Operations and makerspace partnerships."],
      ["Anika Sharma", "Software Lead", "Slicing pipeline and instant quotes."],
      ["Ben Carter", "Quality Lead", "Print inspection and operator certification."],
    ],
    teamDescription: "Makerspace operators who have printed thousands of parts for student teams.",
    traction: [
      ["Parts printed", "6,200"],
      ["Partner makerspaces", "3"],
      ["Repeat customers", "64%"],
    ],
    roadmap: [
      [-10, "First external customer"],
      [-4, "Instant quoting engine"],
      [2, "Automated camera inspection"],
      [7, "Twelve Midwest makerspaces"],
      [15, "Metal printing partners"],
    ],
    problem: "Idle printers on campus and slow, expensive online print farms for local engineers.",
    solution:
      "A marketplace that routes print jobs to vetted campus printers nearby, with automatic file checks and instant quotes.",
    marketSize: "The on-demand additive manufacturing services market is about $3B and growing over 20% a year.",
    competition:
      "Centralized print farms and freelance marketplaces; neither offers local 48-hour turnaround at student prices.",
    businessModel: "A 25% commission on each order; makerspaces keep the rest.",
    financials: [150_000, 420_000, 980_000, 14_000, "Month 18", "24 months"],
    faqs: [
      [
        "Who prints the parts?",
        "Student operators certified by PrintForge, on printers owned by the makerspace. Every part is inspected before shipping.",
      ],
      [
        "What materials are available?",
        "PLA, PETG, TPU and nylon today; resin printing is available at two partner sites.",
      ],
    ],
    whitepaper: true,
  },
  {
    slug: "quietly",
    title: "Quietly",
    category: "technology",
    uni: "uiuc",
    terms: {
      price: 5,
      shares: 20_000,
      min: 100,
      equity: 10,
      reg: "SAFE",
      risk: "high",
      returnRate: 25,
      months: 12,
      deadlineDays: 60,
      sold: 0.32,
      createdDaysAgo: 45,
      founderId: DEMO_FOUNDER_ID,
    },
    short: "See which study spaces on campus are quiet and free right now, from anonymous occupancy sensors.",
    description:
      "Quietly shows students which libraries, lounges and study rooms have free seats and how loud they are, updated every minute. Anonymous sensors count seats and measure noise without cameras or microphones that record speech.",
    about: [
      "During midterms students walk from library to library looking for a free desk. Facilities teams have no idea which spaces are overcrowded and which sit empty.",
      "Quietly uses small battery-powered sensors that count occupied seats and measure sound levels, never recording audio or images. Students open the app and go straight to a quiet seat; facilities get occupancy heatmaps.",
      "Our pilot covers four buildings at the University of Illinois with 1,900 weekly active students.",
    ],
    tags: ["Sensors", "Student Life", "Privacy"],
    useOfFunds: "deploy 600 sensors across ten more buildings and launch the facilities dashboard",
    founders: [
      [
        "Theo Alvarez",
        "Computer engineering senior at Illinois who got tired of walking three libraries to find a free desk.",
        "Hardware hackathon winner; embedded systems intern",
      ],
      ["Chloe Park", "Statistics junior who builds the occupancy models.", "Data science research assistant"],
    ],
    team: [
      ["Theo Alvarez", "CEO & Hardware", "Sensor design and campus partnerships."],
      ["Chloe Park", "Data Lead", "Occupancy and noise models."],
      ["Sam Whitaker", "Mobile Developer", "iOS and Android apps."],
    ],
    teamDescription: "A hardware founder, a statistician and a mobile developer, all current Illinois students.",
    traction: [
      ["Weekly active students", "1,900"],
      ["Buildings covered", "4"],
      ["Sensors deployed", "220"],
    ],
    roadmap: [
      [-5, "Sensor prototype"],
      [-1, "Four-building pilot"],
      [3, "Facilities dashboard"],
      [6, "Ten more buildings"],
      [10, "Second campus"],
    ],
    problem: "Students waste time hunting for quiet study space while facilities lack occupancy data to plan around.",
    solution:
      "Privacy-preserving occupancy and noise sensors feeding a live map for students and a dashboard for facilities.",
    marketSize: "About 2,600 four-year US colleges; campus space-utilization software is a $700M market.",
    competition: "Wi-Fi based occupancy estimates, which are coarse and cannot tell quiet rooms from loud ones.",
    businessModel: "Annual per-building subscription paid by libraries and facilities; free for students.",
    financials: [60_000, 310_000, 900_000, 9_000, "Month 22", "16 months"],
    faqs: [
      [
        "Do the sensors record conversations or video?",
        "No. They measure sound level in decibels and count occupied seats with a thermal sensor too coarse to identify anyone. Nothing identifiable leaves the device.",
      ],
      [
        "Why would a university pay for this?",
        "Facilities teams use occupancy data to decide opening hours, cleaning schedules and which spaces to renovate.",
      ],
    ],
    whitepaper: true,
  },
  {
    slug: "voltbike-swap",
    title: "VoltBike Swap",
    category: "transportation",
    uni: "utaustin",
    terms: {
      price: 50,
      shares: 24_000,
      min: 500,
      equity: 15,
      reg: "RegA+",
      risk: "medium",
      returnRate: 16,
      months: 36,
      deadlineDays: 85,
      sold: 0.12,
      createdDaysAgo: 125,
    },
    short: "Battery-swap lockers that keep student e-bikes and scooters charged without dragging batteries upstairs.",
    description:
      "VoltBike Swap installs solar-assisted locker stations where riders trade a depleted e-bike battery for a charged one in ten seconds. Students subscribe monthly; universities get fewer lithium batteries charging in dorm rooms.",
    about: [
      "E-bikes are the fastest way around big campuses, but charging them means carrying heavy batteries into dorms, where lithium fires are a growing safety concern for housing offices.",
      "Our lockers charge batteries in a fire-rated enclosure and hand riders a full one with a tap of their student ID. Adapters fit the five most common student e-bike brands.",
      "Two stations in West Campus, Austin, already serve 340 subscribers.",
    ],
    tags: ["E-bikes", "Battery Safety", "Subscription"],
    useOfFunds: "build 30 stations across three Texas campuses",
    founders: [
      [
        "Isabella Nguyen",
        "Electrical engineering senior working on battery management systems.",
        "Battery R&D intern at an EV startup",
      ],
      [
        "Caleb Johnson",
        "Business honors senior who ran a campus bike shop.",
        "Grew a student bike repair business to $80K revenue",
      ],
    ],
    team: [
      ["Isabella Nguyen", "CEO & CTO", "Battery systems and locker hardware."],
      ["Caleb Johnson", "COO", "Operations, leasing sites and subscriptions."],
      ["Priyanka Das", "Firmware Engineer", "Charging controllers and safety monitoring."],
      ["Owen Price", "Field Technician", "Installs and maintains stations."],
    ],
    teamDescription: "Battery engineers and a bike-shop operator who knows student riders.",
    traction: [
      ["Subscribers", "340"],
      ["Swaps per week", "1,150"],
      ["Stations live", "2"],
      ["Fire incidents", "0"],
    ],
    roadmap: [
      [-7, "First station in West Campus"],
      [-2, "Second station and ID-card unlock"],
      [4, "Ten stations"],
      [10, "Texas A&M and Texas Tech launches"],
      [18, "Thirty stations"],
    ],
    problem:
      "Charging e-bike batteries in dorms is inconvenient and a real fire risk that housing offices are starting to ban.",
    solution: "Fire-rated battery-swap lockers with a monthly subscription and universal adapters.",
    marketSize:
      "About 2 million US students ride e-bikes or scooters; the addressable subscription market is roughly $400M a year.",
    competition: "Scooter-share fleets (which students do not own) and home chargers (which housing offices restrict).",
    businessModel: "$24/month rider subscription; universities can sponsor stations in housing areas.",
    financials: [310_000, 1_100_000, 2_800_000, 48_000, "Month 26", "25 months"],
    faqs: [
      [
        "Which e-bikes are supported?",
        "The five most common student brands through adapters; we add a brand once 50 subscribers ask for it.",
      ],
      [
        "What happens to old batteries?",
        "Batteries below 70% health are retired to stationary storage partners, then recycled.",
      ],
    ],
    whitepaper: true,
  },

  // ------------------------------------------------------------------ fintech
  {
    slug: "splitstack",
    title: "SplitStack",
    category: "fintech",
    uni: "nyu",
    featured: true,
    terms: {
      price: 15,
      shares: 40_000,
      min: 150,
      equity: 12,
      reg: "RegCF",
      risk: "medium",
      returnRate: 20,
      months: 24,
      deadlineDays: 44,
      sold: 0.74,
      createdDaysAgo: 155,
    },
    short: "Split rent and bills with roommates automatically, and build credit from the rent you already pay.",
    description:
      "SplitStack gives roommates one shared account for rent, utilities and groceries. Everyone pays their share automatically, and on-time rent is reported to credit bureaus so students build a credit history before graduation.",
    about: [
      "Roommate money is awkward: one person fronts the rent, chases the others over text, and nobody gets credit for paying on time.",
      "SplitStack collects each roommate's share on the day bills are due and pays landlords and utilities directly. Rent payments are reported to two credit bureaus with the student's consent.",
      "Launched in Manhattan and Brooklyn, SplitStack now moves $1.1M in rent a month.",
    ],
    tags: ["Payments", "Credit Building", "Housing"],
    useOfFunds: "obtain money-transmitter coverage in five more states and grow the team",
    founders: [
      [
        "Amara Diallo",
        "Economics and computer science senior at NYU Stern and Courant.",
        "Payments intern at a large bank",
      ],
      ["Jake Feldman", "Mathematics junior who built the reconciliation engine.", "Quant research assistant"],
    ],
    team: [
      ["Amara Diallo", "CEO", "Product, compliance partnerships and fundraising."],
      ["Jake Feldman", "CTO", "Ledger and payments infrastructure."],
      ["Nina Petrova", "Growth Lead", "Campus ambassadors and landlord partnerships."],
      ["Victor Mensah", "Compliance Advisor", "Former bank compliance officer."],
    ],
    teamDescription:
      "Payments and compliance experience from banking internships, plus a growth lead who built a 60-person ambassador program.",
    traction: [
      ["Monthly rent volume", "$1.1M"],
      ["Households", "820"],
      ["Average credit score gain", "+31 pts"],
      ["Late payments", "0.8%"],
    ],
    roadmap: [
      [-10, "Beta with 50 NYU households"],
      [-5, "Credit bureau reporting"],
      [-1, "Utilities auto-pay"],
      [4, "Five new states"],
      [9, "Landlord portal"],
    ],
    problem:
      "Students split rent over text, one roommate carries the risk, and on-time rent does nothing for anyone's credit.",
    solution:
      "A shared household account that collects each share automatically, pays bills directly and reports rent to credit bureaus.",
    marketSize: "About 8 million US students rent off campus with roommates, paying roughly $90B in rent a year.",
    competition:
      "Peer-to-peer payment apps (no bill pay, no credit reporting) and rent-reporting services (no splitting).",
    businessModel: "$3 per roommate per month plus interchange on the SplitStack card.",
    financials: [420_000, 1_300_000, 3_200_000, 38_000, "Month 21", "24 months"],
    faqs: [
      [
        "Is my money safe?",
        "Funds are held at an FDIC-insured partner bank. SplitStack never lends against your rent.",
      ],
      [
        "What if a roommate can't pay this month?",
        "SplitStack notifies the household before the due date and lets the others cover the gap, recording who owes whom.",
      ],
    ],
  },
  {
    slug: "ledgerly",
    title: "Ledgerly",
    category: "fintech",
    uni: "michigan",
    terms: {
      price: 8,
      shares: 15_000,
      min: 100,
      equity: 6,
      reg: "SAFE",
      risk: "low",
      returnRate: 12,
      months: 18,
      deadlineDays: 29,
      sold: 0.47,
      createdDaysAgo: 145,
    },
    short:
      "Bookkeeping, budgets and reimbursements for student organizations, built for treasurers who change every year.",
    description:
      "Ledgerly gives student clubs a shared ledger, receipt capture and one-click reimbursements that follow university rules. When the treasurer graduates, the books, budgets and history stay with the organization.",
    about: [
      "Every year thousands of student organizations hand their finances to a new treasurer who inherits a spreadsheet, a shoebox of receipts and no idea what was spent last year.",
      "Ledgerly keeps the books with the organization, enforces the student activities office's spending rules and files reimbursement requests in the format the university already uses.",
      "More than 300 organizations at Michigan use Ledgerly, and the student activities office recommends it to new clubs.",
    ],
    tags: ["Accounting", "Student Orgs", "SaaS"],
    useOfFunds: "integrate with three more university finance systems",
    founders: [
      [
        "Hannah Goldberg",
        "Accounting senior and former treasurer of a 200-member club.",
        "Audit intern at a Big Four firm",
      ],
    ],
    team: [
      ["Hannah Goldberg", "CEO", "Product and university partnerships."],
      ["Diego Alvarez", "Lead Engineer", "Ledger, receipt OCR and integrations."],
    ],
    teamDescription: "An accountant who has been a club treasurer and an engineer who automated her spreadsheets.",
    traction: [
      ["Organizations", "312"],
      ["Receipts processed", "18,000"],
      ["Reimbursement time", "4 days (from 21)"],
    ],
    roadmap: [
      [-9, "Launch at Michigan"],
      [-3, "Receipt OCR"],
      [2, "Ohio State and Purdue integrations"],
      [7, "Budget templates marketplace"],
      [12, "Nonprofit edition"],
    ],
    problem: "Student-org finances are lost every time a treasurer graduates, and reimbursements take weeks.",
    solution: "A ledger owned by the organization, with rule checks and reimbursements in the university's own format.",
    marketSize: "Over 400,000 registered student organizations in the US.",
    competition: "Spreadsheets and small-business accounting tools that ignore university rules.",
    businessModel: "Site licenses paid by student activities offices; free for organizations.",
    financials: [95_000, 260_000, 610_000, 7_500, "Month 15", "20 months"],
    faqs: [
      [
        "Does the university have to switch finance systems?",
        "No. Ledgerly exports reimbursement requests in the format the existing system accepts.",
      ],
      [
        "Can a club use it without the university signing up?",
        "Yes, on a free plan with manual reimbursement exports.",
      ],
    ],
  },
  {
    slug: "nestmate",
    title: "Nestmate",
    category: "real estate",
    uni: "uw",
    terms: {
      price: 40,
      shares: 20_000,
      min: 400,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 17,
      months: 30,
      deadlineDays: 66,
      sold: 0.26,
      createdDaysAgo: 135,
    },
    short: "Verified student subleases with escrowed deposits, so summer internships don't mean paying two rents.",
    description:
      "Nestmate matches students leaving for internships with students arriving for summer programs. Every user is verified with a university email, deposits sit in escrow, and leases use landlord-approved templates.",
    about: [
      "Every summer, students who leave for internships keep paying rent on empty rooms, while interns arriving in Seattle get scammed on listing sites.",
      "Nestmate verifies every renter and subletter through their university, holds the deposit in escrow until move-in, and generates a sublease the landlord signs in the app.",
      "Last summer 410 subleases closed through Nestmate with zero fraud reports.",
    ],
    tags: ["Housing", "Marketplace", "Trust & Safety"],
    useOfFunds: "expand to Boston, Austin and the Bay Area before peak summer season",
    founders: [
      ["Olivia Tran", "Real estate and informatics senior at UW.", "Leasing assistant at a student housing complex"],
      ["Ahmed Karim", "Computer science senior who built the escrow flows.", "Backend intern at a payments company"],
    ],
    team: [
      ["Olivia Tran", "CEO", "Landlord partnerships and operations."],
      ["Ahmed Karim", "CTO", "Verification, escrow and leases."],
      ["Jasmine Cole", "Community Manager", "Support and trust & safety."],
    ],
    teamDescription: "A leasing insider and a payments engineer who both lost money to a fake sublease listing.",
    traction: [
      ["Subleases closed", "410"],
      ["Landlord partners", "58"],
      ["Fraud reports", "0"],
    ],
    roadmap: [
      [-11, "Seattle beta"],
      [-6, "Escrowed deposits"],
      [-1, "Landlord e-signature"],
      [3, "Boston and Austin"],
      [9, "Bay Area"],
    ],
    problem: "Summer subleasing is plagued by scams and leaves students paying rent on empty rooms.",
    solution: "University-verified users, escrowed deposits and landlord-approved sublease contracts.",
    marketSize: "About 1.5 million US students take internships away from campus each summer.",
    competition: "General classifieds and social media groups with no verification or escrow.",
    businessModel: "A 6% fee on the first month of each sublease, split between the parties.",
    financials: [210_000, 640_000, 1_500_000, 26_000, "Month 23", "26 months"],
    faqs: [
      [
        "Does the landlord have to approve?",
        "Yes. Nestmate only lists rooms whose leases allow subletting, and the landlord co-signs in the app.",
      ],
      ["When is the deposit released?", "48 hours after move-in if the renter reports no problems."],
    ],
  },
  {
    slug: "stipend",
    title: "Stipend",
    category: "fintech",
    uni: "howard",
    terms: {
      price: 12,
      shares: 25_000,
      min: 120,
      equity: 9,
      reg: "RegCF",
      risk: "high",
      returnRate: 24,
      months: 18,
      deadlineDays: 19,
      sold: 0.58,
      createdDaysAgo: 128,
    },
    short: "Earned-wage access for student employees, paid through the campus payroll with no interest and no fees.",
    description:
      "Stipend lets students who work on campus withdraw wages they have already earned before payday. Universities fund it as a benefit, so students avoid overdraft fees and payday loans when a textbook bill lands mid-month.",
    about: [
      "Student employees are often paid every two weeks or monthly, while textbook, lab and rent bills arrive on their own schedule. Many turn to overdrafts or payday lenders for small gaps.",
      "Stipend reads approved timesheets from the campus payroll system and lets students withdraw up to half of their earned wages instantly, free of charge. The advance is settled on payday.",
      "Howard's student employment office launched Stipend for 600 student workers last semester.",
    ],
    tags: ["Payroll", "Financial Wellness", "B2B"],
    useOfFunds: "integrate with the two most common campus payroll systems",
    founders: [
      ["Malik Thompson", "Finance senior who worked three campus jobs.", "Treasury analyst intern"],
      ["Zara Ahmed", "Computer science junior.", "Built payroll integrations as a co-op student"],
    ],
    team: [
      ["Malik Thompson", "CEO", "University sales and product."],
      ["Zara Ahmed", "CTO", "Payroll integrations and ledger."],
      ["Kofi Mensah", "Risk Analyst", "Advance limits and reconciliation."],
    ],
    teamDescription: "Founders who lived paycheck to paycheck as student workers.",
    traction: [
      ["Student workers enrolled", "600"],
      ["Advances issued", "2,300"],
      ["Average advance", "$86"],
    ],
    roadmap: [
      [-8, "Prototype with manual payroll export"],
      [-2, "Launch at Howard"],
      [3, "Workday integration"],
      [8, "Five universities"],
      [14, "Financial coaching add-on"],
    ],
    problem: "Student workers face mid-month gaps and pay overdraft fees or payday loan interest to cover them.",
    solution: "Free earned-wage access, funded by the university as a student benefit and settled on payday.",
    marketSize: "About 3.5 million students work on US campuses.",
    competition: "Consumer earned-wage apps that charge fees and do not integrate with university payroll.",
    businessModel: "Per-student monthly fee paid by the university ($2 per enrolled worker).",
    financials: [120_000, 480_000, 1_250_000, 19_000, "Month 24", "17 months"],
    faqs: [
      [
        "Is this a loan?",
        "No. Students withdraw wages they have already earned; there is no interest, credit check or fee.",
      ],
      ["Who funds the advances?", "A partner bank fronts the money and is repaid from the regular payroll run."],
    ],
  },
  {
    slug: "campuskeys",
    title: "CampusKeys",
    category: "real estate",
    uni: "utaustin",
    terms: {
      price: 30,
      shares: 10_000,
      min: 300,
      equity: 7.5,
      reg: "RegCF",
      risk: "low",
      returnRate: 11,
      months: 36,
      deadlineDays: -5,
      sold: 0.41,
      createdDaysAgo: 170,
    },
    short: "Simple property management for small landlords near campus: leases, repairs and rent in one place.",
    description:
      "CampusKeys helps the small landlords who own most off-campus student housing run their properties like professionals. Leases are signed online, maintenance requests come with photos, and rent arrives on time through automatic payments.",
    about: [
      "Around most campuses, student housing is owned by individuals with one to ten units who manage everything by text message.",
      "CampusKeys gives them leases tuned to student turnover, a maintenance queue with local vendors and automatic rent collection with co-signer support.",
      "Sixty-five landlords managing 380 units in Austin use CampusKeys.",
    ],
    tags: ["PropTech", "Landlords", "SaaS"],
    useOfFunds: "expand to College Station and San Marcos",
    founders: [
      [
        "Ethan Walker",
        "Real estate finance senior whose family owns rental duplexes.",
        "Managed 12 family rental units since high school",
      ],
    ],
    team: [
      ["Ethan Walker", "CEO", "Landlord sales and operations."],
      ["Mei Lin", "Product Engineer", "Leases, payments and maintenance."],
    ],
    teamDescription:
      "A founder who grew up managing student rentals, and an engineer who built the tools he wished he had.",
    traction: [
      ["Landlords", "65"],
      ["Units managed", "380"],
      ["On-time rent", "97%"],
    ],
    roadmap: [
      [-14, "Austin launch"],
      [-6, "Co-signer payments"],
      [-2, "Vendor marketplace"],
      [4, "College Station"],
      [10, "San Marcos"],
    ],
    problem:
      "Small student-housing landlords manage leases, repairs and rent by text, which frustrates tenants and loses money.",
    solution: "Property management software tuned to student turnover, co-signers and August move-in peaks.",
    marketSize: "Small landlords own about 60% of off-campus student rentals in the US.",
    competition: "General property management suites designed for large portfolios.",
    businessModel: "$8 per unit per month plus payment processing.",
    financials: [140_000, 330_000, 720_000, 9_500, "Month 16", "30 months"],
    faqs: [
      ["Do tenants pay anything?", "No. Landlords pay per unit; tenants pay rent by bank transfer for free."],
      ["Can parents co-sign?", "Yes. Co-signers sign the lease online and can set up payments directly."],
    ],
  },

  // ------------------------------------------------------------------ social media
  {
    slug: "quadcast",
    title: "QuadCast",
    category: "media",
    uni: "berkeley",
    terms: {
      price: 6,
      shares: 25_000,
      min: 120,
      equity: 8,
      reg: "SAFE",
      risk: "high",
      returnRate: 26,
      months: 18,
      deadlineDays: 33,
      sold: 0.39,
      createdDaysAgo: 138,
    },
    short:
      "A network of student-hosted podcasts with a marketplace that connects local businesses to campus listeners.",
    description:
      "QuadCast gives student podcasters production tools, distribution and a shared ad marketplace. Local businesses buy campus-targeted audio ads across dozens of shows at once, and hosts earn from their first episode.",
    about: [
      "Campuses are full of talented student podcasters, but each show is too small to attract advertisers on its own.",
      "QuadCast bundles shows into one network. Businesses near campus buy host-read ads by audience, and we handle scheduling, delivery and payouts.",
      "Forty-two shows across five UC campuses are on the network today.",
    ],
    tags: ["Podcasts", "Creator Economy", "Advertising"],
    useOfFunds: "grow the network to 150 shows and build self-serve ad buying",
    founders: [
      [
        "Gabriel Santos",
        "Media studies senior and host of a top campus sports podcast.",
        "Three years producing weekly shows",
      ],
      ["Ivy Zhang", "Data science senior.", "Ad-tech analytics intern"],
    ],
    team: [
      ["Gabriel Santos", "CEO", "Creator relations and sales."],
      ["Ivy Zhang", "CTO", "Ad insertion and analytics."],
      ["Luca Moretti", "Producer", "Audio quality and host training."],
    ],
    teamDescription: "Podcasters and an ad-tech engineer who want student creators to get paid.",
    traction: [
      ["Shows on the network", "42"],
      ["Monthly downloads", "210,000"],
      ["Advertisers", "37"],
    ],
    roadmap: [
      [-10, "Network launch with 8 shows"],
      [-4, "Dynamic ad insertion"],
      [2, "Self-serve ad buying"],
      [6, "150 shows"],
      [12, "National brand campaigns"],
    ],
    problem:
      "Student podcasters cannot monetize, and local businesses have no efficient way to reach students by audio.",
    solution: "A campus podcast network with pooled inventory and a simple ad marketplace.",
    marketSize: "US podcast advertising is about $2.5B; college-age listeners are a quarter of podcast audiences.",
    competition: "Large podcast networks ignore campus-sized shows; hosting platforms do not sell local ads.",
    businessModel: "A 30% share of ad revenue; hosts keep 70%.",
    financials: [110_000, 390_000, 950_000, 11_000, "Month 20", "19 months"],
    faqs: [
      [
        "Do hosts keep ownership of their shows?",
        "Yes. Hosts own their content and can leave the network with 30 days' notice.",
      ],
      [
        "What kinds of advertisers join?",
        "Mostly restaurants, gyms, tutoring services and apartment complexes near campus.",
      ],
    ],
  },
  {
    slug: "recleague",
    title: "RecLeague",
    category: "sports",
    uni: "purdue",
    terms: {
      price: 10,
      shares: 12_000,
      min: 100,
      equity: 10,
      reg: "SAFE",
      risk: "medium",
      returnRate: 14,
      months: 12,
      deadlineDays: 48,
      sold: 0.55,
      createdDaysAgo: 132,
    },
    short:
      "Schedules, live scores and standings for intramural sports, with a feed that makes rec games feel like game day.",
    description:
      "RecLeague runs intramural leagues end to end: registration, schedules, referee assignments and live scores. Every game gets a shareable scoreboard and highlights feed, so rec sports finally have an audience.",
    about: [
      "Intramural programs serve more students than varsity athletics, yet most still run on spreadsheets and emailed PDFs.",
      "RecLeague automates the busy work for recreation staff and gives players a social feed with live scores, standings and photos.",
      "Purdue RecWell's 9,000 intramural players used RecLeague this fall.",
    ],
    tags: ["Sports", "Community", "Campus Rec"],
    useOfFunds: "sign ten more recreation departments and launch referee payroll",
    founders: [
      [
        "Tyler Brooks",
        "Sport management senior and intramural supervisor.",
        "Four years officiating intramural basketball",
      ],
    ],
    team: [
      ["Tyler Brooks", "CEO", "Recreation department sales."],
      ["Nora Evans", "Lead Developer", "Scheduling engine and live scores."],
      ["Chris Patel", "Designer", "Scoreboards and social feed."],
    ],
    teamDescription:
      "An intramural supervisor, a developer who plays in three leagues and a designer who loves scoreboards.",
    traction: [
      ["Players", "9,000"],
      ["Games scheduled", "2,700"],
      ["Departments", "2"],
      ["Weekly feed views", "24,000"],
    ],
    roadmap: [
      [-9, "Scheduling beta at Purdue"],
      [-3, "Live scores and feed"],
      [2, "Referee payroll"],
      [7, "Ten departments"],
      [12, "Club sports edition"],
    ],
    problem: "Intramural sports run on spreadsheets and nobody sees the games.",
    solution: "League operations software with live scores and a social feed for players and fans.",
    marketSize: "Over 1,500 US campus recreation departments; intramurals reach about 4 million students.",
    competition: "Generic league apps built for youth sports rather than campus rec departments.",
    businessModel: "Annual department license, with premium team pages for players.",
    financials: [90_000, 280_000, 640_000, 8_000, "Month 17", "18 months"],
    faqs: [
      [
        "Does RecLeague handle forfeits and sportsmanship ratings?",
        "Yes. Supervisors record them from the court and standings update automatically.",
      ],
      ["Is there a free version?", "Student-run club leagues can use RecLeague for free with up to 16 teams."],
    ],
  },
  {
    slug: "green-room",
    title: "Green Room",
    category: "entertainment",
    uni: "nyu",
    terms: {
      price: 15,
      shares: 16_000,
      min: 150,
      equity: 12,
      reg: "RegCF",
      risk: "high",
      returnRate: 21,
      months: 24,
      deadlineDays: 57,
      sold: 0.18,
      createdDaysAgo: 120,
    },
    short: "A booking platform that connects student performers with campus venues, events and local stages.",
    description:
      "Green Room lets student bands, comedians and DJs build a profile with clips and reviews, and lets event organizers book and pay them in a few clicks. Contracts, riders and payments are handled in one place.",
    about: [
      "Student event boards spend weeks finding performers through word of mouth, and performers struggle to get paid on time.",
      "Green Room gives every performer a verified profile, standard contracts and guaranteed payment after the show. Organizers filter by genre, budget and date.",
      "Over 700 performers and 90 organizations in New York have booked more than 1,200 gigs.",
    ],
    tags: ["Live Events", "Creators", "Marketplace"],
    useOfFunds: "launch in Boston and Philadelphia and add ticketing",
    founders: [
      ["Sasha Ivanova", "Music business senior and former events chair.", "Booked 80 campus events in two years"],
      ["Marcus Bell", "Comedian and computer science junior.", "Performs weekly at downtown clubs"],
    ],
    team: [
      ["Sasha Ivanova", "CEO", "Organizer relationships and growth."],
      ["Marcus Bell", "CTO", "Marketplace and payments."],
      ["Alicia Gomez", "Community Lead", "Performer onboarding and quality."],
    ],
    teamDescription: "People who have been on both sides of the booking email.",
    traction: [
      ["Gigs booked", "1,200"],
      ["Performers", "710"],
      ["Organizers", "90"],
    ],
    roadmap: [
      [-8, "NYU launch"],
      [-3, "Guaranteed payouts"],
      [3, "Boston and Philadelphia"],
      [8, "Ticketing"],
      [13, "Venue partnerships"],
    ],
    problem: "Finding, booking and paying student performers is slow and informal.",
    solution: "A marketplace with verified profiles, standard contracts and guaranteed payment.",
    marketSize: "US campuses spend over $1B a year on student events and entertainment.",
    competition: "Talent agencies priced for professional acts and social media direct messages.",
    businessModel: "A 12% booking fee charged to organizers.",
    financials: [130_000, 420_000, 1_000_000, 15_000, "Month 22", "20 months"],
    faqs: [
      [
        "How do performers get paid?",
        "Organizers pay upfront into escrow; performers are paid the day after the show.",
      ],
      [
        "Can non-students book performers?",
        "Yes. Local venues and businesses can book, which is a growing share of gigs.",
      ],
    ],
  },
  {
    slug: "threadline",
    title: "Threadline",
    category: "media",
    uni: "howard",
    terms: {
      price: 5,
      shares: 18_000,
      min: 100,
      equity: 5,
      reg: "SAFE",
      risk: "high",
      returnRate: 28,
      months: 12,
      deadlineDays: 76,
      sold: 0.09,
      createdDaysAgo: 110,
    },
    short: "A verified-student local news and events feed, written by campus journalists and moderated by students.",
    description:
      "Threadline is a social feed where only verified students can post, and campus journalists pin the stories that matter. Events, housing alerts and campus news replace the chaos of anonymous group chats.",
    about: [
      "Campus news now lives in dozens of group chats and anonymous apps where rumors spread faster than corrections.",
      "Threadline verifies every member through their university and gives student journalists tools to publish, fact-check and pin updates. Moderation is run by elected student moderators.",
      "Launched at Howard in the spring, Threadline reached 4,800 members in ten weeks.",
    ],
    tags: ["Social", "Local News", "Community"],
    useOfFunds: "launch at five HBCUs and build moderation tools",
    founders: [
      ["Jalen Carter", "Journalism senior and editor at the campus newspaper.", "Editor for two years"],
      ["Ayanna Brooks", "Computer science senior.", "Trust and safety intern at a social network"],
    ],
    team: [
      ["Jalen Carter", "CEO", "Editorial and partnerships."],
      ["Ayanna Brooks", "CTO", "Feed, verification and moderation tools."],
    ],
    teamDescription: "A student editor and a trust-and-safety engineer.",
    traction: [
      ["Members", "4,800"],
      ["Weekly active", "61%"],
      ["Posts per day", "350"],
    ],
    roadmap: [
      [-4, "Howard launch"],
      [-1, "Student moderator program"],
      [3, "Five HBCU campuses"],
      [8, "Event ticketing"],
      [12, "Local advertiser portal"],
    ],
    problem: "Campus information is scattered across group chats and anonymous apps full of rumors.",
    solution: "A verified, student-moderated feed with journalists pinning trusted updates.",
    marketSize: "19 million US college students; campus-local advertising is about $600M a year.",
    competition: "Anonymous campus apps and general social networks without verification.",
    businessModel: "Local advertising and promoted events.",
    financials: [70_000, 260_000, 700_000, 7_000, "Month 20", "15 months"],
    faqs: [
      [
        "How do you keep it civil?",
        "Every member is verified, and elected student moderators enforce community rules published in the app.",
      ],
      [
        "Can student organizations post events?",
        "Yes. Verified organizations get an events calendar and RSVP tools for free.",
      ],
    ],
  },
  {
    slug: "highlight-reel",
    title: "Highlight Reel",
    category: "sports",
    uni: "michigan",
    terms: {
      price: 20,
      shares: 9_000,
      min: 200,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 19,
      months: 18,
      deadlineDays: -12,
      sold: 1,
      createdDaysAgo: 175,
    },
    short: "AI-edited highlight clips for club and intramural sports, ready to share minutes after the final whistle.",
    description:
      "Highlight Reel turns a single phone or GoPro recording of a club game into player-tagged highlight clips. Teams share them on social media, and players build recruiting reels without an editor.",
    about: [
      "Club sports athletes play at a high level but rarely get film, and editing a full game takes hours nobody has.",
      "Highlight Reel detects key plays automatically, tags players by jersey number and produces vertical clips ready for social media.",
      "Michigan club teams in hockey, lacrosse and ultimate have generated 14,000 clips.",
    ],
    tags: ["Computer Vision", "Sports", "Video"],
    useOfFunds: "train detection models for five more sports",
    founders: [
      [
        "Connor Walsh",
        "Computer science senior and club hockey captain.",
        "Computer vision research in a robotics lab",
      ],
      ["Mira Patel", "Film and data science double major.", "Edited sports broadcasts for the student TV station"],
    ],
    team: [
      ["Connor Walsh", "CEO & ML", "Play detection models."],
      ["Mira Patel", "Product", "Editing style and creator tools."],
      ["Josh Kim", "Backend Engineer", "Video pipeline and storage."],
    ],
    teamDescription: "Athletes and editors who know what a great highlight looks like.",
    traction: [
      ["Clips generated", "14,000"],
      ["Teams", "46"],
      ["Average processing time", "6 min"],
    ],
    roadmap: [
      [-12, "Hockey model"],
      [-6, "Lacrosse and ultimate"],
      [-1, "Player tagging by jersey number"],
      [4, "Basketball, soccer and volleyball"],
      [9, "High school club market"],
    ],
    problem: "Club athletes have no affordable game film or highlights.",
    solution: "Automatic highlight detection and player tagging from a single camera.",
    marketSize: "About 2 million US college club and intramural athletes, plus 8 million high school athletes.",
    competition: "Professional video services priced for varsity programs.",
    businessModel: "Team subscription of $30/month, with per-player recruiting reels.",
    financials: [160_000, 520_000, 1_200_000, 16_000, "Month 19", "—"],
    faqs: [
      ["What camera do teams need?", "Any phone or action camera on a tripod at midfield or center ice."],
      [
        "Who owns the footage?",
        "Teams own their footage and clips. Highlight Reel only uses them to deliver the service unless a team opts in to model training.",
      ],
    ],
    whitepaper: true,
  },

  // ------------------------------------------------------------------ e-commerce
  {
    slug: "threadcycle",
    title: "ThreadCycle",
    category: "retail",
    uni: "stanford",
    featured: true,
    terms: {
      price: 25,
      shares: 16_000,
      min: 250,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 18,
      months: 24,
      deadlineDays: 41,
      sold: 1,
      createdDaysAgo: 148,
      founderId: DEMO_GOAL_FOUNDER_ID,
    },
    short: "Campus secondhand fashion with dorm pickup: sell what you don't wear, buy from students nearby.",
    description:
      "ThreadCycle makes selling clothes as easy as leaving a bag outside your door. Student runners pick up, photograph and list items, and buyers on the same campus get delivery in a day.",
    about: [
      "Students own closets of clothes they no longer wear, and move-out week fills dumpsters with perfectly good jackets.",
      "ThreadCycle handles the hard parts of reselling: pickup, photos, pricing and delivery. Sellers earn credit or cash; buyers shop a local, sustainable closet.",
      "At Stanford and Santa Clara, ThreadCycle has resold 21,000 items and diverted 9 tons of textiles from landfill.",
    ],
    tags: ["Resale", "Fashion", "Circular Economy"],
    useOfFunds: "open hubs at six West Coast campuses",
    founders: [
      ["Sophie Laurent", "Product design senior and thrift-store regular.", "Merchandising intern at an apparel brand"],
      ["Kenji Watanabe", "Management science and engineering senior.", "Operations analyst at a delivery startup"],
    ],
    team: [
      ["Sophie Laurent", "CEO", "Brand, merchandising and partnerships."],
      ["Kenji Watanabe", "COO", "Pickup logistics and hubs."],
      ["Ruby Ortiz", "Engineer", "Listing tools and pricing model."],
      ["Femi Adeyemi", "Hub Manager", "Runs the Stanford hub."],
    ],
    teamDescription: "A designer, an operator and a pricing engineer who have run the hub since day one.",
    traction: [
      ["Items resold", "21,000"],
      ["Textiles diverted", "9 tons"],
      ["Repeat buyers", "58%"],
      ["Average order", "$34"],
    ],
    roadmap: [
      [-11, "Stanford hub"],
      [-5, "Move-out collection drive"],
      [-1, "Santa Clara hub"],
      [4, "UCLA and Berkeley"],
      [10, "Six campuses"],
    ],
    problem: "Reselling clothes takes too much effort, so students throw away wearable items.",
    solution: "Full-service resale with dorm pickup, listing and next-day campus delivery.",
    marketSize: "US secondhand apparel is a $40B market; Gen Z buyers drive most of its growth.",
    competition: "Peer-to-peer resale apps that leave photos, shipping and pricing to the seller.",
    businessModel: "A 35% commission on each sale, lower for store credit.",
    financials: [260_000, 780_000, 1_900_000, 27_000, "Month 21", "22 months"],
    faqs: [
      [
        "What happens to items that don't sell?",
        "After 60 days sellers can take them back or we donate them to local shelters.",
      ],
      ["Do you accept every item?", "We accept clean clothing in good condition; our runners check items at pickup."],
    ],
  },
  {
    slug: "night-owl-kitchen",
    title: "Night Owl Kitchen",
    category: "food & beverage",
    uni: "utaustin",
    terms: {
      price: 10,
      shares: 15_000,
      min: 100,
      equity: 12,
      reg: "SAFE",
      risk: "high",
      returnRate: 20,
      months: 12,
      deadlineDays: 27,
      sold: 0.44,
      createdDaysAgo: 126,
    },
    short: "A late-night delivery kitchen serving healthy, affordable meals to dorms from 9 pm to 3 am.",
    description:
      "Night Owl Kitchen cooks real meals for students studying late, when dining halls are closed and the only options are greasy delivery. Orders are batched by dorm, which keeps prices under $10.",
    about: [
      "After 9 pm most dining halls close, and students pay high fees for fast food that arrives cold.",
      "Night Owl Kitchen runs a ghost kitchen near campus with a rotating menu of rice bowls, wraps and soups. Orders close every 20 minutes and go out in batches to each dorm, cutting delivery costs.",
      "We serve 1,300 meals a week in West Campus and Riverside.",
    ],
    tags: ["Food Delivery", "Ghost Kitchen", "Student Life"],
    useOfFunds: "open a second kitchen and add a meal-plan integration",
    founders: [
      ["Carlos Mendoza", "Nutrition senior who cooked his way through college.", "Line cook for four years"],
      ["Rachel Kim", "Business senior.", "Ran operations for a campus coffee cart"],
    ],
    team: [
      ["Carlos Mendoza", "CEO & Head Chef", "Menu and kitchen operations."],
      ["Rachel Kim", "COO", "Delivery batching and finances."],
      ["Andre Wilson", "Kitchen Lead", "Night shift lead."],
    ],
    teamDescription: "A cook and an operator who have fed thousands of students after midnight.",
    traction: [
      ["Meals per week", "1,300"],
      ["Average price", "$9.40"],
      ["Repeat customers", "71%"],
    ],
    roadmap: [
      [-8, "Pop-up kitchen"],
      [-4, "Dorm batch delivery"],
      [2, "Meal-plan dollars accepted"],
      [6, "Second kitchen"],
      [12, "Houston campus"],
    ],
    problem: "Students studying late have no affordable, healthy food options.",
    solution: "A late-night ghost kitchen with batched dorm delivery that keeps meals under $10.",
    marketSize: "US college students spend about $25B a year on food away from dining halls.",
    competition: "Delivery apps with high fees and fast food chains.",
    businessModel: "Direct meal sales with a 28% contribution margin.",
    financials: [480_000, 900_000, 1_600_000, 22_000, "Month 14", "12 months"],
    faqs: [
      [
        "Do you handle allergies?",
        "Every menu item lists major allergens, and we cook gluten-free items on a separate line.",
      ],
      ["Can I pay with meal-plan dollars?", "Not yet; the integration with UT dining is on the roadmap for this year."],
    ],
  },
  {
    slug: "shelfswap",
    title: "ShelfSwap",
    category: "retail",
    uni: "uiuc",
    terms: {
      price: 4,
      shares: 25_000,
      min: 100,
      equity: 8,
      reg: "SAFE",
      risk: "medium",
      returnRate: 15,
      months: 12,
      deadlineDays: 23,
      sold: 0.992,
      createdDaysAgo: 142,
    },
    short: "Peer-to-peer textbook marketplace with locker handoffs: no meetups, no shipping, no bookstore markups.",
    description:
      "ShelfSwap lets students sell last semester's textbooks to the next class. Sellers drop books in a campus locker, buyers pick them up with a code, and payment is released when the book is collected.",
    about: [
      "Textbooks cost students hundreds of dollars a semester, while the bookstore buys them back for a fraction of the price.",
      "ShelfSwap matches sellers and buyers by course code and uses smart lockers in libraries and dorms, so nobody has to arrange a meetup. Payment is held until the buyer collects.",
      "Illinois students have swapped 15,000 books and saved an estimated $640,000.",
    ],
    tags: ["Textbooks", "Marketplace", "Affordability"],
    useOfFunds: "install lockers at four Big Ten campuses",
    founders: [
      [
        "Aditya Rao",
        "Computer science senior who sold his textbooks to 40 classmates.",
        "Built the first version as a class project",
      ],
    ],
    team: [
      ["Aditya Rao", "CEO", "Product and campus partnerships."],
      ["Lucy Nguyen", "Operations", "Locker network and support."],
    ],
    teamDescription: "A lean two-person team running a profitable marketplace.",
    traction: [
      ["Books swapped", "15,000"],
      ["Student savings", "$640K"],
      ["Lockers", "12"],
    ],
    roadmap: [
      [-12, "Launch at Illinois"],
      [-6, "Smart lockers"],
      [-2, "Course-code matching"],
      [3, "Four Big Ten campuses"],
      [9, "Lab kits and calculators"],
    ],
    problem: "Textbooks are expensive and bookstore buy-back prices are low.",
    solution: "Course-matched peer resale with locker handoffs and escrowed payment.",
    marketSize: "US students spend about $3B a year on course materials.",
    competition: "Bookstore buy-back, online rental services and informal group chats.",
    businessModel: "A 10% fee on each sale plus locker sponsorships.",
    financials: [130_000, 340_000, 760_000, 6_000, "Month 10", "18 months"],
    faqs: [
      [
        "What if the book isn't the right edition?",
        "Buyers can reject it at the locker within 24 hours for a full refund.",
      ],
      [
        "Are digital access codes included?",
        "No. ShelfSwap only handles physical books; we flag courses that require a code.",
      ],
    ],
  },
  {
    slug: "brewlab",
    title: "Brewlab Cold Brew",
    category: "food & beverage",
    uni: "uw",
    terms: {
      price: 20,
      shares: 12_500,
      min: 200,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 14,
      months: 24,
      deadlineDays: 64,
      sold: 0.35,
      createdDaysAgo: 136,
    },
    short: "Nitro cold brew in cans from a student-run roastery, sold in campus markets across the Pacific Northwest.",
    description:
      "Brewlab roasts single-origin coffee in a student-run roastery and cans it as nitro cold brew. The cans are sold in campus markets and Seattle grocery stores, with profits shared with the farms we buy from.",
    about: [
      "Students drink a lot of canned coffee, most of it sweet and made far away.",
      "Brewlab buys directly from two cooperatives in Colombia and Ethiopia, roasts in Seattle and cans nitro cold brew without sugar. Campus markets sell out of it every week.",
      "We are in 18 campus stores and 9 grocery stores, and we are ready for a larger canning line.",
    ],
    tags: ["Coffee", "CPG", "Direct Trade"],
    useOfFunds: "buy a canning line and expand to Portland and Vancouver stores",
    founders: [
      ["Noah Bergström", "Food science senior and licensed coffee grader.", "Head roaster at a campus café"],
      ["Leilani Kahale", "Marketing senior.", "Grew a student brand to 20,000 followers"],
    ],
    team: [
      ["Noah Bergström", "CEO & Roaster", "Sourcing and roasting."],
      ["Leilani Kahale", "CMO", "Brand and retail partnerships."],
      ["Isaac Turner", "Production Lead", "Canning and quality."],
    ],
    teamDescription: "A coffee grader and a marketer building a beverage brand from campus up.",
    traction: [
      ["Retail doors", "27"],
      ["Cans sold per month", "14,000"],
      ["Gross margin", "46%"],
    ],
    roadmap: [
      [-10, "First cans in campus market"],
      [-4, "Grocery distribution"],
      [3, "Canning line"],
      [7, "Portland and Vancouver"],
      [13, "Seasonal lineup"],
    ],
    problem: "Canned coffee is sugary and opaque about sourcing.",
    solution: "Unsweetened nitro cold brew from direct-trade beans, roasted and canned locally.",
    marketSize: "The US ready-to-drink coffee market is about $4B a year.",
    competition: "National ready-to-drink brands and local cafés without distribution.",
    businessModel: "Wholesale to campus markets and grocers, plus online subscriptions.",
    financials: [390_000, 850_000, 1_700_000, 24_000, "Month 18", "20 months"],
    faqs: [
      ["How much caffeine is in a can?", "About 180 mg per 8 oz can, listed on every label."],
      [
        "Do the farms benefit?",
        "Yes. We pay above fair-trade prices and share 2% of revenue with partner cooperatives.",
      ],
    ],
  },
  {
    slug: "dormdrop",
    title: "DormDrop",
    category: "retail",
    uni: "cmu",
    terms: {
      price: 10,
      shares: 20_000,
      min: 100,
      equity: 9,
      reg: "SAFE",
      risk: "medium",
      returnRate: 17,
      months: 18,
      deadlineDays: 50,
      sold: 0.21,
      createdDaysAgo: 122,
    },
    short: "Move-in essentials delivered to your room before you arrive, and summer storage picked up when you leave.",
    description:
      "DormDrop sells curated move-in bundles (bedding, storage, desk lamps) delivered to the dorm before students arrive, and picks up their belongings for summer storage at move-out. One service covers the whole year.",
    about: [
      "Move-in day means long lines at big-box stores and families hauling boxes up stairs. Move-out means renting a storage unit across town.",
      "DormDrop partners with housing offices to deliver pre-ordered bundles into rooms before move-in and to collect boxes for storage at move-out.",
      "CMU and the University of Pittsburgh families placed 2,100 orders last year.",
    ],
    tags: ["Move-in", "Logistics", "Retail"],
    useOfFunds: "add three campuses in Ohio and a larger storage warehouse",
    founders: [["Grace Liu", "Information systems senior.", "Ran logistics for a student moving company"]],
    team: [
      ["Grace Liu", "CEO", "Partnerships and operations."],
      ["Henry Adams", "Logistics Lead", "Warehouse and routing."],
      ["Fatima Noor", "Developer", "Storefront and inventory."],
    ],
    teamDescription: "An operator and a developer who have run move-in week twice.",
    traction: [
      ["Orders last year", "2,100"],
      ["Housing partners", "2"],
      ["NPS", "72"],
    ],
    roadmap: [
      [-11, "Move-in bundles at CMU"],
      [-7, "Summer storage"],
      [-2, "Pitt partnership"],
      [5, "Three Ohio campuses"],
      [11, "Year-round essentials store"],
    ],
    problem: "Move-in and move-out are stressful, expensive and wasteful.",
    solution: "Pre-delivered bundles and door-to-door summer storage through housing partnerships.",
    marketSize: "About 7 million students live in US campus housing.",
    competition: "Big-box retailers and self-storage chains, each covering only half the problem.",
    businessModel: "Bundle margins of 35% and storage fees of $149 per summer.",
    financials: [350_000, 780_000, 1_500_000, 18_000, "Month 17", "21 months"],
    faqs: [
      ["Are bundles returnable?", "Unopened items can be returned within 30 days of move-in."],
      ["Is storage insured?", "Yes, up to $1,000 per student, with higher coverage available."],
    ],
  },

  // ------------------------------------------------------------------ health
  {
    slug: "pulsepatch",
    title: "PulsePatch",
    category: "healthcare",
    uni: "gatech",
    featured: true,
    terms: {
      price: 50,
      shares: 30_000,
      min: 500,
      equity: 12,
      reg: "RegA+",
      risk: "high",
      returnRate: 27,
      months: 36,
      deadlineDays: 34,
      sold: 0.97,
      createdDaysAgo: 165,
    },
    short: "A disposable sweat-sensing patch that tells athletes exactly when and what to drink.",
    description:
      "PulsePatch is a thin adhesive patch that measures sweat rate and sodium loss in real time and syncs with a phone app. Athletes and trainers get personal hydration plans instead of guessing.",
    about: [
      "Dehydration and over-hydration both hurt performance and can be dangerous, yet athletes still hydrate by feel or by generic guidelines.",
      "PulsePatch uses microfluidic channels and an electrochemical sodium sensor to measure sweat during training. The app turns each session into a drinking plan and flags risk to trainers.",
      "Three Georgia Tech varsity teams used PulsePatch through a full season, and a regional sports-medicine clinic is validating it in a study.",
    ],
    tags: ["Wearables", "Sports Medicine", "Biosensors"],
    useOfFunds: "complete the clinical validation study and scale patch manufacturing",
    founders: [
      [
        "Dr. Aaliyah Grant",
        "Biomedical engineering PhD candidate specializing in microfluidics.",
        "Five peer-reviewed papers on sweat sensing",
      ],
      ["Ben Foster", "Mechanical engineering senior and former cross-country runner.", "Medical device intern"],
      ["Ravi Menon", "MBA student with sports-medicine sales experience.", "Four years in orthopedic device sales"],
    ],
    team: [
      ["Dr. Aaliyah Grant", "CEO", "Sensor science and regulatory strategy."],
      ["Ben Foster", "CTO", "Patch design and manufacturing."],
      ["Ravi Menon", "CCO", "Team sales and clinic partnerships."],
      ["Lily Zhang", "App Developer", "iOS app and trainer dashboard."],
      ["Dr. Paul Okoye", "Medical Advisor", "Sports-medicine physician."],
    ],
    teamDescription:
      "Sensor scientists, a device engineer and a sports-medicine sales lead, advised by a team physician.",
    traction: [
      ["Varsity teams", "3"],
      ["Sessions recorded", "5,600"],
      ["Sweat-rate accuracy", "±6%"],
      ["Clinic study", "Enrolling"],
    ],
    roadmap: [
      [-14, "Lab prototype"],
      [-8, "First varsity season"],
      [-2, "Clinical study enrollment"],
      [4, "Validation results"],
      [10, "Direct-to-consumer launch"],
    ],
    problem: "Athletes hydrate by guesswork because sweat testing requires a lab.",
    solution: "A disposable patch that measures sweat rate and sodium in the field, with a personal hydration plan.",
    marketSize: "Sports wearables are a $6B market; US collegiate and pro teams spend $300M a year on sports science.",
    competition: "Lab-based sweat tests and one-time sweat-patch kits that are not real-time.",
    businessModel: "Team subscriptions with patches included; consumer packs at $6 per patch.",
    financials: [600_000, 2_400_000, 6_500_000, 85_000, "Month 28", "20 months"],
    faqs: [
      [
        "Is PulsePatch a medical device?",
        "The current version is a wellness product. We are running a validation study to support future medical claims.",
      ],
      [
        "How long does a patch last?",
        "One training session of up to four hours. Patches are recyclable through our return program.",
      ],
    ],
    whitepaper: true,
  },
  {
    slug: "mindmate",
    title: "MindMate",
    category: "healthcare",
    uni: "michigan",
    terms: {
      price: 18,
      shares: 25_000,
      min: 180,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 19,
      months: 24,
      deadlineDays: 55,
      sold: 0.37,
      createdDaysAgo: 139,
    },
    short: "Trained peer supporters for students, available the same day, with a warm handoff to licensed counselors.",
    description:
      "MindMate connects students with trained peer supporters for chat or video sessions the same day, while counseling center waitlists run for weeks. When a conversation needs clinical care, MindMate hands off to licensed counselors.",
    about: [
      "Counseling centers are overwhelmed: students wait two to four weeks for a first appointment, and many never book one.",
      "MindMate trains student peer supporters with a curriculum built with clinical psychologists. Supervisors review sessions, and risk signals trigger an immediate handoff to the counseling center or a crisis line.",
      "At Michigan, 2,600 students have used MindMate, and the counseling center waitlist dropped by a third.",
    ],
    tags: ["Mental Health", "Peer Support", "Telehealth"],
    useOfFunds: "expand supervisor staffing and launch at six campuses",
    founders: [
      ["Emma Larsen", "Psychology senior and certified peer counselor.", "Two years volunteering on a crisis line"],
      ["Jonah Weiss", "Computer science senior.", "Built the scheduling system for a telehealth startup"],
    ],
    team: [
      ["Emma Larsen", "CEO", "Peer training program and partnerships."],
      ["Jonah Weiss", "CTO", "Platform, privacy and scheduling."],
      ["Dr. Renee Walker", "Clinical Director", "Licensed psychologist supervising the program."],
    ],
    teamDescription: "A peer counselor, a telehealth engineer and a licensed clinical director.",
    traction: [
      ["Students supported", "2,600"],
      ["Median wait", "3 hours"],
      ["Waitlist reduction", "33%"],
    ],
    roadmap: [
      [-10, "Pilot with 20 peer supporters"],
      [-5, "Video sessions"],
      [-1, "Counseling-center handoff integration"],
      [4, "Six campuses"],
      [10, "Graduate-student program"],
    ],
    problem: "Students wait weeks for counseling, and many never seek help.",
    solution: "Same-day, supervised peer support with clinical escalation built in.",
    marketSize: "US colleges spend about $2B a year on student mental health services.",
    competition: "Teletherapy vendors that are costly per session and do not build peer capacity.",
    businessModel: "Annual per-student fee paid by universities.",
    financials: [280_000, 900_000, 2_100_000, 32_000, "Month 22", "22 months"],
    faqs: [
      [
        "Is MindMate therapy?",
        "No. Peer support complements counseling; anything clinical is handed to licensed professionals.",
      ],
      [
        "How is privacy protected?",
        "Sessions are encrypted, stored under HIPAA-grade controls and never shared with the university without consent, except in emergencies.",
      ],
    ],
  },
  {
    slug: "scriberx",
    title: "ScribeRx",
    category: "healthcare",
    uni: "stanford",
    terms: {
      price: 40,
      shares: 15_000,
      min: 400,
      equity: 8,
      reg: "RegCF",
      risk: "medium",
      returnRate: 21,
      months: 24,
      deadlineDays: 15,
      closedEarlyDaysAgo: 9,
      sold: 1,
      createdDaysAgo: 160,
      founderId: DEMO_EARLY_FOUNDER_ID,
    },
    short:
      "Ambient clinical note-taking for free clinics, so volunteer clinicians spend time with patients, not keyboards.",
    description:
      "ScribeRx listens to a clinic visit (with patient consent) and drafts a structured clinical note for the clinician to review and sign. It is built for student-run free clinics, where volunteers see many patients in short shifts.",
    about: [
      "Student-run free clinics serve uninsured patients with volunteer clinicians who spend a large share of each visit typing notes.",
      "ScribeRx drafts notes in the clinic's own template, highlights uncertain phrases for review and never stores audio after the note is signed.",
      "The round is fully funded. Eight free clinics in California use ScribeRx and report 40% more time with each patient.",
    ],
    tags: ["Clinical AI", "Free Clinics", "Documentation"],
    useOfFunds: "deploy to 40 free clinics and complete a security audit",
    founders: [
      [
        "Nathan Cho",
        "Medical student and co-director of a student-run free clinic.",
        "Scribed 1,000 visits before medical school",
      ],
      ["Dr. Elena Ruiz", "Postdoctoral researcher in clinical NLP.", "Published on medical speech recognition"],
    ],
    team: [
      ["Nathan Cho", "CEO", "Clinic partnerships and clinical workflow."],
      ["Dr. Elena Ruiz", "CTO", "Speech and language models."],
      ["Sara Mahmoud", "Security Engineer", "Privacy and compliance."],
    ],
    teamDescription: "Clinicians and NLP researchers who built ScribeRx in their own clinic.",
    traction: [
      ["Clinics", "8"],
      ["Notes drafted", "19,000"],
      ["Time saved per visit", "7 min"],
    ],
    roadmap: [
      [-12, "Pilot in one free clinic"],
      [-6, "Template customization"],
      [-2, "Round fully funded"],
      [3, "Security audit"],
      [8, "Forty clinics"],
    ],
    problem: "Volunteer clinicians in free clinics lose much of each visit to documentation.",
    solution:
      "Consent-based ambient note drafting in the clinic's template, with clinician review and no stored audio.",
    marketSize:
      "About 1,400 US free and charitable clinics, and 100,000 community health clinicians as the next market.",
    competition: "Enterprise ambient scribes priced for hospital systems.",
    businessModel: "Free for student-run clinics, paid by community health centers at $99 per clinician per month.",
    financials: [220_000, 950_000, 2_600_000, 30_000, "Month 24", "24 months"],
    faqs: [
      [
        "Which record systems does ScribeRx work with?",
        "Notes export as structured text for the record systems free clinics commonly use, and can be pasted into any other.",
      ],
      ["What happens to the audio?", "Audio is processed in memory and discarded once the clinician signs the note."],
    ],
    whitepaper: true,
  },
  {
    slug: "sightline",
    title: "SightLine",
    category: "healthcare",
    uni: "howard",
    terms: {
      price: 25,
      shares: 14_000,
      min: 250,
      equity: 10,
      reg: "RegCF",
      risk: "high",
      returnRate: 24,
      months: 30,
      deadlineDays: 80,
      sold: 0.14,
      createdDaysAgo: 118,
    },
    short: "A $40 smartphone adapter that screens for diabetic eye disease in community health settings.",
    description:
      "SightLine is a clip-on lens and app that captures retinal images with a smartphone and flags signs of diabetic retinopathy for an ophthalmologist's review. It brings eye screening to churches, pharmacies and community health fairs.",
    about: [
      "Diabetic retinopathy is a leading cause of preventable blindness, and screening rates are lowest in underserved communities without nearby eye clinics.",
      "SightLine's adapter turns a mid-range smartphone into a retinal camera. The app checks image quality, and a remote ophthalmologist reviews flagged images within 48 hours.",
      "Screening events in Washington, DC have reached 900 patients with community health partners.",
    ],
    tags: ["Medical Devices", "Health Equity", "Telemedicine"],
    useOfFunds: "run a multi-site accuracy study and produce 1,000 adapters",
    founders: [
      ["Tiana Williams", "Biology senior on the pre-med track.", "Organized community health fairs for three years"],
      ["Samuel Okeke", "Electrical engineering senior.", "Optics research assistant"],
    ],
    team: [
      ["Tiana Williams", "CEO", "Community partnerships and operations."],
      ["Samuel Okeke", "CTO", "Optics, adapter design and app."],
      ["Dr. Lisa Monroe", "Clinical Advisor", "Ophthalmologist and retina specialist."],
    ],
    teamDescription: "Community health organizers and an optics engineer, advised by a retina specialist.",
    traction: [
      ["Patients screened", "900"],
      ["Referrals made", "74"],
      ["Usable image rate", "92%"],
    ],
    roadmap: [
      [-6, "Adapter prototype"],
      [-2, "DC screening events"],
      [5, "Accuracy study"],
      [11, "1,000 adapters"],
      [18, "FDA submission"],
    ],
    problem: "Diabetic eye screening rarely reaches underserved communities.",
    solution: "A low-cost smartphone retinal camera with remote specialist review.",
    marketSize: "About 38 million Americans have diabetes and should be screened yearly; fewer than 60% are.",
    competition: "Desktop retinal cameras costing $20,000 or more.",
    businessModel: "Adapter sales to clinics plus a per-screening review fee.",
    financials: [90_000, 480_000, 1_700_000, 20_000, "Month 30", "18 months"],
    faqs: [
      [
        "Does SightLine diagnose disease?",
        "No. It captures images and flags possible signs; an ophthalmologist makes every diagnosis.",
      ],
      ["Which phones work?", "Most phones from the last four years with a main camera of 12 MP or more."],
    ],
    whitepaper: true,
  },
  {
    slug: "allerscan",
    title: "AllerScan",
    category: "healthcare",
    uni: "purdue",
    terms: {
      price: 12,
      shares: 15_000,
      min: 120,
      equity: 9,
      reg: "SAFE",
      risk: "medium",
      returnRate: 16,
      months: 18,
      deadlineDays: 46,
      sold: 0.28,
      createdDaysAgo: 124,
    },
    short: "Allergen labels and alerts for dining halls, built from the recipes kitchens already use.",
    description:
      "AllerScan reads dining-hall recipes and ingredient specs to label every dish with its allergens, and alerts students with allergies before they pick up a tray. Kitchen staff get warnings when a substitution changes a dish's allergens.",
    about: [
      "Students with food allergies eat in dining halls where menus change daily and ingredient substitutions are common.",
      "AllerScan connects to the menu-management system, maps every ingredient to its allergens and pushes accurate labels to screens and the app. When a cook swaps an ingredient, AllerScan flags the change.",
      "Purdue Dining uses AllerScan in three halls serving 12,000 meals a day.",
    ],
    tags: ["Food Safety", "Allergies", "Dining"],
    useOfFunds: "integrate with two more menu-management systems",
    founders: [
      [
        "Megan O'Brien",
        "Food science senior with a severe peanut allergy.",
        "Quality assurance intern at a food manufacturer",
      ],
      ["Arjun Mehta", "Computer science senior.", "Data engineering intern"],
    ],
    team: [
      ["Megan O'Brien", "CEO", "Dining partnerships and food safety."],
      ["Arjun Mehta", "CTO", "Ingredient mapping and integrations."],
    ],
    teamDescription: "A food scientist who lives with a severe allergy and a data engineer.",
    traction: [
      ["Dining halls", "3"],
      ["Meals labeled per day", "12,000"],
      ["Substitution alerts", "430"],
    ],
    roadmap: [
      [-9, "Ingredient database"],
      [-3, "Purdue pilot"],
      [2, "Student alerts in the app"],
      [7, "Two menu systems"],
      [12, "Hospital cafeterias"],
    ],
    problem: "Daily menu changes and substitutions make dining-hall allergen labels unreliable.",
    solution: "Automatic allergen labels from recipe data, with alerts on substitutions.",
    marketSize: "About 5% of college students have food allergies; 1,700 US campuses run dining programs.",
    competition: "Manual labeling by dietitians and static allergen charts.",
    businessModel: "Per-dining-hall annual subscription.",
    financials: [120_000, 380_000, 900_000, 10_000, "Month 18", "20 months"],
    faqs: [
      [
        "How accurate are the labels?",
        "Labels come from supplier specifications for every ingredient; dietitians approve new ingredients before they go live.",
      ],
      [
        "Does it cover cross-contact?",
        "Kitchens can mark shared equipment, and AllerScan adds a cross-contact warning to affected dishes.",
      ],
    ],
  },

  // ------------------------------------------------------------------ education
  {
    slug: "studysync",
    title: "StudySync",
    category: "education",
    uni: "berkeley",
    terms: {
      price: 5,
      shares: 30_000,
      min: 100,
      equity: 10,
      reg: "SAFE",
      risk: "medium",
      returnRate: 16,
      months: 18,
      deadlineDays: 36,
      sold: 0.52,
      createdDaysAgo: 146,
    },
    short: "Find a study group for your exact course, section and schedule in under a minute.",
    description:
      "StudySync matches students into small study groups by course, section, schedule and study style. Groups get a shared space with a calendar, notes and practice problems that professors can seed.",
    about: [
      "Students in large lecture courses often study alone because finding a group that fits their schedule is hard, even though group study improves grades.",
      "StudySync asks a few questions and forms groups of three to five, then keeps them on track with reminders and shared practice sets.",
      "In large Berkeley courses, students in StudySync groups scored on average 6 points higher on midterms.",
    ],
    tags: ["Study Groups", "EdTech", "Peer Learning"],
    useOfFunds: "launch at eight UC and CSU campuses and build instructor analytics",
    founders: [
      ["Olivia Martinez", "Cognitive science senior.", "Course tutor for introductory statistics"],
      ["Ethan Park", "EECS senior.", "Software engineering intern at a learning platform"],
    ],
    team: [
      ["Olivia Martinez", "CEO", "Learning design and partnerships."],
      ["Ethan Park", "CTO", "Matching algorithm and apps."],
      ["Harper Scott", "Campus Lead", "Ambassador program."],
    ],
    teamDescription: "A tutor and an engineer who met in a study group that actually worked.",
    traction: [
      ["Students matched", "7,400"],
      ["Courses", "140"],
      ["Average midterm gain", "+6 pts"],
    ],
    roadmap: [
      [-10, "Berkeley beta"],
      [-4, "Professor practice sets"],
      [1, "Instructor analytics"],
      [6, "Eight UC and CSU campuses"],
      [12, "Community college edition"],
    ],
    problem: "Students in large courses study alone because forming groups is hard.",
    solution: "Fast matching into small groups with tools that keep them meeting.",
    marketSize: "About 16 million US undergraduates; study tools are a $1.5B market.",
    competition: "Course forums and group chats without matching or structure.",
    businessModel: "Free for students; departments pay for instructor analytics.",
    financials: [80_000, 350_000, 900_000, 10_000, "Month 20", "18 months"],
    faqs: [
      [
        "Can I choose my group?",
        "You can invite friends, and StudySync fills remaining spots with compatible classmates.",
      ],
      ["Does my professor see my activity?", "Instructors only see aggregate, anonymous statistics."],
    ],
  },
  {
    slug: "lectureloop",
    title: "LectureLoop",
    category: "education",
    uni: "cmu",
    featured: true,
    terms: {
      price: 12,
      shares: 30_000,
      min: 120,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 19,
      months: 24,
      deadlineDays: 49,
      sold: 0.81,
      createdDaysAgo: 158,
    },
    short: "Turns lecture recordings into spaced-repetition flashcards and quizzes, automatically.",
    description:
      "LectureLoop transcribes lecture recordings and slides, extracts the key concepts and turns them into spaced-repetition flashcards. Students review for ten minutes a day instead of cramming before exams.",
    about: [
      "Students forget most of a lecture within a week, and making good flashcards takes longer than most students have.",
      "LectureLoop builds cards from what the professor actually said and showed, links each card to the moment in the recording, and schedules reviews using spaced repetition.",
      "Over 11,000 students at CMU, Pitt and Penn State use LectureLoop, reviewing 2 million cards a month.",
    ],
    tags: ["AI", "Learning Science", "Flashcards"],
    useOfFunds: "support more lecture platforms and add instructor-reviewed decks",
    founders: [
      ["Wei Zhang", "Machine learning master's student.", "Research in educational data mining"],
      ["Rebecca Stone", "Cognitive psychology senior.", "Research assistant in a memory lab"],
    ],
    team: [
      ["Wei Zhang", "CEO & ML", "Concept extraction and card generation."],
      ["Rebecca Stone", "Chief Learning Officer", "Spaced-repetition design."],
      ["Dylan Ross", "Engineer", "Lecture platform integrations."],
      ["Maria Costa", "Growth", "Campus ambassadors."],
    ],
    teamDescription: "Machine learning and memory researchers turning learning science into a daily habit.",
    traction: [
      ["Active students", "11,200"],
      ["Cards reviewed monthly", "2M"],
      ["Paid conversion", "9%"],
      ["Campuses", "3"],
    ],
    roadmap: [
      [-12, "First CMU course"],
      [-7, "Slide extraction"],
      [-2, "Penn State launch"],
      [3, "Instructor-reviewed decks"],
      [9, "Mobile offline mode"],
    ],
    problem: "Students forget lectures quickly and lack time to make study materials.",
    solution:
      "Automatic flashcards from lecture recordings, linked to the source moment and scheduled with spaced repetition.",
    marketSize: "US students spend about $1B a year on study aids and test prep.",
    competition: "Manual flashcard apps and generic AI note tools without spaced repetition.",
    businessModel: "Freemium: $6/month for unlimited courses; site licenses for universities.",
    financials: [380_000, 1_100_000, 2_700_000, 30_000, "Month 19", "24 months"],
    faqs: [
      [
        "Do professors need to approve?",
        "Students can use LectureLoop with recordings they already have access to; instructor-reviewed decks are optional.",
      ],
      ["Which lecture platforms work?", "Panopto, Zoom and Kaltura recordings, plus PDF and PowerPoint slides."],
    ],
    whitepaper: true,
  },
  {
    slug: "bridgecode",
    title: "BridgeCode",
    category: "education",
    uni: "howard",
    terms: {
      price: 10,
      shares: 20_000,
      min: 100,
      equity: 8,
      reg: "RegCF",
      risk: "low",
      returnRate: 10,
      months: 24,
      deadlineDays: 62,
      sold: 0.33,
      createdDaysAgo: 134,
    },
    short:
      "After-school coding programs for high-school students, taught by trained college students from their community.",
    description:
      "BridgeCode trains college students to teach a 12-week software course in high schools that have no computer science teacher. Districts pay per cohort, and college instructors earn a fair wage and teaching experience.",
    about: [
      "Nearly half of US high schools in low-income areas offer no computer science course.",
      "BridgeCode recruits college students who grew up in the same communities, trains them in a proven curriculum and places them in after-school programs. Every cohort ends with a public demo day.",
      "Twenty-two cohorts in DC and Baltimore have graduated 480 high-school students.",
    ],
    tags: ["K-12", "Computer Science", "Equity"],
    useOfFunds: "train 60 new instructors and expand to Atlanta",
    founders: [
      [
        "Jasmine Reed",
        "Computer science senior and first-generation college student.",
        "Taught coding camps for four summers",
      ],
      ["Marcus Greene", "Education policy senior.", "Worked with DC public schools on after-school programs"],
    ],
    team: [
      ["Jasmine Reed", "CEO", "Curriculum and instructor training."],
      ["Marcus Greene", "COO", "District partnerships."],
      ["Kayla Harris", "Program Manager", "Cohort operations and demo days."],
    ],
    teamDescription: "Educators and engineers from the communities they teach in.",
    traction: [
      ["Cohorts graduated", "22"],
      ["Students", "480"],
      ["Completion rate", "87%"],
    ],
    roadmap: [
      [-14, "First DC cohort"],
      [-6, "Baltimore expansion"],
      [-1, "Instructor certification"],
      [5, "Atlanta"],
      [11, "Summer internship program"],
    ],
    problem: "Many high schools have no computer science teacher.",
    solution: "Trained college instructors delivering a proven after-school curriculum.",
    marketSize: "About 10,000 US high schools lack computer science; districts spend $2B on after-school programming.",
    competition: "Nonprofit coding programs that depend on volunteers and grants.",
    businessModel: "Districts pay $18,000 per 20-student cohort.",
    financials: [400_000, 800_000, 1_500_000, 28_000, "Month 16", "20 months"],
    faqs: [
      ["How are instructors vetted?", "Background checks, 40 hours of training and a supervised teaching practicum."],
      [
        "Is this a nonprofit?",
        "No. BridgeCode is a public-benefit corporation paid by districts, which keeps programs funded year after year.",
      ],
    ],
  },
  {
    slug: "labsim",
    title: "LabSim",
    category: "education",
    uni: "uiuc",
    terms: {
      price: 30,
      shares: 20_000,
      min: 300,
      equity: 12,
      reg: "RegCF",
      risk: "medium",
      returnRate: 17,
      months: 30,
      deadlineDays: 73,
      sold: 0.16,
      createdDaysAgo: 116,
    },
    short: "Virtual-reality chemistry labs for community colleges that can't afford a full wet lab.",
    description:
      "LabSim offers realistic virtual chemistry labs on affordable VR headsets and laptops. Students practice procedures and safety before wet labs, and colleges without lab space can offer the lab credit online.",
    about: [
      "Community colleges face long waitlists for chemistry labs because lab space and supplies are expensive.",
      "LabSim's simulations model real reactions, measurement error and safety mistakes. Instructors assign labs, see each student's procedure and grade lab reports in one place.",
      "Six community colleges in Illinois use LabSim across 1,400 students.",
    ],
    tags: ["VR", "STEM", "Community Colleges"],
    useOfFunds: "build the organic chemistry lab series and expand sales",
    founders: [
      [
        "Ryan Sullivan",
        "Chemistry PhD student who taught general chemistry labs.",
        "Four years as a lab teaching assistant",
      ],
      ["Hina Qureshi", "Computer science senior and game developer.", "Published two indie games"],
    ],
    team: [
      ["Ryan Sullivan", "CEO", "Curriculum and college partnerships."],
      ["Hina Qureshi", "CTO", "Simulation engine and VR."],
      ["Omar Farouk", "3D Artist", "Lab equipment models."],
    ],
    teamDescription: "A chemistry instructor and a game developer.",
    traction: [
      ["Colleges", "6"],
      ["Students", "1,400"],
      ["Labs available", "18"],
    ],
    roadmap: [
      [-10, "General chemistry labs"],
      [-3, "Instructor grading tools"],
      [4, "Organic chemistry series"],
      [9, "Biology labs"],
      [15, "High-school edition"],
    ],
    problem: "Community colleges lack lab space, so students wait for required lab courses.",
    solution: "Realistic virtual labs that prepare students and can count toward lab credit.",
    marketSize: "About 1,000 US community colleges enroll 1.5 million students in lab sciences each year.",
    competition: "Video demonstrations and simple 2D simulations.",
    businessModel: "Per-student course license of $45, billed to colleges or included in course fees.",
    financials: [210_000, 650_000, 1_600_000, 26_000, "Month 22", "23 months"],
    faqs: [
      ["Do students need a VR headset?", "No. Every lab also runs on a laptop browser; headsets are optional."],
      [
        "Is it accredited for lab credit?",
        "Colleges decide; three partner colleges accept LabSim for part of their lab credit.",
      ],
    ],
  },
  {
    slug: "fluentia",
    title: "Fluentia",
    category: "education",
    uni: "nyu",
    terms: {
      price: 8,
      shares: 10_000,
      min: 100,
      equity: 8,
      reg: "SAFE",
      risk: "high",
      returnRate: 23,
      months: 12,
      deadlineDays: 88,
      sold: 0,
      createdDaysAgo: 3,
    },
    short:
      "Language exchange between international and domestic students, with structured sessions that actually build fluency.",
    description:
      "Fluentia pairs international students with domestic students learning their language, for structured 30-minute exchanges: half in each language. Conversation guides and progress tracking turn casual chats into real practice.",
    about: [
      "International students want to practice English and meet domestic students; domestic students learning languages want native speakers. Both struggle to find each other.",
      "Fluentia matches partners by language, level and interests, and provides guides for each session so nobody runs out of things to say.",
      "We just opened the round after a 300-student pilot at NYU.",
    ],
    tags: ["Languages", "International Students", "Community"],
    useOfFunds: "launch at five campuses with large international populations",
    founders: [["Camille Dubois", "International student studying linguistics.", "Ran the NYU language exchange club"]],
    team: [
      ["Camille Dubois", "CEO", "Community and curriculum."],
      ["Kevin Osei", "Developer", "Matching and scheduling."],
    ],
    teamDescription: "A linguist and a developer who met through a language exchange.",
    traction: [
      ["Pilot students", "300"],
      ["Sessions held", "1,100"],
      ["Languages", "14"],
    ],
    roadmap: [
      [-3, "NYU pilot"],
      [0, "Round opens"],
      [3, "Five campuses"],
      [6, "Session guides for 20 languages"],
      [12, "University partnerships"],
    ],
    problem:
      "International and domestic students rarely connect, and language learners lack native speakers to practice with.",
    solution: "Structured peer language exchange with matching, guides and progress tracking.",
    marketSize: "About 1 million international students in the US and 1.5 million college students taking languages.",
    competition: "Language apps without real conversation and informal exchange meetups.",
    businessModel: "Free for students; international offices pay for engagement analytics.",
    financials: [40_000, 200_000, 600_000, 6_000, "Month 24", "14 months"],
    faqs: [
      [
        "Do I need to be fluent to join?",
        "No. You need to be a native or fluent speaker of one language and a learner of another.",
      ],
      ["Are sessions in person or online?", "Either. Partners choose; the guides work for both."],
    ],
  },

  // ------------------------------------------------------------------ sustainability
  {
    slug: "sundorm",
    title: "SunDorm",
    category: "energy",
    uni: "berkeley",
    featured: true,
    terms: {
      price: 25,
      shares: 40_000,
      min: 250,
      equity: 12.5,
      reg: "RegA+",
      risk: "medium",
      returnRate: 18,
      months: 36,
      deadlineDays: 26,
      sold: 0.96,
      createdDaysAgo: 168,
    },
    short: "Plug-in balcony solar kits for renters, so students in apartments can cut bills without a roof.",
    description:
      "SunDorm sells and leases plug-in solar panels that mount on balconies and railings and plug into a standard outlet. Renters save on electricity without touching the building, and take the panel with them when they move.",
    about: [
      "Most students rent, so rooftop solar is out of reach. Plug-in balcony solar is common in Europe but almost unknown in the US.",
      "SunDorm kits include a certified micro-inverter, a railing mount that needs no drilling and an app that shows savings. We handle landlord approval letters and local rules.",
      "Five hundred kits are installed around Berkeley and Oakland, and a state pilot program is studying our data.",
    ],
    tags: ["Solar", "Renters", "Clean Energy"],
    useOfFunds: "certify the next kit generation and launch leasing in three states",
    founders: [
      ["Aria Rahman", "Energy engineering senior.", "Solar installation crew lead for two summers"],
      [
        "Felix Wagner",
        "Exchange student from Germany who grew up with balcony solar.",
        "Electrical engineering research assistant",
      ],
      ["Naomi Brooks", "Public policy senior.", "Intern at a state energy commission"],
    ],
    team: [
      ["Aria Rahman", "CEO", "Product and installation partners."],
      ["Felix Wagner", "CTO", "Inverter integration and safety certification."],
      ["Naomi Brooks", "Head of Policy", "State rules and utility partnerships."],
      ["Diego Herrera", "Operations", "Fulfilment and support."],
    ],
    teamDescription: "Engineers who have installed solar, and a policy lead who knows the regulators.",
    traction: [
      ["Kits installed", "500"],
      ["Average bill savings", "18%"],
      ["Landlord approvals", "96%"],
      ["State pilot", "Active"],
    ],
    roadmap: [
      [-13, "First 50 kits"],
      [-7, "No-drill railing mount"],
      [-2, "State pilot data sharing"],
      [3, "Second-generation kit certification"],
      [9, "Leasing in three states"],
    ],
    problem: "Renters, including most students, cannot install solar and pay rising electricity bills.",
    solution: "Certified plug-in balcony solar with no-drill mounts, landlord approval support and leasing.",
    marketSize: "About 44 million US renter households; plug-in solar could reach a $5B market as states adopt rules.",
    competition: "Rooftop and community solar, which renters rarely access, and uncertified imported kits.",
    businessModel: "Kit sales at $499 and leasing at $15/month.",
    financials: [700_000, 2_200_000, 5_400_000, 60_000, "Month 24", "24 months"],
    faqs: [
      [
        "Is plug-in solar allowed where I live?",
        "Rules vary by state and utility. SunDorm checks your address before you order and provides the required notices.",
      ],
      ["What happens when I move?", "Unclip the mount and take it with you; leases transfer to your new address."],
    ],
    whitepaper: true,
  },
  {
    slug: "rootstack",
    title: "RootStack",
    category: "agriculture",
    uni: "purdue",
    terms: {
      price: 40,
      shares: 20_000,
      min: 400,
      equity: 10,
      reg: "RegCF",
      risk: "low",
      returnRate: 13,
      months: 36,
      deadlineDays: 20,
      sold: 1,
      createdDaysAgo: 172,
      founderId: DEMO_FUNDED_FOUNDER_ID,
    },
    short: "Container hydroponic farms that grow fresh greens for dining halls year-round, right next to the kitchen.",
    description:
      "RootStack builds hydroponic farms inside shipping containers placed next to dining halls. Each container grows as much lettuce and herbs as two acres of farmland, using 95% less water, with a harvest every day.",
    about: [
      "Dining halls in the Midwest truck in leafy greens from thousands of miles away for most of the year.",
      "RootStack containers grow greens under LED lights with recirculating water. Student farm technicians run them, and dining halls buy the harvest at a fixed price.",
      "The round is fully funded. Four containers at Purdue supply 30% of the university's salad greens.",
    ],
    tags: ["Vertical Farming", "Food Systems", "Water"],
    useOfFunds: "build six containers for three new university dining partners",
    founders: [
      [
        "Felix Meyer",
        "Agricultural engineering senior who grew up on a family farm.",
        "Greenhouse automation research",
      ],
      ["Serena Alvarez", "Agribusiness senior.", "Procurement intern for a food-service company"],
    ],
    team: [
      ["Felix Meyer", "CEO", "Farm systems and automation."],
      ["Serena Alvarez", "COO", "Dining contracts and operations."],
      ["Tom Nakamura", "Head Grower", "Crop plans and yields."],
    ],
    teamDescription: "Farmers and food-service buyers who know both ends of the supply chain.",
    traction: [
      ["Containers operating", "4"],
      ["Greens harvested", "38,000 lb"],
      ["Water saved", "95%"],
    ],
    roadmap: [
      [-14, "First container"],
      [-8, "Fixed-price dining contract"],
      [-2, "Round fully funded"],
      [4, "Six new containers"],
      [10, "Strawberries and peppers"],
    ],
    problem: "Campus greens travel thousands of miles and arrive days old.",
    solution: "Hydroponic container farms beside dining halls, under fixed-price supply contracts.",
    marketSize: "US institutional food service buys about $4B of fresh produce a year.",
    competition: "Industrial vertical farms far from campuses and conventional produce distributors.",
    businessModel: "Multi-year supply contracts priced per pound, plus container leasing.",
    financials: [520_000, 1_300_000, 2_900_000, 40_000, "Month 20", "30 months"],
    faqs: [
      [
        "Which crops do the containers grow?",
        "Lettuce, kale, basil, cilantro and microgreens today; strawberries and peppers are in trials.",
      ],
      [
        "What happens if a container fails?",
        "Each container has independent pumps and alarms, and dining partners receive backup supply from a regional grower.",
      ],
    ],
  },
  {
    slug: "gridshift",
    title: "GridShift",
    category: "energy",
    uni: "stanford",
    terms: {
      price: 15,
      shares: 20_000,
      min: 150,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 20,
      months: 24,
      deadlineDays: 58,
      sold: 0.43,
      createdDaysAgo: 141,
    },
    short: "Smart-plug software that shifts dorm energy use to cleaner, cheaper hours without anyone noticing.",
    description:
      "GridShift connects to smart plugs and building controls to move flexible loads — water heaters, laundry, device charging — to hours when the grid is cleaner and cheaper. Residents compete in dorm challenges to save more.",
    about: [
      "Campus buildings draw the most power in the early evening, when the grid is dirtiest and most expensive.",
      "GridShift forecasts grid carbon intensity and prices, then schedules flexible loads automatically. A dorm leaderboard turns savings into a friendly competition.",
      "Across 14 Stanford residences, GridShift has shifted 310 MWh and cut associated emissions by 22%.",
    ],
    tags: ["Demand Response", "Carbon", "Smart Buildings"],
    useOfFunds: "integrate with two building-automation platforms and enroll in utility programs",
    founders: [
      ["Julia Hoffmann", "Earth systems and CS senior.", "Grid modeling research"],
      ["Andre Silva", "Electrical engineering master's student.", "Intern at a utility demand-response team"],
    ],
    team: [
      ["Julia Hoffmann", "CEO", "Forecasting and product."],
      ["Andre Silva", "CTO", "Device integrations and control."],
      ["Beth Carlson", "Partnerships", "Facilities and utility programs."],
    ],
    teamDescription: "Grid researchers who turned a class project into a campus program.",
    traction: [
      ["Residences", "14"],
      ["Energy shifted", "310 MWh"],
      ["Emissions reduction", "22%"],
    ],
    roadmap: [
      [-10, "First residence"],
      [-5, "Dorm leaderboard"],
      [-1, "Fourteen residences"],
      [4, "Building-automation integrations"],
      [9, "Utility demand-response revenue"],
    ],
    problem: "Campuses consume the most energy when the grid is dirtiest and most expensive.",
    solution: "Automated load shifting based on grid forecasts, with resident engagement.",
    marketSize: "US higher education spends about $14B a year on energy.",
    competition: "Building-automation vendors without carbon-aware scheduling.",
    businessModel: "Shared savings: 30% of the energy cost saved, plus utility program payments.",
    financials: [160_000, 600_000, 1_500_000, 20_000, "Month 20", "22 months"],
    faqs: [
      [
        "Will my laundry be delayed?",
        "Only if you opt in. Residents choose which devices can be shifted and set a latest finish time.",
      ],
      [
        "How do you measure savings?",
        "We compare metered use against a weather-adjusted baseline, audited each semester.",
      ],
    ],
    whitepaper: true,
  },
  {
    slug: "soilloop",
    title: "SoilLoop",
    category: "agriculture",
    uni: "uw",
    terms: {
      price: 10,
      shares: 12_000,
      min: 100,
      equity: 7,
      reg: "SAFE",
      risk: "low",
      returnRate: 11,
      months: 24,
      deadlineDays: 69,
      sold: 0.24,
      createdDaysAgo: 131,
    },
    short: "Turns dining-hall food waste into certified compost for regional farms, and tracks every pound.",
    description:
      "SoilLoop collects food scraps from dining halls, composts them with partner farms and returns verified diversion reports to the university. Farms get affordable, certified compost; campuses hit zero-waste goals.",
    about: [
      "Campuses send tons of food waste to landfill, where it produces methane, while nearby farms pay high prices for compost.",
      "SoilLoop provides collection bins, weighs every pickup and composts at partner farms. Universities receive monthly reports for sustainability commitments.",
      "SoilLoop diverts 24 tons of food waste a month from UW and Seattle University.",
    ],
    tags: ["Composting", "Zero Waste", "Regenerative Agriculture"],
    useOfFunds: "buy two collection trucks and add three campuses",
    founders: [["Hazel Morgan", "Environmental science senior.", "Managed the campus farm compost program"]],
    team: [
      ["Hazel Morgan", "CEO", "Operations and farm partnerships."],
      ["Samir Haddad", "Data Lead", "Weighing and reporting."],
      ["Joel Park", "Route Manager", "Collection logistics."],
    ],
    teamDescription: "A compost-program manager and a data lead who can prove every pound.",
    traction: [
      ["Food waste diverted monthly", "24 tons"],
      ["Partner farms", "5"],
      ["Campuses", "2"],
    ],
    roadmap: [
      [-11, "Campus farm pilot"],
      [-5, "Seattle University contract"],
      [-1, "Certified compost"],
      [4, "Two trucks"],
      [10, "Three more campuses"],
    ],
    problem: "Food waste goes to landfill while farms pay for compost.",
    solution: "Closed-loop collection, composting at partner farms and verified diversion reports.",
    marketSize: "US colleges generate about 22 million pounds of food waste a year.",
    competition: "Municipal organics programs and waste haulers without farm partnerships or reporting.",
    businessModel: "Collection fees from universities and compost sales to farms.",
    financials: [180_000, 420_000, 850_000, 12_000, "Month 16", "24 months"],
    faqs: [
      [
        "What can go in the bins?",
        "All food scraps and certified compostable packaging; our bins come with dining-hall signage.",
      ],
      ["Is the compost certified?", "Yes. Partner farms produce compost that meets state certification standards."],
    ],
  },
  {
    slug: "mycopack",
    title: "MycoPack",
    category: "agriculture",
    uni: "mit",
    terms: {
      price: 50,
      shares: 50_000,
      min: 1000,
      equity: 15,
      reg: "RegA+",
      risk: "high",
      returnRate: 25,
      months: 48,
      deadlineDays: 90,
      sold: 0.19,
      createdDaysAgo: 114,
    },
    short: "Compostable protective packaging grown from mushroom mycelium and crop waste in five days.",
    description:
      "MycoPack grows protective packaging by feeding mushroom mycelium with corn stalks and hemp hurds in custom molds. The result replaces polystyrene foam and composts in a garden in 45 days.",
    about: [
      "Polystyrene foam protects billions of shipped products and then sits in landfills for centuries.",
      "MycoPack's molds grow packaging in five days from agricultural waste bought from farmers, turning a disposal cost into income. A heat treatment stops growth and makes the material stable.",
      "Three electronics and furniture brands are testing MycoPack inserts, and our pilot line produces 4,000 pieces a week.",
    ],
    tags: ["Biomaterials", "Packaging", "Circular Economy"],
    useOfFunds: "build a production facility with capacity for 60,000 pieces a week",
    founders: [
      ["Sebastian Cruz", "Materials science PhD candidate.", "Research on fungal biomaterials"],
      ["Anya Kowalczyk", "Chemical engineering senior.", "Process engineering intern at a packaging company"],
    ],
    team: [
      ["Sebastian Cruz", "CEO", "Material science and customers."],
      ["Anya Kowalczyk", "CTO", "Growth process and scale-up."],
      ["Leo Martin", "Supply Chain", "Crop-waste sourcing."],
      ["Grace Wu", "Design Engineer", "Mold design."],
    ],
    teamDescription: "Materials scientists and process engineers scaling a lab material to a factory.",
    traction: [
      ["Pilot line output", "4,000/week"],
      ["Brands testing", "3"],
      ["Compost time", "45 days"],
    ],
    roadmap: [
      [-9, "Pilot production line"],
      [-3, "First brand trial"],
      [5, "Production facility lease"],
      [12, "60,000 pieces per week"],
      [20, "Molded food packaging"],
    ],
    problem: "Polystyrene foam packaging is cheap but never degrades.",
    solution: "Mycelium packaging grown from crop waste, price-competitive at scale and home-compostable.",
    marketSize: "Protective packaging is a $30B global market; foam is about a fifth of it.",
    competition: "Molded pulp, recycled foam and other bio-foam startups.",
    businessModel: "B2B sales of custom inserts with tooling fees.",
    financials: [450_000, 2_600_000, 7_800_000, 110_000, "Month 30", "22 months"],
    faqs: [
      [
        "Is it safe to ship electronics in MycoPack?",
        "Yes. It meets standard drop-test and static requirements and is heat-treated so nothing grows after delivery.",
      ],
      [
        "How does the price compare to foam?",
        "About 1.4× foam at pilot scale; the new facility brings it to parity for most shapes.",
      ],
    ],
    whitepaper: true,
  },
];

// ---------------------------------------------------------------------------------------------
// deterministic randomness (investments depend on the slug, never on the date)

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function rng(seed: string): () => number {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// building rows

const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

function quarterLabel(today: Date, monthsFromNow: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + monthsFromNow, 1));
  return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
}

function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

function termsFaq(seed: ProjectSeed, deadline: string): Faq[] {
  const t = seed.terms;
  const price = toCents(t.price);
  const minShares = Math.ceil(toCents(t.min) / price);
  const what: Record<RegulationType, string> = {
    SAFE: `A SAFE (Simple Agreement for Future Equity): your investment converts into ${seed.title} shares at the company's next priced round.`,
    RegCF: `Shares issued under Regulation Crowdfunding, the framework for raises up to $5 million from the public.`,
    "RegA+": `Shares issued under Regulation A+, which allows raises up to $75 million from the public.`,
  };
  return [
    {
      question: "What do I receive for my investment?",
      answer: `${what[t.reg]} The round offers ${t.equity}% of the company across ${t.shares.toLocaleString("en-US")} shares at ${usd(price)} each. CampusFund uses simulated money, so no real funds change hands.`,
    },
    {
      question: "What is the minimum investment?",
      answer: `${usd(toCents(t.min))}, which buys ${minShares.toLocaleString("en-US")} shares at ${usd(price)} per share.`,
    },
    {
      question: "When does the round close?",
      answer:
        t.deadlineDays <= 0
          ? t.sold >= 1
            ? `It closed on ${longDate(deadline)} with its goal reached, and every investment was confirmed.`
            : `It closed on ${longDate(deadline)} below its goal, and every investment was returned to its investor.`
          : t.closedEarlyDaysAgo
            ? `On ${longDate(deadline)}: the goal was reached and the founder closed the round early. Investors can cancel until 48 hours before.`
            : t.sold >= 1
              ? `On ${longDate(deadline)}. Every share is sold; investments are confirmed when the round closes.`
              : `On ${longDate(deadline)}. Investors can cancel until 48 hours before; if the goal is not reached by then, every investment is returned.`,
    },
  ];
}

/** The demo's document kinds: each project's own PDFs, written by scripts/generate-demo-docs.mjs. */
export const DEMO_DOCUMENT_KINDS = {
  "investor-deck": "Investor Deck",
  "financial-projections": "Financial Projections",
  "technical-whitepaper": "Technical Whitepaper",
  "market-analysis-report": "Market Analysis Report",
} as const;
export type DemoDocumentKind = keyof typeof DEMO_DOCUMENT_KINDS;

/** Where a project's generated document lives (public/docs/<slug>/<kind>.pdf). */
export const demoDocumentUrl = (slug: string, kind: DemoDocumentKind) => `/docs/${slug}/${kind}.pdf`;

// Every document link on a demo project opens that project's own PDF, with its name, terms and
// figures (scripts/generate-demo-docs.mjs writes them from this file; they are committed).
function documentsFor(seed: ProjectSeed): DocumentLink[] {
  const kinds: DemoDocumentKind[] = ["investor-deck", "financial-projections"];
  if (seed.whitepaper) kinds.push("technical-whitepaper");
  kinds.push("market-analysis-report");
  return kinds.map((kind) => ({ name: DEMO_DOCUMENT_KINDS[kind], type: "pdf", url: demoDocumentUrl(seed.slug, kind) }));
}

/** Lower-cases a sentence's first word when it is an ordinary word ("Booking" but not "PhD" or "EECS"). */
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]*(?=[\s,;:-]|$)/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
/** A university's name inside a sentence: "the University of Michigan", "the University of Texas at Austin". */
const uniName = (u: University) =>
  u.name.startsWith("The ") ? `the ${u.name.slice(4)}` : u.name.startsWith("University") ? `the ${u.name}` : u.name;
const noStop = (text: string) => text.replace(/[.!]\s*$/, "");
/** "a, b and c" */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The Product and Market tabs: the founders' one-line answer, then what backs it up, in this
 * project's own words and figures (its founder, traction, roadmap, team and financial plan).
 */
function productAndMarket(
  seed: ProjectSeed,
  uni: University,
): Pick<ProjectDetails, "problem" | "solution" | "marketSize" | "competition" | "businessModel"> {
  const [lead] = seed.founders;
  const [y1, y2, y3, burn, breakEven, runway] = seed.financials;
  const done = seed.roadmap.filter(([m]) => m <= 0).map(([, what]) => lowerFirst(what));
  const next = seed.roadmap.filter(([m]) => m > 0);
  const traction = seed.traction.map(([metric, value]) => `${lowerFirst(metric)}: ${value}`);
  const firstNext = next[0];
  const secondNext = next[1];
  return {
    problem: [
      seed.problem,
      lead
        ? `${lead[0]} (${noStop(lowerFirst(lead[1]))}) met this problem first-hand at ${uniName(uni)}, which is where ${seed.title} started.`
        : `We met this problem first-hand at ${uniName(uni)}, which is where ${seed.title} started.`,
    ].join("\n\n"),
    solution: [
      seed.solution,
      done.length
        ? `What is already built: ${listOf(done)}. ${seed.title} so far: ${listOf(traction)}.`
        : `${seed.title} so far: ${listOf(traction)}.`,
      firstNext
        ? `Next on the roadmap: ${lowerFirst(firstNext[1])}${secondNext ? `, then ${lowerFirst(secondNext[1])}` : ""}.`
        : "",
    ]
      .filter(Boolean)
      .join("\n\n"),
    marketSize: [
      seed.marketSize,
      `We start where we are, at ${uniName(uni)} in ${uni.location}, and grow campus by campus. Our plan reaches ${usd(toCents(y3))} of revenue in year three, so it does not depend on winning more than a small share of that market.`,
    ].join("\n\n"),
    competition: [
      seed.competition,
      `What sets ${seed.title} apart: ${lowerFirst(seed.solution)}`,
      `And the team: ${lowerFirst(seed.teamDescription)}`,
    ].join("\n\n"),
    businessModel: [
      seed.businessModel,
      `Our projections: ${usd(toCents(y1))} of revenue in year one, ${usd(toCents(y2))} in year two and ${usd(toCents(y3))} in year three. We spend about ${usd(toCents(burn))} a month and expect to break even by ${lowerFirst(breakEven)}; this round gives us ${runway} of runway to ${seed.useOfFunds}.`,
    ].join("\n\n"),
  };
}

/**
 * Two projects waiting for the demo admin (ADR 030), so the review queue is never empty: one
 * submitted for review, one sent back with a note. Unlisted: no investments, never published.
 */
const REVIEW_SEEDS: ProjectSeed[] = [
  {
    slug: "fixitdock",
    title: "FixItDock",
    category: "transportation",
    uni: "gatech",
    terms: {
      price: 10,
      shares: 4_000,
      min: 100,
      equity: 8,
      reg: "RegCF",
      risk: "medium",
      returnRate: 12,
      months: 18,
      deadlineDays: 75,
      sold: 0,
      createdDaysAgo: 8,
      founderId: DEMO_REVIEW_FOUNDER_ID,
      status: "in_review",
    },
    short: "Self-service bike repair kiosks with tools, a pump and guided video fixes, open all night on campus.",
    description:
      "FixItDock puts a locked repair stand with tools, a floor pump and a tablet of step-by-step videos outside dorms and libraries. Students unlock it with their student ID and fix a flat in ten minutes instead of walking a bike across campus to a shop that closes at six.",
    about: [
      "Most campus bike shops close before students finish class, and a flat tire often means a bike left chained for weeks.",
      "Our kiosk guides a repair with short videos and sensors that tell us when a tool goes missing. Parts like tubes and brake pads are sold from a vending slot.",
      "A prototype outside the Georgia Tech student center logged 410 repairs in its first six weeks.",
    ],
    tags: ["Cycling", "Hardware", "Campus Services"],
    useOfFunds: "build twelve kiosks for three Atlanta campuses",
    founders: [
      [
        "Marcus Lee",
        "Mechanical engineering senior who has fixed bikes since he was twelve.",
        "Bike co-op volunteer lead",
      ],
    ],
    team: [
      ["Marcus Lee", "CEO & Hardware", "Kiosk design and campus partnerships."],
      ["Dana Brooks", "Video & Content", "Repair guides and the tablet app."],
    ],
    teamDescription: "A mechanical engineer who runs the campus bike co-op and a film student who makes the guides.",
    traction: [
      ["Repairs at the prototype", "410"],
      ["Campuses asking for kiosks", "3"],
    ],
    roadmap: [
      [-2, "Prototype kiosk"],
      [3, "Twelve kiosks"],
      [9, "Parts vending in every kiosk"],
    ],
    problem: "Campus bike shops close early and a simple flat leaves a student without transport for days.",
    solution: "A self-service repair kiosk with tools, a pump, parts and guided videos, open around the clock.",
    marketSize: "About 1,200 US campuses with bike-share or large cycling populations.",
    competition: "Bare public repair stands without guidance, parts or maintenance.",
    businessModel: "Universities pay a yearly service fee per kiosk; parts are sold at a margin.",
    financials: [30_000, 140_000, 380_000, 4_000, "Month 20", "14 months"],
    faqs: [
      [
        "Who maintains the kiosks?",
        "Our technicians visit each kiosk weekly and sensors report missing tools the same day.",
      ],
    ],
  },
  {
    slug: "leftoverlink",
    title: "LeftoverLink",
    category: "food & beverage",
    uni: "berkeley",
    terms: {
      price: 5,
      shares: 2_000,
      min: 100,
      equity: 5,
      reg: "SAFE",
      risk: "high",
      returnRate: 15,
      months: 12,
      deadlineDays: 40,
      sold: 0,
      createdDaysAgo: 13,
      founderId: DEMO_CHANGES_FOUNDER_ID,
      status: "draft",
      reviewNote:
        "Please add your investor deck and say how food safety is handled: investors will ask who checks the food and how long it is held.",
    },
    short: "Dining halls post surplus meals at closing time and students pick them up for a dollar.",
    description:
      "LeftoverLink lets campus dining halls list the meals left at closing time. Students reserve one in the app and collect it within the hour for a dollar, so less food is thrown away and students on a tight budget eat well.",
    about: [
      "Dining halls throw away trays of good food every night because nobody can take it home.",
      "The app shows what is left at each hall half an hour before closing; staff mark a meal collected with one tap.",
    ],
    tags: ["Food Waste", "Dining", "Affordability"],
    useOfFunds: "launch at four dining halls and hire a part-time food-safety coordinator",
    founders: [
      [
        "Elena Rossi",
        "Nutrition science junior who worked closing shifts at a dining hall.",
        "Dining services student supervisor",
      ],
    ],
    team: [],
    teamDescription: "A nutrition student who has closed a dining hall more nights than she can count.",
    traction: [["Students on the waitlist", "620"]],
    roadmap: [
      [2, "First dining hall"],
      [6, "Four dining halls"],
    ],
    problem: "Campus dining halls discard surplus meals nightly while many students skip meals to save money.",
    solution: "An app that lists surplus meals at closing time for pickup at a token price.",
    marketSize: "Over 4,000 US college dining halls.",
    competition: "General food-waste apps that do not work inside a campus meal plan.",
    businessModel: "A small fee per meal and a yearly subscription paid by dining services.",
    financials: [8_000, 45_000, 120_000, 2_000, "Month 16", "10 months"],
    faqs: [],
  },
];

/**
 * A raise approved as Coming soon (ADR 055): listed and reservable, opening in six days. A few
 * backers and the demo investor have reserved (DEMO_RESERVATIONS); its founder may open it at once.
 */
const COMING_SOON_SEEDS: ProjectSeed[] = [
  {
    slug: "studynest",
    title: "StudyNest",
    category: "education",
    uni: "michigan",
    terms: {
      price: 5,
      shares: 6_000,
      min: 100,
      equity: 6,
      reg: "RegCF",
      risk: "medium",
      returnRate: 10,
      months: 18,
      deadlineDays: 60,
      sold: 0,
      createdDaysAgo: 20,
      founderId: DEMO_SOON_FOUNDER_ID,
      status: "coming_soon",
      launchDays: 6,
    },
    short: "Empty classrooms booked as quiet evening study space, with a seat map and a door code.",
    description:
      "StudyNest lists classrooms that sit empty after 6 pm and lets students book a seat in one. The booking gives a door code and a seat; the building's staff see who is inside, and the room is left as it was found.",
    about: [
      "Libraries fill up by seven in exam weeks while hundreds of classrooms stand locked and dark.",
      "We work with facilities to open a few rooms each night, with a seat map, a door code and a check-out photo.",
      "A pilot in two Michigan buildings booked 1,300 seats in its first month.",
    ],
    tags: ["Study Space", "Campus Services", "Scheduling"],
    useOfFunds: "open rooms in ten buildings and build the facilities dashboard",
    founders: [
      [
        "Ingrid Solberg",
        "Architecture senior who ran the pilot with facilities.",
        "Student government facilities chair",
      ],
    ],
    team: [["Ingrid Solberg", "CEO", "Facilities partnerships and product."]],
    teamDescription: "An architecture student who knows which rooms stand empty and who holds their keys.",
    traction: [
      ["Seats booked in the pilot month", "1,300"],
      ["Buildings ready to join", "10"],
    ],
    roadmap: [
      [2, "Ten buildings at Michigan"],
      [9, "A second campus"],
    ],
    problem: "Students cannot find a quiet place to study in the evening while classrooms stand empty.",
    solution: "Bookable seats in empty classrooms, opened with a door code and checked out with a photo.",
    marketSize: "Over 4,000 US campuses with classrooms empty most evenings.",
    competition: "Library room booking tools that cover only library rooms.",
    businessModel: "A yearly license paid by facilities departments per building.",
    financials: [5_000, 60_000, 180_000, 3_000, "Month 14", "12 months"],
    faqs: [],
  },
];

/** StudyNest's reservations (ADR 055): [who, whole dollars]; the kept totals are summed from these. */
const DEMO_RESERVATIONS: [string, number][] = [
  [DEMO_INVESTOR_ID, 500],
  [BACKER_IDS[0]!, 250],
  [BACKER_IDS[2]!, 1_000],
  [BACKER_IDS[5]!, 150],
];

/**
 * Companies that raised on CampusFund one to three years ago, and what became of them (ADR 052):
 * each raise funded (every share sold, its investments confirmed), then the company's events, in
 * date order, as the demo admin reviewed and recorded them. Between them the demo investor has
 * gains (a priced round up, a SAFE that converted), a down round, a write-down, an acquisition that
 * paid her, a shutdown that paid a little, and money invested more than a year ago (so her IRR shows).
 * TutorLoop's founder (DEMO_COMPANY_FOUNDER_ID) reported its round and may report the next.
 */
const HISTORY_SEEDS: ProjectSeed[] = [
  {
    slug: "tutorloop",
    title: "TutorLoop",
    category: "education",
    uni: "utaustin",
    terms: {
      price: 10,
      shares: 20_000,
      min: 100,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 15,
      months: 24,
      deadlineDays: -820,
      sold: 1,
      createdDaysAgo: 905,
      founderId: DEMO_COMPANY_FOUNDER_ID,
    },
    short: "Peer tutoring booked by course and section: students who aced the class teach the ones taking it now.",
    description:
      "TutorLoop matches students with peer tutors who took the same course, often with the same professor, and books sessions around both timetables. Campus learning centers use it to certify tutors and see which courses need more help.",
    about: [
      "Campus tutoring centers have long waiting lists in the first weeks of every term, and the students who could tutor never hear about the demand.",
      "TutorLoop lists tutors by course and section, books sessions around both timetables, and pays tutors through the campus payroll or a student card.",
      "Our pilot at UT Austin booked 1,900 sessions last term, with 240 certified tutors in 60 courses.",
    ],
    tags: ["Tutoring", "Marketplace", "Student Jobs"],
    useOfFunds: "build the scheduling engine and sign our first five campus learning centers",
    founders: [
      [
        "Elijah Boateng",
        "Education and computer science senior at UT Austin who ran the calculus help desk for two years.",
        "Learning-center tutor coordinator; two campus hackathon wins",
      ],
      ["Sienna Clarke", "Economics junior who designed the tutor pay model.", "Research assistant in labor economics"],
    ],
    team: [
      ["Elijah Boateng", "CEO", "Campus partnerships and the product."],
      ["Sienna Clarke", "COO", "Tutor pay, certification and operations."],
      ["Mateus Lima", "Lead Engineer", "The scheduling engine and payments."],
    ],
    teamDescription: "A tutor coordinator, an economist and an engineer who all tutored their way through college.",
    traction: [
      ["Campuses", "9"],
      ["Sessions booked a month", "4,800"],
      ["Certified tutors", "1,150"],
    ],
    roadmap: [
      [-30, "Course-matched tutoring at UT Austin"],
      [-24, "Scheduling engine"],
      [-14, "Three new campuses"],
      [-4, "Tutor certification with learning centers"],
      [5, "Twenty campuses"],
      [11, "Series A"],
    ],
    problem: "Students wait weeks for tutoring while classmates who aced the course have no way to offer help.",
    solution:
      "A course-and-section marketplace that books certified peer tutors around both timetables and pays them through the campus.",
    marketSize: "About 19 million US college students; campuses spend an estimated $1.1 billion a year on tutoring.",
    competition: "General tutoring marketplaces that match by subject, not by course, and charge students by the hour.",
    businessModel: "Campus learning centers pay per booked session; students book free when their campus subscribes.",
    financials: [140_000, 480_000, 1_300_000, 14_000, "Month 30", "22 months"],
    faqs: [
      [
        "Who pays the tutors?",
        "The campus learning center, through its payroll or student cards; TutorLoop takes a fee per session.",
      ],
      [
        "How are tutors vetted?",
        "A tutor needs an A in the course and a learning-center certification before taking bookings.",
      ],
    ],
    history: [
      {
        kind: "round",
        daysAgo: 430,
        price: 24,
        preMoney: 4_800_000,
        roundName: "Seed",
        statement:
          "TutorLoop closed a $1.2 million seed round led by Hill Country Angels, with two education funds joining, at $24.00 a share: a $4.8 million pre-money valuation. The money pays for the scheduling engine's second version and our first two sales hires. The signed term sheet is attached.",
      },
    ],
  },
  {
    slug: "rentright",
    title: "RentRight",
    category: "real estate",
    uni: "nyu",
    terms: {
      price: 20,
      shares: 10_000,
      min: 200,
      equity: 8,
      reg: "RegCF",
      risk: "high",
      returnRate: 18,
      months: 24,
      deadlineDays: -760,
      sold: 1,
      createdDaysAgo: 850,
    },
    short: "Lease reviews and verified landlord ratings for students renting off campus for the first time.",
    description:
      "RentRight reads a student's lease before they sign it, flags unusual clauses in plain English, and shows ratings of the landlord from students who rented from them before.",
    about: [
      "First-time renters sign leases they do not understand, and the landlords who keep deposits are only known by word of mouth.",
      "RentRight highlights the clauses that cost students money, compares the rent with nearby listings and shows verified ratings from past student tenants.",
      "Campus housing offices at two New York universities recommended it to students moving off campus.",
    ],
    tags: ["Housing", "Legal Tech", "Consumer"],
    useOfFunds: "train the lease reader on ten more cities and sign campus housing offices",
    founders: [
      [
        "Adrian Kovac",
        "Urban planning senior at NYU who lost a deposit on his first apartment.",
        "Intern at a tenants' rights clinic",
      ],
      [
        "Leah Brennan",
        "Law and computer science dual-degree student.",
        "Built contract-review tools in a legal tech lab",
      ],
    ],
    team: [
      ["Adrian Kovac", "CEO", "Housing offices and landlord partnerships."],
      ["Leah Brennan", "CTO", "The lease reader."],
      ["Tariq Aziz", "Growth Lead", "Student marketing and ratings."],
    ],
    teamDescription: "A planner, a legal engineer and a marketer who have all rented badly in New York.",
    traction: [
      ["Leases reviewed", "21,000"],
      ["Verified landlord ratings", "6,400"],
      ["Cities", "4"],
    ],
    roadmap: [
      [-28, "Lease reader for New York leases"],
      [-22, "Verified landlord ratings"],
      [-12, "Four cities"],
      [-5, "Landlord-paid listings"],
      [6, "Ten more cities"],
    ],
    problem: "Students sign their first lease without understanding it and cannot tell good landlords from bad ones.",
    solution: "An automated lease review in plain English, plus landlord ratings verified against past student leases.",
    marketSize: "About 8 million US students rent off campus; student housing is a $90 billion rental market.",
    competition: "General rental listing sites, which rate apartments rather than landlords and never read the lease.",
    businessModel: "Housing offices subscribe for their students; landlords pay for verified listings.",
    financials: [90_000, 350_000, 900_000, 18_000, "Month 34", "18 months"],
    faqs: [
      [
        "Is the lease review legal advice?",
        "No. It flags clauses to ask about and links to the tenants' rights clinic of the student's city.",
      ],
      ["How are ratings verified?", "A rating counts only when the student uploads a lease signed with that landlord."],
    ],
    history: [
      {
        kind: "round",
        daysAgo: 520,
        price: 30,
        preMoney: 3_750_000,
        roundName: "Seed",
        statement:
          "RentRight raised a $900,000 seed round led by Commonwealth Proptech Partners at $30.00 a share, a $3.75 million pre-money valuation. CampusFund recorded the round from the signed stock purchase agreement the company sent us.",
      },
      {
        kind: "round",
        daysAgo: 110,
        price: 13,
        preMoney: 1_625_000,
        roundName: "Bridge",
        statement:
          "RentRight raised a $400,000 bridge round from its seed investors at $13.00 a share, a $1.625 million pre-money valuation: below its seed price, after two housing offices paused their contracts and revenue came in at half of plan. The bridge funds twelve months while the company moves to landlord-paid listings. Recorded from the signed bridge agreement.",
      },
    ],
  },
  {
    slug: "shuttlebee",
    title: "Shuttlebee",
    category: "transportation",
    uni: "uw",
    terms: {
      price: 8,
      shares: 25_000,
      min: 100,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 16,
      months: 18,
      deadlineDays: -1_050,
      sold: 1,
      createdDaysAgo: 1_140,
    },
    short:
      "Live arrival times and ride requests for campus shuttles, with the routes planned from where students wait.",
    description:
      "Shuttlebee puts every campus shuttle on a live map, lets students request the late-night safe ride from their phone, and plans routes from where riders actually wait.",
    about: [
      "Campus shuttles run on paper timetables and radio dispatch, so students wait in the cold without knowing when the bus comes.",
      "Shuttlebee adds a small tracker to each vehicle, shows live arrivals, and turns ride requests into dispatch routes for the evening service.",
      "Four campuses in Washington run their shuttles on Shuttlebee, with 22,000 rides a month.",
    ],
    tags: ["Mobility", "Campus Safety", "Maps"],
    useOfFunds: "install trackers on 300 more vehicles and build the dispatch planner",
    founders: [
      [
        "Marisol Vega",
        "Civil engineering senior at the University of Washington who drove the night shuttle for two years.",
        "Transit planning intern at a regional agency",
      ],
      ["Ezra Goldman", "Computer science senior who built the first tracker.", "Embedded systems teaching assistant"],
    ],
    team: [
      ["Marisol Vega", "CEO", "Transportation offices and routes."],
      ["Ezra Goldman", "CTO", "Trackers, maps and dispatch."],
      ["Ken Ito", "Operations", "Installations and driver training."],
    ],
    teamDescription: "A former shuttle driver, a hardware engineer and an operations lead who ran the installs.",
    traction: [
      ["Campuses", "14"],
      ["Vehicles tracked", "410"],
      ["Rides a month", "96,000"],
    ],
    roadmap: [
      [-38, "Live map at the University of Washington"],
      [-32, "Safe-ride requests"],
      [-20, "Dispatch planner"],
      [-12, "Fourteen campuses"],
    ],
    problem: "Students wait for campus shuttles without knowing when they come, and night rides are booked by phone.",
    solution: "Vehicle trackers, a live arrivals map and app-requested rides that become dispatch routes.",
    marketSize: "About 1,200 US campuses run shuttle fleets; campus transportation budgets total $2 billion a year.",
    competition:
      "City transit apps that do not cover campus fleets, and dispatch software priced for municipal agencies.",
    businessModel: "Per-vehicle annual subscription paid by campus transportation offices.",
    financials: [120_000, 420_000, 1_100_000, 12_000, "Month 26", "20 months"],
    faqs: [
      ["Do students need an account?", "No for the live map; yes for safe-ride requests, with a campus login."],
      ["Who installs the trackers?", "Our operations team, in about twenty minutes per vehicle."],
    ],
    history: [
      {
        kind: "round",
        daysAgo: 700,
        price: 14,
        preMoney: 3_500_000,
        roundName: "Seed",
        statement:
          "Shuttlebee closed a $1.4 million seed round led by Cascade Mobility Fund at $14.00 a share, a $3.5 million pre-money valuation, to build its dispatch planner. CampusFund recorded the round from the signed term sheet.",
      },
      {
        kind: "acquisition",
        daysAgo: 240,
        price: 22,
        statement:
          "Shuttlebee was acquired by TransitGrid, a transit software company serving 40 US cities, for $22.00 a share in cash, paid to every shareholder at closing. The team joins TransitGrid to run its campus division. CampusFund recorded the sale from the signed merger agreement and paid each holder's share into their demo account.",
      },
    ],
  },
  {
    slug: "swipeshare",
    title: "SwipeShare",
    category: "food & beverage",
    uni: "michigan",
    terms: {
      price: 15,
      shares: 12_000,
      min: 150,
      equity: 12,
      reg: "RegCF",
      risk: "high",
      returnRate: 20,
      months: 18,
      deadlineDays: -980,
      sold: 1,
      createdDaysAgo: 1_070,
    },
    short: "Students share unused meal swipes with classmates who run out, through the dining hall's own card system.",
    description:
      "SwipeShare lets students donate or sell the meal swipes they will not use to classmates who have run out, through the dining services' card system, so no swipe goes to waste at the end of term.",
    about: [
      "Students on meal plans lose hundreds of unused swipes each term while others skip meals because their plan ran out.",
      "SwipeShare moves swipes between student cards inside the dining system, with a donation pool for students facing food insecurity.",
      "Our pilot with Michigan dining services has moved 12,000 swipes, 3,000 of them donated.",
    ],
    tags: ["Food Security", "Dining", "Marketplace"],
    useOfFunds: "integrate with two more dining card systems and grow the donation pool",
    founders: [
      [
        "Darnell Hayes",
        "Public health senior at Michigan who ran the campus food pantry.",
        "Food pantry coordinator; dining services student board",
      ],
      ["Quinn Albright", "Computer engineering junior.", "Built card-system integrations as a dining IT intern"],
    ],
    team: [
      ["Darnell Hayes", "CEO", "Dining partnerships and the donation pool."],
      ["Quinn Albright", "CTO", "Card-system integrations."],
      ["Lia Romano", "Community Lead", "Student outreach and pantry partners."],
    ],
    teamDescription: "A food-pantry organizer, a card-system engineer and a community lead.",
    traction: [
      ["Swipes shared", "38,000"],
      ["Swipes donated", "9,500"],
      ["Campuses", "2"],
    ],
    roadmap: [
      [-36, "Swipe transfers in Michigan's card system"],
      [-33, "Donation pool with the food pantry"],
      [-24, "Second campus pilot"],
      [-18, "38,000 swipes shared"],
    ],
    problem: "Unused meal swipes expire every term while other students run out of food money.",
    solution: "Swipe transfers and donations between students, inside the dining services' own card system.",
    marketSize: "About 4 million US students hold meal plans worth an estimated $9 billion a year.",
    competition: "Informal swipe swaps in group chats, which dining services prohibit.",
    businessModel: "A fee per transferred swipe, paid by the dining services that keep the unused revenue.",
    financials: [70_000, 260_000, 700_000, 11_000, "Month 28", "16 months"],
    faqs: [
      [
        "Did dining services approve the transfers?",
        "Yes: every transfer ran through the dining card system under the pilot agreement.",
      ],
      ["What happened to donated swipes?", "They went to students referred by the campus food pantry."],
    ],
    history: [
      {
        kind: "write_down",
        daysAgo: 420,
        price: 6,
        statement:
          "CampusFund wrote SwipeShare down to $6.00 a share from its $15.00 raise price: Michigan's dining services ended the swipe-sharing pilot, cutting monthly revenue by two thirds, and the company reported less than six months of runway. The mark is what a new investor would likely pay until a reviewed event says otherwise.",
      },
      {
        kind: "shutdown",
        daysAgo: 160,
        price: 0.45,
        statement:
          "SwipeShare's board voted to wind the company down after its second campus declined to renew. Once creditors were paid, the sale of its card-system integration left $0.45 a share for shareholders, paid to every holder. The board resolution and the liquidation statement are attached.",
      },
    ],
  },
  {
    slug: "suncanopy",
    title: "SunCanopy",
    category: "energy",
    uni: "berkeley",
    terms: {
      price: 5,
      shares: 30_000,
      min: 100,
      equity: 6,
      reg: "SAFE",
      risk: "high",
      returnRate: 22,
      months: 24,
      deadlineDays: -640,
      sold: 1,
      createdDaysAgo: 720,
    },
    short: "Solar canopies over campus bike racks that charge e-bikes and scooters and feed the rest to the grid.",
    description:
      "SunCanopy builds solar canopies over bike racks: riders charge e-bikes and scooters under cover, and the surplus goes to the building next door under a power-purchase agreement with the campus.",
    about: [
      "E-bikes and scooters are replacing cars on campus, but there is nowhere to charge them and bike racks sit in the rain.",
      "SunCanopy's modular canopies shelter twenty bikes each, charge them from the sun, and sell the surplus to the campus at a fixed rate.",
      "Our first canopy at Berkeley charged 1,400 e-bikes in its first month.",
    ],
    tags: ["Solar", "Micromobility", "Infrastructure"],
    useOfFunds: "build the first forty canopies and sign three campus power agreements",
    founders: [
      ["Kai Nakoa", "Energy engineering senior at Berkeley who commutes by e-bike.", "Solar installer for two summers"],
      ["Astrid Holm", "Architecture graduate student.", "Designed modular shelters for a design-build studio"],
    ],
    team: [
      ["Kai Nakoa", "CEO", "Power agreements and installations."],
      ["Astrid Holm", "Head of Design", "The modular canopy."],
      ["Bruno Esposito", "Electrical Engineer", "Chargers and grid connection."],
    ],
    teamDescription: "An energy engineer, an architect and an electrical engineer who build what they design.",
    traction: [
      ["Canopies installed", "40"],
      ["Bikes charged a month", "11,000"],
      ["Campuses", "3"],
    ],
    roadmap: [
      [-24, "First canopy at Berkeley"],
      [-18, "Campus power-purchase agreement"],
      [-8, "Three campuses"],
      [-3, "Forty canopies"],
      [6, "Canopies for city bike parking"],
    ],
    problem: "Campus e-bikes have nowhere to charge and bike racks give no shelter, while campuses need more solar.",
    solution: "Modular solar canopies over bike racks that charge vehicles and sell the surplus power to the campus.",
    marketSize: "US campuses have about 4 million bike-rack spaces; campus solar purchases exceed $1 billion a year.",
    competition: "Rooftop solar installers, who do not build charging shelters, and charging lockers without solar.",
    businessModel: "Campuses buy the power under 15-year agreements; riders charge free or by subscription.",
    financials: [110_000, 600_000, 1_800_000, 22_000, "Month 32", "20 months"],
    faqs: [
      ["Who owns the canopies?", "SunCanopy does; the campus buys the power they make under a fixed-rate agreement."],
      ["Do riders pay to charge?", "It is free on most campuses; some offer a monthly charging pass."],
    ],
    history: [
      {
        kind: "round",
        daysAgo: 300,
        price: 2,
        preMoney: 7_500_000,
        roundName: "Seed",
        statement:
          "SunCanopy closed a $2.5 million seed round led by Bayline Climate Ventures at $2.00 a share, a $7.5 million pre-money valuation. The CampusFund SAFE converts at this round, at the lower of the 20% discount and its $2.5 million valuation cap. CampusFund recorded the round from the signed term sheet.",
      },
    ],
  },
  {
    slug: "gigboard",
    title: "GigBoard",
    category: "entertainment",
    uni: "gatech",
    terms: {
      price: 12,
      shares: 15_000,
      min: 120,
      equity: 10,
      reg: "RegCF",
      risk: "medium",
      returnRate: 17,
      months: 18,
      deadlineDays: -470,
      sold: 1,
      createdDaysAgo: 555,
    },
    short: "Book student bands, DJs and comedians for campus events, with contracts, riders and payment in one place.",
    description:
      "GigBoard lets student organizations book student performers for their events: profiles with clips, availability, a standard contract, the technical rider and payment through the organization's campus account.",
    about: [
      "Campus organizations book hundreds of events a term and hunt for performers through word of mouth and group chats.",
      "GigBoard lists student bands, DJs and comedians with clips and prices, sends a standard contract, and pays the performer from the organization's campus account.",
      "Georgia Tech organizations booked 700 gigs through GigBoard in its first two terms.",
    ],
    tags: ["Live Music", "Events", "Creators"],
    useOfFunds: "open five more campuses and build the payments integration with student-activity offices",
    founders: [
      [
        "Jada Monroe",
        "Music technology senior at Georgia Tech who books the campus concert series.",
        "Student activities board concert chair",
      ],
      ["Felipe Ortega", "Computer science junior and working DJ.", "Full-stack intern at a ticketing company"],
    ],
    team: [
      ["Jada Monroe", "CEO", "Organizations, performers and the concert series."],
      ["Felipe Ortega", "CTO", "The booking app and payments."],
      ["Cole Bishop", "Campus Lead", "New campuses and performer onboarding."],
    ],
    teamDescription: "A concert booker and a DJ who codes, with a campus lead who signs up performers.",
    traction: [
      ["Gigs booked", "2,300"],
      ["Performers", "640"],
      ["Campuses", "3"],
    ],
    roadmap: [
      [-18, "Booking app at Georgia Tech"],
      [-14, "Standard contracts and riders"],
      [-8, "Payments through student-activity accounts"],
      [-5, "Third campus"],
      [4, "Two new campuses"],
    ],
    problem: "Student organizations struggle to find and book performers, and student artists struggle to get paid.",
    solution: "A booking marketplace with standard contracts and payment through the organization's campus account.",
    marketSize: "US campuses host an estimated 2 million student-organization events a year.",
    competition: "Booking agencies for professional acts, and group chats with no contract or payment.",
    businessModel: "A 10% booking fee, and an annual license for student-activity offices.",
    financials: [80_000, 240_000, 600_000, 10_000, "Month 30", "18 months"],
    faqs: [
      ["Who can perform on GigBoard?", "Any enrolled student, once their campus has verified them."],
      ["How are performers paid?", "From the booking organization's campus account, within five days of the gig."],
    ],
    history: [
      {
        kind: "write_down",
        daysAgo: 75,
        price: 7.2,
        statement:
          "CampusFund wrote GigBoard down to $7.20 a share, 60% of its $12.00 raise price: two of its three campus booking contracts were not renewed this year and bookings fell by 45%. The company is still operating and signing new campuses; the mark moves again at its next reviewed event.",
      },
    ],
  },
];

export type FollowRow = typeof projectFollows.$inferSelect;
export type ActivityDayRow = typeof projectActivityDays.$inferSelect;
export type UpdateRow = typeof projectUpdates.$inferSelect;
/** A question as the demo writes it before it becomes a thread (`discussionOf`): the questions of old. */
export interface QuestionRow {
  id: string;
  projectId: string;
  askerId: string;
  question: string;
  answer: string | null;
  answeredAt: number | null;
  hidden: boolean;
  createdAt: number;
}
export type DiscussionPostRow = typeof discussionPosts.$inferSelect;
export type DiscussionVoteRow = typeof discussionVotes.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ValuationEventRow = typeof valuationEvents.$inferSelect;

export interface DemoData {
  users: Omit<UserRow, "passwordHash">[];
  /**
   * The projects as their raises left them: no mark yet (`markCents` null). The seed's SQL gives a
   * company the mark of its events once its investments are in (db/seed-sql.ts `applyEventStatements`).
   */
  projects: ProjectRow[];
  investments: InvestmentRow[];
  follows: FollowRow[];
  /** The Trending rail's days (the last week's investments and follows; domain/projects/trending.ts). */
  activityDays: ActivityDayRow[];
  updates: UpdateRow[];
  questions: QuestionRow[];
  /** The Discussion (ADR 055): each question a thread, its answer the founder's reply, with follow-ups and votes. */
  posts: DiscussionPostRow[];
  votes: DiscussionVoteRow[];
  notifications: NotificationRow[];
  /** The companies' reviewed events (ADR 052), in the order they were applied, each marked by `markAfter`. */
  events: ValuationEventRow[];
  /** The exchange (ADR 053, db/seed-market.ts): orders that filled and orders resting, and the trades. */
  orders: DemoOrderRow[];
  trades: DemoTradeRow[];
  /** Reservations in the Coming soon raise (ADR 055). */
  reservations: (typeof projectReservations.$inferSelect)[];
  /** Authenticator apps turned on (ADR 054): the demo admin's. */
  factors: (typeof totpFactors.$inferSelect)[];
  /** Discussion posts people reported, each with an open report, for /admin's Reports (db/seed-moderation.ts). */
  reportedPosts: DiscussionPostRow[];
  reports: DiscussionReportRow[];
  /** Perks on a few open raises and the awards their investments earned (ADR 055; db/seed-perks.ts). */
  perks: (typeof projectPerks.$inferSelect)[];
  perkAwards: (typeof perkAwards.$inferSelect)[];
}

/**
 * Every row of the demo, with dates relative to `today`. Pass `sectorForCategory` from
 * domain/projects/categories.ts. Shares and investment ids depend only on the data, not on the date.
 */
export function buildDemoData(today: Date, sectorForCategory: (category: string) => string): DemoData {
  const now = today.getTime();
  const dayStart = Date.parse(`${isoDay(now)}T00:00:00Z`);

  const users = demoUsers.map(({ createdDaysAgo, ...u }) => ({
    ...u,
    createdAt: now - createdDaysAgo * DAY_MS,
    emailVerifiedAt: now - createdDaysAgo * DAY_MS,
    deletionRequestedAt: null,
    deletedAt: null,
  }));

  const projects: ProjectRow[] = [];
  const investments: InvestmentRow[] = [];

  for (const seed of [...SEEDS, ...HISTORY_SEEDS, ...REVIEW_SEEDS, ...COMING_SOON_SEEDS]) {
    const t = seed.terms;
    const listed = t.status !== "in_review" && t.status !== "draft";
    const uni = UNIVERSITIES[seed.uni];
    const id = `proj-${seed.slug}`;
    const priceCents = toCents(t.price);
    const goalCents = priceCents * t.shares;
    const minCents = toCents(t.min);
    const minShares = Math.ceil(minCents / priceCents);
    const deadline = isoDay(dayStart + t.deadlineDays * DAY_MS);
    const createdAt = now - t.createdDaysAgo * DAY_MS;
    const rand = rng(seed.slug);

    // --- investments: the demo investor's holding, then backers share the rest
    const target = Math.round(t.shares * t.sold);
    const mine = DEMO_INVESTOR_HOLDINGS[seed.slug] ?? 0;
    const rest = target - mine;
    const chunks: { investorId: string; shares: number }[] = [];
    if (mine > 0) chunks.push({ investorId: DEMO_INVESTOR_ID, shares: mine });
    if (rest > 0) {
      const wanted = 2 + Math.floor(rand() * 7); // 2..8 backers
      const k = Math.max(1, Math.min(wanted, BACKER_IDS.length, Math.floor(rest / minShares)));
      const shuffled = [...BACKER_IDS];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const backers = shuffled.slice(0, k);
      const weights = backers.map(() => 0.4 + rand());
      const total = weights.reduce((a, b) => a + b, 0);
      const extra = rest - k * minShares;
      let given = 0;
      backers.forEach((investorId, i) => {
        let shares = minShares + Math.floor((extra * weights[i]!) / total);
        if (i === k - 1) shares = rest - given;
        given += shares;
        chunks.push({ investorId, shares });
      });
    }

    // How the raise stands (ADR 043): closed early this many days ago; past its deadline, settled
    // five minutes after it (the scheduled job's time) as funded (goal reached) or closed.
    const deadlineAt = Date.parse(`${deadline}T00:00:00Z`);
    const closedEarlyAt = listed && t.closedEarlyDaysAgo ? now - t.closedEarlyDaysAgo * DAY_MS : null;
    const settledAt = listed && t.deadlineDays <= 0 ? deadlineAt + 5 * MINUTE_MS : null;
    const funded = target >= t.shares;
    const settledStatus = settledAt === null ? "active" : funded ? "confirmed" : "returned";

    // spread over the campaign: after creation, within the last ~120 days (of the raise, for one that
    // ended longer ago), before the deadline (and before an early close, which comes once the goal is reached)
    const windowAnchor = deadlineAt < now - 120 * DAY_MS ? deadlineAt : now;
    const windowStart = Math.max(createdAt + DAY_MS, windowAnchor - 120 * DAY_MS);
    const windowEnd = Math.min(now - 2 * HOUR_MS, deadlineAt - DAY_MS, (closedEarlyAt ?? Infinity) - DAY_MS);
    const span = Math.max(windowEnd - windowStart, HOUR_MS);
    const times = chunks.map(() => Math.round(windowStart + rand() * span)).sort((a, b) => a - b);
    chunks.forEach((c, i) => {
      const invId = `inv-${seed.slug}-${String(i + 1).padStart(2, "0")}`;
      investments.push({
        id: invId,
        investorId: c.investorId,
        projectId: id,
        shares: c.shares,
        sharePriceCents: priceCents,
        amountCents: c.shares * priceCents,
        status: settledStatus,
        cancelledAt: null,
        settledAt,
        cancelCutoffAt: cancelDeadline(deadline),
        idempotencyKey: `seed-${invId}`,
        bonusShares: 0,
        createdAt: times[i]!,
      });
    });
    const mineRows = investments.filter((i) => i.projectId === id);
    const committedShares = mineRows.reduce((a, i) => a + i.shares, 0);
    const committedCents = mineRows.reduce((a, i) => a + i.amountCents, 0);
    // What is held counts (returned money is off the project's figures: DESIGN §3).
    const held = settledStatus !== "returned";
    const sharesSold = held ? committedShares : 0;
    const fundingCurrentCents = held ? committedCents : 0;

    // --- the project row
    const valuationCents = Math.round((goalCents * 100) / t.equity);
    const [y1, y2, y3, burnRate, breakEvenPoint, runwayPostFunding] = seed.financials;
    const details: ProjectDetails = {
      overview: `${seed.title} is raising ${usd(goalCents)} through a ${t.reg} offering at a ${usd(valuationCents)} valuation to ${seed.useOfFunds}.`,
      traction: seed.traction.map(([metric, value]) => ({ metric, value })),
      roadmap: seed.roadmap.map(([m, milestone]) => ({ date: quarterLabel(today, m), milestone, completed: m <= 0 })),
      ...productAndMarket(seed, uni),
      financials: {
        revenueProjections: { year1: y1, year2: y2, year3: y3 },
        burnRate,
        breakEvenPoint,
        runwayPostFunding,
      },
    };
    const founders: Person[] = seed.founders.map(([name, bio, experience]) => ({
      name,
      bio,
      experience,
      university: uni.name,
    }));
    const [lead] = founders;
    if (!lead) throw new Error(`${seed.slug}: a project needs at least one founder`);

    projects.push({
      id,
      // An unlisted project's slug is its id until it goes live (reviews.ts goLive).
      slug: listed ? seed.slug : id,
      founderId: t.founderId ?? null,
      title: seed.title,
      category: seed.category,
      sector: sectorForCategory(seed.category),
      description: seed.description,
      shortDescription: seed.short,
      about: seed.about.join("\n\n"),
      image: listed
        ? `/images/projects/${seed.slug}.svg`
        : `/images/projects/gallery-${sectorForCategory(seed.category)}-1.svg`,
      gallery: [
        `/images/projects/${seed.slug}.svg`,
        `/images/projects/gallery-${sectorForCategory(seed.category)}-1.svg`,
        `/images/projects/gallery-${sectorForCategory(seed.category)}-2.svg`,
      ],
      logo: listed ? `/images/projects/${seed.slug}-logo.svg` : null,
      creatorInfo: { name: lead.name, bio: lead.bio ?? "", university: uni.name, experience: lead.experience },
      tags: seed.tags,
      location: uni.location,
      featured: seed.featured ?? false,
      status: t.status ?? (settledAt === null ? "active" : funded ? "funded" : "closed"),
      riskLevel: t.risk,
      returnRate: t.returnRate,
      projectDuration: t.months,
      teamDescription: seed.teamDescription,
      socialLinks: { website: `https://${seed.slug}.example` },
      universityName: uni.name,
      universityLogo: uni.logo,
      fundingGoalCents: goalCents,
      fundingCurrentCents,
      fundingDeadline: deadline,
      sharePriceCents: priceCents,
      totalShares: t.shares,
      sharesSold,
      // Kept by the database as the investments are inserted (db/schema-aggregates.ts).
      investorCount: 0,
      investmentCount: 0,
      regulationType: t.reg,
      valuationCents,
      equityPercentage: t.equity,
      minInvestmentCents: minCents,
      details,
      founders,
      team: seed.team.map(([name, role, bio]) => ({ name, role, bio })),
      documents: listed || !t.reviewNote ? documentsFor(seed) : [],
      faqs: [
        ...seed.faqs.map(([question, answer]) => ({ question, answer })),
        ...(listed ? termsFaq(seed, deadline) : []),
      ],
      createdAt,
      updatedAt: Math.max(createdAt, settledAt ?? 0, closedEarlyAt ?? 0, ...mineRows.map((i) => i.createdAt)),
      publishedAt: listed ? createdAt : null,
      submittedAt: listed ? null : now - 2 * DAY_MS,
      reviewNote: t.reviewNote ?? null,
      settledAt,
      closedEarlyAt,
      settledCents: settledAt === null ? null : committedCents,
      settledShares: settledAt === null ? null : committedShares,
      settledInvestors: settledAt === null ? null : new Set(mineRows.map((i) => i.investorId)).size,
      markCents: null,
      markEventId: null,
      markedOn: null,
      conversionPriceCents: null,
      exitedAt: null,
      launchAt: t.launchDays !== undefined ? dayStart + t.launchDays * DAY_MS : null,
      reservedCents: 0,
      reservationCount: 0,
      trendScore: 0,
      trendDay: null,
      lastUpdateAt: null,
      updateRemindedAt: null,
      threadCount: 0,
    });
  }

  const seeds = new Map(
    [...SEEDS, ...HISTORY_SEEDS, ...REVIEW_SEEDS, ...COMING_SOON_SEEDS].map((seed) => [`proj-${seed.slug}`, seed]),
  );
  // StudyNest's reservations (ADR 055), and its kept total and count summed from them.
  const reservations = DEMO_RESERVATIONS.map(([userId, dollars], i) => ({
    id: `resv-studynest-${i + 1}`,
    projectId: "proj-studynest",
    userId,
    amountCents: dollars * 100,
    status: "active" as const,
    createdAt: now - (5 - i) * DAY_MS,
    updatedAt: now - (5 - i) * DAY_MS,
    canceledAt: null,
    lapsesAt: null,
    confirmedAt: null,
    investmentId: null,
  }));
  const soon = projects.find((p) => p.id === "proj-studynest")!;
  soon.reservedCents = reservations.reduce((n, r) => n + r.amountCents, 0);
  soon.reservationCount = reservations.length;
  const events = buildEvents(dayStart, projects, investments, seeds);
  // Each company's mark once its events are applied (the exchange's prices move around it).
  const marks = new Map<string, number | null>(events.map((e) => [e.projectId, e.markCents]));
  const conversation = buildConversation(now, users, projects, investments, seeds, events);
  const activityDays = trendOf(isoDay(now), projects, investments, conversation.follows);
  const discussion = discussionOf(conversation.questions, conversation.follows, projects, users, now, DEMO_ADMIN_ID);
  return {
    users,
    // The kept thread counts of the Discussion (visible roots).
    projects: projects.map((p) => ({ ...p, threadCount: discussion.threadCounts.get(p.id) ?? 0 })),
    investments,
    activityDays,
    ...conversation,
    posts: discussion.posts,
    votes: discussion.votes,
    events,
    reservations,
    ...buildMarketDemo(now, projects, investments, users, marks, DEMO_INVESTOR_ID),
    // The demo admin signs in with a second step (ADR 054): its authenticator secret is in the README.
    factors: [{ userId: DEMO_ADMIN_ID, secret: DEMO_ADMIN_TOTP_SECRET, createdAt: now, confirmedAt: now, lastStep: 0 }],
    ...buildModerationDemo(now),
    ...buildPerks(now, projects, investments),
  };
}

/**
 * The Trending rail's kept figures (ADR 055) as the app would have written them: each project's
 * activity days of the last week and its score for `today` (written on `projects`, in place).
 */
function trendOf(
  today: string,
  projects: ProjectRow[],
  investments: readonly InvestmentRow[],
  follows: readonly FollowRow[],
): ActivityDayRow[] {
  const out: ActivityDayRow[] = [];
  for (const p of projects) {
    const days = activityDaysOf(
      investments.filter((i) => i.projectId === p.id),
      follows.filter((f) => f.projectId === p.id),
      today,
    );
    p.trendScore = trendScore(days, today);
    p.trendDay = days.length ? today : null;
    for (const d of days) out.push({ projectId: p.id, ...d });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// company events (ADR 052): what the funded companies became

/** The held shares of each investor of a project (what an event marks and pays). */
function holdingsOf(projectId: string, investments: readonly InvestmentRow[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const i of investments) {
    if (i.projectId !== projectId || (i.status !== "active" && i.status !== "confirmed")) continue;
    held.set(i.investorId, (held.get(i.investorId) ?? 0) + i.shares);
  }
  return held;
}

/** The state `markAfter` starts from: the raise's terms, at cost (worker/services/money/valuations.ts `stateOf`). */
function raiseState(p: ProjectRow): MarkState {
  return {
    regulationType: p.regulationType,
    sharePriceCents: p.sharePriceCents,
    capCents: p.valuationCents ?? Math.round((p.fundingGoalCents * 100) / Math.max(p.equityPercentage, 0.0001)),
    markCents: null,
    conversionPriceCents: null,
  };
}

/** Where a company event's evidence points: the company's own committed PDFs (a seed's; the form takes uploads only). */
function evidenceFor(slug: string, kind: EventKind): string {
  if (kind === "write_down" || kind === "write_up") return "";
  return demoDocumentUrl(slug, kind === "round" ? "investor-deck" : "financial-projections");
}

/**
 * The HISTORY_SEEDS companies' events as the product leaves them once applied: approved by the demo
 * admin, marked by `markAfter` from the company's previous mark. A founder reports an event the day
 * after it and an admin approves it the next morning; the admin records a founderless company's
 * events (and every write-down) two days after. Each is applied as it is approved (`applied_at`).
 */
function buildEvents(
  dayStart: number,
  projects: readonly ProjectRow[],
  investments: readonly InvestmentRow[],
  seeds: Map<string, ProjectSeed>,
): ValuationEventRow[] {
  const events: ValuationEventRow[] = [];
  for (const p of projects) {
    const history = seeds.get(p.id)?.history ?? [];
    let state = raiseState(p);
    const holders = holdingsOf(p.id, investments).size;
    history.forEach((h, n) => {
      const day = dayStart - h.daysAgo * DAY_MS;
      const priceCents = toCents(h.price);
      const preMoneyCents = h.kind === "round" ? toCents(h.preMoney ?? 0) : null;
      const change = markAfter(state, { kind: h.kind, priceCents, preMoneyCents });
      const reporter = p.founderId && FOUNDER_EVENT_KINDS.includes(h.kind) ? p.founderId : DEMO_ADMIN_ID;
      const createdAt = day + (reporter === DEMO_ADMIN_ID ? 2 * DAY_MS + 14 * HOUR_MS : DAY_MS + 15 * HOUR_MS);
      const reviewedAt = reporter === DEMO_ADMIN_ID ? createdAt : createdAt + 19 * HOUR_MS;
      events.push({
        id: `evt-${p.slug}-${n + 1}`,
        projectId: p.id,
        kind: h.kind,
        status: "approved",
        effectiveOn: isoDay(day),
        priceCents,
        preMoneyCents,
        roundName: h.kind === "round" ? (h.roundName ?? "") : "",
        statement: h.statement,
        evidence: evidenceFor(p.slug, h.kind),
        reportedBy: reporter,
        markCents: change.markCents,
        proceedsPerShareCents: change.proceedsPerShareCents,
        conversionPriceCents: change.conversionPriceCents,
        holders,
        reviewNote: null,
        reviewerId: DEMO_ADMIN_ID,
        createdAt,
        reviewedAt,
        appliedAt: reviewedAt,
      });
      state = { ...state, markCents: change.markCents, conversionPriceCents: change.conversionPriceCents };
    });
  }
  return events.sort((a, b) => a.reviewedAt! - b.reviewedAt! || (a.id < b.id ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// the conversation (ADR 022): followers, founder updates, questions and the notifications they sent

/** How many days earlier than planned a raise closed early (its investors bought before, with the planned deadline). */
const EARLY_CLOSE_DAYS = 30;

/** Projects the demo investor follows without holding shares (the watchlist). */
const DEMO_INVESTOR_WATCHLIST = ["gridshift", "mindmate", "rootstack"];
/** Questions the demo investor asked: answered on LabLink, still open on SunDorm. */
const DEMO_INVESTOR_QUESTIONS: Record<string, "answered" | "open"> = { lablink: "answered", sundorm: "open" };

const LETTER_TITLES = [
  "Investor letter: where the round stands",
  "For our investors: spending plan and runway",
  "Investor update: the numbers so far",
  "A note for investors before the next milestone",
];

type QuestionTemplate = (seed: ProjectSeed, uni: University) => [string, string];

/** Questions investors ask, each with the founder's answer from the project's own figures. */
const ANSWERED: QuestionTemplate[] = [
  (seed) => {
    const [, , , burn, breakEven, runway] = seed.financials;
    return [
      "How will you spend the money if the round fills?",
      `We will ${seed.useOfFunds}. At about ${usd(toCents(burn))} a month that gives us ${runway} of runway, and we expect to break even by ${lowerFirst(breakEven)}.`,
    ];
  },
  (seed) => [
    "Who else is trying to solve this, and why will you win?",
    `${seed.competition} Our approach is different: ${lowerFirst(seed.solution)}`,
  ],
  (seed) => {
    const [y1, y2, y3] = seed.financials;
    return [
      "What revenue do you expect over the next three years?",
      `Our plan is ${usd(toCents(y1))} in year one, ${usd(toCents(y2))} in year two and ${usd(toCents(y3))} in year three. ${seed.businessModel}`,
    ];
  },
  (seed) => [
    "What traction do you have so far?",
    `Today: ${listOf(seed.traction.map(([metric, value]) => `${lowerFirst(metric)} ${value}`))}. We post every milestone in Updates.`,
  ],
  (seed, uni) => {
    const next = seed.roadmap.find(([m]) => m > 0);
    return [
      "Will the team keep working on this after graduation?",
      `Yes. ${seed.teamDescription} We are staying in ${uni.location}${next ? `, and the next milestone is ${lowerFirst(next[1])}` : ""}.`,
    ];
  },
];

/** Questions still waiting for the founder. */
const OPEN: ((seed: ProjectSeed, uni: University) => string)[] = [
  (seed) => `Do you have paying customers for ${seed.title} yet, or letters of intent?`,
  () => "What happens to my shares if you raise a larger round later?",
  (_seed, uni) => `Could this work outside ${uni.location}? Which campus would you go to next?`,
  (seed) => `Which of the ${seed.roadmap.length} roadmap milestones worries you most?`,
];

/** formatPrice of domain/shared/format.ts. */
const price = (cents: number) =>
  (cents / 100).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  });
/** publicInvestorName of worker/services/projects/projects.ts. */
const publicName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${Array.from(u.lastName)[0]}.`;

/**
 * Followers, updates and questions on every listed project, and the notifications the app would
 * have sent for them (investors and followers hear of updates, askers of answers, the demo
 * founder of questions and investments, investors and followers of a sold-out goal). Ids depend
 * on the data only; times are relative to `now` and never after it.
 */
function buildConversation(
  now: number,
  users: DemoData["users"],
  projects: ProjectRow[],
  investments: InvestmentRow[],
  seeds: Map<string, ProjectSeed>,
  events: readonly ValuationEventRow[],
): Pick<DemoData, "follows" | "updates" | "questions" | "notifications"> {
  const joined = new Map(users.map((u) => [u.id, u.createdAt]));
  const byId = new Map(users.map((u) => [u.id, u]));
  const follows: FollowRow[] = [];
  const updates: UpdateRow[] = [];
  const questions: QuestionRow[] = [];
  const sent: (Omit<NotificationRow, "id" | "readAt"> & { idKey: string })[] = [];
  const end = now - 2 * HOUR_MS;

  for (const p of projects) {
    if (p.publishedAt === null) continue;
    const seed = seeds.get(p.id)!;
    const uni = UNIVERSITIES[seed.uni];
    const rand = rng(`${seed.slug}:conversation`);
    // A company's events (ADR 052); after an exit nobody follows, asks or posts any more.
    const history = events.filter((e) => e.projectId === p.id);
    const exit = history.find((e) => isExit(e.kind));
    const close = Math.min(end, exit?.reviewedAt ?? Infinity);
    const start = Math.min(p.createdAt + HOUR_MS, close);
    const at = (from: number, to: number) =>
      Math.round(Math.max(start, from) + rand() * Math.max(0, Math.min(close, to) - Math.max(start, from)));
    const invs = investments.filter((i) => i.projectId === p.id).sort((a, b) => a.createdAt - b.createdAt);
    const investorSince = new Map<string, number>();
    for (const i of invs) if (!investorSince.has(i.investorId)) investorSince.set(i.investorId, i.createdAt);

    // --- followers: about half the investors (the demo investor always), a few others
    const followerSince = new Map<string, number>();
    const follow = (userId: string, time: number) => {
      if (followerSince.has(userId)) return;
      const t = Math.min(close, Math.max(time, (joined.get(userId) ?? 0) + HOUR_MS, start));
      followerSince.set(userId, t);
      follows.push({ userId, projectId: p.id, createdAt: t });
    };
    for (const [investorId, since] of investorSince) {
      if (investorId === DEMO_INVESTOR_ID || rand() < 0.5) follow(investorId, since + HOUR_MS);
    }
    if (DEMO_INVESTOR_WATCHLIST.includes(seed.slug)) follow(DEMO_INVESTOR_ID, at(now - 60 * DAY_MS, now - 20 * DAY_MS));
    // (people who joined before the company closed: everyone, but for a company that exited)
    const joinedBefore = (id: string) => (joined.get(id) ?? 0) + HOUR_MS < close;
    const others = [...MEMBER_IDS, ...BACKER_IDS].filter((id) => !investorSince.has(id) && joinedBefore(id));
    const wanted = Math.min(
      others.length,
      2 + Math.floor(rand() * 9) + (seed.featured ? 5 : 0) + Math.round((p.sharesSold / p.totalShares) * 6),
    );
    for (let i = 0; i < wanted; i++) {
      const [id] = others.splice(Math.floor(rand() * others.length), 1);
      follow(id!, at(start, close));
    }

    // --- updates: launch, the milestones reached, a letter for investors, how the round ended
    const author = p.founderId;
    const drafts: { title: string; body: string; investorsOnly: boolean; time: number }[] = [];
    drafts.push({
      title: `${seed.title} is live on CampusFund`,
      body: `Today we opened our ${p.regulationType} round: ${p.totalShares.toLocaleString("en-US")} shares at ${usd(p.sharePriceCents)} each, ${p.equityPercentage}% of ${seed.title} in all. ${seed.about.at(-1)}\n\nWe will post our progress here. Follow the project to hear about it first, and ask us anything under Questions.`,
      investorsOnly: false,
      time: start,
    });
    const upcoming = seed.roadmap.filter(([m]) => m > 0);
    seed.roadmap
      .filter(([m]) => m <= 0)
      .slice(-2)
      .forEach(([m, milestone], i) => {
        const [metric, value] = seed.traction[i % seed.traction.length]!;
        const [nextMonths, nextMilestone] = upcoming[0] ?? [];
        drafts.push({
          title: `Milestone reached: ${milestone}`,
          body: `${milestone}: done. ${metric} now stands at ${value}.${nextMilestone ? `\n\nNext up: ${lowerFirst(nextMilestone)}, planned in about ${nextMonths} month${nextMonths === 1 ? "" : "s"}.` : ""}\n\nThank you for backing us and for the questions: keep them coming.`,
          investorsOnly: false,
          time: Math.max(start + (i + 1) * 3 * DAY_MS, now + m * 30 * DAY_MS - 5 * DAY_MS),
        });
      });
    const letterAt = at(now - 25 * DAY_MS, now - 4 * DAY_MS);
    const before = invs.filter((i) => i.createdAt < letterAt);
    // (a company long past its raise writes about its events instead: below)
    if (before.length >= 1 && !history.length) {
      const [, , , burn, breakEven, runway] = seed.financials;
      const raised = before.reduce((a, i) => a + i.amountCents, 0);
      drafts.push({
        title: LETTER_TITLES[Math.floor(rand() * LETTER_TITLES.length)]!,
        body: `To everyone who invested in ${seed.title}: thank you. ${new Set(before.map((i) => i.investorId)).size} investors had bought ${before.reduce((a, i) => a + i.shares, 0).toLocaleString("en-US")} shares by this letter, ${usd(raised)} of our ${usd(p.fundingGoalCents)} goal.\n\nThe plan has not changed: we will ${seed.useOfFunds}. We spend about ${usd(toCents(burn))} a month, expect to break even by ${lowerFirst(breakEven)}, and a full round gives us ${runway} of runway.\n\nThis letter is for investors only; we will share the public numbers in our next update.`,
        investorsOnly: true,
        time: letterAt,
      });
    }
    const last = invs.at(-1);
    if (p.sharesSold === p.totalShares && last) {
      drafts.push({
        title: "Sold out: thank you",
        body: `Every one of our ${p.totalShares.toLocaleString("en-US")} shares has been sold, ${usd(p.fundingGoalCents)} in all. We now ${seed.useOfFunds}; investors will get a letter each quarter.`,
        investorsOnly: false,
        time: last.createdAt + 3 * HOUR_MS,
      });
    } else if (Date.parse(`${p.fundingDeadline}T00:00:00Z`) < now) {
      drafts.push({
        title: "Our round has closed",
        body: `The funding deadline has passed with ${usd(p.fundingCurrentCents)} raised of our ${usd(p.fundingGoalCents)} goal. Thank you to every investor: we will ${seed.useOfFunds} with what we raised, and report back here.`,
        investorsOnly: false,
        time: Date.parse(`${p.fundingDeadline}T00:00:00Z`) + 10 * HOUR_MS,
      });
    }
    // The company's news of the events it reported (or the admin recorded from its documents): the
    // day after, before the review; a write-down is the platform's, told by its notice alone.
    for (const e of history.filter((x) => x.kind !== "write_down" && x.kind !== "write_up")) {
      const titles: Record<string, string> = {
        round: `We closed our ${e.roundName ? `${lowerFirst(e.roundName)} round` : "next round"}`,
        acquisition: `${seed.title} is being acquired`,
        shutdown: `${seed.title} is winding down`,
      };
      drafts.push({
        title: titles[e.kind]!,
        body: `${e.statement}\n\nYour holding on CampusFund follows once the platform has reviewed the event: you will get a notice when it does.`,
        investorsOnly: false,
        time: Date.parse(`${e.effectiveOn}T00:00:00Z`) + DAY_MS + 9 * HOUR_MS,
      });
    }
    drafts
      .map((d) => ({ ...d, time: Math.min(close, d.time) }))
      .sort((a, b) => a.time - b.time)
      .forEach((d, i) => {
        const id = `upd-${seed.slug}-${i + 1}`;
        updates.push({
          id,
          projectId: p.id,
          authorId: author,
          title: d.title,
          body: d.body,
          investorsOnly: d.investorsOnly,
          hidden: false,
          createdAt: d.time,
          updatedAt: d.time,
        });
        const readers = new Set([...investorSince].filter(([, since]) => since <= d.time).map(([userId]) => userId));
        if (!d.investorsOnly) {
          for (const [userId, since] of followerSince) if (since <= d.time) readers.add(userId);
        }
        for (const userId of readers) {
          if (userId === author) continue;
          sent.push({
            idKey: `update:${id}`,
            userId,
            kind: "update",
            eventKey: `update:${id}`,
            projectId: p.id,
            text: `${quoted(seed.title)} posted an update: ${quoted(d.title)}`,
            link: `/project/${p.slug}?tab=updates#update-${id}`,
            createdAt: d.time,
          });
        }
      });

    // --- questions: some answered from the project's figures, some still open
    const mine = DEMO_INVESTOR_QUESTIONS[seed.slug];
    const count = author ? 4 : p.createdAt > now - 7 * DAY_MS ? 0 : 1 + Math.floor(rand() * 3);
    const askers = [...MEMBER_IDS, ...BACKER_IDS].filter(joinedBefore);
    const answered = [...ANSWERED];
    const open = [...OPEN];
    for (let i = 0; i < count; i++) {
      const asker = i === 0 && mine ? DEMO_INVESTOR_ID : askers.splice(Math.floor(rand() * askers.length), 1)[0]!;
      const isOpen = (i === 0 && mine === "open") || (author ? i >= 2 : i === count - 1 && count > 1 && rand() < 0.5);
      const id = `q-${seed.slug}-${i + 1}`;
      // The demo people's own questions are recent, so their answers wait unread in the bell.
      const asked =
        (author && isOpen) || asker === DEMO_INVESTOR_ID
          ? at(now - 4 * DAY_MS, now - 3 * DAY_MS)
          : at(Math.max(start, (joined.get(asker) ?? 0) + HOUR_MS), now - 5 * DAY_MS);
      if (isOpen) {
        const question = open.splice(Math.floor(rand() * open.length), 1)[0]!(seed, uni);
        questions.push({
          id,
          projectId: p.id,
          askerId: asker,
          question,
          answer: null,
          answeredAt: null,
          hidden: false,
          createdAt: asked,
        });
      } else {
        const [question, answer] = answered.splice(Math.floor(rand() * answered.length), 1)[0]!(seed, uni);
        const answeredAt = Math.min(close, asked + (3 + Math.floor(rand() * 60)) * HOUR_MS);
        questions.push({
          id,
          projectId: p.id,
          askerId: asker,
          question,
          answer,
          answeredAt,
          hidden: false,
          createdAt: asked,
        });
        sent.push({
          idKey: `answer:${id}`,
          userId: asker,
          kind: "answer",
          eventKey: `answer:${id}`,
          projectId: p.id,
          text: `${quoted(seed.title)} answered your question`,
          link: `/project/${p.slug}?tab=discussion#post-${id}-answer`,
          createdAt: answeredAt,
        });
      }
      if (author) {
        sent.push({
          idKey: `question:${id}`,
          userId: author,
          kind: "question",
          eventKey: `question:${id}`,
          projectId: p.id,
          text: `New question on ${quoted(seed.title)}: ${quoted(questions.at(-1)!.question)}`,
          link: `/project/${p.slug}?tab=discussion#post-${id}`,
          createdAt: asked,
        });
      }
    }

    // --- the founder hears of investments (one line per investor and day); everyone of a sold-out goal
    if (author) {
      for (const i of invs) {
        const investor = byId.get(i.investorId)!;
        sent.push({
          idKey: `investment:${i.id}`,
          userId: author,
          kind: "investment",
          eventKey: `investment:${p.id}:${i.investorId}:${isoDay(i.createdAt)}`,
          projectId: p.id,
          text: `${quoted(publicName(investor))} invested ${price(i.amountCents)} in ${quoted(seed.title)}`,
          link: "/founder-dashboard",
          createdAt: i.createdAt,
        });
      }
    }
    if (p.sharesSold === p.totalShares && last) {
      const told = new Set([
        ...investorSince.keys(),
        ...[...followerSince].filter(([, t]) => t <= last.createdAt).map(([u]) => u),
      ]);
      told.delete(last.investorId);
      for (const userId of told) {
        sent.push({
          idKey: `goal:${p.id}`,
          userId,
          kind: "goal",
          eventKey: `goal:${p.id}`,
          projectId: p.id,
          text: `${quoted(seed.title)} reached its funding goal`,
          link: `/project/${p.slug}`,
          createdAt: last.createdAt,
        });
      }
    }

    // --- what the purchases, an early close and the settlement told (ADR 043), in the app's words
    for (const i of invs) {
      sent.push({
        idKey: `commitment:${i.id}`,
        userId: i.investorId,
        kind: "commitment",
        eventKey: `commitment:${i.id}`,
        projectId: p.id,
        text: NOTIFICATION_TEXT.commitment(
          seed.title,
          i.amountCents / 100,
          i.shares,
          i.sharePriceCents / 100,
          cancelDeadline(
            p.closedEarlyAt === null
              ? p.fundingDeadline
              : isoDay(Date.parse(p.fundingDeadline) + EARLY_CLOSE_DAYS * DAY_MS),
          ),
        ),
        link: `/portfolio/investments/${i.id}/receipt`,
        createdAt: i.createdAt,
      });
    }
    if (p.closedEarlyAt !== null) {
      for (const userId of investorSince.keys()) {
        sent.push({
          idKey: `deadline:${p.id}`,
          userId,
          kind: "deadline",
          eventKey: `deadline:${p.id}:${p.fundingDeadline}`,
          projectId: p.id,
          text: NOTIFICATION_TEXT.earlyClose(seed.title, p.fundingDeadline, cancelDeadline(p.fundingDeadline)),
          link: "/portfolio",
          createdAt: p.closedEarlyAt,
        });
      }
    }
    if (p.settledAt !== null) {
      for (const i of invs) {
        sent.push({
          idKey: `settled:${i.id}`,
          userId: i.investorId,
          kind: "settlement",
          eventKey: `settled:${i.id}`,
          projectId: p.id,
          text: NOTIFICATION_TEXT[i.status === "confirmed" ? "confirmed" : "returned"](
            seed.title,
            i.amountCents / 100,
            i.shares,
            i.sharePriceCents / 100,
          ),
          link: `/portfolio/investments/${i.id}`,
          createdAt: p.settledAt,
        });
      }
      if (author) {
        sent.push({
          idKey: `outcome:${p.id}`,
          userId: author,
          kind: "settlement",
          eventKey: `outcome:${p.id}`,
          projectId: p.id,
          text: NOTIFICATION_TEXT.outcome(
            seed.title,
            p.status === "funded" ? "funded" : "closed",
            (p.settledCents ?? 0) / 100,
            p.settledInvestors ?? 0,
          ),
          link: "/founder-dashboard",
          createdAt: p.settledAt,
        });
      }
    }

    // --- the company's events (ADR 052), in the app's words: every holder as the event is applied
    // (worker/services/money/valuations.ts applyEvent), the founder as their report is approved
    const held = holdingsOf(p.id, investments);
    for (const e of history) {
      for (const [userId, shares] of held) {
        sent.push({
          idKey: `valuation:${e.id}`,
          userId,
          kind: "valuation",
          eventKey: `valuation:${e.id}`,
          projectId: p.id,
          text: NOTIFICATION_TEXT.valuation(
            e.kind,
            seed.title,
            shares,
            (e.markCents ?? 0) / 100,
            (e.proceedsPerShareCents ?? 0) / 100,
          ),
          link: "/portfolio",
          createdAt: e.appliedAt!,
        });
      }
      if (author && e.reportedBy === author) {
        sent.push({
          idKey: `event:${e.id}`,
          userId: author,
          kind: "review",
          eventKey: `event:${e.id}`,
          projectId: p.id,
          text: `Your report of ${EVENT_KIND_LABEL[e.kind].toLowerCase()} for ${seed.title} was approved: every holder's value follows it`,
          link: "/founder-dashboard#company-events",
          createdAt: e.reviewedAt!,
        });
      }
    }
  }

  // Each user has read all but the newest few (at most four, from the last three weeks).
  const unread = new Set<(typeof sent)[number]>();
  const perUser = new Map<string, typeof sent>();
  for (const n of sent) perUser.set(n.userId, [...(perUser.get(n.userId) ?? []), n]);
  for (const list of perUser.values()) {
    list
      .filter((n) => n.createdAt > now - 21 * DAY_MS)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, 4)
      .forEach((n) => unread.add(n));
  }
  // One notification per user and event, as the unique index (user_id, event_key) keeps it.
  const seen = new Set<string>();
  const notificationRows: NotificationRow[] = [];
  for (const n of sent.sort((a, b) => a.createdAt - b.createdAt)) {
    const { idKey, ...row } = n;
    if (seen.has(`${n.userId}|${n.eventKey}`)) continue;
    seen.add(`${n.userId}|${n.eventKey}`);
    notificationRows.push({
      ...row,
      id: `ntf-${hashString(`${n.userId}|${idKey}`).toString(36)}${hashString(`${idKey}|${n.userId}`).toString(36)}`,
      readAt: unread.has(n) ? null : Math.min(now, n.createdAt + 3 * HOUR_MS),
    });
  }
  return { follows, updates, questions, notifications: notificationRows };
}

/**
 * The promises the demo makes, checked before anything is written: an empty list means the data
 * is consistent. `scripts/seed.mjs` refuses to seed otherwise.
 */
export function validateDemoData(data: DemoData, today: Date, sectorIds: readonly string[]): string[] {
  const problems: string[] = [];
  const todayIso = isoDay(today.getTime());
  const byProject = new Map<string, InvestmentRow[]>();
  for (const inv of data.investments) {
    byProject.set(inv.projectId, [...(byProject.get(inv.projectId) ?? []), inv]);
  }
  const ids = new Set<string>();
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };

  for (const u of data.users) {
    check(u.email === u.email.trim().toLowerCase(), `${u.id}: email not lower case`);
    check(u.birthDate <= isoDay(today.getTime() - 21 * 365.25 * DAY_MS), `${u.id}: too young`);
  }
  check(new Set(data.users.map((u) => u.email)).size === data.users.length, "duplicate user emails");

  for (const p of data.projects) {
    const all = byProject.get(p.id) ?? [];
    // What the project's figures count: the held investments (DESIGN §3, ADR 043).
    const invs = all.filter((i) => i.status === "active" || i.status === "confirmed");
    check(!ids.has(p.id), `${p.id}: duplicate id`);
    ids.add(p.id);
    check(p.fundingGoalCents === p.totalShares * p.sharePriceCents, `${p.id}: goal != shares × price`);
    check(p.fundingGoalCents >= 500_000, `${p.id}: goal below $5,000`);
    check(p.minInvestmentCents >= 10_000, `${p.id}: minimum below $100`);
    check(p.sharePriceCents > 0 && Number.isInteger(p.sharePriceCents), `${p.id}: bad share price`);
    check(p.equityPercentage > 0 && p.equityPercentage <= 100, `${p.id}: equity out of range`);
    check(p.projectDuration >= 3, `${p.id}: duration below 3 months`);
    check(p.shortDescription.length <= 150, `${p.id}: short description over 150 chars`);
    check((p.returnRate ?? 0) >= 0 && (p.returnRate ?? 0) <= 100, `${p.id}: return rate out of range`);
    check(p.sharesSold >= 0 && p.sharesSold <= p.totalShares, `${p.id}: shares sold out of range`);
    check(p.sharesSold === invs.reduce((a, i) => a + i.shares, 0), `${p.id}: shares sold != Σ investments`);
    check(p.fundingCurrentCents === invs.reduce((a, i) => a + i.amountCents, 0), `${p.id}: funding != Σ investments`);
    // A raise past its deadline is settled as the app settles it: funded with every investment
    // confirmed, or closed with every one returned and its figures recorded; one still running
    // has neither (ADR 043).
    const ended = p.publishedAt !== null && p.fundingDeadline <= todayIso;
    const outcome = p.fundingCurrentCents >= p.fundingGoalCents ? "funded" : "closed";
    const settledAs = p.status === "funded" ? "confirmed" : "returned";
    check(!ended || (p.status === outcome && p.settledAt !== null), `${p.id}: ended but not settled as ${outcome}`);
    check(ended || (p.settledAt === null && p.settledCents === null), `${p.id}: settled before its deadline`);
    check(
      all.every((i) => i.status === (ended ? settledAs : "active") && (i.settledAt !== null) === ended),
      `${p.id}: an investment's status disagrees with its raise`,
    );
    check(
      !ended ||
        (p.settledCents === all.reduce((a, i) => a + i.amountCents, 0) &&
          p.settledShares === all.reduce((a, i) => a + i.shares, 0) &&
          p.settledInvestors === new Set(all.map((i) => i.investorId)).size),
      `${p.id}: settled figures differ from its investments`,
    );
    check(
      p.closedEarlyAt === null || (p.sharesSold === p.totalShares && p.closedEarlyAt < Date.parse(p.fundingDeadline)),
      `${p.id}: closed early without its goal`,
    );
    check(p.sector === p.sector.toLowerCase() && sectorIds.includes(p.sector), `${p.id}: unknown sector ${p.sector}`);
    for (const i of all) {
      check(i.sharePriceCents === p.sharePriceCents, `${i.id}: price differs from the project's`);
      check(i.amountCents === i.shares * i.sharePriceCents, `${i.id}: amount != shares × price`);
      check(i.amountCents >= p.minInvestmentCents, `${i.id}: below the project's minimum`);
      check(i.shares >= 1 && Number.isInteger(i.shares), `${i.id}: bad share count`);
      check(isoDay(i.createdAt) < p.fundingDeadline, `${i.id}: after the deadline`);
    }
  }
  check(new Set(data.projects.map((p) => p.slug)).size === data.projects.length, "duplicate slugs");
  check(new Set(data.investments.map((i) => i.id)).size === data.investments.length, "duplicate investment ids");
  check(data.projects.length >= 32, "fewer than 32 projects");
  for (const s of sectorIds) {
    check(data.projects.filter((p) => p.sector === s).length >= 3, `sector ${s} has fewer than 3 projects`);
  }
  check(new Set(data.projects.map((p) => p.universityName)).size >= 10, "fewer than 10 universities");

  const open = (p: ProjectRow) => p.status === "active" && p.fundingDeadline > todayIso && p.sharesSold < p.totalShares;
  check(data.projects.filter((p) => p.sharesSold === p.totalShares).length >= 2, "fewer than 2 sold out");
  check(
    data.projects.filter((p) => open(p) && p.sharesSold >= 0.95 * p.totalShares).length >= 3,
    "fewer than 3 nearly sold out",
  );
  check(data.projects.filter((p) => p.fundingDeadline < todayIso).length >= 2, "fewer than 2 past the deadline");
  // Every state a raise can be in (ADR 043), for a visitor and for the demo investor.
  const states = ["funded", "closed"].map((s) => data.projects.find((p) => p.status === s));
  const early = data.projects.find((p) => p.closedEarlyAt !== null && p.status === "active");
  check(states.every(Boolean) && !!early, "the demo needs a funded, a closed and a closed-early raise");
  const mine = (p: ProjectRow | undefined) =>
    data.investments.find((i) => i.investorId === DEMO_INVESTOR_ID && i.projectId === p?.id)?.status;
  check(
    mine(states[0]) === "confirmed" && mine(states[1]) === "returned" && mine(early) === "active",
    "the demo investor needs a confirmed, a returned and a closed-early investment",
  );

  const founderIds = data.projects.flatMap((p) => (p.founderId ? [p.founderId] : []));
  check(new Set(founderIds).size === founderIds.length, "a founder owns more than one project");
  check(
    founderIds.every((id) => data.users.find((u) => u.id === id)?.role === "founder"),
    "a project's founder is not a founder account",
  );
  const founded = data.projects.filter((p) => p.founderId === DEMO_FOUNDER_ID);
  check(founded.length === 1 && !!founded[0] && open(founded[0]), "the demo founder must own exactly one open project");
  const unlisted = data.projects.filter((p) => p.status === "in_review" || p.status === "draft");
  check(
    unlisted.some((p) => p.status === "in_review") && unlisted.some((p) => p.status === "draft" && !!p.reviewNote),
    "the review queue needs one project in review and one with changes requested",
  );
  for (const p of unlisted) {
    check(
      p.sharesSold === 0 && p.publishedAt === null && p.slug === p.id,
      `${p.id}: unlisted but sold, published or slugged`,
    );
  }
  const holdings = data.investments.filter((i) => i.investorId === DEMO_INVESTOR_ID && i.status !== "returned");
  const sectors = new Set(holdings.map((i) => data.projects.find((p) => p.id === i.projectId)?.sector));
  check(holdings.length >= 4 && sectors.size >= 3, "the demo investor needs 4+ holdings in 3+ sectors");
  problems.push(...validateEvents(data, today.getTime()));
  problems.push(...validateConversation(data, today.getTime()));
  return problems;
}

/**
 * The company events' promises (ADR 052): each one an event the product would have taken and
 * approved (a funded company, after its raise settled, never in the future, after the company's
 * previous event and never after its exit, reported by whom the product lets report it), marked as
 * `markAfter` marks it; and between them, every kind of outcome the demo investor should see.
 */
function validateEvents(data: DemoData, now: number): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const todayIso = isoDay(now);
  const projects = new Map(data.projects.map((p) => [p.id, p]));
  const users = new Map(data.users.map((u) => [u.id, u]));
  const state = new Map<string, MarkState>();
  const latest = new Map<string, ValuationEventRow>();
  /** Each event's mark before it: the company's previous mark, or its raise price. */
  const markBefore = new Map<string, number>();
  let appliedBefore = -Infinity;
  check(new Set(data.events.map((e) => e.id)).size === data.events.length, "duplicate event ids");
  for (const e of data.events) {
    const at = `event ${e.id}`;
    const p = projects.get(e.projectId);
    if (!p) {
      check(false, `${at}: no such project`);
      continue;
    }
    const prev = latest.get(p.id);
    const effectiveAt = Date.parse(`${e.effectiveOn}T00:00:00Z`);
    check(p.status === "funded" && p.settledAt !== null, `${at}: its raise was not funded`);
    check(p.settledAt !== null && e.effectiveOn > isoDay(p.settledAt), `${at}: not after its raise settled`);
    check(e.effectiveOn <= todayIso && (e.appliedAt ?? Infinity) <= now, `${at}: in the future`);
    check(!prev || !isExit(prev.kind), `${at}: after the company was acquired or shut down`);
    check(
      !prev || (e.effectiveOn > prev.effectiveOn && e.createdAt > (prev.appliedAt ?? Infinity)),
      `${at}: not after the company's previous event`,
    );
    check(
      e.status === "approved" && e.reviewerId === DEMO_ADMIN_ID && e.reviewNote === null,
      `${at}: not approved by the demo admin`,
    );
    check(
      effectiveAt < e.createdAt &&
        e.reviewedAt !== null &&
        e.createdAt <= e.reviewedAt &&
        e.appliedAt === e.reviewedAt &&
        e.appliedAt >= appliedBefore,
      `${at}: reported, reviewed or applied out of order`,
    );
    appliedBefore = e.appliedAt ?? Infinity;
    // A founder reports their company's round, acquisition or shutdown with its evidence; the admin
    // records the write-downs and write-ups, and whatever a company without a founder account did.
    const byFounder = p.founderId !== null && FOUNDER_EVENT_KINDS.includes(e.kind);
    check(e.reportedBy === (byFounder ? p.founderId : DEMO_ADMIN_ID), `${at}: not reported by whom it may be`);
    check(
      (users.get(e.reportedBy ?? "")?.createdAt ?? Infinity) <= e.createdAt &&
        (users.get(e.reviewerId ?? "")?.createdAt ?? Infinity) <= (e.reviewedAt ?? -Infinity),
      `${at}: reported or reviewed by someone who had not joined yet`,
    );
    check(
      FOUNDER_EVENT_KINDS.includes(e.kind) ? p.documents.some((d) => d.url === e.evidence) : e.evidence === "",
      `${at}: its evidence is not one of the company's documents`,
    );
    check(
      e.statement.trim().length >= 1 && [...e.statement].length <= 2_000 && [...e.roundName].length <= 60,
      `${at}: statement or round name length`,
    );
    check(
      (e.kind === "round") === (e.preMoneyCents !== null && e.preMoneyCents > 0) &&
        (e.kind === "round" || e.roundName === ""),
      `${at}: a round states its pre-money valuation (and only a round has a name)`,
    );
    check(
      Number.isInteger(e.priceCents) &&
        (e.priceCents > 0 || (e.priceCents === 0 && (e.kind === "shutdown" || e.kind === "write_down"))),
      `${at}: price per share`,
    );
    const before = state.get(p.id) ?? raiseState(p);
    const current = before.markCents ?? before.sharePriceCents;
    markBefore.set(e.id, current);
    check(e.kind !== "write_down" || e.priceCents < current, `${at}: a write-down not below the mark`);
    check(e.kind !== "write_up" || e.priceCents > current, `${at}: a write-up not above the mark`);
    const change = markAfter(before, { kind: e.kind, priceCents: e.priceCents, preMoneyCents: e.preMoneyCents });
    check(
      e.markCents === change.markCents &&
        e.proceedsPerShareCents === change.proceedsPerShareCents &&
        e.conversionPriceCents === change.conversionPriceCents,
      `${at}: its mark is not markAfter's`,
    );
    check(e.holders === holdingsOf(p.id, data.investments).size, `${at}: holders differ from the company's investors`);
    state.set(p.id, { ...before, markCents: change.markCents, conversionPriceCents: change.conversionPriceCents });
    latest.set(p.id, e);
  }

  // What the demo shows: every outcome, each in a company the demo investor holds.
  const holds = (e: ValuationEventRow) => holdingsOf(e.projectId, data.investments).has(DEMO_INVESTOR_ID);
  const safe = (e: ValuationEventRow) => projects.get(e.projectId)?.regulationType === "SAFE";
  const raisePrice = (e: ValuationEventRow) => projects.get(e.projectId)?.sharePriceCents ?? 0;
  const shows: Record<string, (e: ValuationEventRow) => boolean> = {
    "a priced round above the raise price": (e) => e.kind === "round" && !safe(e) && e.priceCents > raisePrice(e),
    "a down round": (e) => e.kind === "round" && e.priceCents < (markBefore.get(e.id) ?? 0),
    "an acquisition that paid its holders": (e) => e.kind === "acquisition" && (e.proceedsPerShareCents ?? 0) > 0,
    "a shutdown": (e) => e.kind === "shutdown" && e.markCents === 0,
    "a SAFE converted at a priced round": (e) => e.kind === "round" && safe(e) && e.conversionPriceCents !== null,
    "a write-down by CampusFund": (e) => e.kind === "write_down" && e.reportedBy === DEMO_ADMIN_ID,
  };
  for (const [what, is] of Object.entries(shows)) {
    check(
      data.events.some((e) => is(e) && holds(e)),
      `the demo investor needs a holding in a company with ${what}`,
    );
  }
  // Her IRR shows once her first money in is a year old (domain/money/returns.ts IRR_MIN_HOLDING_DAYS).
  check(
    data.investments.some(
      (i) => i.investorId === DEMO_INVESTOR_ID && i.status === "confirmed" && i.createdAt <= now - 400 * DAY_MS,
    ),
    "the demo investor needs a holding bought more than a year ago",
  );
  // A founder who can report the next event: a funded company, marked by the round they reported, not exited.
  const company = data.projects.filter((p) => p.founderId === DEMO_COMPANY_FOUNDER_ID);
  const last = company[0] ? latest.get(company[0].id) : undefined;
  check(
    company.length === 1 &&
      company[0]?.status === "funded" &&
      last?.reportedBy === DEMO_COMPANY_FOUNDER_ID &&
      !isExit(last.kind),
    "the company founder needs a funded company with an event they reported, and no exit",
  );
  return problems;
}

/** The conversation's promises: every row points at something real, in order, and told the right people. */
function validateConversation(data: DemoData, now: number): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const users = new Map(data.users.map((u) => [u.id, u]));
  const projects = new Map(data.projects.map((p) => [p.id, p]));
  const companyEvents = new Map(data.events.map((e) => [e.id, e]));
  /** When a company's holdings closed (an acquisition or a shutdown applied): nothing happens on it after. */
  const closedAt = new Map(
    data.events.filter((e) => isExit(e.kind)).map((e) => [e.projectId, e.appliedAt ?? Infinity]),
  );
  const open = (projectId: string, time: number) => time <= (closedAt.get(projectId) ?? Infinity);
  const listed = (id: string) => {
    const p = projects.get(id);
    return !!p && p.publishedAt !== null && p.status !== "draft" && p.status !== "in_review";
  };
  const investorsOf = (projectId: string) =>
    new Set(
      data.investments.filter((i) => i.projectId === projectId && i.status !== "cancelled").map((i) => i.investorId),
    );
  const followersOf = new Map<string, Set<string>>();

  const follows = new Set<string>();
  for (const f of data.follows) {
    const at = `follow ${f.userId} → ${f.projectId}`;
    check(!follows.has(`${f.userId}|${f.projectId}`), `${at}: duplicate`);
    follows.add(`${f.userId}|${f.projectId}`);
    followersOf.set(f.projectId, (followersOf.get(f.projectId) ?? new Set()).add(f.userId));
    check(listed(f.projectId) && open(f.projectId, f.createdAt), `${at}: not a listed project, or after its exit`);
    check(users.has(f.userId), `${at}: unknown user`);
    check(
      f.createdAt <= now &&
        f.createdAt >= (users.get(f.userId)?.createdAt ?? Infinity) &&
        f.createdAt >= (projects.get(f.projectId)?.createdAt ?? Infinity),
      `${at}: followed before the user or the project existed, or in the future`,
    );
  }

  const updates = new Map(data.updates.map((u) => [u.id, u]));
  check(updates.size === data.updates.length, "duplicate update ids");
  for (const u of data.updates) {
    const p = projects.get(u.projectId);
    check(listed(u.projectId), `${u.id}: not on a listed project`);
    check(Array.from(u.title).length >= 1 && Array.from(u.title).length <= 120, `${u.id}: title length`);
    check(Array.from(u.body).length >= 1 && Array.from(u.body).length <= 10_000, `${u.id}: body length`);
    check(u.authorId === (p?.founderId ?? null), `${u.id}: not written by the project's founder`);
    check(
      u.createdAt >= (p?.createdAt ?? Infinity) && u.createdAt <= now && open(u.projectId, u.createdAt),
      `${u.id}: outside the project's life`,
    );
    check(u.updatedAt === u.createdAt && !u.hidden, `${u.id}: edited or hidden`);
  }

  const questions = new Map(data.questions.map((q) => [q.id, q]));
  check(questions.size === data.questions.length, "duplicate question ids");
  for (const q of data.questions) {
    const p = projects.get(q.projectId);
    check(listed(q.projectId), `${q.id}: not on a listed project`);
    check(users.has(q.askerId) && q.askerId !== p?.founderId, `${q.id}: unknown asker or the founder's own`);
    check(q.question.length >= 1 && q.question.length <= 1000, `${q.id}: question length`);
    check((q.answer === null) === (q.answeredAt === null), `${q.id}: answer without a date or a date without one`);
    check(q.answer === null || (q.answer.length >= 1 && q.answer.length <= 5000), `${q.id}: answer length`);
    check(
      q.createdAt >= Math.max(p?.createdAt ?? Infinity, users.get(q.askerId)?.createdAt ?? Infinity) &&
        q.createdAt <= now &&
        (q.answeredAt === null || (q.answeredAt >= q.createdAt && q.answeredAt <= now)) &&
        open(q.projectId, q.answeredAt ?? q.createdAt),
      `${q.id}: asked or answered out of order, or after the company's exit`,
    );
  }

  const events = new Set<string>();
  check(new Set(data.notifications.map((n) => n.id)).size === data.notifications.length, "duplicate notification ids");
  for (const n of data.notifications) {
    const at = `notification ${n.eventKey} for ${n.userId}`;
    check(!events.has(`${n.userId}|${n.eventKey}`), `${at}: told twice`);
    events.add(`${n.userId}|${n.eventKey}`);
    check(users.has(n.userId), `${at}: unknown user`);
    check(n.createdAt <= now && (n.readAt === null || (n.readAt >= n.createdAt && n.readAt <= now)), `${at}: times`);
    const p = n.projectId ? projects.get(n.projectId) : undefined;
    const [kind, ref] = n.eventKey.split(":");
    const linkTo: Record<string, string> = {
      investment: "/founder-dashboard",
      commitment: `/portfolio/investments/${ref}/receipt`,
      settlement: kind === "outcome" ? "/founder-dashboard" : `/portfolio/investments/${ref}`,
      deadline: "/portfolio",
      valuation: "/portfolio",
      review: "/founder-dashboard#company-events",
    };
    check(
      !!p && n.link === (linkTo[n.kind] ?? n.link) && n.link.startsWith(linkTo[n.kind] ?? `/project/${p.slug}`),
      `${at}: link`,
    );
    const investment = data.investments.find((i) => i.id === ref);
    check(
      kind === n.kind ||
        (n.kind === "settlement" && (kind === "settled" || kind === "outcome")) ||
        (n.kind === "review" && kind === "event"),
      `${at}: kind`,
    );
    const audience = new Set([...investorsOf(n.projectId ?? ""), ...(followersOf.get(n.projectId ?? "") ?? [])]);
    if (n.kind === "update") {
      const u = updates.get(ref ?? "");
      check(
        !!u &&
          u.projectId === n.projectId &&
          n.userId !== u.authorId &&
          (u.investorsOnly ? investorsOf(u.projectId).has(n.userId) : audience.has(n.userId)),
        `${at}: no such update, or not for this reader`,
      );
    } else if (n.kind === "valuation") {
      // every holder of the company as the event was applied, in applyEvent's words
      const e = companyEvents.get(ref ?? "");
      const shares = holdingsOf(n.projectId ?? "", data.investments).get(n.userId) ?? 0;
      check(
        !!e &&
          !!p &&
          e.projectId === p.id &&
          n.createdAt === e.appliedAt &&
          shares > 0 &&
          n.text ===
            NOTIFICATION_TEXT.valuation(
              e.kind,
              p.title,
              shares,
              (e.markCents ?? 0) / 100,
              (e.proceedsPerShareCents ?? 0) / 100,
            ),
        `${at}: not a holder of the event's company, or not its words`,
      );
    } else if (n.kind === "review") {
      const e = companyEvents.get(ref ?? "");
      check(
        !!e &&
          e.projectId === n.projectId &&
          p?.founderId === n.userId &&
          e.reportedBy === n.userId &&
          n.createdAt === e.reviewedAt,
        `${at}: not the founder who reported an approved event`,
      );
    } else if (n.kind === "answer") {
      const q = questions.get(ref ?? "");
      check(
        !!q && q.askerId === n.userId && q.answeredAt === n.createdAt,
        `${at}: not the asker of an answered question`,
      );
    } else if (n.kind === "question") {
      const q = questions.get(ref ?? "");
      check(
        !!q && p?.founderId === n.userId && q.projectId === p?.id,
        `${at}: not the founder of the question's project`,
      );
    } else if (n.kind === "investment") {
      check(p?.founderId === n.userId, `${at}: not the project's founder`);
    } else if (n.kind === "goal") {
      check(
        !!p && p.sharesSold === p.totalShares && audience.has(n.userId),
        `${at}: no goal reached, or not for this reader`,
      );
    } else if (n.kind === "commitment") {
      check(
        investment?.investorId === n.userId && investment.projectId === n.projectId,
        `${at}: not the buyer's own investment`,
      );
    } else if (n.kind === "settlement" && kind === "settled") {
      check(
        investment?.investorId === n.userId && investment.settledAt === n.createdAt,
        `${at}: not the investor of a settled investment`,
      );
    } else if (n.kind === "settlement") {
      check(
        !!p && p.founderId === n.userId && p.settledAt === n.createdAt,
        `${at}: not the founder of a settled raise`,
      );
    } else if (n.kind === "deadline") {
      check(
        !!p && p.closedEarlyAt === n.createdAt && investorsOf(p.id).has(n.userId),
        `${at}: no early close for this reader`,
      );
    } else {
      check(false, `${at}: the demo sends no ${n.kind} notifications`);
    }
  }
  for (const id of [DEMO_INVESTOR_ID, DEMO_FOUNDER_ID]) {
    const unread = data.notifications.filter((n) => n.userId === id && n.readAt === null).length;
    check(unread >= 2 && unread <= 9, `${id}: ${unread} unread notifications, not a few`);
  }
  return problems;
}

/** Follow-ups the demo's members write under a founder's answer (depth 2: a lively thread). */
const FOLLOW_UPS = [
  "Thanks, that answers it. Looking forward to the next update.",
  "That is reassuring. Will you share the numbers again at the end of the term?",
  "Good to know. I shared this with my roommates, who had the same question.",
  "Appreciate the detail here. @founder could you add this to the FAQ?",
];

/**
 * The Discussion of the demo (ADR 055), as the migration moves questions in: each question a thread
 * with its id, each answer the founder's reply (`<id>-answer`); then, so the project pages show a
 * lively discussion, some answered threads get a member's follow-up under the answer, and each
 * project's followers upvote some threads and answers (deterministic: by position). The kept
 * figures (vote_count, reply_count, last_activity_at, thread_count) are computed here.
 */
export function discussionOf(
  questions: readonly QuestionRow[],
  follows: readonly FollowRow[],
  projects: readonly { id: string; founderId: string | null }[],
  users: readonly { id: string; createdAt: number }[],
  now: number,
  /** Who answers for a project without a founder's account (the migration: the oldest admin). */
  admin: string | null = null,
): { posts: DiscussionPostRow[]; votes: DiscussionVoteRow[]; threadCounts: Map<string, number> } {
  const founders = new Map(projects.map((p) => [p.id, p.founderId]));
  const joined = new Map(users.map((u) => [u.id, u.createdAt]));
  const followersOf = new Map<string, FollowRow[]>();
  for (const f of follows) followersOf.set(f.projectId, [...(followersOf.get(f.projectId) ?? []), f]);
  const posts: DiscussionPostRow[] = [];
  const votes: DiscussionVoteRow[] = [];
  const post = (
    row: Partial<DiscussionPostRow> &
      Pick<DiscussionPostRow, "id" | "projectId" | "threadId" | "authorId" | "body" | "createdAt">,
  ): DiscussionPostRow => ({
    parentId: null,
    depth: 0,
    byFounder: false,
    pinnedAt: null,
    voteCount: 0,
    replyCount: 0,
    hiddenAt: null,
    hiddenNote: null,
    hiddenBy: null,
    editedAt: null,
    lastActivityAt: row.createdAt,
    ...row,
  });
  questions.forEach((q, i) => {
    const founder = founders.get(q.projectId) ?? admin;
    const thread = post({
      id: q.id,
      projectId: q.projectId,
      threadId: q.id,
      authorId: q.askerId,
      body: q.question,
      hiddenAt: q.hidden ? q.createdAt : null,
      createdAt: q.createdAt,
    });
    const replies: DiscussionPostRow[] = [];
    if (q.answer !== null && q.answeredAt !== null && founder) {
      const answer = post({
        id: `${q.id}-answer`,
        projectId: q.projectId,
        threadId: q.id,
        parentId: q.id,
        depth: 1,
        authorId: founder,
        body: q.answer,
        byFounder: true,
        createdAt: q.answeredAt,
      });
      replies.push(answer);
      // Two answered threads in three: a follower (not the asker, not the founder) follows up.
      const follower = (followersOf.get(q.projectId) ?? []).find(
        (f) => f.userId !== q.askerId && f.userId !== founder && (joined.get(f.userId) ?? Infinity) < q.answeredAt!,
      );
      const at = Math.min(now - 60_000, q.answeredAt + (2 + (i % 5)) * 3_600_000);
      if (i % 3 !== 2 && follower && at > q.answeredAt) {
        replies.push(
          post({
            id: `${q.id}-followup`,
            projectId: q.projectId,
            threadId: q.id,
            parentId: answer.id,
            depth: 2,
            authorId: follower.userId,
            body: FOLLOW_UPS[i % FOLLOW_UPS.length]!,
            createdAt: at,
          }),
        );
      }
    }
    // Upvotes: the project's followers who joined before the thread, a share of them by position.
    const voters = followersOf.get(q.projectId) ?? [];
    for (const [k, f] of voters.entries()) {
      if ((k + i) % 3 === 2 || f.userId === q.askerId) continue;
      const at = Math.max(q.createdAt, f.createdAt) + 60_000;
      if (at >= now) continue;
      votes.push({ postId: q.id, userId: f.userId, createdAt: at });
      thread.voteCount += 1;
      const answer = replies[0];
      if (answer && k % 2 === 0 && f.userId !== answer.authorId && answer.createdAt + 60_000 < now) {
        votes.push({ postId: answer.id, userId: f.userId, createdAt: Math.max(at, answer.createdAt + 60_000) });
        answer.voteCount += 1;
      }
    }
    thread.replyCount = replies.length;
    thread.lastActivityAt = Math.max(thread.createdAt, ...replies.map((r) => r.createdAt));
    posts.push(thread, ...replies);
  });
  const threadCounts = new Map<string, number>();
  for (const p of posts) {
    if (p.depth === 0 && p.hiddenAt === null) threadCounts.set(p.projectId, (threadCounts.get(p.projectId) ?? 0) + 1);
  }
  return { posts, votes, threadCounts };
}
