import { describe, expect, it } from 'vitest';
import { fetchPeople, peopleRows, peopleSlice, reloadPeople, type PeopleState } from './people-slice';
import { aPerson, pageOf } from './test-fixtures';

const reduce = peopleSlice.reducer;
const fulfilled = (page: number, currency: string | null, people = [aPerson(8, 'Boris')]) =>
  fetchPeople.fulfilled(pageOf(people, 1, [], currency), 'req', { page, currency });

describe('the people slice', () => {
  it('starts again on page 1 and appends later pages without repeating a row', () => {
    let state: PeopleState = reduce(undefined, fulfilled(1, null, [aPerson(8, 'Boris'), aPerson(9, 'Vera')]));
    state = reduce(state, fulfilled(2, null, [aPerson(9, 'Vera'), aPerson(10, 'Gleb')]));
    expect(state.list.items.map((p) => p.uid)).toEqual([8, 9, 10]);
    expect(state.list.page).toBe(2);
    state = reduce(state, fulfilled(1, null, [aPerson(11, 'Ivan')]));
    expect(state.list.items.map((p) => p.uid)).toEqual([11]);
  });

  it('drops a later page that was asked for in another display currency', () => {
    let state: PeopleState = reduce(undefined, fulfilled(1, 'EUR'));
    state = reduce(state, fulfilled(2, null, [aPerson(10, 'Gleb')]));
    expect(state.list.items.map((p) => p.uid)).toEqual([8]);
    expect(state.list.page).toBe(1);
  });

  it('replaces the pages shown by their fresh reading, keeping how far the list was read', () => {
    const owing = aPerson(8, 'Boris', { balance: 60 });
    const twoPages = (people: ReturnType<typeof aPerson>[], page: number) => ({ ...pageOf(people, 1, [], 'EUR'), page, pages: 2 });
    let state: PeopleState = reduce(undefined, fetchPeople.fulfilled(twoPages([owing, aPerson(9, 'Vera')], 1), 'req', { page: 1, currency: 'EUR' }));
    state = reduce(state, fetchPeople.fulfilled(twoPages([aPerson(10, 'Gleb')], 2), 'req', { page: 2, currency: 'EUR' }));
    expect(state.list.items[0]!.balance).toBe(60);

    const fresh = twoPages([aPerson(8, 'Boris', { balance: 0 }), aPerson(9, 'Vera'), aPerson(10, 'Gleb')], 2);
    state = reduce(state, reloadPeople.fulfilled(fresh, 'req', { pages: 2, currency: 'EUR' }));
    expect(state.list.items.map((p) => p.uid)).toEqual([8, 9, 10]);
    expect(state.list.items[0]!.balance).toBe(0);
    expect(state.list.page).toBe(2);
    // A reading in a currency the list has since left is not this list's.
    state = reduce(state, reloadPeople.fulfilled(pageOf([aPerson(11, 'Ivan')], 1, [], null), 'req', { pages: 2, currency: null }));
    expect(state.list.items.map((p) => p.uid)).toEqual([8, 9, 10]);
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
