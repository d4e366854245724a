import type { PeopleFamily, Person } from '@common/contract/people';

/** The list's rows with each family's members together and its 'Whole family' row after them. */
export type PeopleRow = { type: 'person'; person: Person; family: PeopleFamily | null } | { type: 'family'; family: PeopleFamily };

export function peopleRows(items: readonly Person[], families: Record<number, PeopleFamily>): PeopleRow[] {
  const rows: PeopleRow[] = [];
  for (let i = 0; i < items.length; i++) {
    const person = items[i]!;
    const family = person.family ? (families[person.family.id] ?? null) : null;
    rows.push({ type: 'person', person, family });
    const next = items[i + 1];
    // The server keeps a family's members together; the whole-family row closes the group.
    if (family && family.members.length > 1 && next?.family?.id !== family.id) rows.push({ type: 'family', family });
  }
  return rows;
}
