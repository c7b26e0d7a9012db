/**
 * The examples the API's OpenAPI document shows for projects, investing and uploads (ADR 042)
 * are answers and bodies its own schemas accept: a client copying one gets what the document
 * describes.
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

/** The routers these examples belong to (the conversation's project routes are described elsewhere). */
const OURS =
  /^\/(projects(\/\{id\}(\/(draft|publish|investors|invest))?|\/(founder|draft|create))?|investments\/.*|uploads.*)$/;

describe("the document's examples for projects, investing and uploads", () => {
  it("each body and answer example matches its own schema", async () => {
    const doc = await apiDocument();
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!OURS.test(path)) continue;
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
    expect({ problems, checkedSome: checked >= 20 }).toEqual({ problems: [], checkedSome: true });
  });
});
