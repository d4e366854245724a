import { formatPhoneInternational } from './phone';

/** Zero-width space, word joiner and byte-order mark: invisible, and never needed inside a name. */
const INVISIBLE = /[\u200B\u2060\uFEFF]/g;
/** Zero-width (non-)joiners shape emoji and some scripts inside a word, but mean nothing at its ends. */
const JOINERS_AT_ENDS = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/g;

/**
 * Specification §5: whitespace runs collapse to one space, ends trimmed. Invisible characters go
 * too, so a name made only of them is empty ('First name required') rather than a blank name.
 */
export function normalizeName(s: string | null | undefined): string {
  return (s ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').replace(JOINERS_AT_ENDS, '');
}

/** First name, space, surname (specification §5); either may be missing. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [normalizeName(first), normalizeName(last)].filter(Boolean).join(' ');
}

/**
 * The inverse of fullName for the profile form: the first word is the first name and the rest the
 * surname, since first names rarely have spaces and surnames do ('van der Berg').
 */
export function splitFullName(full: string | null | undefined): { first: string; last: string } {
  const name = normalizeName(full);
  const space = name.indexOf(' ');
  return space < 0 ? { first: name, last: '' } : { first: name.slice(0, space), last: name.slice(space + 1) };
}

/** Up to two letters for the avatar fallback: the first letter of the first two words that have one. */
export function initials(name: string | null | undefined): string {
  const letters: string[] = [];
  for (const word of normalizeName(name).split(' ')) {
    const letter = Array.from(word).find((ch) => /\p{L}/u.test(ch));
    if (letter) letters.push(letter.toLocaleUpperCase());
    if (letters.length === 2) break;
  }
  return letters.join('');
}

export interface NamedPerson {
  contact_name?: string | null;
  full_name?: string | null;
  phone?: string | null;
}

/** Specification §3: the name in my contact book, then the person's own name, then their phone. */
export function displayName(person: NamedPerson): string {
  const contact = normalizeName(person.contact_name);
  if (contact) return contact;
  const full = normalizeName(person.full_name);
  if (full) return full;
  return person.phone ? formatPhoneInternational(person.phone) : '';
}

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian and Belarusian letters that survive the accent stripping below.
  і: 'i',
  є: 'ye',
  ґ: 'g',
};

/**
 * Latin spellings of the same Russian sound, folded to one form. Order matters ('yo' before y
 * becomes i, the i-run collapse before the 'ie' rules). One rule can make a pattern an earlier
 * one looks for (s + kh + ch gives shch), so the list runs until nothing changes; no rule makes an
 * 'x', and every other rule shortens the text or trades a letter for one no rule looks for first,
 * so that ends.
 */
const LATIN_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/['’ʼʹ`]/g, ''], // a soft sign written as an apostrophe: Natal'ya
  [/q/g, 'k'],
  [/x/g, 'ks'], // Ксения: Xenia; Алексей: Alexey
  [/tz/g, 'ts'],
  [/ck/g, 'k'],
  [/c(?!h)/g, 'k'], // Nikolai, Nicolai
  [/shch|sch/g, 'sh'], // Щукин: Shchukin, Schukin
  [/kh/g, 'h'], // Михаил: Mikhail, Mihail
  [/ph/g, 'f'],
  [/w/g, 'v'],
  [/(?<=[bcdfghklmnprstvz])yo/g, 'e'], // Фёдор: Fyodor, Fedor
  [/[jy]/g, 'i'], // Юлия: Yulia, Julia, Iuliia; Сергей: Sergey, Sergei
  [/i+/g, 'i'], // Дмитрий: Dmitry, Dmitrii
  [/(?<!\p{L})ie/gu, 'e'], // Евгений: Yevgeny, Evgeny
  [/(?<=[aeou])ie/g, 'e'], // Андреев: Andreyev, Andreev
];

/**
 * A spelling-insensitive form of a name for search: lower case, accents dropped, Cyrillic
 * transliterated, and the usual Latin variants of Russian names folded together, so 'Анна', 'Anna'
 * and 'ANNA' all become 'anna' and 'Женя', 'Zhenya' and 'Zhenia' all 'zhenia'.
 */
export function nameSkeleton(text: string): string {
  const stripped = text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let latin = '';
  for (const ch of stripped) latin += CYRILLIC[ch] ?? ch;
  for (let previous = ''; previous !== latin;) {
    previous = latin;
    for (const [pattern, replacement] of LATIN_FOLDS) latin = latin.replace(pattern, replacement);
  }
  return normalizeName(latin);
}

/**
 * Whether a search query matches a name (the add-participants picker): every word of the query
 * must appear somewhere in the name, ignoring case and the script it is written in, so 'Anna'
 * finds 'Анна', 'zhenya' finds 'Женя' and 'петров иван' finds 'Ivan Petrov'. An empty query
 * matches everyone.
 */
export function nameMatches(query: string, name: string | null | undefined): boolean {
  const target = nameSkeleton(name ?? '');
  return nameSkeleton(query)
    .split(' ')
    .filter(Boolean)
    .every((word) => target.includes(word));
}
