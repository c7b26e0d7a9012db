/**
 * The project form's words and limits (spec section 5): every message the form, its API and the
 * builder's hints show, the length and money limits, and the fixed lists the form offers. Shared by
 * the schema (project-form.ts), the builder's sections and the services that answer with them.
 */
import { FIELD_MESSAGES, MAX_URL } from "../shared/fields";
import { MESSAGES } from "../shared/messages";

export const PROJECT_MESSAGES = {
  /** My Projects (the page and `GET /api/projects/mine`) to someone who does not raise. */
  foundersOnlyPage: "You must be a founder to access this page",
  titleRequired: "Project title is required",
  descriptionRequired: "Description is required",
  shortDescriptionRequired: "Short description is required",
  categoryRequired: "Category is required",
  categoryUnknown: "Please choose one of the listed categories",
  fundingGoalRequired: "Funding goal is required",
  fundingGoalMin: "Funding goal must be at least $5,000",
  fundingGoalStep: "Funding goal must be a multiple of $1,000",
  fundingGoalMax: "Funding goal must be at most $75,000,000 (the RegA+ limit)",
  fundingGoalRegCf: "A RegCF raise can be at most $5,000,000",
  fundingDeadlineRequired: "Funding deadline is required",
  fundingDeadlineInvalid: "Please enter a valid funding deadline",
  fundingDeadlinePast: "Funding deadline must be in the future",
  fundingDeadlineFar: "Funding deadline must be within 2 years",
  projectDurationRequired: "Project duration is required",
  projectDurationMin: "Project duration must be at least 3 months",
  projectDurationMax: "Project duration must be at most 120 months",
  imageRequired: "Main project image URL is required",
  /** The project form came back and kept the chosen files (uploaded, in their fields; ADR 023). */
  filesKept: "The files you chose are uploaded and kept in the form: they are used when you save.",
  /** The project form came back without storing the chosen files (ADR 023): the founder chooses them again. */
  imagesNotKept: "The files you chose have not been uploaded. Choose them again before you save.",
  creatorNameRequired: "Creator name is required",
  creatorBioRequired: "Creator bio is required",
  minInvestmentMin: "Minimum investment amount must be at least $100",
  minInvestmentAboveGoal: "Minimum investment cannot be more than the funding goal",
  shortDescriptionMax: "Short description must be at most 150 characters",
  returnRateRange: "Return rate must be between 0 and 100",
  equityRange: "Equity offered must be more than 0 and at most 100",
  equityStep: "Equity offered can have at most 2 decimal places",
  sharePriceMin: "Share price must be at least $0.01",
  sharePriceStep: "Share price can have at most 2 decimal places",
  sharePriceDivides: "The share price must divide the funding goal into a whole number of shares",
  totalSharesWhole: "Total shares must be a whole number of at least 1",
  totalSharesDivides: "Total shares must divide the funding goal into whole cents",
  termsDisagree: "Share price × total shares must equal the funding goal",
  faqIncomplete: "Please complete both question and answer for all FAQs",
  riskLevel: "Risk level must be low, medium or high",
  tooManyTags: "Use at most 10 tags",
  tagTooLong: "Each tag must be at most 30 characters",
  tooManyRows: FIELD_MESSAGES.tooManyRows,
  documentName: "Each document needs a name",
  documentType: "Document type must be pdf, video or document",
  // spec section 8
  changedMeanwhile: "This project changed while you were saving. Please review it and save again.",
  alreadyHasProject: "You already have a project. You can only create one project at a time.",
  notFounder: "Only founder accounts can create projects.",
  authRequired: "Authentication required. Please sign in again.",
  noPermission: "You do not have permission to edit this project",
  updateSignedOut: "Must be logged in to update a project",
  createFailed: "Failed to create project. Please try again.",
  loadFailed: "Failed to load your project",
  notFound: MESSAGES.projectNotFound,
  noProject: "You have not created a project yet",
  // publishing and locked terms
  alreadyPublished: "This project is already published",
  deadlineEarlier:
    "The funding deadline cannot move earlier once investors have bought shares: investors may cancel until 48 hours before the deadline they were given",
  created: "Your project was saved as a draft. Preview it, then submit it for review when you are ready.",
  updated: "Your project was saved.",
  published: "The project is live! Investors can now find it and invest.",
} as const;

export const PROJECT_LIMITS = {
  title: 120,
  shortDescription: 150,
  description: 10_000,
  about: 10_000,
  longText: 5_000,
  line: 200,
  url: MAX_URL,
  tags: 10,
  tag: 30,
  minGoal: 5_000,
  goalStep: 1_000,
  maxGoal: 75_000_000,
  maxRegCfGoal: 5_000_000,
  minDuration: 3,
  maxDuration: 120,
  minInvestment: 100,
  maxTotalShares: 1_000_000_000,
  maxDeadlineDays: 730,
} as const;

export const REGULATION_TYPES = ["SAFE", "RegCF", "RegA+"] as const;
export const RISK_LEVELS = ["low", "medium", "high"] as const;

/** The four documents the form offers (spec section 3), in order. */
export const FORM_DOCUMENTS = [
  { name: "Investor Deck", item: "Investor Deck" },
  { name: "Technical Whitepaper", item: "Whitepaper" },
  { name: "Financial Projections", item: "Financials" },
  { name: "Market Analysis Report", item: "Market Analysis" },
] as const;
