import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@common/contract/events';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { toApiError, type ApiError } from '@/lib/api-client';
import { eventTitle } from '../events-slice';
import { transferApi } from '../transfer-api';
import { errorMessage } from './ErrorText';
import formStyles from '@/components/Form.module.css';
import styles from './Transfer.module.css';

type Format = 'csv' | 'json';

/** The event as a file: a spreadsheet to read or a JSON file with everything, history included. */
export function ExportDialog({ event, onClose }: { event: Event; onClose: () => void }) {
  const { t, i18n } = useTranslation('events');
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const title = eventTitle(event);

  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      if (format === 'csv') await transferApi.downloadCsv(event, title, i18n.language);
      else await transferApi.downloadJson(event, title);
      onClose();
    } catch (err) {
      setError(toApiError(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title={t('export.title')} onClose={onClose} closable={busy === null} size="sm" testId="export-dialog">
      <div className={styles.choices}>
        {(['csv', 'json'] as const).map((format) => (
          <div key={format} className={styles.choice}>
            <div>
              <p className={styles.choiceTitle}>{t(`export.${format}`)}</p>
              <p className={formStyles.hint}>{t(`export.${format}Hint`)}</p>
            </div>
            <Button scheme="gray" onClick={() => void download(format)} disabled={busy !== null} aria-busy={busy === format} data-testid={`export-${format}`}>
              {busy === format && <Spinner size={16} />}
              {t('export.download')}
            </Button>
          </div>
        ))}
      </div>
      {error && (
        <p role="alert" className={formStyles.error}>
          {errorMessage(t, error, t('export.error'))}
        </p>
      )}
    </Modal>
  );
}
