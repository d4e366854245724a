import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en/operations.json';
import ru from '../../src/locales/ru/operations.json';
import { KIND_WORDS } from '../../server/modules/transfer/export';

/** A spreadsheet names the kinds with the web app's own words, so a reader sees what the screens say. */
describe('the kinds in an exported spreadsheet', () => {
  it('are the words of the web app in each language', () => {
    expect(KIND_WORDS.en).toEqual(Object.fromEntries(Object.keys(KIND_WORDS.en).map((k) => [k, (en.kinds as Record<string, string>)[k]])));
    expect(KIND_WORDS.ru).toEqual(Object.fromEntries(Object.keys(KIND_WORDS.ru).map((k) => [k, (ru.kinds as Record<string, string>)[k]])));
  });
});
