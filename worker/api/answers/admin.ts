/**
 * The answers of the operator's API (worker/api/admin.ts), with their examples (ADR 042). The
 * admin routes answer their object itself, without a `success` flag.
 */
import * as v from "valibot";

import { ADMIN_ACTIONS, AUDIT_TARGETS } from "../../../domain/operator/admin";
import { EXAMPLE_PROJECT, ProjectAnswer } from "./projects";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());

/** One item of the launch checklist (domain/projects/review.ts `ChecklistItem`). */
const ChecklistItemAnswer = v.object({
  id: v.picklist(["required", "image", "team", "deck", "faq", "deadline"]),
  label: v.string(),
  ok: v.boolean(),
  required: v.pipe(v.boolean(), v.description("A missing required item blocks the submission")),
  fix: v.string(),
  section: v.string(),
  problems: v.optional(
    v.pipe(v.array(v.string()), v.description("The required fields' item: each failing field's message")),
  ),
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

/** A live project's material changes waiting for review (worker/services/projects/revisions.ts `RevisionQueueEntry`). */
const RevisionAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  status: v.picklist(["pending", "approved", "changes_requested", "withdrawn"]),
  fields: v.pipe(v.array(v.string()), v.description("The material fields it changes")),
  values: v.pipe(v.record(v.string(), v.unknown()), v.description("The material fields as the founder saved them")),
  reviewNote: v.nullable(v.string()),
  submittedAt: isoTimestamp,
});

export const RevisionQueueAnswer = v.object({
  revisions: v.array(
    v.object({
      revision: RevisionAnswer,
      project: v.object({
        id: v.string(),
        slug: v.string(),
        title: v.string(),
        investors: v.pipe(
          v.number(),
          v.integer(),
          v.minValue(0),
          v.description("Investors who will be asked to reconfirm"),
        ),
      }),
      changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
    }),
  ),
});

export const ReviewedRevisionAnswer = RevisionAnswer;

/** An account as an admin sees it (domain/operator/admin.ts `AdminUserDTO`). */
export const AdminUserAnswer = v.object({
  id: v.string(),
  name: v.string(),
  email: v.pipe(v.string(), v.email()),
  role: v.picklist(["investor", "founder", "admin"]),
  createdAt: isoTimestamp,
  suspendedAt: v.nullable(isoTimestamp),
  suspendedReason: v.nullable(v.string()),
  postingSuspendedUntil: v.pipe(
    v.nullable(isoTimestamp),
    v.description("Posting in discussions suspended until then (repeated hidden posts); null when not suspended"),
  ),
});

/** A founder update as its moderator sees it (domain/conversation/conversation.ts `UpdateDTO`, readable). */
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

const PersonStateAnswer = v.pipe(
  v.picklist(["active", "pending_deletion", "deleted"]),
  v.description("For a person: whether their account is pending deletion or erased"),
);

/** The audit log, newest first (domain/operator/admin.ts `AuditDTO`). */
export const AuditAnswer = v.object({
  entries: v.array(
    v.object({
      id: v.string(),
      adminId: v.string(),
      adminName: v.pipe(v.nullable(v.string()), v.description("Null once the admin's account is erased")),
      adminState: PersonStateAnswer,
      action: v.picklist(ADMIN_ACTIONS),
      targetType: v.picklist(AUDIT_TARGETS),
      targetId: v.string(),
      targetName: v.pipe(
        v.nullable(v.string()),
        v.description(
          "The record as people read it: a person's name today (null once erased), a project's or an update's title when it was acted on",
        ),
      ),
      targetState: PersonStateAnswer,
      changes: v.pipe(
        v.nullable(v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() }))),
        v.description("An edit's changed fields (for a person's profile, the field names only)"),
      ),
      reason: v.nullable(v.string()),
      createdAt: isoTimestamp,
    }),
  ),
});

/** The mail's health (worker/services/operator/mail-admin.ts `MailHealthDTO`). */
export const MailHealthAnswer = v.object({
  pending: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sentLastDay: v.pipe(v.number(), v.integer(), v.minValue(0)),
  expiredLastDay: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failedLastWeek: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failures: v.array(
    v.object({
      id: v.string(),
      kind: v.string(),
      to: v.string(),
      subject: v.string(),
      attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
      lastError: v.nullable(v.string()),
      createdAt: isoTimestamp,
      lastAttemptAt: v.nullable(isoTimestamp),
    }),
  ),
});

const ADMIN_ID = "b71e0c55-2d4a-4f0e-8c3b-1a9d6e2f7c10";
const PROJECT_ID = "3c9a7f21-5e8b-4d06-b1f4-7a2e9c0d8b53";
const NOTE = "Please add your investor deck and a realistic funding deadline.";

const EXAMPLE_ACCOUNT = {
  id: "7d3e9b1a-4c2f-4e8d-a6b0-5f1c3e7a9d24",
  name: "Jordan Blake",
  email: "jordan@university.edu",
  role: "investor",
  createdAt: "2026-10-02T08:15:00.000Z",
  postingSuspendedUntil: null,
} as const;

const EXAMPLE_REVISION = {
  id: "5c3a1e9f-7b2d-4c6e-8a0f-1d3b5c7e9a2f",
  projectId: PROJECT_ID,
  status: "pending",
  fields: ["shortDescription"],
  values: { shortDescription: "Smart locks for every dorm room." },
  reviewNote: null,
  submittedAt: "2026-11-28T10:00:00.000Z",
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
            problems: [],
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
  revisions: {
    revisions: [
      {
        revision: EXAMPLE_REVISION,
        project: { id: PROJECT_ID, slug: EXAMPLE_PROJECT.slug, title: EXAMPLE_PROJECT.title, investors: 12 },
        changes: [
          { field: "shortDescription", before: "Smart locks for dorms", after: "Smart locks for every dorm room." },
        ],
      },
    ],
  },
  revisionApproved: { ...EXAMPLE_REVISION, status: "approved" },
  revisionReturned: { ...EXAMPLE_REVISION, status: "changes_requested", reviewNote: NOTE },
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
  overrideReason: { reason: "The deck is in review with our counsel; the founder sent it to us by mail." },
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
  mail: {
    pending: 2,
    sentLastDay: 148,
    expiredLastDay: 1,
    failedLastWeek: 1,
    failures: [
      {
        id: "0b8e6c4a2f1d3e5c7a9b1d3f5e7c9a0b",
        kind: "password-reset",
        to: "sam@example.edu",
        subject: "Reset your CampusFund password",
        attempts: 5,
        lastError: "destination address is not verified",
        createdAt: "2026-11-25T08:00:00.000Z",
        lastAttemptAt: "2026-11-27T00:05:00.000Z",
      },
    ],
  },
  audit: {
    entries: [
      {
        id: "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c",
        adminId: ADMIN_ID,
        adminName: "Alex Morgan",
        adminState: "active",
        action: "edit_project",
        targetType: "project",
        targetId: PROJECT_ID,
        targetName: EXAMPLE_PROJECT.title,
        targetState: "active",
        changes: [{ field: "shortDescription", before: "Smart locks for dorms", after: "Smart locks for dorm rooms" }],
        reason: null,
        createdAt: "2026-11-26T11:20:00.000Z",
      },
      {
        id: "7d1b3f5a9c2e4a6c8e0b2d4f6a8c0e2b",
        adminId: ADMIN_ID,
        adminName: "Alex Morgan",
        adminState: "active",
        action: "request_changes",
        targetType: "project",
        targetId: PROJECT_ID,
        targetName: EXAMPLE_PROJECT.title,
        targetState: "active",
        changes: null,
        reason: NOTE,
        createdAt: "2026-11-26T11:05:00.000Z",
      },
    ],
  },
} as const;
