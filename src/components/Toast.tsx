import { useEffect } from 'react';
import styles from './Toast.module.css';

/** How long an offer to undo stays; what it undoes can still be undone elsewhere afterwards. */
export const TOAST_TIMEOUT_MS = 10_000;

export interface ToastContent {
  /** Changes for every new toast, so its timer starts again. */
  id: string | number;
  message: string;
  actionLabel: string;
  onAction: () => void;
}

/**
 * A short message at the bottom of the screen with one action ('Trip was deleted. Undo'). It
 * closes itself after a while; the live region is always there, so a screen reader announces
 * each message as it appears.
 */
export function Toast({
  toast,
  onDismiss,
  dismissLabel,
  testId,
}: {
  toast: ToastContent | null;
  onDismiss: () => void;
  dismissLabel: string;
  testId?: string;
}) {
  const id = toast?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(onDismiss, TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
    // A new toast restarts the timer; a new onDismiss function alone does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toast && (
        <div className={styles.toast} data-testid={testId}>
          <span>{toast.message}</span>
          <button type="button" className={styles.action} onClick={toast.onAction}>
            {toast.actionLabel}
          </button>
          <button type="button" className={styles.close} onClick={onDismiss} aria-label={dismissLabel}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
