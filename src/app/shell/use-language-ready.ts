import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, isLanguageLoaded, loadLanguage } from '@/lib/i18n';

export type LanguageState = 'loading' | 'ready' | 'error';

/**
 * Whether the whole current language is loaded, loading it when `needed`. The first screen starts
 * with only its own text (FIRST_SCREEN_NAMESPACES); signed-in screens wait here for the rest,
 * which downloads while their data does.
 */
export function useLanguageReady(needed: boolean): LanguageState {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [failed, setFailed] = useState(false);
  const [, setLoads] = useState(0);
  const ready = isLanguageLoaded(i18n, language);

  useEffect(() => {
    if (!needed || ready || !isLanguage(language)) return;
    let live = true;
    loadLanguage(i18n, language).then(
      () => live && setLoads((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needed, ready, i18n, language]);

  if (ready) return 'ready';
  return failed ? 'error' : 'loading';
}
