import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import styles from './Shell.module.css';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.center} role="alert">
      <h1>{t('serverError.title')}</h1>
      <Button onClick={() => window.location.reload()}>{t('serverError.reload')}</Button>
    </section>
  );
}
