/**
 * The project form's body as the API describes it (ADR 042): `POST /api/projects/create` and
 * `PUT /api/projects/{id}` (`ProjectBody`), and a working copy's (`ProjectDraftBody`). The service
 * validates with the form's own schema (project-form.ts `validateProject`), which reads
 * leniently (numbers as text, tags as comma-separated text, form rows) and whose fields carry the
 * form's attributes; this says what an API client sends, with the same limits. Validation never
 * runs through it.
 */
import * as v from "valibot";

import { PROJECT_CATEGORIES } from "./categories";
import { MAX_URL } from "../shared/fields";
import { PROJECT_LIMITS, REGULATION_TYPES, RISK_LEVELS } from "./project-form-messages";
import { DOCUMENT_TYPES } from "./project-shapes";
import { SOCIAL_LINKS } from "./social-links";

/** Rows a list field holds at most (domain/shared/fields.ts `rows`). */
const MAX_ROWS = 50;

const str = (max: number) => v.pipe(v.string(), v.maxLength(max));
const opt = (max: number) => v.optional(str(max));
const link = (what: string) =>
  v.optional(v.pipe(v.string(), v.maxLength(MAX_URL), v.description(`${what}: https://… or an /uploads/… URL.`)));
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.pipe(v.array(item), v.maxLength(MAX_ROWS)));
const amount = (min: number, max?: number) =>
  max === undefined ? v.pipe(v.number(), v.minValue(min)) : v.pipe(v.number(), v.minValue(min), v.maxValue(max));

const Person = v.object({
  name: opt(PROJECT_LIMITS.line),
  role: opt(PROJECT_LIMITS.line),
  bio: opt(PROJECT_LIMITS.longText),
  image: link("A photo"),
  experience: opt(PROJECT_LIMITS.line),
  university: opt(PROJECT_LIMITS.line),
});

/** The founder's card: name and bio required in a save, nothing in a working copy. */
const creator = (required: boolean) =>
  v.object({
    name: required ? str(PROJECT_LIMITS.line) : opt(PROJECT_LIMITS.line),
    bio: required ? str(PROJECT_LIMITS.longText) : opt(PROJECT_LIMITS.longText),
    image: link("A photo"),
    experience: opt(PROJECT_LIMITS.line),
    university: opt(PROJECT_LIMITS.line),
  });

const fields = {
  title: str(PROJECT_LIMITS.title),
  shortDescription: str(PROJECT_LIMITS.shortDescription),
  description: str(PROJECT_LIMITS.description),
  category: v.pipe(v.picklist(PROJECT_CATEGORIES), v.description("A form category (any case).")),
  about: opt(PROJECT_LIMITS.about),
  tags: v.optional(
    v.pipe(
      v.array(str(PROJECT_LIMITS.tag)),
      v.maxLength(PROJECT_LIMITS.tags),
      v.description("A list, or one comma-separated text."),
    ),
  ),
  location: opt(PROJECT_LIMITS.line),
  university: opt(PROJECT_LIMITS.line),
  riskLevel: v.optional(v.picklist(RISK_LEVELS), "medium"),
  returnRate: v.optional(v.nullable(amount(0, 100))),
  projectDuration: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(PROJECT_LIMITS.minDuration),
    v.maxValue(PROJECT_LIMITS.maxDuration),
    v.description("Months."),
  ),
  fundingGoal: v.pipe(
    amount(PROJECT_LIMITS.minGoal, PROJECT_LIMITS.maxGoal),
    v.multipleOf(PROJECT_LIMITS.goalStep),
    v.description(`Dollars; RegCF at most ${PROJECT_LIMITS.maxRegCfGoal}.`),
  ),
  fundingDeadline: v.pipe(
    v.string(),
    v.isoDate(),
    v.description(`After today, at most ${PROJECT_LIMITS.maxDeadlineDays} days ahead (a stored deadline may stay).`),
  ),
  sharePrice: v.optional(
    v.pipe(
      v.nullable(amount(0.01)),
      v.description("Dollars, at most 2 decimals, dividing the goal. Required unless `totalShares` is sent."),
    ),
  ),
  totalShares: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PROJECT_LIMITS.maxTotalShares))),
      v.description("Instead of `sharePrice`: the goal ÷ this is the share price."),
    ),
  ),
  regulationType: v.optional(
    v.pipe(v.picklist(REGULATION_TYPES), v.description("Anything else reads as SAFE.")),
    "SAFE",
  ),
  investmentTerms: v.optional(
    v.object({
      equityPercentage: v.optional(
        v.pipe(amount(0.01, 100), v.description("Percent offered, at most 2 decimals.")),
        10,
      ),
      minInvestment: v.optional(amount(PROJECT_LIMITS.minInvestment), PROJECT_LIMITS.minInvestment),
    }),
  ),
  creatorInfo: creator(true),
  image: v.pipe(v.string(), v.maxLength(MAX_URL), v.description("The main image: https://… or an /uploads/… URL.")),
  logo: link("The logo"),
  gallery: list(v.pipe(v.string(), v.maxLength(MAX_URL))),
  socialLinks: v.optional(
    v.object(
      Object.fromEntries(SOCIAL_LINKS.map((s) => [s.key, link(s.label)])) as Record<
        (typeof SOCIAL_LINKS)[number]["key"],
        ReturnType<typeof link>
      >,
    ),
  ),
  teamDescription: opt(PROJECT_LIMITS.longText),
  details: v.optional(
    v.object({
      overview: opt(PROJECT_LIMITS.longText),
      problem: opt(PROJECT_LIMITS.longText),
      solution: opt(PROJECT_LIMITS.longText),
      marketSize: opt(PROJECT_LIMITS.longText),
      competition: opt(PROJECT_LIMITS.longText),
      businessModel: opt(PROJECT_LIMITS.longText),
      traction: list(v.object({ metric: opt(PROJECT_LIMITS.line), value: opt(PROJECT_LIMITS.line) })),
      roadmap: list(
        v.object({
          date: opt(PROJECT_LIMITS.line),
          milestone: opt(PROJECT_LIMITS.line),
          completed: v.optional(v.boolean()),
        }),
      ),
      financials: v.optional(
        v.object({
          revenueProjections: v.optional(
            v.object({
              year1: v.optional(v.nullable(amount(0))),
              year2: v.optional(v.nullable(amount(0))),
              year3: v.optional(v.nullable(amount(0))),
            }),
          ),
          burnRate: v.optional(v.nullable(amount(0))),
          breakEvenPoint: opt(PROJECT_LIMITS.line),
          runwayPostFunding: opt(PROJECT_LIMITS.line),
        }),
      ),
    }),
  ),
  team: list(Person),
  documents: list(
    v.object({
      name: opt(PROJECT_LIMITS.line),
      type: v.optional(v.picklist(DOCUMENT_TYPES), "pdf"),
      url: v.optional(v.pipe(v.string(), v.maxLength(MAX_URL), v.description("https://… or your own /uploads/….pdf."))),
    }),
  ),
  faqs: list(v.object({ question: opt(500), answer: opt(PROJECT_LIMITS.longText) })),
};

/** A project's fields for a save: every required field present. */
export const ProjectBody = v.object(fields);

/** A working copy's fields: the same, none required at any depth (every other rule applies to what is sent). */
export const ProjectDraftBody = v.partial(v.object({ ...fields, creatorInfo: creator(false) }));
