/**
 * The form kit's pure half (ADR 016): what a large form needs between the browser's form data and
 * a service, with no framework in it, so the action, the API and the tests share it.
 *
 * - `parseFormFields` turns flat form fields into the nested object the API speaks:
 *   `creatorInfo.name` → `{ creatorInfo: { name } }`, `team[2].role` → `{ team: [, , { role }] }`.
 * - `validateAll` runs a valibot schema and returns every error at once, keyed by the field's form
 *   name (`team[2].role`), the first message per field; `bannerMessage(n)` is the spec's banner.
 * - `constraintsOf` reads a field's HTML constraints (required, minLength, maxLength, min, max,
 *   step) from the same schema, so no limit is copied by hand into the markup.
 * - `applyRowIntent` adds or removes a row of a repeating list for an `intent` submit button
 *   (`add:team`, `remove:team:2`), which works without JavaScript and keeps everything typed;
 *   the last row of a list cannot be removed.
 */
import * as v from "valibot";

/** Keys that would reach Object.prototype: never created from form names. */
const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);
/** Rows a repeating list may have in a form post (bounds `team[99999]`). */
export const MAX_ROWS = 50;

export type FormPath = (string | number)[];

/** `team[2].role` → ["team", 2, "role"]; null for a name we do not accept. */
export function parseFieldName(name: string): FormPath | null {
  const path: FormPath = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let consumed = 0;
  for (let m = re.exec(name); m; m = re.exec(name)) {
    // only dots may separate parts: "a..b", "a[x]" and stray characters are refused
    const gap = name.slice(consumed, m.index);
    if (gap !== "" && !(gap === "." && m[1] !== undefined && path.length > 0)) return null;
    if (m[1] !== undefined) {
      if (FORBIDDEN_KEYS.has(m[1])) return null;
      path.push(m[1]);
    } else {
      const index = Number(m[2]);
      if (path.length === 0 || index >= MAX_ROWS) return null;
      path.push(index);
    }
    consumed = m.index + m[0].length;
  }
  return consumed === name.length && path.length > 0 ? path : null;
}

/** ["team", 2, "role"] → `team[2].role` (the form name, and the key of its error). */
export function fieldName(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/**
 * Flat fields to the nested object. The first value of a name wins; names that cannot be read
 * (forbidden keys, indices past MAX_ROWS, a name used both as text and as a group) are ignored.
 * Holes in lists stay empty (`undefined`) so row numbers keep matching the form's.
 */
export function parseFormFields(fields: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [name, value] of fields) {
    if (seen.has(name)) continue;
    seen.add(name);
    const path = parseFieldName(name);
    if (!path) continue;
    let node: Record<string | number, unknown> = root;
    let ok = true;
    const last = path.at(-1);
    if (last === undefined) continue;
    for (const [i, key] of path.slice(0, -1).entries()) {
      const nextIsIndex = typeof path[i + 1] === "number";
      const existing = node[key];
      if (existing === undefined) {
        node[key] = nextIsIndex ? [] : {};
      } else if (typeof existing !== "object" || existing === null || Array.isArray(existing) !== nextIsIndex) {
        ok = false;
        break;
      }
      node = node[key] as Record<string | number, unknown>;
    }
    if (ok && node[last] === undefined) node[last] = value;
  }
  return root;
}

export type FieldErrors = Record<string, string>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; count: number };

/** Every issue's field (its form name), or "" for a form-wide one. */
export function issueField(issue: v.BaseIssue<unknown>): string {
  const path = (issue.path ?? []).map((p) => p.key as string | number);
  return fieldName(path.filter((k) => typeof k === "string" || typeof k === "number"));
}

/**
 * A rule across fields, reported on the field the person should change (`v.forward` it there),
 * that runs even when other fields of the form have errors, so a submit reports every rule in one
 * pass (a past deadline and an indivisible share price together). It is skipped when one of the
 * fields it reads has an error of its own: a goal below the minimum is one error, not also "the
 * price does not divide the goal". Run the schema with `abortPipeEarly: false`.
 */
export function acrossFields<T extends Record<string, unknown>>(
  reads: readonly string[],
  requirement: (input: T) => boolean,
  message: string,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (!value || typeof value !== "object") return;
    const failing = (dataset.issues ?? []).map((i) => issueField(i));
    const touched = (name: string) =>
      failing.some((f) => f === "" || f === name || f.startsWith(`${name}.`) || name.startsWith(`${f}.`));
    if (reads.some(touched)) return;
    if (!requirement(value as T)) addIssue({ message });
  });
}

/** Runs `schema` on `input`; on failure, every field's first message, keyed by its form name. */
export function validateAll<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortEarly: false, abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issueField(issue);
    if (!(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors, count: Object.keys(errors).length };
}

/** The spec's failure banner (section 5, Project form). */
export function bannerMessage(count: number): string {
  return `Please fix the ${count} validation error${count === 1 ? "" : "s"} highlighted below`;
}

export interface InputConstraints {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
}

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  wrapped?: AnySchema;
  pipe?: readonly { kind: string; type: string; requirement?: unknown; metadata?: Record<string, unknown> }[];
};

const OPTIONAL_WRAPPERS = new Set(["optional", "nullish", "undefinedable", "exact_optional"]);

type Action = { kind: string; type: string; requirement?: unknown; metadata?: Record<string, unknown> };

/** A schema's validation and metadata actions, including those of schemas nested in its pipe. */
function collectActions(node: AnySchema, out: Action[], seen: Set<AnySchema>): { optional: boolean } {
  let optional = false;
  let current: AnySchema | undefined = node;
  while (current && !seen.has(current)) {
    seen.add(current);
    for (const a of current.pipe ?? []) {
      if (a.kind === "validation" || a.kind === "metadata") out.push(a);
      else if (a.kind === "schema" && a !== current) {
        if (collectActions(a as unknown as AnySchema, out, seen).optional) optional = true;
      }
    }
    if (!current.wrapped) break;
    if (OPTIONAL_WRAPPERS.has(current.type) || current.type === "nullable") optional = true;
    current = current.wrapped;
  }
  return { optional };
}

/**
 * The child schema for `key`: in `entries` or `item`, through wrappers, or in a schema nested in
 * the pipe (`v.pipe(v.unknown(), v.transform(…), v.object({…}))`).
 */
function childOf(node: AnySchema | undefined, key: string | number, depth = 0): AnySchema | undefined {
  if (!node || depth > 8) return undefined;
  const direct = typeof key === "number" ? node.item : node.entries?.[key];
  if (direct) return direct;
  if (node.wrapped) {
    const found = childOf(node.wrapped, key, depth + 1);
    if (found) return found;
  }
  for (const a of node.pipe ?? []) {
    if (a.kind !== "schema" || (a as unknown) === node) continue;
    const found = childOf(a as unknown as AnySchema, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The schema of one field inside an object schema, whether it is optional, and the validation
 * actions of its pipe (and of schemas nested in it). A piped schema carries its root schema's
 * entries or item; wrappers are unwrapped; an object or list built inside a pipe is found too.
 */
function describeField(schema: AnySchema, path: FormPath) {
  let node: AnySchema | undefined = schema;
  for (const key of path) {
    node = childOf(node, key);
    if (!node) return null;
  }
  const actions: Action[] = [];
  const { optional } = collectActions(node, actions, new Set());
  return { schema: node, optional, actions };
}

/**
 * The HTML constraints of a field, read from the schema's actions: `nonEmpty`/`minLength` →
 * required/minLength, `maxLength`, `minValue`/`maxValue` → min/max, `multipleOf` → step (or
 * `v.metadata({ step })` for an input step that is not a rule, such as 0.01: float remainders make
 * `multipleOf(0.01)` refuse 5; `v.metadata({ maxLength })` for a length counted in code points by a
 * custom check). A field that is not optional is required. Limits thus live in the schema alone.
 */
export function constraintsOf(schema: v.GenericSchema, name: string): InputConstraints {
  const path = parseFieldName(name);
  const field = path && describeField(schema, path);
  if (!field) return {};
  const out: InputConstraints = {};
  for (const a of field.actions) {
    const r = a.requirement;
    if (a.type === "non_empty") out.required = true;
    else if (a.type === "min_length" && typeof r === "number") {
      out.minLength = r;
      if (r > 0) out.required = true;
    } else if (a.type === "max_length" && typeof r === "number") out.maxLength = r;
    else if (a.type === "min_value" && typeof r === "number") out.min = r;
    else if (a.type === "max_value" && typeof r === "number") out.max = r;
    else if (a.type === "multiple_of" && typeof r === "number") out.step = r;
    else if (a.type === "metadata") {
      if (typeof a.metadata?.step === "number") out.step = a.metadata.step;
      if (typeof a.metadata?.min === "number") out.min = a.metadata.min;
      if (a.metadata?.required === true) out.required = true;
      if (typeof a.metadata?.maxLength === "number") out.maxLength = a.metadata.maxLength;
    }
  }
  if (!field.optional && out.required === undefined && field.schema.type !== "boolean") out.required = true;
  return out;
}

export type RowIntent = { kind: "add"; list: string } | { kind: "remove"; list: string; index: number };

/** `add:team` or `remove:team:2` (list names are form paths, like `details.traction`). */
export function parseRowIntent(intent: unknown): RowIntent | null {
  if (typeof intent !== "string") return null;
  const add = /^add:(?<list>[A-Za-z][\w.]*)$/.exec(intent)?.groups;
  if (add?.list) return { kind: "add", list: add.list };
  const remove = /^remove:(?<list>[A-Za-z][\w.]*):(?<index>\d{1,2})$/.exec(intent)?.groups;
  if (remove?.list && remove.index) return { kind: "remove", list: remove.list, index: Number(remove.index) };
  return null;
}

/**
 * Applies a row intent to the parsed values: adds an empty row (up to MAX_ROWS) or removes one,
 * never the last. Returns the new values (the input is not changed) and whether anything moved.
 */
export function applyRowIntent(
  values: Record<string, unknown>,
  intent: RowIntent,
  newRow: () => Record<string, unknown>,
): { values: Record<string, unknown>; changed: boolean } {
  const next = structuredClone(values);
  const path = parseFieldName(intent.list);
  if (!path || path.some((p) => typeof p === "number")) return { values: next, changed: false };
  let parent: Record<string, unknown> = next;
  for (const key of path.slice(0, -1)) {
    const child = parent[key as string];
    if (!child || typeof child !== "object" || Array.isArray(child)) parent[key as string] = {};
    parent = parent[key as string] as Record<string, unknown>;
  }
  const key = path[path.length - 1] as string;
  const list = Array.isArray(parent[key]) ? [...(parent[key] as unknown[])] : [];
  if (list.length === 0) list.push(newRow());
  if (intent.kind === "add") {
    if (list.length >= MAX_ROWS) return { values: next, changed: false };
    list.push(newRow());
  } else {
    if (list.length <= 1 || intent.index >= list.length) return { values: next, changed: false };
    list.splice(intent.index, 1);
  }
  parent[key] = list.map((row) => row ?? newRow());
  return { values: next, changed: true };
}
