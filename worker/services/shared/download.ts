/**
 * What a service hands a door for a file download (a CSV, the data export's JSON or zip): the
 * file's name and type and its body, never an HTTP `Response`. The doors (the API's routes and the
 * pages' resource routes) turn it into one with worker/download.ts `downloadResponse`, so every
 * download answers with the same headers.
 */
import { errorFields } from "../../observability/capture";
import { logLine } from "../../observability/log";

export interface Download {
  /** The attachment's file name; a part that comes from data (a slug) goes through `safeFilenamePart`. */
  filename: string;
  /** `text/csv; charset=utf-8`, `application/json; charset=utf-8`, `application/zip`. */
  contentType: string;
  /** Streamed (`streamOf`) or, for a small file, the text itself. */
  body: ReadableStream<Uint8Array> | string;
  /** Who may keep a copy; every download so far is one person's: `private, no-store`. */
  cacheControl?: string;
}

/** A part of a file name (a slug): letters, digits and `-` only, so the Content-Disposition header stays valid. */
export const safeFilenamePart = (part: string) => part.replace(/[^a-z0-9-]/gi, "-");

/**
 * A body streamed from `chunks` (text is UTF-8 encoded), one chunk per read, so the Worker holds one
 * chunk at a time; a client that goes away stops the generator. A failed read is logged (`what`
 * names the download) and ends the stream with an error: the client sees a cut download, never a
 * partial file presented as whole.
 */
export function streamOf(chunks: AsyncGenerator<string | Uint8Array>, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
      } catch (e) {
        logLine("error", "download failed", { download: what, ...errorFields(e) });
        controller.error(e);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
