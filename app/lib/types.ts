/**
 * Shapes shared by the server and the browser: the spec's entities as the API speaks them
 * (dollars, ISO dates, the spec's field names), and the nested project parts stored as JSON.
 */

export type Role = "investor" | "founder" | "admin";
export type RiskLevel = "low" | "medium" | "high";
export type RegulationType = "SAFE" | "RegCF" | "RegA+";

export interface CreatorInfo {
  name: string;
  image?: string;
  experience?: string;
  bio: string;
  university?: string;
}

export interface SocialLinks {
  website?: string;
  twitter?: string;
  facebook?: string;
  linkedin?: string;
  instagram?: string;
}

export interface Person {
  name: string;
  role?: string;
  bio?: string;
  image?: string;
  experience?: string;
  university?: string;
}

export interface DocumentLink {
  name: string;
  type: "pdf" | "video" | "document";
  url: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface TractionItem {
  metric: string;
  value: string;
}

export interface RoadmapItem {
  date: string;
  milestone: string;
  completed?: boolean;
}

export interface Financials {
  revenueProjections?: { year1?: number; year2?: number; year3?: number };
  burnRate?: number;
  breakEvenPoint?: string;
  runwayPostFunding?: string;
}

export interface ProjectDetails {
  overview?: string;
  traction?: TractionItem[];
  roadmap?: RoadmapItem[];
  problem?: string;
  solution?: string;
  marketSize?: string;
  competition?: string;
  businessModel?: string;
  financials?: Financials;
}

/** A project as the API returns it (spec section 3 field names; money in dollars). */
export interface ProjectDTO {
  _id: string;
  id: string;
  slug: string;
  title: string;
  category: string;
  sector: string;
  description: string;
  shortDescription: string;
  about: string;
  image: string;
  images: { main: string; gallery: string[] };
  logo: string | null;
  creator: string;
  creatorInfo: CreatorInfo;
  tags: string[];
  location: string | null;
  featured: boolean;
  status: string;
  riskLevel: RiskLevel;
  returnRate: number | null;
  projectDuration: number;
  teamDescription: string | null;
  socialLinks: SocialLinks;
  university: { name: string; logo: string | null } | null;
  founderId: string | null;
  investors: number;
  fundingGoal: number;
  fundingCurrent: number;
  fundingDeadline: string;
  daysLeft: number;
  sharePrice: number;
  totalShares: number;
  sharesSold: number;
  sharesRemaining: number;
  regulationType: RegulationType;
  investmentTerms: { valuation: number; equityPercentage: number; minInvestment: number };
  details: ProjectDetails;
  founders: Person[];
  team: Person[];
  documents: DocumentLink[];
  faqs: Faq[];
  createdAt: string;
  updatedAt: string;
}

/** An investment as the API returns it (the spec's Investment entity). */
export interface InvestmentDTO {
  _id: string;
  id: string;
  userId: string;
  projectId: string;
  projectTitle: string;
  projectSlug: string;
  projectCategory: string;
  projectLogo: string | null;
  amountInvested: number;
  investmentDate: string;
  investedAt: string;
  riskLevel: RiskLevel;
  status: "active" | "pending";
  shares: number;
  sharePrice: number;
  /** Shares × the project's current share price. */
  currentValue: number;
  /** Percent of the company these shares represent. */
  equity: number;
  projectedReturns: number;
}

/** The user object of spec section 7. */
export interface UserDTO {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  role: Role;
  ownedProject: string | null;
}

/** The signed-in user as the server knows it for one request. */
export interface SessionUser extends UserDTO {
  /** Slug of the owned project, for links. */
  ownedProjectSlug: string | null;
}
