import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './Shell.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.center} data-testid="not-found">
      <h1>404</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/events">{t('notFound.home')}</Link>
    </section>
  );
}
