/**
 * The signed-in person's own data (ADR 046), mounted at /api/me: `GET /api/me/export`
 * (one JSON document) and `GET /api/me/export.zip` (one CSV file per dataset), the same download
 * as Settings → Account → Your Data, with its limit (worker/services/accounts/data-export.ts).
 */
import { Hono } from "hono";
import * as v from "valibot";

import { downloadResponse } from "../download";
import { exportDownload } from "../services/accounts/data-export";
import { requireSignedIn } from "../services/shared/access";
import type { HonoEnv } from "../types";
import { DATA_EXPORT_EXAMPLE, DataExportAnswer } from "./answers/data";
import { operation } from "./openapi";

export const accountDataApi = new Hono<HonoEnv>();

const signedIn = (c: { get(key: "user"): HonoEnv["Variables"]["user"] }) => {
  const user = c.get("user");
  requireSignedIn(user);
  return user;
};

/** GET /api/me/export → the JSON document (attachment); 401; 403 without a recent confirmation; 429 past EXPORT_LIMIT. */
accountDataApi.get(
  "/export",
  operation({
    operationId: "exportMyData",
    tag: "Account",
    summary: "Download my data (JSON)",
    description:
      "Everything kept about the caller's account as one JSON document, streamed: the profile, public profile, " +
      "declared finances, notification preferences, projects, investments with their notices, follows, Discussion posts and votes, " +
      "updates and notifications. Times are ISO instants (UTC), money in dollars. Five downloads an hour " +
      "per account, JSON and zip together. Needs a session that confirmed it is you in the last 10 minutes " +
      "(signing in counts, or `POST /api/auth/confirm`): 403 `confirmation_required` otherwise.",
    access: "signed-in",
    ok: {
      200: { description: "The document, as an attachment", schema: DataExportAnswer, example: DATA_EXPORT_EXAMPLE },
    },
    refusals: [401, 403, 429],
  }),
  async (c) => downloadResponse(await exportDownload(c.get("db"), signedIn(c), "json")),
);

/** GET /api/me/export.zip → a zip of CSV files (attachment); 401; 403 without a recent confirmation; 429 past EXPORT_LIMIT. */
accountDataApi.get(
  "/export.zip",
  operation({
    operationId: "exportMyDataCsv",
    tag: "Account",
    summary: "Download my data (CSV files in a zip)",
    description:
      "The same datasets as `exportMyData`, one CSV file each (a header row first) with a README, in one zip, " +
      "streamed. Shares the five-an-hour limit and the fresh confirmation (403 `confirmation_required`) with the JSON download.",
    access: "signed-in",
    ok: {
      200: {
        description: "The zip, as an attachment",
        schema: v.pipe(v.string(), v.metadata({ format: "binary" })),
        example: "(the zip's bytes: README.txt, profile.csv, investments.csv, …)",
        media: "application/zip",
      },
    },
    refusals: [401, 403, 429],
  }),
  async (c) => downloadResponse(await exportDownload(c.get("db"), signedIn(c), "csv")),
);
