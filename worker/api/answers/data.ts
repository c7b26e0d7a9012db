/**
 * The answer of Download my data (worker/api/account-data.ts, worker/services/accounts/data-export.ts): the
 * document's datasets, each record a loose object (the service names its keys; the CSV files carry
 * the same columns).
 */
import * as v from "valibot";

import { open } from "../openapi";

const record = open(v.looseObject({}));
const records = v.array(record);

export const DataExportAnswer = v.object({
  format: v.literal("CampusFund data export, version 1"),
  exportedAt: v.pipe(v.string(), v.isoTimestamp()),
  profile: v.nullable(record),
  publicProfile: v.nullable(record),
  investorFinancials: v.nullable(record),
  notificationPreferences: v.nullable(record),
  projects: records,
  investments: records,
  follows: records,
  posts: v.pipe(records, v.description("Your Discussion posts (threads and replies).")),
  votes: v.pipe(records, v.description("Your upvotes in Discussions.")),
  updates: records,
  notifications: records,
});

export const DATA_EXPORT_EXAMPLE = {
  format: "CampusFund data export, version 1",
  exportedAt: "2026-11-28T03:10:00.000Z",
  profile: {
    id: "user-demo-investor",
    email: "investor@campusfund.dev",
    firstName: "Ada",
    lastName: "Investor",
    role: "investor",
    createdAt: "2026-07-01T12:00:00.000Z",
  },
  publicProfile: null,
  investorFinancials: null,
  notificationPreferences: null,
  projects: [],
  investments: [
    {
      id: "inv-1",
      projectId: "proj-1",
      project: "LabLink",
      shares: 10,
      sharePrice: 25,
      amount: 250,
      status: "active",
      createdAt: "2026-11-20T09:30:00.000Z",
      cancellableUntil: "2026-12-29T00:00:00.000Z",
      cancelledAt: null,
      settledAt: null,
      notices: [
        {
          text: "You committed $250.00 …",
          link: "/portfolio/investments/inv-1",
          createdAt: "2026-11-20T09:30:00.000Z",
        },
      ],
    },
  ],
  follows: [],
  posts: [],
  votes: [],
  updates: [],
  notifications: [],
};
