import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { Toast } from '@/components/Toast';
import { deleteOperation } from '../operations-thunks';

/** What a screen that has just recorded an operation passes to the transactions tab it opens. */
export interface RecordedState {
  recorded: number;
}

/** The navigation state that offers to undo the operation just recorded. */
export function recordedState(operationId: number): { state: RecordedState } {
  return { state: { recorded: operationId } };
}

function recordedOf(state: unknown): number | null {
  const id = (state as Partial<RecordedState> | null)?.recorded;
  return typeof id === 'number' ? id : null;
}

/**
 * 'Operation recorded. Undo' for a few seconds after the form, a payback or a one-click loan has
 * recorded something: a slip of the thumb is taken back with one tap. The offer lives in the
 * history entry's state, so going back or reloading does not bring it back once dismissed.
 */
export function RecordedToast() {
  const { t } = useTranslation('operations');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const id = recordedOf(location.state);
  const dismiss = () => void navigate(location.pathname + location.search, { replace: true, state: null });
  return (
    <Toast
      toast={
        id === null
          ? null
          : {
              id,
              message: t('recorded.message'),
              actionLabel: t('recorded.undo'),
              onAction: () => {
                void dispatch(deleteOperation(id));
                dismiss();
              },
            }
      }
      onDismiss={dismiss}
      dismissLabel={t('recorded.dismiss')}
      testId="recorded-toast"
    />
  );
}
