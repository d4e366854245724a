import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { restoreEvent, undoDismissed } from '../events-slice';
import styles from './EventsPage.module.css';

/** How long the undo offer stays; the event can still be restored from the deleted list afterwards. */
export const UNDO_TIMEOUT_MS = 10_000;

/** After a soft delete: 'Trip was deleted. Undo'. */
export function UndoToast() {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const undo = useAppSelector((s) => s.events.undo);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => dispatch(undoDismissed()), UNDO_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [undo, dispatch]);

  return (
    <div className={styles.toastRegion} role="status" aria-live="polite">
      {undo && (
        <div className={styles.toast} data-testid="undo-toast">
          <span>{t('event.deleted', { name: undo.name })}</span>
          <button type="button" className={styles.toastAction} onClick={() => void dispatch(restoreEvent(undo.id))}>
            {t('event.undo')}
          </button>
          <button type="button" className={styles.toastClose} onClick={() => dispatch(undoDismissed())} aria-label={t('event.dismiss')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
