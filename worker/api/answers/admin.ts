/**
 * The answers of the operator's API (worker/api/admin.ts), with their examples (ADR 042). The
 * admin routes answer their object itself, without a `success` flag.
 */
import * as v from "valibot";

import { ADMIN_ACTIONS } from "../../../domain/admin";
import {
  CreatorInfoShape,
  DocumentLinkShape,
  FaqShape,
  PersonShape,
  ProjectDetailsShape,
  SocialLinksShape,
} from "../../../domain/project-shapes";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * A project as the API shows it (domain/types.ts `ProjectDTO`: spec section 3's names, money in
 * dollars, dates as ISO text).
 */
export const ProjectAnswer = v.object({
  _id: v.string(),
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  category: v.string(),
  sector: v.string(),
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
  status: v.pipe(v.string(), v.description("draft, in_review, active, funded or completed")),
  riskLevel: v.picklist(["low", "medium", "high"]),
  returnRate: v.nullable(v.number()),
  projectDuration: v.number(),
  teamDescription: v.nullable(v.string()),
  socialLinks: SocialLinksShape,
  university: v.nullable(v.object({ name: v.string(), logo: v.nullable(v.string()) })),
  founderId: v.nullable(v.string()),
  investors: count,
  fundingGoal: v.number(),
  fundingCurrent: v.number(),
  fundingDeadline: v.pipe(v.string(), v.isoDate()),
  daysLeft: v.pipe(v.number(), v.integer()),
  sharePrice: v.number(),
  totalShares: count,
  sharesSold: count,
  sharesRemaining: v.pipe(v.number(), v.integer()),
  regulationType: v.picklist(["SAFE", "RegCF", "RegA+"]),
  investmentTerms: v.object({ valuation: v.number(), equityPercentage: v.number(), minInvestment: v.number() }),
  details: ProjectDetailsShape,
  founders: v.array(PersonShape),
  team: v.array(PersonShape),
  documents: v.array(DocumentLinkShape),
  faqs: v.array(FaqShape),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  publishedAt: v.nullable(isoTimestamp),
  submittedAt: v.nullable(isoTimestamp),
  reviewNote: v.nullable(v.string()),
});

/** One item of the launch checklist (domain/review.ts `ChecklistItem`). */
const ChecklistItemAnswer = v.object({
  id: v.picklist(["required", "image", "team", "deck", "faq", "deadline"]),
  label: v.string(),
  ok: v.boolean(),
  required: v.pipe(v.boolean(), v.description("A missing required item blocks the submission")),
  fix: v.string(),
  section: v.string(),
});

export const ReviewQueueAnswer = v.object({
  reviews: v.array(
    v.object({
      project: ProjectAnswer,
      checklist: v.array(ChecklistItemAnswer),
      submittedAt: v.nullable(isoTimestamp),
    }),
  ),
});

/** An account as an admin sees it (domain/admin.ts `AdminUserDTO`). */
export const AdminUserAnswer = v.object({
  id: v.string(),
  name: v.string(),
  email: v.pipe(v.string(), v.email()),
  role: v.picklist(["investor", "founder", "admin"]),
  createdAt: isoTimestamp,
  suspendedAt: v.nullable(isoTimestamp),
  suspendedReason: v.nullable(v.string()),
});

/** A founder update as its moderator sees it (domain/conversation.ts `UpdateDTO`, readable). */
export const ModeratedUpdateAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  investorsOnly: v.boolean(),
  hidden: v.boolean(),
  readable: v.literal(true),
  title: v.string(),
  body: v.string(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  edited: v.boolean(),
});

/** The audit log, newest first (domain/admin.ts `AuditDTO`). */
export const AuditAnswer = v.object({
  entries: v.array(
    v.object({
      id: v.string(),
      adminId: v.string(),
      adminName: v.nullable(v.string()),
      action: v.picklist(ADMIN_ACTIONS),
      targetType: v.picklist(["project", "user", "question", "update"]),
      targetId: v.string(),
      reason: v.nullable(v.string()),
      createdAt: isoTimestamp,
    }),
  ),
});

const ADMIN_ID = "b71e0c55-2d4a-4f0e-8c3b-1a9d6e2f7c10";
const PROJECT_ID = "3c9a7f21-5e8b-4d06-b1f4-7a2e9c0d8b53";
const NOTE = "Please add your investor deck and a realistic funding deadline.";

const EXAMPLE_PROJECT = {
  _id: PROJECT_ID,
  id: PROJECT_ID,
  slug: "spoke-stop",
  title: "Spoke Stop",
  category: "transportation",
  sector: "transportation",
  description: "Self-service bike-repair kiosks with tools, a pump and video guides, open all night on campus.",
  shortDescription: "Bike-repair kiosks for campus riders.",
  about: "Riders fix a flat in ten minutes without leaving campus.",
  image: "/uploads/5d2b6a1e-8f4c-4b7a-9e3d-2c1f0a9b8e7d.png",
  images: { main: "/uploads/5d2b6a1e-8f4c-4b7a-9e3d-2c1f0a9b8e7d.png", gallery: [] },
  logo: null,
  creator: "Marcus Lee",
  creatorInfo: { name: "Marcus Lee", bio: "Mechanical engineering senior at Georgia Tech." },
  tags: ["Mobility", "Hardware"],
  location: "Atlanta, GA",
  featured: false,
  status: "active",
  riskLevel: "medium",
  returnRate: 12,
  projectDuration: 18,
  teamDescription: null,
  socialLinks: { website: "https://spokestop.example.edu" },
  university: { name: "Georgia Tech", logo: null },
  founderId: "e4f8a2c6-1b3d-4e5f-9a7b-0c2d4e6f8a1b",
  investors: 0,
  fundingGoal: 40000,
  fundingCurrent: 0,
  fundingDeadline: "2027-02-15",
  daysLeft: 80,
  sharePrice: 4,
  totalShares: 10000,
  sharesSold: 0,
  sharesRemaining: 10000,
  regulationType: "RegCF",
  investmentTerms: { valuation: 400000, equityPercentage: 10, minInvestment: 100 },
  details: { problem: "A flat tyre strands a student for a day.", solution: "A kiosk on every quad." },
  founders: [{ name: "Marcus Lee", role: "CEO" }],
  team: [],
  documents: [{ name: "Investor deck", type: "pdf", url: "/uploads/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.pdf" }],
  faqs: [{ question: "Who maintains the kiosks?", answer: "A paid student crew, weekly." }],
  createdAt: "2026-11-18T10:12:00.000Z",
  updatedAt: "2026-11-27T16:40:05.000Z",
  publishedAt: "2026-11-27T16:40:05.000Z",
  submittedAt: "2026-11-25T09:30:00.000Z",
  reviewNote: null,
} as const;

const EXAMPLE_ACCOUNT = {
  id: "7d3e9b1a-4c2f-4e8d-a6b0-5f1c3e7a9d24",
  name: "Jordan Blake",
  email: "jordan@university.edu",
  role: "investor",
  createdAt: "2026-10-02T08:15:00.000Z",
} as const;

export const EXAMPLES = {
  reviews: {
    reviews: [
      {
        project: { ...EXAMPLE_PROJECT, status: "in_review", slug: PROJECT_ID, publishedAt: null },
        checklist: [
          {
            id: "required",
            label: "Every required field is filled in and valid",
            ok: true,
            required: true,
            fix: "0 fields need attention",
            section: "basic",
          },
          {
            id: "image",
            label: "A main image",
            ok: true,
            required: true,
            fix: "Upload a main image or give its URL",
            section: "media",
          },
        ],
        submittedAt: "2026-11-25T09:30:00.000Z",
      },
    ],
  },
  approved: EXAMPLE_PROJECT,
  reason: { reason: NOTE },
  changesRequested: {
    ...EXAMPLE_PROJECT,
    status: "draft",
    slug: PROJECT_ID,
    publishedAt: null,
    reviewNote: NOTE,
  },
  suspendReason: { reason: "Posted the same spam question on twelve projects." },
  suspended: {
    ...EXAMPLE_ACCOUNT,
    suspendedAt: "2026-11-27T16:45:00.000Z",
    suspendedReason: "Posted the same spam question on twelve projects.",
  },
  reinstateReason: { reason: "Appeal accepted." },
  reinstated: { ...EXAMPLE_ACCOUNT, suspendedAt: null, suspendedReason: null },
  hide: { hidden: true },
  hiddenUpdate: {
    id: "0f6e5d4c-3b2a-4918-8776-65544332a1b0",
    projectId: PROJECT_ID,
    investorsOnly: false,
    hidden: true,
    readable: true,
    title: "Two kiosks installed",
    body: "The library and the east dorms now have a kiosk each.",
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
    edited: false,
  },
  audit: {
    entries: [
      {
        id: "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c",
        adminId: ADMIN_ID,
        adminName: "Alex Morgan",
        action: "request_changes",
        targetType: "project",
        targetId: PROJECT_ID,
        reason: NOTE,
        createdAt: "2026-11-26T11:05:00.000Z",
      },
    ],
  },
} as const;
