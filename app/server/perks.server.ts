/**
 * The founder dashboard's Perks section (ADR 055): its view (the perks, whether their terms are
 * fixed, the perk being edited, the form's constraints, `?perkSaved=`) and its forms' action
 * (`add-perk`, `edit-perk`, `delete-perk`), both doors onto worker/services/money/perks.ts.
 * Server only.
 */
import { redirect } from "react-router";

import { PERK_MESSAGES, perkFormSchema } from "../../domain/money/perks";
import { constraintsOf } from "../../domain/shared/form-kit";
import type { SessionUser } from "../../domain/shared/types";
import type { Database } from "../../db/client";
import { createPerk, deletePerk, listPerks, updatePerk } from "../../worker/services/money/perks";
import type { PerksView } from "../components/founder/Perks";
import { formFailed } from "./form-result";

export const PERK_INTENTS = new Set(["add-perk", "edit-perk", "delete-perk"]);

const PERK_SAVED = {
  added: PERK_MESSAGES.created,
  saved: PERK_MESSAGES.saved,
  removed: PERK_MESSAGES.deleted,
} as const;

/** The section's view for the dashboard's loader. */
export async function perksView(
  db: Database,
  viewer: SessionUser,
  projectId: string,
  query: URLSearchParams,
): Promise<PerksView> {
  const { perks, locked } = await listPerks(db, viewer, projectId);
  const editId = query.get("editPerk");
  const saved = query.get("perkSaved");
  return {
    perks,
    locked,
    editing: perks.find((p) => p.id === editId) ?? null,
    saved: saved && Object.hasOwn(PERK_SAVED, saved) ? PERK_SAVED[saved as keyof typeof PERK_SAVED] : null,
    constraints: {
      title: constraintsOf(perkFormSchema, "title"),
      description: constraintsOf(perkFormSchema, "description"),
      minAmount: constraintsOf(perkFormSchema, "minAmount"),
      firstInvestors: constraintsOf(perkFormSchema, "firstInvestors"),
      bonusPercent: constraintsOf(perkFormSchema, "bonusPercent"),
    },
  };
}

/** The fields a perk form posts; a field the form left out (a fixed term) is not sent on. */
const PERK_FIELDS = ["title", "description", "kind", "minAmount", "firstInvestors", "bonusPercent"] as const;

/** One of the section's forms: a redirect back to the section, or the refusal beside its fields. */
export async function perkAction(
  db: Database,
  user: SessionUser,
  fields: Record<string, string | undefined>,
  asked: string | undefined,
) {
  const projectId = fields.projectId ?? "";
  const perkId = fields.perkId ?? "";
  const body = Object.fromEntries(PERK_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));
  const back = (code: keyof typeof PERK_SAVED) => {
    const query = new URLSearchParams(asked ? { project: asked, perkSaved: code } : { perkSaved: code });
    return redirect(`/founder-dashboard?${query}#perks`);
  };
  try {
    if (fields.intent === "add-perk") {
      await createPerk(db, user, projectId, body);
      return back("added");
    }
    if (fields.intent === "edit-perk") {
      await updatePerk(db, user, projectId, perkId, body);
      return back("saved");
    }
    await deletePerk(db, user, projectId, perkId);
    return back("removed");
  } catch (e) {
    return formFailed(e, body, { form: fields.intent, data: { perkId: fields.intent === "add-perk" ? null : perkId } });
  }
}
