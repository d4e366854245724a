import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation, type UseTranslationResponse } from 'react-i18next';
import { useLatestRateDay } from '@/features/currencies';
import type { Locale } from '@common/money';
import { localeOf } from '../lib/money';

/** What every operation row needs of the reader's language, worked out once for a page of rows. */
export interface RowWords {
  t: UseTranslationResponse<'operations', undefined>['t'];
  locale: Locale;
  /** The day of the rates behind converted amounts, when it is not today. */
  rateDay: string | null;
}

const RowWordsContext = createContext<RowWords | null>(null);

/**
 * Asks react-i18next once for the rows inside it. Its hook copies the whole i18n instance on each
 * component's first drawing, and the rate day makes a date format: a page of 50 rows, each with a
 * menu and an effect line, did that about 150 times before its first rows could paint. A change of
 * language gives a new value, so every row draws again in it.
 */
export function RowWordsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('operations');
  const rateDay = useLatestRateDay(i18n.language);
  const locale = localeOf(i18n.language);
  const words = useMemo(() => ({ t, locale, rateDay }), [t, locale, rateDay]);
  return <RowWordsContext.Provider value={words}>{children}</RowWordsContext.Provider>;
}

export function useRowWords(): RowWords {
  const words = useContext(RowWordsContext);
  if (!words) throw new Error('An operation row is drawn outside RowWordsProvider');
  return words;
}
