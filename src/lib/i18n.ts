import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstScreenNamespaces from '../locales/first-screen.json';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

type Namespace = Record<string, unknown>;
type Resources = Record<Language, Record<string, Namespace>>;

/**
 * Each feature owns one namespace file per language: src/locales/<lang>/<namespace>.json.
 * The app imports them lazily, one language at a time: both languages together were a fifth of
 * the first screen's JavaScript.
 */
const lazyFiles = import.meta.glob('../locales/*/*.json', { import: 'default' }) as Record<string, () => Promise<Namespace>>;

function fileOf(path: string): { lang: Language; ns: string } | null {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match || !isLanguage(match[1])) return null;
  return { lang: match[1], ns: match[2]! };
}

/**
 * The i18next context for words that agree with a person's gender (Russian 'дал' / 'дала'):
 * texts have a neutral form (the bare key) for an unknown gender, and `_male` / `_female` forms
 * where the language needs them.
 */
export function genderContext(gender: 'M' | 'F' | null | undefined): 'male' | 'female' | undefined {
  return gender === 'M' ? 'male' : gender === 'F' ? 'female' : undefined;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * Both languages' text, filled by loadAllLanguages. Tests need every text synchronously; an eager
 * import.meta.glob here would put all of it back into the app's entry (a file both statically
 * and dynamically imported stays in the entry chunk), so tests/web/setup.ts awaits this instead.
 */
let allLanguages: Resources | null = null;

export async function loadAllLanguages(): Promise<Resources> {
  if (!allLanguages) {
    const out: Resources = { en: {}, ru: {} };
    await Promise.all(
      Object.entries(lazyFiles).map(async ([path, load]) => {
        const file = fileOf(path);
        if (file) out[file.lang][file.ns] = await load();
      }),
    );
    allLanguages = out;
  }
  return allLanguages;
}

/** All text of both languages, for tests (after loadAllLanguages), never for the app. */
export function localeResources(): Resources {
  if (!allLanguages) throw new Error('localeResources() needs `await loadAllLanguages()` first (tests/web/setup.ts does it)');
  return { en: { ...allLanguages.en }, ru: { ...allLanguages.ru } };
}

/** Read from the file names alone, so knowing the namespaces loads no text. */
export const NAMESPACES = [
  ...new Set(
    Object.keys(lazyFiles)
      .map(fileOf)
      .flatMap((file) => (file ? [file.ns] : [])),
  ),
];

/** Specification §9: the stored locale, else English; Russian is the fallback for a missing key. */
export function initialLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.locale);
  return stored === 'ru' || stored === 'en' ? stored : 'en';
}

const OPTIONS: InitOptions = {
  fallbackLng: 'ru',
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};

function keepLanguage(instance: I18n, language: Language): void {
  instance.on('languageChanged', (lng) => {
    storage.set(STORAGE_KEYS.locale, lng);
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = language;
}

/**
 * An i18n instance with every language ready at once (after loadAllLanguages): what tests render
 * with, so they stay synchronous. The app starts with startI18n instead.
 */
export function createI18n(language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...OPTIONS, resources: localeResources(), lng: language });
  keepLanguage(instance, language);
  return instance;
}

/**
 * The text the screens before sign-in use (sign-in, sign-up, restore, 404, the cookie banner,
 * the signed-out header): all the first screen waits for. Everything else is for signed-in
 * screens, which wait for the whole language (useLanguageReady) while their data loads anyway.
 * src/app/shell/first-screen-text.test.tsx fails when a signed-out screen needs text from
 * elsewhere. A JSON file, because the build (preloading) and the size check read it too.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = firstScreenNamespaces;

const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Adds namespaces of a language to the instance (all of them unless told which), each file
 * loaded once per instance. A failed download (network gone) is tried again on the next call.
 */
export function loadLanguage(instance: I18n, language: Language, namespaces: readonly string[] = NAMESPACES): Promise<void> {
  let byFile = loading.get(instance);
  if (!byFile) loading.set(instance, (byFile = new Map()));
  const files = Object.entries(lazyFiles).flatMap(([path, load]) => {
    const file = fileOf(path);
    return file?.lang === language && namespaces.includes(file.ns) ? [{ ns: file.ns, load }] : [];
  });
  return Promise.all(
    files.map(({ ns, load }) => {
      const key = `${language}/${ns}`;
      let pending = byFile.get(key);
      if (!pending) {
        pending = load().then((content) => {
          instance.addResourceBundle(language, ns, content, true, true);
        });
        pending.catch(() => byFile.delete(key));
        byFile.set(key, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** True once every namespace of the language is in the instance. */
export function isLanguageLoaded(instance: I18n, language: string): boolean {
  return NAMESPACES.every((ns) => instance.hasResourceBundle(language, ns));
}

/**
 * The app's i18n: only the current language's text is downloaded before the first render (with
 * `firstScreenOnly`, only FIRST_SCREEN_NAMESPACES of it; `restNow` starts the rest alongside
 * without waiting), and another language, whole, when the user switches to it.
 *
 * The fallback language (Russian, specification §9) is not downloaded alongside English: it
 * would only ever show for a key missing in English, and src/lib/i18n.test.ts fails the build
 * when the two languages' key sets differ or a value is empty, so no English key can be missing.
 * Loading it anyway would double the text an English visitor downloads for nothing. With Russian
 * current, the fallback is the language itself.
 */
export async function startI18n(
  language: Language = initialLanguage(),
  { firstScreenOnly = false, restNow = false }: { firstScreenOnly?: boolean; restNow?: boolean } = {},
): Promise<I18n> {
  const instance = i18next.createInstance();
  // Without a backend, i18next switches at once to a language it has no text for; every caller
  // of changeLanguage (the language select, settings) must get the text first, then the switch.
  await instance.use(initReactI18next).init({ ...OPTIONS, resources: {}, lng: language });
  if (firstScreenOnly && restNow) void loadLanguage(instance, language).catch(() => undefined);
  await loadLanguage(instance, language, firstScreenOnly ? FIRST_SCREEN_NAMESPACES : NAMESPACES).catch((error: unknown) => {
    // Keys stand in for text rather than a blank page; a reload tries again.
    console.error('Could not load the texts', error);
  });
  const change = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (lng, callback) => {
    if (isLanguage(lng)) {
      try {
        await loadLanguage(instance, lng);
      } catch {
        // Offline: the page stays whole in the current language; choosing again retries.
        return instance.t;
      }
    }
    return change(lng, callback);
  };
  keepLanguage(instance, language);
  return instance;
}
