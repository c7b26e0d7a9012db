/** The answers of the supporters list and the contact forms (worker/api/supporters.ts, contacts.ts), with their examples (ADR 042). */
import * as v from "valibot";

import { MESSAGES } from "../../../domain/shared/messages";
import { ok } from "./common";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The public list (worker/services/visitors/supporters.ts `PublicSupporter`) and every supporter's count. */
export const SupportersAnswer = v.object({
  success: ok,
  supporters: v.array(
    v.object({
      name: v.string(),
      message: v.nullable(v.string()),
      createdAt: v.pipe(v.string(), v.isoTimestamp()),
    }),
  ),
  count: v.pipe(count, v.description("Every supporter, shown publicly or not")),
});

export const SupporterAddedAnswer = v.object({
  success: ok,
  count: v.pipe(count, v.description("Every supporter, shown publicly or not")),
  message: v.string(),
});

export const EXAMPLES = {
  supporters: {
    success: true,
    supporters: [
      {
        name: "Priya Shah",
        message: "Student founders deserve a first cheque.",
        createdAt: "2026-11-26T18:22:41.000Z",
      },
      { name: "Tom Okafor", message: null, createdAt: "2026-11-24T09:05:13.000Z" },
    ],
    count: 128,
  },
  supporter: {
    name: "Priya Shah",
    email: "priya@university.edu",
    message: "Student founders deserve a first cheque.",
    showPublicly: true,
  },
  supporterAdded: { success: true, count: 129, message: MESSAGES.supportThanks },
  contact: {
    name: "Priya Shah",
    email: "priya@university.edu",
    subject: "business",
    message: "Could CampusFund run a session for our entrepreneurship club?",
  },
  homeContact: {
    name: "Priya Shah",
    email: "priya@university.edu",
    message: "Could CampusFund run a session for our entrepreneurship club?",
  },
  contactSent: { success: true, message: MESSAGES.contactSuccess },
} as const;
