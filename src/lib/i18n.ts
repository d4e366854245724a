import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each feature owns one namespace file per language: src/locales/<lang>/<namespace>.json. */
const files = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;

export function localeResources(): Record<Language, Record<string, Record<string, unknown>>> {
  const out = { en: {}, ru: {} } as Record<Language, Record<string, Record<string, unknown>>>;
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, ns] = match;
    if ((LANGUAGES as readonly string[]).includes(lang!)) out[lang as Language][ns!] = content;
  }
  return out;
}

export const NAMESPACES = Object.keys(localeResources().en);

/** Specification §9: the stored locale, else English; Russian is the fallback for a missing key. */
export function initialLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.locale);
  return stored === 'ru' || stored === 'en' ? stored : 'en';
}

export function createI18n(language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: localeResources(),
    lng: language,
    fallbackLng: 'ru',
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => {
    storage.set(STORAGE_KEYS.locale, lng);
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = language;
  return instance;
}
