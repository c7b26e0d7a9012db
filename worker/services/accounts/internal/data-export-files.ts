/**
 * Download my data's two files (ADR 046), written a page of rows at a time from the datasets
 * worker/services/accounts/data-export.ts reads: the JSON document, and the zip of one CSV per dataset
 * (fflate's synchronous Zip, so it runs in a Worker), each as chunks that worker/services/shared/download.ts
 * `streamOf` streams.
 */
import { strToU8, Zip, ZipDeflate } from "fflate";

import { csvCell } from "../../../../domain/shared/csv";

export type Row = Record<string, unknown>;

/** One dataset: a single record (or none), or a list read a page at a time. */
export interface Dataset {
  /** The JSON key, and the CSV file's name (`<name>.csv`). */
  name: string;
  columns: readonly string[];
  single: boolean;
  pages(): AsyncGenerator<Row[]>;
}

/** The JSON document, a chunk of text at a time: `{"exportedAt":…,"profile":{…},"investments":[…],…}`. */
export async function* jsonChunks(datasets: Dataset[], now: number): AsyncGenerator<string> {
  yield `{"format":"CampusFund data export, version 1","exportedAt":${JSON.stringify(new Date(now).toISOString())}`;
  for (const d of datasets) {
    if (d.single) {
      let value: Row | null = null;
      for await (const rows of d.pages()) value = rows[0] ?? null;
      yield `,${JSON.stringify(d.name)}:${JSON.stringify(value)}`;
      continue;
    }
    yield `,${JSON.stringify(d.name)}:[`;
    let first = true;
    for await (const rows of d.pages()) {
      const text = rows.map((r) => JSON.stringify(r)).join(",");
      yield first ? text : `,${text}`;
      first = false;
    }
    yield "]";
  }
  yield "}\n";
}

/** A CSV cell of an exported value: lists and notices as JSON text, nulls empty. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return csvCell(JSON.stringify(value));
  if (typeof value === "boolean") return value ? "true" : "false";
  return csvCell(value as string | number);
}

/** The zip of CSV files (one per dataset, a header row first), a chunk of bytes at a time. */
export async function* zipChunks(datasets: Dataset[], now: number): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  const mtime = new Date(now);
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift() as Uint8Array;
  };
  const readme = new ZipDeflate("README.txt", { level: 6 });
  readme.mtime = mtime;
  zip.add(readme);
  readme.push(
    strToU8(
      `CampusFund data export, version 1, made ${mtime.toISOString()}.\n` +
        "One CSV file per dataset, with a header row. Times are UTC (ISO 8601), money in US dollars (simulated).\n",
    ),
    true,
  );
  yield* drain();
  for (const d of datasets) {
    const file = new ZipDeflate(`${d.name}.csv`, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    file.push(strToU8(`${d.columns.map(cell).join(",")}\r\n`));
    for await (const rows of d.pages()) {
      const lines = rows.map((r) => `${d.columns.map((c) => cell(r[c])).join(",")}\r\n`).join("");
      if (lines) file.push(strToU8(lines));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
