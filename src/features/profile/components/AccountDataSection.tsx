import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Spinner } from '@/components/Spinner';
import { toApiError, type ApiError } from '@/lib/api-client';
import { profileApi } from '../profile-api';

/** '1.2 MB' / '1,2 МБ': how much of the archive has arrived. */
function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/** A copy of everything the account can see, as data-protection law gives everyone the right to. */
export function AccountDataSection({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('profile');
  const [bytes, setBytes] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const busy = bytes !== null;

  const download = async () => {
    setError(null);
    setBytes(0);
    try {
      await profileApi.downloadArchive(setBytes);
    } catch (err) {
      setError(toApiError(err));
    } finally {
      setBytes(null);
    }
  };

  return (
    <section className={className} aria-labelledby="account-data-title">
      <h3 id="account-data-title">{t('data.title')}</h3>
      <p className={formStyles.hint}>{t('data.hint')}</p>
      <div className={formStyles.actions}>
        <Button scheme="gray" onClick={() => void download()} disabled={busy} aria-busy={busy} data-testid="download-account">
          {busy && <Spinner size={16} decorative />}
          {t('data.download')}
        </Button>
      </div>
      {busy && (
        <p role="status" className={formStyles.hint}>
          {t('data.progress', { size: megabytes(bytes, i18n.language) })}
        </p>
      )}
      {error && (
        <p role="alert" className={formStyles.error}>
          {t(`errors:${error.code === 'network' || error.code === 'aborted' ? 'internal' : error.code}`)}
        </p>
      )}
    </section>
  );
}
