import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Toast } from '@/components/Toast';
import { restoreEvent, undoDismissed } from '../events-slice';

/** After a soft delete: 'Trip was deleted. Undo'; afterwards the event is restored from the deleted list. */
export function UndoToast() {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const undo = useAppSelector((s) => s.events.undo);
  return (
    <Toast
      toast={
        undo && {
          id: undo.id,
          message: t('event.deleted', { name: undo.name }),
          actionLabel: t('event.undo'),
          onAction: () => void dispatch(restoreEvent(undo.id)),
        }
      }
      onDismiss={() => dispatch(undoDismissed())}
      dismissLabel={t('event.dismiss')}
      testId="undo-toast"
    />
  );
}
