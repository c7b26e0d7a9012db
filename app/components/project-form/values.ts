/**
 * The project form's values as the page renders them: the nested object the API speaks
 * (`parseFormFields` of a post, `formValuesOf` of a stored project, or the defaults of a new one),
 * read by form name (`creatorInfo.name`, `team[2].role`). Pure: the route's loader and action use
 * the same helpers as the components, so a re-rendered form always has the shape it was posted in.
 */
import { parseFieldName } from "../../../domain/shared/form-kit";
import { FORM_DOCUMENTS } from "../../../domain/projects/project-form-messages";

export type FormValues = Record<string, unknown>;

type Row = Record<string, unknown>;

/**
 * The form's repeating lists: the field an added row's focus goes to, and an empty row. The
 * gallery's rows are plain URLs (`gallery[2]`), so its "row" is an empty string.
 */
export const ROW_LISTS = {
  team: { first: "name", label: "team member", empty: (): Row => ({ name: "", role: "", bio: "" }) },
  "details.traction": { first: "metric", label: "metric", empty: (): Row => ({ metric: "", value: "" }) },
  "details.roadmap": { first: "date", label: "milestone", empty: (): Row => ({ date: "", milestone: "" }) },
  faqs: { first: "question", label: "FAQ", empty: (): Row => ({ question: "", answer: "" }) },
  gallery: { first: null, label: "gallery image", empty: () => "" as unknown as Row },
} as const;

export type RowList = keyof typeof ROW_LISTS;

export function isRowList(list: string): list is RowList {
  return Object.hasOwn(ROW_LISTS, list);
}

/** The form name of a list row's first field (`team[2].name`, `gallery[1]`): where focus goes. */
export function firstFieldOf(list: RowList, index: number): string {
  const first = ROW_LISTS[list].first;
  return first ? `${list}[${index}].${first}` : `${list}[${index}]`;
}

/** The value at a form name, or undefined. */
export function valueAt(values: FormValues, name: string): unknown {
  const path = parseFieldName(name);
  if (!path) return undefined;
  let node: unknown = values;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** What an input shows for a form name: text as it was, numbers as digits, anything else empty. */
export function textAt(values: FormValues, name: string): string {
  const value = valueAt(values, name);
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** A list's rows (holes and non-lists read as none). */
export function rowsAt(values: FormValues, list: string): unknown[] {
  const value = valueAt(values, list);
  return Array.isArray(value) ? value : [];
}

const isObject = (x: unknown): x is Row => !!x && typeof x === "object" && !Array.isArray(x);

/** A new project's values: the spec's defaults and one empty row in every list. */
export function newProjectValues(): FormValues {
  return formShape({
    sharePrice: 10,
    investmentTerms: { equityPercentage: 10, minInvestment: 100 },
    regulationType: "SAFE",
    riskLevel: "medium",
  });
}

/**
 * Values the form can render: every list with at least one row (holes filled with empty rows),
 * the four documents in the form's order (each found by name; other documents an API client
 * added follow them, so saving from the form keeps them), and the nested groups present.
 */
export function formShape(input: FormValues): FormValues {
  const values: FormValues = structuredClone(input);
  const group = (parent: FormValues, key: string): FormValues => {
    if (!isObject(parent[key])) parent[key] = {};
    return parent[key] as FormValues;
  };
  group(values, "investmentTerms");
  group(values, "creatorInfo");
  group(values, "socialLinks");
  const details = group(values, "details");
  group(group(details, "financials"), "revenueProjections");

  for (const list of Object.keys(ROW_LISTS) as RowList[]) {
    const { empty } = ROW_LISTS[list];
    const rows = rowsAt(values, list).map((row) => (row === undefined || row === null ? empty() : row));
    if (rows.length === 0) rows.push(empty());
    if (list.startsWith("details.")) details[list.slice("details.".length)] = rows;
    else values[list] = rows;
  }

  const documents = rowsAt(values, "documents").filter(isObject);
  const nameOf = (d: Row) => String(d.name ?? d.title ?? "").trim();
  const fixed = FORM_DOCUMENTS.map((doc) => {
    const found = documents.find((d) => nameOf(d).toLowerCase() === doc.name.toLowerCase());
    return { name: doc.name, url: typeof found?.url === "string" ? found.url : "" };
  });
  const others = documents
    .filter(
      (d) => nameOf(d) !== "" && !FORM_DOCUMENTS.some((doc) => doc.name.toLowerCase() === nameOf(d).toLowerCase()),
    )
    .map((d) => ({ name: nameOf(d), type: typeof d.type === "string" ? d.type : "", url: d.url ?? "" }));
  values.documents = [...fixed, ...others];
  return values;
}

/** Whether a checkbox-like value is on (`true`, "true" or "on"). */
export function valueIsTrue(values: FormValues, name: string): boolean {
  const value = valueAt(values, name);
  return value === true || value === "true" || value === "on";
}
