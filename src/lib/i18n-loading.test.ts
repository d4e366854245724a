import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_NAMESPACES, NAMESPACES, isLanguageLoaded, loadLanguage, localeResources, startI18n } from './i18n';
import { STORAGE_KEYS, storage } from './storage';

describe("the app's i18n", () => {
  afterEach(() => localStorage.clear());

  it('knows every namespace from the file names', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(localeResources().en).sort());
  });

  it('starts with the current language only, every namespace of it ready', async () => {
    const i18n = await startI18n('en');
    expect(i18n.t('nav.language')).toBe('Language');
    expect(i18n.t('signIn.title', { ns: 'auth' })).toBe('Sign in');
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
  });

  it("can start with the first screen's text alone, and add the rest later", async () => {
    const i18n = await startI18n('en', { firstScreenOnly: true });
    expect(NAMESPACES.filter((ns) => i18n.hasResourceBundle('en', ns)).sort()).toEqual([...FIRST_SCREEN_NAMESPACES].sort());
    expect(i18n.t('signIn.title', { ns: 'auth' })).toBe('Sign in');
    expect(isLanguageLoaded(i18n, 'en')).toBe(false);
    await loadLanguage(i18n, 'en');
    expect(isLanguageLoaded(i18n, 'en')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
  });

  it('with restNow, fetches the rest alongside without waiting for it', async () => {
    const i18n = await startI18n('ru', { firstScreenOnly: true, restNow: true });
    for (const ns of FIRST_SCREEN_NAMESPACES) expect(i18n.hasResourceBundle('ru', ns), ns).toBe(true);
    await vi.waitFor(() => expect(isLanguageLoaded(i18n, 'ru')).toBe(true));
  });

  it('starts in the stored language', async () => {
    storage.set(STORAGE_KEYS.locale, 'ru');
    const i18n = await startI18n();
    expect(i18n.language).toBe('ru');
    expect(i18n.t('nav.language')).toBe('Язык');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });

  it('switches only once the other language is loaded, and remembers it', async () => {
    const i18n = await startI18n('en');
    const seen: string[] = [];
    // What a re-render on languageChanged would show: never a key in place of text.
    i18n.on('languageChanged', () => seen.push(i18n.t('nav.language')));
    await i18n.changeLanguage('ru');
    expect(seen).toEqual(['Язык']);
    expect(i18n.language).toBe('ru');
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('ru', ns), ns).toBe(true);
    expect(storage.get(STORAGE_KEYS.locale)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await i18n.changeLanguage('en');
    expect(i18n.t('nav.language')).toBe('Language');
  });
});
