import { useTranslation } from 'react-i18next';
import { useOnline, useSavedDataSince } from '@/lib/offline-status';
import styles from './Shell.module.css';

/** Says so when there is no connection, and from when the data on screen is when it came from this device. */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const since = useSavedDataSince();
  if (online && since === null) return null;
  // Not @/lib/format: it brings the money formatting, and the currency list, into the first screen's download.
  const locale = i18n.language.startsWith('ru') ? 'ru-RU' : 'en-GB';
  const time = since ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(since)) : null;
  return (
    <p className={styles.offline} role="status" data-testid="offline-banner">
      {time ? t('offline.saved', { time }) : t('offline.none')}
    </p>
  );
}
