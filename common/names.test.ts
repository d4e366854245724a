import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { displayName, fullName, initials, nameMatches, nameSkeleton, normalizeName, splitFullName } from './names';

describe('normalizeName / fullName / splitFullName', () => {
  it('collapses whitespace runs and trims', () => {
    expect(normalizeName('  Anna \t  Maria\n ')).toBe('Anna Maria');
    // Invisible characters alone are no name; joiners inside an emoji stay.
    expect(normalizeName('\u200B\u200D\u2060\uFEFF\u200C')).toBe('');
    expect(normalizeName('\u200BAnna\u200B')).toBe('Anna');
    expect(normalizeName('Anna 👨\u200D👩\u200D👧')).toBe('Anna 👨\u200D👩\u200D👧');
    expect(normalizeName('\u00a0Анна\u00a0\u00a0Петрова ')).toBe('Анна Петрова');
    expect(normalizeName(null)).toBe('');
  });

  it('joins first name and surname with one space', () => {
    expect(fullName(' Anna ', ' Petrova')).toBe('Anna Petrova');
    expect(fullName('Anna', '')).toBe('Anna');
    expect(fullName('', 'Petrova')).toBe('Petrova');
    expect(fullName('Jan', 'van  der Berg')).toBe('Jan van der Berg');
  });

  it('splits a full name back into its first word and the rest', () => {
    expect(splitFullName('Anna Petrova')).toEqual({ first: 'Anna', last: 'Petrova' });
    expect(splitFullName(' Jan  van der Berg ')).toEqual({ first: 'Jan', last: 'van der Berg' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitFullName('')).toEqual({ first: '', last: '' });
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const full = fullName(first.replace(/\s/g, ''), last);
        expect(fullName(splitFullName(full).first, splitFullName(full).last)).toBe(full);
      }),
    );
  });
});

describe('initials', () => {
  it('takes up to two letters', () => {
    expect(initials('Anna Petrova')).toBe('AP');
    expect(initials('анна петрова')).toBe('АП');
    expect(initials('Jan van der Berg')).toBe('JV');
    expect(initials('Cher')).toBe('C');
    expect(initials('  (Max)  1st Lee')).toBe('MS');
    expect(initials('+7 916')).toBe('');
    expect(initials('')).toBe('');
  });
});

describe('displayName', () => {
  it('prefers my contact name, then their name, then their phone', () => {
    expect(displayName({ contact_name: 'Mum', full_name: 'Anna Petrova', phone: '+79161234567' })).toBe('Mum');
    expect(displayName({ contact_name: '  ', full_name: 'Anna  Petrova', phone: '+79161234567' })).toBe('Anna Petrova');
    expect(displayName({ contact_name: null, full_name: '', phone: '+79161234567' })).toBe('+7 916 123 45 67');
    expect(displayName({})).toBe('');
  });
});

describe('nameMatches', () => {
  it('matches across Cyrillic and Latin spellings, both ways', () => {
    const pairs: [string, string][] = [
      ['Anna', 'Анна'],
      ['zhenya', 'Женя'],
      ['Evgeny', 'Евгений'],
      ['Yevgeniy', 'Евгений'],
      ['Yulia', 'Юлия'],
      ['Julia', 'Юлия'],
      ['Dmitry', 'Дмитрий'],
      ['Sergey', 'Сергей'],
      ["Natal'ya", 'Наталья'],
      ['Tatiana', 'Татьяна'],
      ['Fyodor', 'Фёдор'],
      ['Mikhail', 'Михаил'],
      ['Shchukin', 'Щукин'],
      ['Xenia', 'Ксения'],
      ['Alexey', 'Алексей'],
      ['Tsvetkov', 'Цветков'],
      ['Yelena', 'Елена'],
      ['Nikolai', 'Николай'],
      ['Artyom', 'Артём'],
    ];
    for (const [latin, cyrillic] of pairs) {
      expect(nameMatches(latin, cyrillic), `${latin} → ${cyrillic}`).toBe(true);
      expect(nameMatches(cyrillic, latin), `${cyrillic} → ${latin}`).toBe(true);
    }
  });

  it('matches parts of names, any case, any word order', () => {
    expect(nameMatches('ann', 'Анна Петрова')).toBe(true);
    expect(nameMatches('ПЕТР', 'Anna Petrova')).toBe(true);
    expect(nameMatches('петрова анна', 'Anna Petrova')).toBe(true);
    expect(nameMatches('  ', 'Anna Petrova')).toBe(true);
    expect(nameMatches('José', 'Jose Garcia')).toBe(true);
  });

  it('does not match other names', () => {
    expect(nameMatches('Boris', 'Анна')).toBe(false);
    expect(nameMatches('Анна Иванова', 'Anna Petrova')).toBe(false);
    expect(nameMatches('Gleb', 'Вера')).toBe(false);
    expect(nameMatches('a', null)).toBe(false);
  });

  it('always finds a name by itself and by any of its words', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя ABCXYZjyw'.split('')) }), (name) => {
        expect(nameMatches(name, name)).toBe(true);
        expect(nameMatches(name.toUpperCase(), name)).toBe(true);
        for (const word of normalizeName(name).split(' ')) expect(nameMatches(word, name)).toBe(true);
        expect(nameSkeleton(nameSkeleton(name))).toBe(nameSkeleton(name));
      }),
    );
  });
});
