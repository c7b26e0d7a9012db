/**
 * Every example the API's OpenAPI document shows (ADR 042) is an answer or a body its own schema
 * accepts: a client copying one gets what the document describes.
 */
import { Validator, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";

import { apiDocument } from "./api-contract";

interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

describe("the document's examples", () => {
  it("each body and answer example matches its own schema", async () => {
    const doc = await apiDocument();
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        const media: [string, Media][] = [
          ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]): [string, Media] => [`body ${type}`, m]),
          ...Object.entries(op.responses ?? {}).flatMap(([status, r]) =>
            Object.values(r.content ?? {}).map((m): [string, Media] => [status, m]),
          ),
        ];
        for (const [where, m] of media) {
          if (m.example === undefined || !m.schema || where === "body multipart/form-data") continue;
          checked++;
          const result = new Validator({ ...m.schema, components: doc.components }, "2020-12", false).validate(
            m.example,
          );
          if (!result.valid) problems.push(`${method.toUpperCase()} ${path} ${where}: ${result.errors.at(-1)?.error}`);
        }
      }
    }
    // Every operation shows at least one example (openapi.test.ts), most two or more.
    expect({ problems, checkedSome: checked >= 60 }).toEqual({ problems: [], checkedSome: true });
  });
});
