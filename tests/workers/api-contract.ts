/**
 * Every answer the Workers tests receive from a documented operation is checked against the API's
 * own OpenAPI document (ADR 042): its status must be one the operation lists, and its JSON body
 * must match that status's schema. `call` (helpers.ts) runs it on each answer, so an answer that
 * drifts from the document fails the test that received it.
 */
import { Validator, type Schema } from "@cfworker/json-schema";
import { exports } from "cloudflare:workers";

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

let doc: Promise<Doc> | null = null;
const validators = new Map<string, Validator>();

/** The document, read once per test file through the Worker itself. */
export function apiDocument(): Promise<Doc> {
  doc ??= exports.default
    .fetch("http://localhost/api/openapi.json", { headers: { "CF-Connecting-IP": "2001:db8::42" } })
    .then((res) => res.json<Doc>());
  return doc;
}

/** `/projects/{id}/invest` as a pattern; literal segments count, so `/projects/founder` beats `/projects/{id}`. */
function matchTemplate(template: string, path: string): number | null {
  const t = template.split("/");
  const p = path.split("/");
  if (t.length !== p.length) return null;
  let literal = 0;
  for (let i = 0; i < t.length; i++) {
    if (/^\{[^}]+\}$/.test(t[i]!)) {
      if (!p[i]) return null;
    } else if (t[i] === p[i]) literal++;
    else return null;
  }
  return literal;
}

/** The document's template and operation for a request, or null when it is not documented. */
export function findOperation(d: Doc, method: string, apiPath: string): { template: string; op: Operation } | null {
  let best: { template: string; op: Operation; score: number } | null = null;
  for (const [template, item] of Object.entries(d.paths)) {
    const op = item[method.toLowerCase()];
    if (!op) continue;
    const score = matchTemplate(template, apiPath);
    if (score !== null && (!best || score > best.score)) best = { template, op, score };
  }
  return best;
}

/**
 * Checks one answer of `METHOD path` (a path under /api) against the document; throws with what
 * differs. Operations the document does not hold yet are not checked here (the route-coverage
 * test names them).
 */
export async function checkAnswer(method: string, path: string, res: Response): Promise<void> {
  const url = new URL(path, "http://localhost");
  if (!url.pathname.startsWith("/api/")) return;
  const apiPath = url.pathname.slice("/api".length);
  const d = await apiDocument();
  const found = findOperation(d, method, apiPath);
  if (!found) return;
  const where = `${method} ${found.template} answered ${res.status}`;
  const answer = found.op.responses?.[String(res.status)];
  if (!answer) throw new Error(`${where}, a status the document does not list`);
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  const media = answer.content?.[type];
  if (!media) throw new Error(`${where} as ${type || "no type"}, which the document does not list`);
  if (!media.schema || type !== "application/json") return;
  const key = `${method} ${found.template} ${res.status}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...media.schema, components: d.components }, "2020-12", false);
    validators.set(key, validator);
  }
  const body: unknown = await res.clone().json();
  const result = validator.validate(body);
  if (!result.valid) {
    const errors = result.errors
      .slice(0, 5)
      .map((e) => `${e.instanceLocation}: ${e.error}`)
      .join("; ");
    throw new Error(`${where} with a body the document does not describe: ${errors}`);
  }
}
