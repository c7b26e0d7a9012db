/**
 * Download my data (ADR 046): everything the product keeps about one account, as one JSON
 * document or as a zip of CSV files, one per dataset. Both are streamed: each list is read a page of
 * EXPORT_PAGE rows at a time on the index that orders it (keyset on created_at, id), so the Worker
 * never holds more than one page however long the account's history. The web page
 * (/settings/my-data.json, /settings/my-data.zip) and the API (`GET /api/me/export`) share
 * `exportDownload`, and its limit: EXPORT_LIMIT downloads an hour per account, reserved before the
 * first byte, holding under concurrent requests as every limit does (worker/services/shared/rate-limit.ts).
 */
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireRecentConfirmation } from "./step-up";
import { exportDatasets } from "./internal/data-export-datasets";
import { jsonChunks, zipChunks } from "./internal/data-export-files";
import { streamOf, type Download } from "../shared/download";
import { reserve, type RateLimit } from "../shared/rate-limit";
import { HOUR_MS, isoDay } from "../../../domain/shared/dates";

export const EXPORT_MESSAGES = {
  tooMany: "You can download your data 5 times an hour. Please try again later.",
  badFormat: "Choose a format: json or csv",
} as const;

/** Downloads per account per hour, JSON and CSV together. */
export const EXPORT_LIMIT: RateLimit = { max: 5, windowMs: HOUR_MS, message: EXPORT_MESSAGES.tooMany };

export type ExportFormat = "json" | "csv";

/**
 * The download of the viewer's data in `format`: only from a session confirmed in the last 10
 * minutes (403 `confirmation_required`, step-up.ts), then after taking one of its EXPORT_LIMIT slots
 * (throws the 429 with `retryAfter` past the limit; nothing read then). Not cached anywhere: the
 * doors answer it with worker/download.ts `downloadResponse` (private, no-store).
 */
export async function exportDownload(
  db: Database,
  viewer: SessionUser,
  format: ExportFormat,
  now: number = Date.now(),
): Promise<Download> {
  requireRecentConfirmation(viewer, now);
  const userId = viewer.id;
  await reserve(db, [{ key: `export:acct:${userId}`, limit: EXPORT_LIMIT }], now);
  const datasets = exportDatasets(db, userId);
  const day = isoDay(now);
  if (format === "json") {
    return {
      filename: `campusfund-data-${day}.json`,
      contentType: "application/json; charset=utf-8",
      body: streamOf(jsonChunks(datasets, now), "data export"),
    };
  }
  return {
    filename: `campusfund-data-${day}.zip`,
    contentType: "application/zip",
    body: streamOf(zipChunks(datasets, now), "data export"),
  };
}
