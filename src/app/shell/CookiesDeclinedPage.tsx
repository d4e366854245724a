import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { consentStorage } from '@/lib/storage';
import styles from './Shell.module.css';

export function CookiesDeclinedPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.center} role="alert">
      <h1>{t('cookies.declinedTitle')}</h1>
      <p>{t('cookies.declinedText')}</p>
      <Button
        onClick={() => {
          consentStorage.set(true);
          window.location.reload();
        }}
      >
        {t('cookies.acceptAndReload')}
      </Button>
    </section>
  );
}
