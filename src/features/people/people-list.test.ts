import { describe, expect, it } from 'vitest';
import { peopleRows } from './lib/people-rows';
import { peopleListOf } from './people-queries';
import { aPerson, pageOf } from './test-fixtures';

describe('the People list as read so far', () => {
  it('puts the pages together in order without repeating a row that a later page shifted into', () => {
    const list = peopleListOf([pageOf([aPerson(8, 'Boris'), aPerson(9, 'Vera')], 1), pageOf([aPerson(9, 'Vera'), aPerson(10, 'Gleb')], 1)]);
    expect(list.items.map((p) => p.uid)).toEqual([8, 9, 10]);
  });

  it('takes the display currency from the pages, and each family from the page that last named it', () => {
    const f = { id: 4, head: 9, is_mine: false };
    const older = { id: 4, head: 9, is_mine: false, members: [9], balance: [], balances: [] };
    const newer = { ...older, members: [9, 10] };
    const list = peopleListOf([pageOf([aPerson(9, 'B', { family: f })], 1, [older], 'EUR'), pageOf([aPerson(10, 'C', { family: f })], 1, [newer], 'EUR')]);
    expect(list.families[4]!.members).toEqual([9, 10]);
    expect(list).toMatchObject({ currency: 'EUR', approximate: true });
    expect(peopleListOf([])).toEqual({ items: [], families: {}, currency: null, approximate: false });
  });

  it('closes each family with its Whole family row, after the last member', () => {
    const family = { id: 4, head: 9, is_mine: false, members: [9, 10], balance: [], balances: [] };
    const f = { id: 4, head: 9, is_mine: false };
    const rows = peopleRows([aPerson(8, 'A'), aPerson(9, 'B', { family: f }), aPerson(10, 'C', { family: f }), aPerson(11, 'D')], { 4: family });
    expect(rows.map((r) => (r.type === 'family' ? `family-${r.family.id}` : r.person.uid))).toEqual([8, 9, 10, 'family-4', 11]);
    // A family of one known member is just a person.
    const alone = peopleRows([aPerson(9, 'B', { family: f })], { 4: { ...family, members: [9] } });
    expect(alone.map((r) => r.type)).toEqual(['person']);
  });
});
