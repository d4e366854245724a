import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { useAppDispatch } from '../hooks';
import { cookieConsentSet } from '../shell-slice';
import styles from './Shell.module.css';

export function CookieBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.banner} role="region" aria-label={t('cookies.text')}>
      <p>{t('cookies.text')}</p>
      <Button scheme="gray" onClick={() => dispatch(cookieConsentSet(false))}>
        {t('cookies.decline')}
      </Button>
      <Button onClick={() => dispatch(cookieConsentSet(true))}>{t('cookies.allow')}</Button>
    </div>
  );
}
