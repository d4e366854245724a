import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_SCRIPT, FIRST_SCREEN_FILES_ID, firstPaintMarkup, withFirstPaint } from '../../common/first-paint';
import { STORAGE_KEYS } from '../../src/lib/storage';

/** Runs index.html's inline script as the browser would, on `path`, with what the app stored. */
function runScript(path: string, stored: Record<string, string>, session: Record<string, string> = {}) {
  window.history.replaceState(null, '', path);
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  for (const [k, v] of Object.entries(session)) sessionStorage.setItem(k, v);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the very text index.html carries
  new Function(FIRST_PAINT_SCRIPT)();
  return { painted: document.documentElement.getAttribute('data-first-paint'), lang: document.documentElement.lang };
}

describe("index.html's first-paint script, against the keys the app stores", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-first-paint');
    document.documentElement.lang = 'en';
  });

  it('paints the sign-in card for an anonymous visitor of /signin and /, in the stored language', () => {
    expect(runScript('/signin', { [STORAGE_KEYS.locale]: 'ru', [STORAGE_KEYS.cookieConsent]: 'true' })).toEqual({ painted: 'signin', lang: 'ru' });
    document.documentElement.removeAttribute('data-first-paint');
    expect(runScript('/', {})).toEqual({ painted: 'signin', lang: 'ru' });
  });

  it('paints nothing for a signed-in visitor, remembered or for the tab only', () => {
    expect(runScript('/signin', { [STORAGE_KEYS.token]: 't' }).painted).toBeNull();
    localStorage.clear();
    expect(runScript('/signin', {}, { [STORAGE_KEYS.token]: 't' }).painted).toBeNull();
  });

  describe("with the sign-in screen's files in the page's template", () => {
    const link = '<link rel="modulepreload" href="/assets/SignInPage.js"><link rel="stylesheet" href="/assets/Form.css">';
    const named = () => [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    afterEach(() => {
      document.head.innerHTML = '';
    });
    function withTemplate() {
      document.head.innerHTML = `<template id="${FIRST_SCREEN_FILES_ID}">${link}</template>`;
    }

    it('puts them into the head for the visitor it paints the card for', () => {
      withTemplate();
      expect(runScript('/signin', {}).painted).toBe('signin');
      expect(named()).toEqual(['/assets/SignInPage.js', '/assets/Form.css']);
    });

    it('leaves them inert for a signed-in visitor and on other screens', () => {
      withTemplate();
      expect(runScript('/signin', { [STORAGE_KEYS.token]: 't' }).painted).toBeNull();
      localStorage.clear();
      expect(runScript('/events/3', {}).painted).toBeNull();
      expect(named()).toEqual([]);
    });
  });

  it('paints nothing on other screens, nor for a visitor who declined cookies', () => {
    expect(runScript('/signup', {}).painted).toBeNull();
    expect(runScript('/events/3', {}).painted).toBeNull();
    expect(runScript('/signin', { [STORAGE_KEYS.cookieConsent]: 'false' }).painted).toBeNull();
  });
});

describe('the first paint in index.html', () => {
  const texts = {
    en: { appName: 'Dolya', title: 'Sign in', lead: 'Who paid & who <owes>' },
    ru: { appName: 'Dolya', title: 'Вход', lead: 'Кто заплатил' },
  };

  it('carries each language once, marked with its language, with the text escaped', () => {
    const markup = firstPaintMarkup(texts);
    expect(markup).toContain('<h1 class="card-page-title" lang="en">Sign in</h1><h1 class="card-page-title" lang="ru">Вход</h1>');
    expect(markup).toContain('Who paid &amp; who &lt;owes&gt;');
    expect(markup).not.toContain('<owes>');
  });

  it('puts the script in the head and the card in the root, and refuses a page without them', () => {
    const page = withFirstPaint('<html><head><title>Dolya</title></head><body><div id="root"></div></body></html>', texts);
    expect(page).toContain(`</title>\n    <script>${FIRST_PAINT_SCRIPT}</script>`);
    expect(page).toContain('<div id="root"><div class="first-paint">');
    expect(() => withFirstPaint('<html><body><div id="app"></div></body></html>', texts)).toThrow(/#root/);
  });

  it("writes the sign-in screen's files into a template before the script that uses it", () => {
    const page = withFirstPaint('<html><head><title>Dolya</title></head><body><div id="root"></div></body></html>', texts, '<link href="/a.js">');
    expect(page).toContain(`</title>\n    <template id="${FIRST_SCREEN_FILES_ID}"><link href="/a.js"></template>\n    <script>${FIRST_PAINT_SCRIPT}</script>`);
  });
});
