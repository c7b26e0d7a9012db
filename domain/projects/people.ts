/**
 * The people of a project's Team tab, each once. A project names people in three places (its
 * creator, `founders[]` and `team[]`), and the same person is often in two or three of them (the
 * demo data puts every founder in the team too, with their role). Pure: no I/O, no framework.
 */
import type { Person } from "../shared/types";

/** A person as the Team tab shows them: `founder` when the creator or `founders[]` names them. */
export interface TeamPerson extends Person {
  founder: boolean;
}

/** The creator as stored (`creatorInfo`): a person without a role. */
export type CreatorPerson = Omit<Person, "role">;

/** How two mentions are recognised as one person: trimmed, spaces collapsed, case ignored. */
export function personKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

const TEXT_FIELDS = ["bio", "experience", "university"] as const;

function filled(value: string | undefined | null): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * Every person once, in order of first mention (creator, then founders, then team), merged by
 * `personKey`. The merged entry keeps the richest of what was said: the role from `team[]` (else
 * any role given), the longest bio, experience and university, and the first image. The name is
 * spelled as first mentioned (spaces tidied). Entries without a name are left out.
 */
export function peopleOnce(
  creatorInfo: CreatorPerson | null | undefined,
  founders: readonly Person[],
  team: readonly Person[],
): TeamPerson[] {
  const byKey = new Map<string, { person: TeamPerson; teamRole?: string }>();
  const mentions: { person: Person; founder: boolean; fromTeam: boolean }[] = [
    ...(creatorInfo ? [{ person: creatorInfo, founder: true, fromTeam: false }] : []),
    ...founders.map((person) => ({ person, founder: true, fromTeam: false })),
    ...team.map((person) => ({ person, founder: false, fromTeam: true })),
  ];

  for (const { person, founder, fromTeam } of mentions) {
    const name = filled(person.name)?.replace(/\s+/g, " ");
    if (!name) continue;
    const key = personKey(name);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { person: { name, founder } };
      byKey.set(key, entry);
    }
    const merged = entry.person;
    merged.founder ||= founder;

    const role = filled(person.role);
    if (role && fromTeam && !entry.teamRole) entry.teamRole = role;
    if (role && !merged.role) merged.role = role;

    for (const field of TEXT_FIELDS) {
      const text = filled(person[field]);
      if (text && text.length > (merged[field]?.length ?? 0)) merged[field] = text;
    }
    const image = filled(person.image);
    if (image && !merged.image) merged.image = image;
  }

  return [...byKey.values()].map(({ person, teamRole }) => (teamRole ? { ...person, role: teamRole } : person));
}
