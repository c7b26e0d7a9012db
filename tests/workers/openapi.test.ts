/**
 * The API's OpenAPI document (ADR 042): served at /api/openapi.json, stable, versioned, and in
 * step with the routes the app registers (every route in it, every operation a route).
 */
import { describe, expect, it } from "vitest";

import pkg from "../../package.json";
import { TAGS } from "../../worker/api/openapi";
import { createApp } from "../../worker/app";
import { apiDocument } from "./api-contract";
import { call } from "./helpers";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** `GET /api/projects/:id` for each route the app registers under /api (middleware and the catch-all left out). */
function registeredRoutes(): string[] {
  const seen = new Set<string>();
  for (const r of createApp().routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/") || r.path.endsWith("*")) continue;
    seen.add(`${r.method} ${r.path}`);
  }
  return [...seen].sort();
}

/** The same form for each operation of the document (its paths are under the `/api` server). */
async function documentedRoutes(): Promise<string[]> {
  const doc = await apiDocument();
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (item[method]) out.push(`${method.toUpperCase()} /api${path.replace(/\{([^}]+)\}/g, ":$1")}`);
    }
  }
  return out.sort();
}

describe("GET /api/openapi.json", () => {
  it("answers an OpenAPI 3.1 document versioned as the package, the same on every request", async () => {
    const first = await call("/api/openapi.json");
    const again = await call("/api/openapi.json");
    const doc = await first.clone().json<{ openapi: string; info: { version: string } }>();
    expect({
      status: first.status,
      type: first.headers.get("Content-Type"),
      openapi: doc.openapi,
      version: doc.info.version,
      same: (await first.text()) === (await again.text()),
    }).toEqual({ status: 200, type: "application/json", openapi: "3.1.0", version: pkg.version, same: true });
  });

  it("holds every route the API registers, and no operation that is not one", async () => {
    const registered = registeredRoutes();
    const documented = new Set(await documentedRoutes());
    expect({
      undescribed: registered.filter((r) => !documented.has(r)),
      notRegistered: [...documented].filter((r) => !registered.includes(r)),
    }).toEqual({ undescribed: [], notRegistered: [] });
  });

  it("gives each operation a unique id, a known section, a summary, who may call it and an example answer", async () => {
    const doc = await apiDocument();
    const tags = new Set<string>(TAGS.map((t) => t.name));
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method] as
          | {
              operationId?: string;
              tags?: string[];
              summary?: string;
              security?: unknown[];
              parameters?: { in: string; name: string }[];
              responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
            }
          | undefined;
        if (!op) continue;
        const at = `${method.toUpperCase()} ${path}`;
        if (!op.operationId || ids.has(op.operationId)) problems.push(`${at}: operationId`);
        ids.add(op.operationId ?? "");
        if (op.tags?.length !== 1 || !tags.has(op.tags[0]!)) problems.push(`${at}: tag`);
        if (!op.summary) problems.push(`${at}: summary`);
        if (!Array.isArray(op.security)) problems.push(`${at}: security`);
        const success = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith("2"));
        if (
          !success.length ||
          success.some(([, r]) => Object.values(r.content ?? {}).every((m) => m.example === undefined))
        )
          problems.push(`${at}: success answer with an example`);
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          if (!op.parameters?.some((p) => p.in === "path" && p.name === name))
            problems.push(`${at}: path parameter ${name}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
