/**
 * Answer shapes more than one router gives (ADR 042): valibot schemas the document is made from
 * and the Workers tests check every answer against. Each router's own shapes sit beside this
 * file, named after it.
 */
import * as v from "valibot";

import { LIST_MAX_PAGE } from "../../services/shared/list-page";

/** A success answer's flag. */
export const ok = v.literal(true);

/** A user as the API shows them to themselves (domain/shared/types.ts `UserDTO`). */
export const UserAnswer = v.object({
  id: v.string(),
  email: v.pipe(v.string(), v.email()),
  firstName: v.string(),
  lastName: v.string(),
  birthDate: v.pipe(v.string(), v.isoDate()),
  role: v.picklist(["investor", "founder", "admin"]),
  ownedProject: v.nullable(v.string()),
});

/** `{ success: true, message }`: a write that answers only its confirmation. */
export const MessageAnswer = v.object({ success: ok, message: v.string() });

export const EXAMPLE_USER = {
  id: "6f1c2e0a-3b7d-4c1e-9a55-0d2f7c9b1e42",
  email: "ada@university.edu",
  firstName: "Ada",
  lastName: "Lovelace",
  birthDate: "2003-12-10",
  role: "investor",
  ownedProject: null,
} as const;

/** `?page=` of a paged list: absent or empty is the first; anything else but a page in range is a 400. */
export const PageQuery = v.object({
  page: v.pipe(
    v.optional(v.string()),
    v.description(`The page, a whole number from 1 to ${LIST_MAX_PAGE} (default 1).`),
  ),
});
