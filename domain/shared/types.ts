/**
 * Shapes shared by the server and the browser: the spec's entities as the API speaks them
 * (dollars, ISO dates, the spec's field names), and the nested project parts stored as JSON.
 */

import type { InvestmentStatus, RaiseSettlement } from "../raises/settlement";
import type * as v from "valibot";

import type {
  CreatorInfoShape,
  DocumentLinkShape,
  FaqShape,
  FinancialsShape,
  PersonShape,
  ProjectDetailsShape,
  RoadmapItemShape,
  SocialLinksShape,
  TractionItemShape,
} from "../projects/project-shapes";

export type Role = "investor" | "founder" | "admin";
export type RiskLevel = "low" | "medium" | "high";
export type RegulationType = "SAFE" | "RegCF" | "RegA+";

// The nested project parts stored as JSON: types inferred from their runtime shapes.
export type CreatorInfo = v.InferOutput<typeof CreatorInfoShape>;
export type SocialLinks = v.InferOutput<typeof SocialLinksShape>;
export type Person = v.InferOutput<typeof PersonShape>;
export type DocumentLink = v.InferOutput<typeof DocumentLinkShape>;
export type Faq = v.InferOutput<typeof FaqShape>;
export type TractionItem = v.InferOutput<typeof TractionItemShape>;
export type RoadmapItem = v.InferOutput<typeof RoadmapItemShape>;
export type Financials = v.InferOutput<typeof FinancialsShape>;
export type ProjectDetails = v.InferOutput<typeof ProjectDetailsShape>;

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
  /** When it went live; null for a draft or a project in review. */
  publishedAt: string | null;
  /** When its founder last submitted it for review (ADR 030); null if never. */
  submittedAt: string | null;
  /** The reviewer's note when changes were requested (a draft again); null otherwise. */
  reviewNote: string | null;
  /** What every screen calls its status (domain/projects/project-status.ts `projectStatus`): "Active", "Sold Out", "Funded", "Closed (goal not reached)"… */
  statusLabel: string;
  /** When its founder closed the raise early (ADR 043: `fundingDeadline` is the new deadline); null otherwise. */
  closedEarlyAt: string | null;
  /** How the raise ended, once settled at its deadline (ADR 043); null while it runs. */
  settlement: RaiseSettlement | null;
  /** Coming soon (ADR 055): when the raise opens (or opened) for investment; null if it opened on approval. */
  launchAt: string | null;
  /** Active reservations (ADR 055): their count and total in dollars (non-binding; no money moved). */
  reservations: { count: number; amount: number };
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
  status: InvestmentStatus;
  shares: number;
  /** Shares a perk added to this purchase (ADR 055): held with it, paid for by nobody; 0 without. */
  bonusShares: number;
  sharePrice: number;
  /**
   * Shares × the holding's mark (ADR 052): the price per share of the company's latest reviewed
   * event, at cost before one, 0 after an exit or for money that came back.
   */
  currentValue: number;
  /** Cash an exit paid for these shares (an acquisition's price, a shutdown's proceeds). */
  realized: number;
  /** currentValue + realized − amountInvested. */
  gain: number;
  /** (currentValue + realized) ÷ amountInvested; null when nothing stands. */
  moic: number | null;
  /** XIRR of its dated flows; null under 365 days or for money that came back. */
  irr: number | null;
  /** The day of the reviewed event that valued it; null at cost. */
  valuedOn: string | null;
  /** How the holding ended, when it did. */
  exit: "acquired" | "shut_down" | null;
  /** Percent of the company these shares represent. */
  equity: number;
  projectedReturns: number;
  /** When it was cancelled (ISO), or null while it stands. A cancelled investment counts nowhere. */
  cancelledAt: string | null;
  /** The last moment it may be cancelled (ISO): 48 hours before the project's funding deadline. */
  cancelDeadline: string | null;
  /** Active and before `cancelDeadline` when this answer was made. */
  cancellable: boolean;
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
  /** Unread notifications (the header bell), read with the session: absent right after sign-in. */
  unreadNotifications?: number;
  /** When the owner asked to delete the account (ADR 046), or null: read with the session. */
  deletionRequestedAt?: number | null;
  /** Whether the account's address is proved (ADR 045): the banner shows while it is not. */
  emailVerified?: boolean;
  /** An address the account asked to change to, waiting for its confirmation; else null. */
  pendingEmail?: string | null;
  /** The session this request came with (ADR 054): absent right after sign-in. */
  session?: SessionInfo;
}

/** A signed-in request's session (ADR 054): step-up reads `confirmedAt`, /admin `secondFactor`. */
export interface SessionInfo {
  id: string;
  kind: "browser" | "api" | "token";
  /** When its holder last proved who they are (the password or a second factor). */
  confirmedAt: number;
  /** The second factor its sign-in proved, or null. */
  secondFactor: "totp" | "recovery" | "passkey" | null;
  /**
   * An admin's session that signed in without a second factor, in production: the admin console
   * refuses it (ADR 054; set by the session middleware, which knows the deployment).
   */
  consoleLocked?: boolean;
}
