import { describe, expect, it } from 'vitest';
import { moveToFamily, sumBalances } from './families';
import { contactMatches } from './picker';

const anna = { name: 'Anna Petrova', full_name: 'Anna Petrova', contact_name: '', phone: '+79161234567' };
const zhenya = { name: 'Женя Смирнов', full_name: 'Женя Смирнов', contact_name: '', phone: '+79031112233' };
const named = { name: 'Boss', full_name: 'Fyodor Ivanov', contact_name: 'Boss', phone: '+447700900123' };

describe('the picker search (specification §2)', () => {
  it('matches names across scripts and spellings', () => {
    expect(contactMatches('Анна', anna)).toBe(true);
    expect(contactMatches('petrova', anna)).toBe(true);
    expect(contactMatches('zhenya', zhenya)).toBe(true);
    expect(contactMatches('Zhenia smirnov', zhenya)).toBe(true);
    expect(contactMatches('Boris', anna)).toBe(false);
  });

  it('finds a person by their own name as well as the name in my book', () => {
    expect(contactMatches('boss', named)).toBe(true);
    expect(contactMatches('Фёдор', named)).toBe(true);
  });

  it('matches phone digits: a whole number by its national part, a few digits anywhere', () => {
    expect(contactMatches('8 (916) 123-45-67', anna)).toBe(true);
    expect(contactMatches('+7 916 123 45 67', anna)).toBe(true);
    expect(contactMatches('9161234567', anna)).toBe(true);
    expect(contactMatches('8 (916) 123-45-68', anna)).toBe(false);
    expect(contactMatches('4567', anna)).toBe(true);
    expect(contactMatches('4567', zhenya)).toBe(false);
  });

  it('lists everyone for an empty query', () => {
    expect(contactMatches('  ', anna)).toBe(true);
  });
});

describe('moving people between families', () => {
  const groups = [[1, 2], [3], [4, 5]];

  it('moves a person into another family and drops a family left empty', () => {
    expect(moveToFamily(groups, 3, { kind: 'family', index: 0 })).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(moveToFamily(groups, 5, { kind: 'family', index: 1 })).toEqual([[1, 2], [3, 5], [4]]);
  });

  it('makes a family of one from the new-family target', () => {
    expect(moveToFamily(groups, 2, { kind: 'new' })).toEqual([[1], [3], [4, 5], [2]]);
  });

  it('changes nothing for a drop on the own family or a lone person onto a new family', () => {
    expect(moveToFamily(groups, 1, { kind: 'family', index: 0 })).toBeNull();
    expect(moveToFamily(groups, 3, { kind: 'new' })).toBeNull();
    expect(moveToFamily(groups, 9, { kind: 'family', index: 0 })).toBeNull();
  });

  it('adds family balances exactly, in minor units', () => {
    expect(sumBalances([0.1, 0.2], 'RUB')).toBe(0.3);
    expect(sumBalances([1200.5, -300.25], 'RUB')).toBe(900.25);
    expect(sumBalances([1, 2], 'JPY')).toBe(3);
  });
});
