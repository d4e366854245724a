import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@common/errors';
import { localeResources } from './i18n';

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Grammatical gender (i18next context): a language has these forms only where its words change. */
const GENDER = /_(male|female)$/;

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('the locales', () => {
  const { en, ru } = localeResources();

  it('have the same namespaces', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it('have the same keys in every namespace (plural and gender forms aside)', () => {
    for (const ns of Object.keys(en)) {
      const base = (k: string[]) => [...new Set(k.map((key) => key.replace(PLURAL, '').replace(GENDER, '')))].sort();
      expect(base(keys(ru[ns]!)), `namespace ${ns}`).toEqual(base(keys(en[ns]!)));
    }
  });

  it('give Russian every plural form it needs', () => {
    for (const ns of Object.keys(ru)) {
      const all = keys(ru[ns]!);
      for (const key of all.filter((k) => k.endsWith('_one'))) {
        const stem = key.slice(0, -'_one'.length);
        for (const form of ['few', 'many', 'other']) expect(all, `${ns}:${stem}`).toContain(`${stem}_${form}`);
      }
    }
  });

  it('give every gendered text both forms and a neutral one for an unknown gender', () => {
    for (const lang of [en, ru]) {
      for (const ns of Object.keys(lang)) {
        const all = keys(lang[ns]!);
        for (const key of all.filter((k) => GENDER.test(k))) {
          const stem = key.replace(GENDER, '');
          expect(all, `${ns}:${stem}`).toEqual(expect.arrayContaining([stem, `${stem}_male`, `${stem}_female`]));
        }
      }
    }
  });

  it('leave no value empty', () => {
    for (const lang of [en, ru]) {
      for (const ns of Object.keys(lang)) {
        const flat = keys(lang[ns]!);
        for (const k of flat) {
          const value = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], lang[ns]);
          expect(typeof value === 'string' && value.trim().length > 0, `${ns}:${k}`).toBe(true);
        }
      }
    }
  });

  it('translate every error code the server can send', () => {
    for (const code of ERROR_CODES) {
      expect(en.errors, code).toHaveProperty(code);
      expect(ru.errors, code).toHaveProperty(code);
    }
  });
});
