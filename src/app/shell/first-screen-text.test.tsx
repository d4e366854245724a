import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aUser, initialLoadHandlers, noEventsHandler } from '../../../tests/web/fixtures';
import { server } from '../../../tests/web/msw';
import { renderApp } from '../../../tests/web/render';
import { FIRST_SCREEN_NAMESPACES, isLanguageLoaded, NAMESPACES, startI18n, type Language } from '@/lib/i18n';

/**
 * The first screen waits only for FIRST_SCREEN_NAMESPACES (src/main.tsx). These tests start the
 * app's i18n that way and record every key asked for that is not loaded: a signed-out screen that
 * needed text from another namespace would show the key instead of its text.
 */
async function firstScreenI18n(language: Language): Promise<{ i18n: I18n; missing: string[] }> {
  const i18n = await startI18n(language, { firstScreenOnly: true });
  const missing: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missing.push(`${ns}:${key}`);
  return { i18n, missing };
}

const TITLES = {
  en: { '/signin': 'Sign in', '/signup': 'Sign up', '/restore_password': 'Restore password' },
  ru: { '/signin': 'Вход', '/signup': 'Регистрация', '/restore_password': 'Восстановление пароля' },
} as const;

describe('the text the first screen waits for', () => {
  afterEach(() => localStorage.clear());

  it('records a key from a namespace that is not loaded (so the tests below can fail)', async () => {
    const { i18n, missing } = await firstScreenI18n('en');
    expect(isLanguageLoaded(i18n, 'en')).toBe(false);
    expect(NAMESPACES.filter((ns) => i18n.hasResourceBundle('en', ns)).sort()).toEqual([...FIRST_SCREEN_NAMESPACES].sort());
    i18n.t('list.empty', { ns: 'events' });
    expect(missing).toEqual(['events:list.empty']);
  });

  for (const language of ['en', 'ru'] as const) {
    it(`covers the signed-out screens, their errors, the cookie banner and the 404 page (${language})`, async () => {
      const { i18n, missing } = await firstScreenI18n(language);
      for (const [path, title] of Object.entries(TITLES[language])) {
        const view = renderApp(path, { i18n });
        expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
        // Submitting the empty form shows the validation messages (the errors namespace).
        const form = view.container.querySelector('form');
        if (form) fireEvent.submit(form);
        await waitFor(() => expect(view.container.querySelector('[role="alert"], [aria-invalid="true"]')).not.toBeNull());
        view.unmount();
      }
      const notFound = renderApp('/no/such/page', { i18n });
      const notFoundText =
        language === 'en' ? 'Unfortunately, there is no such page or it is under construction.' : 'К сожалению, такой страницы нет или она ещё в разработке.';
      expect(await screen.findByText(notFoundText)).toBeInTheDocument();
      notFound.unmount();
      expect(missing).toEqual([]);
    });
  }
});

describe('signed-in screens', () => {
  beforeEach(() => server.use(...initialLoadHandlers(aUser()), noEventsHandler()));
  afterEach(() => localStorage.clear());

  it('wait for the whole language, then show their text', async () => {
    localStorage.setItem('token', 't');
    const { i18n, missing } = await firstScreenI18n('en');
    renderApp('/events', { i18n });
    expect(await screen.findByText('No events yet. Create one and add the people you share expenses with.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
    expect(isLanguageLoaded(i18n, 'en')).toBe(true);
    expect(missing).toEqual([]);
  });
});
