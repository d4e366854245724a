import { forgetAnswers } from './offline-answers';
/** Every key the app keeps in the browser (specification §9): locale, cookie consent, the token. */
export const STORAGE_KEYS = {
  locale: 'locale',
  cookieConsent: 'cookie_consent',
  token: 'token',
  toursDone: 'tours_done',
  /** The display currency picked in the rates window. */
  displayCurrency: 'display_currency',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get(key: string): string | null {
    return safe(() => localStorage.getItem(key), null);
  },
  set(key: string, value: string): void {
    safe(() => localStorage.setItem(key, value), undefined);
  },
  remove(key: string): void {
    safe(() => localStorage.removeItem(key), undefined);
  },
};

/** The token lives in local storage when the user asked to be remembered, else for the tab only. */
export const tokenStorage = {
  get(): string | null {
    return safe(() => localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token), null);
  },
  set(token: string, remember: boolean): void {
    safe(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      sessionStorage.removeItem(STORAGE_KEYS.token);
      (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
    }, undefined);
  },
  clear(): void {
    safe(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      sessionStorage.removeItem(STORAGE_KEYS.token);
    }, undefined);
    // What was kept for reading offline goes with the session.
    void forgetAnswers();
  },
};

/** Cookie consent: true accepted, false declined, null undecided (banner shown). */
export const consentStorage = {
  get(): boolean | null {
    const v = storage.get(STORAGE_KEYS.cookieConsent);
    return v === 'true' ? true : v === 'false' ? false : null;
  },
  set(value: boolean): void {
    storage.set(STORAGE_KEYS.cookieConsent, String(value));
  },
};

/**
 * Where a signed-out visitor was going (a shared /people/12 link, say), kept for the tab until they
 * get there: through sign-in, or sign-up and the profile form, each of which is a page of its own.
 * Only in-app paths are kept, so a crafted link cannot send anyone off the site after sign-in.
 */
export const returnPath = {
  remember(path: string): void {
    if (!isInAppPath(path)) return;
    safe(() => sessionStorage.setItem(RETURN_PATH_KEY, path), undefined);
  },
  peek(): string | null {
    const path = safe(() => sessionStorage.getItem(RETURN_PATH_KEY), null);
    return path !== null && isInAppPath(path) ? path : null;
  },
  clear(): void {
    safe(() => sessionStorage.removeItem(RETURN_PATH_KEY), undefined);
  },
};

const RETURN_PATH_KEY = 'return_path';
const ENTRY_PAGES = ['/signin', '/signup', '/restore_password', '/checkuser'];

function isInAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const page = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return page !== '/' && !ENTRY_PAGES.some((entry) => page === entry || page.startsWith(`${entry}/`));
}
