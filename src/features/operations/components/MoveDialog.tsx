import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@common/contract/operations';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import type { ApiError } from '@/lib/api-client';
import { eventTitle, selectEventsList } from '@/features/events';
import { apiErrorText } from '../lib/error-text';
import { moveOperation } from '../operations-thunks';

/**
 * Moves an operation to another event the user takes part in (POST /operation/move_operation/).
 * Dialogues are not offered: no one else can be in them, so the server refuses every move there.
 */
export function MoveDialog({ op, onClose }: { op: Operation; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const dispatch = useAppDispatch();
  const events = useAppSelector(selectEventsList).filter((e) => e.id !== op.event_id && e.del_date === null && e.quasi_event_name === null);
  const [target, setTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [tried, setTried] = useState(false);
  const id = useId();

  const submit = async () => {
    setTried(true);
    if (target === null) return;
    setBusy(true);
    setError(null);
    const result = await dispatch(moveOperation({ id: op.id, from: op.event_id, to: target }));
    setBusy(false);
    if (moveOperation.fulfilled.match(result)) onClose();
    else if (result.payload) setError(result.payload);
  };

  const message = error ? apiErrorText(t, error) : null;
  return (
    <Modal
      title={t('move.title')}
      onClose={onClose}
      size="sm"
      closable={!busy}
      testId="move-dialog"
      footer={
        events.length > 0 && (
          <>
            <Button scheme="gray" onClick={onClose} disabled={busy}>
              {t('form.cancel')}
            </Button>
            <Button onClick={() => void submit()} disabled={busy} aria-busy={busy}>
              {busy && <Spinner size={16} decorative />}
              {t('move.submit')}
            </Button>
          </>
        )
      }
    >
      {events.length === 0 ? (
        <p className={formStyles.text}>{t('move.none')}</p>
      ) : (
        <div className={formStyles.form}>
          <p className={formStyles.hint}>{t('move.text')}</p>
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={`${id}-target`}>
              {t('move.target')}
            </label>
            <select
              id={`${id}-target`}
              className={formStyles.input}
              value={target ?? ''}
              aria-invalid={tried && target === null ? true : undefined}
              onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('move.choose')}</option>
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {eventTitle(e)}
                </option>
              ))}
            </select>
            {tried && target === null && <p className={formStyles.error}>{t('errors:required_field')}</p>}
          </div>
          {message && (
            <p className={formStyles.alert} role="alert">
              {message}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
